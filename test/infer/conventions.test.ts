// The real-output conventions rtc infer applies where the renderings justify them (issue 13's library
// conventions): argument typing decided from how values are written, several reasoning blocks, a call
// opener that ends unclosed reasoning, no dropped text, the tool-turn and eos ends, and the --portable form.

import { describe, expect, test } from "vitest";
import { checkTemplate } from "../../compiler/check/index.ts";
import { formatExplain, inferTemplate } from "../../compiler/infer/index.ts";
import { parseResponse } from "../../runtime/interpret/index.ts";
import type { JsonValue, ToolDefinition } from "../../runtime/core/index.ts";

/** A minimal chat template; `assistant` renders the assistant message `m`; `tool` renders a tool result. */
const chat = (assistant: string, tool = "{{ m.content }}") =>
  `{%- for m in messages -%}<|{{ m.role }}|>{%- if m.role == 'assistant' -%}${assistant}{%- elif m.role == 'tool' -%}${tool}{%- else -%}{{ m.content }}{%- endif -%}<|end|>{%- endfor -%}` +
  `{%- if add_generation_prompt -%}<|assistant|>{%- endif -%}`;

const THINK = "{%- if m.reasoning_content -%}<think>{{ m.reasoning_content }}</think>{%- endif -%}{{ m.content }}";
/** GLM-style tagged arguments; `value` writes one argument value `v`. */
const tagged = (value: string) =>
  THINK +
  "{%- for c in m.tool_calls or [] -%}<tool_call>{{ c.function.name }}{%- for k, v in c.function.arguments.items() -%}" +
  `<arg_key>{{ k }}</arg_key><arg_value>${value}</arg_value>{%- endfor -%}</tool_call>{%- endfor -%}`;
const CALLS = '{%- for c in m.tool_calls or [] -%}<tool_call>{{ {"name": c.function.name, "arguments": c.function.arguments}|tojson }}</tool_call>{%- endfor -%}';
const RAW_STRINGS = chat(tagged("{{ v if v is string else v|tojson }}"));
const JSON_CALLS = chat(THINK + CALLS);
const PREFIX = "<|user|>Hi<|end|><|assistant|>";
const steps = (r: ReturnType<typeof inferTemplate>, id: string) => r.explain.filter((s) => s.id === id).map((s) => s.found);
const tools = (props: Record<string, string>): ToolDefinition[] => [
  { type: "function", function: { name: "f", parameters: { type: "object", properties: Object.fromEntries(Object.entries(props).map(([k, type]) => [k, { type }])) } } } as unknown as ToolDefinition,
];

describe("argument typing from the renderings", () => {
  test("non-strings written as JSON, strings raw: argument_types json, flagged, and the cost named", () => {
    const r = inferTemplate(RAW_STRINGS);
    expect(r.ok).toBe(true);
    expect(r.template!.fields.tool_calls!.argument_types).toBe("json");
    expect(r.portability.map((d) => d.path)).toEqual(["fields.tool_calls.argument_types", "fields.content.join_skips_empty"]);
    const [t9] = steps(r, "T9");
    expect(t9).toContain('the number 42 as …"</arg_key><arg_value>42</arg_value></too"… reads back "42" (with the extension 42)');
    expect(t9).toContain("the chat template writes non-strings as JSON and strings raw");
    expect(t9).toContain("a string that spells a number is written the same way");
    const text = "<tool_call>f<arg_key>days</arg_key><arg_value>3</arg_value><arg_key>zip</arg_key><arg_value>75001</arg_value><arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>";
    const args = (options: object) => (parseResponse(r.template, text, { prefix: PREFIX, ...options }).tool_calls as { function: { arguments: unknown } }[])[0]!.function.arguments;
    expect(args({})).toEqual({ days: 3, zip: 75001, city: "Paris" });
    // With tools the schema decides: a zip code declared a string stays one.
    expect(args({ tools: tools({ days: "integer", zip: "string", city: "string" }) })).toEqual({ days: 3, zip: "75001", city: "Paris" });
  });

  test("non-strings not written as JSON: left as text, and said why", () => {
    const r = inferTemplate(chat(tagged("{{ v if v is string else '#' ~ v|string }}")));
    expect(r.template!.fields.tool_calls!.argument_types).toBeUndefined();
    expect(steps(r, "T9")[0]).toMatch(/→ left as text: non-strings are not written as JSON$/);
  });
});

describe("reasoning as models write it", () => {
  const r = inferTemplate(JSON_CALLS);
  test("several blocks are kept, joined", () => {
    const m = parseResponse(r.template, "<think>First.</think><think>Second.</think>Answer.<|end|>", { prefix: PREFIX });
    expect(m).toEqual({ role: "assistant", thinking: "First.Second.", content: "Answer." });
    expect(steps(r, "E1")[0]).toContain('the model writes the opener "<think>" itself');
  });
  test("a call opener ends reasoning that was never closed: the call is not swallowed", () => {
    const m = parseResponse(r.template, '<think>Need the tool.\n<tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call><|end|>', { prefix: PREFIX });
    expect(m).toEqual({ role: "assistant", thinking: "Need the tool.", tool_calls: [{ type: "function", function: { name: "f", arguments: { a: 1 } } }] });
    expect(steps(r, "E2")[0]).toContain('tool calls open with "<tool_call>"');
    expect(r.verdicts.find((v) => v.conversation === "unclosed-reasoning+calls")!.status).toBe("pass");
  });
  test("calls without a marker of their own (bare JSON): no zero-width close, and said so", () => {
    const bare = inferTemplate(chat(THINK + '{%- for c in m.tool_calls or [] -%}{{ {"name": c.function.name, "arguments": c.function.arguments}|tojson }}{%- endfor -%}'));
    expect(bare.template!.fields.thinking).toMatchObject({ close: "</think>", repeats: true });
    expect(steps(bare, "E2")[0]).toMatch(/^not applied: tool calls open without a marker of their own/);
    expect(bare.verdicts.find((v) => v.conversation === "unclosed-reasoning+calls")).toMatchObject({ status: "n/a", reason: "no tool-call marker ends unclosed reasoning: calls open without a marker of their own" });
  });
});

describe("no text dropped, and the turn's other ends", () => {
  test("text wrapped in a marker pair: the pair closes implicit content, so unwrapped text is kept", () => {
    const r = inferTemplate(chat("{%- if m.content -%}<|START|>{{ m.content }}<|STOP|>{%- endif -%}" + CALLS));
    expect(r.ok).toBe(true);
    expect(parseResponse(r.template, "<|START|>Wrapped.<|STOP|><|end|>", { prefix: PREFIX })).toEqual({ role: "assistant", content: "Wrapped." });
    expect(parseResponse(r.template, "Plain.<|end|>", { prefix: PREFIX })).toEqual({ role: "assistant", content: "Plain." });
    expect(steps(r, "E3")[0]).toContain('wrapped in "<|START|>" … "<|STOP|>"');
  });
  test("a final call turn that ends with nothing: the marker before the tool result ends it", () => {
    const r = inferTemplate(
      "{%- for m in messages -%}{%- if m.role == 'assistant' -%}<|assistant|>" + tagged("{{ v }}") + "{%- elif m.role == 'tool' -%}<|observation|>{{ m.content }}{%- else -%}<|user|>{{ m.content }}{%- endif -%}{%- endfor -%}{%- if add_generation_prompt -%}<|assistant|>{%- endif -%}",
    );
    expect(r.ok).toBe(true);
    expect(r.classification!.tools.turnEnd).toBe("<|observation|>");
    const m = parseResponse(r.template, "<tool_call>f<arg_key>a</arg_key><arg_value>x</arg_value></tool_call><|observation|>", { prefix: "<|user|>Hi<|assistant|>" });
    expect(m).toEqual({ role: "assistant", tool_calls: [{ type: "function", function: { name: "f", arguments: { a: "x" } } }] });
  });
  test("a known eos token ends the turn; the rendering default does not", () => {
    const known = inferTemplate(chat("{{ m.content }}"), { eos: "<|eos|>" });
    expect(parseResponse(known.template, "Hello.<|eos|>", { prefix: PREFIX })).toEqual({ role: "assistant", content: "Hello." });
    expect(steps(known, "C4")).toEqual(['the model\'s eos token "<|eos|>" also ends the turn (the text stops before it)']);
    expect(JSON.stringify(inferTemplate(chat("{{ m.content }}")).template)).not.toContain("</s>");
  });
  test("a word that opens the calls opens them only before their JSON", () => {
    const r = inferTemplate(chat("{{ m.content }}{%- if m.tool_calls -%} functools{{ m.tool_calls|map(attribute='function')|list|tojson }}{%- endif -%}"));
    expect(r.classification!.tools.format).toBe("json-array");
    expect(parseResponse(r.template, "The word functools is text.<|end|>", { prefix: PREFIX })).toEqual({ role: "assistant", content: "The word functools is text." });
    expect(steps(r, "E4")[0]).toContain('"functools" is text, not a marker');
  });
});

describe("--portable", () => {
  test("argument_types becomes xml-inline's value_parser json: no extension left, verified, the losses named", () => {
    const r = inferTemplate(RAW_STRINGS, { portable: true });
    expect(r.ok).toBe(true);
    expect(r.portability).toEqual([]);
    expect(checkTemplate(r.template as unknown as JsonValue, { portable: true })).toEqual([]);
    expect(r.template!.fields.tool_calls!.content_args).toMatchObject({ value_parser: { name: "json", args: { allow_non_json: true } } });
    expect(r.losses).toHaveLength(2);
    expect(r.losses[0]).toMatch(/^fields\.tool_calls: argument_types "json" → xml-inline's value_parser json/);
    expect(r.losses[1]).toMatch(/^fields\.content: join_skips_empty → join "": blocks are joined with no separator/);
    expect(r.template!.fields.content).toMatchObject({ join: "" });
    expect(r.template!.fields.content).not.toHaveProperty("join_skips_empty");
    expect(formatExplain(r.explain, r.gaps)).toContain("X1  portable form");
  });
  test("an extension the reference has no means for: the field is left out, its conversations do not apply", () => {
    const r = inferTemplate(chat(
        "{{ m.content }}{%- if m.tool_calls -%}<|calls|>[{%- for c in m.tool_calls -%}{{ c.function.name }}(" +
          "{%- for k, v in c.function.arguments.items() -%}{{ k }}={{ v|tojson }}{{ ', ' if not loop.last }}{%- endfor -%}){{ ', ' if not loop.last }}{%- endfor -%}]{%- endif -%}",
      ), { portable: true });
    expect(r.template!.fields.tool_calls).toBeUndefined();
    expect(r.losses[0]).toMatch(/^fields\.tool_calls left out: content parser "python-calls" is an rtc extension/);
    expect(r.verdicts.find((v) => v.conversation === "two-calls")).toMatchObject({ status: "n/a", reason: "the portable template leaves tool calls out (the reference has no parser for this format)" });
  });
});
