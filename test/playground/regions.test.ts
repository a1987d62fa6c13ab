// The playground's region colouring (playground/src/regions.ts): spans from the interpreter's events
// partition the output (every character in exactly one span) and land on the right text.

import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseView } from "../../playground/src/analyse.ts";
import type { Span } from "../../playground/src/regions.ts";
import type { JsonValue } from "response-template";

const TEMPLATES = join(import.meta.dirname, "../../templates");
const template = (name: string): JsonValue => JSON.parse(readFileSync(join(TEMPLATES, `${name}.json`), "utf8")) as JsonValue;

/** Every character of `text` in exactly one span: spans are non-empty, in order, adjacent, from 0 to the end. */
function expectPartition(text: string, spans: readonly Span[]): void {
  let at = 0;
  for (const s of spans) {
    expect(s.start).toBe(at);
    expect(s.end).toBeGreaterThan(s.start);
    at = s.end;
  }
  expect(at).toBe(text.length);
}

/** The spans as [kind, text] pairs (call index appended to call kinds). */
function pieces(text: string, spans: readonly Span[]): [string, string][] {
  return spans.map((s) => [s.call === undefined ? s.kind : `${s.kind}#${s.call}`, text.slice(s.start, s.end)]);
}

describe("playground regions", () => {
  it("qwen3: thinking, content, a call and its arguments; delimiters between", () => {
    const text =
      '<think>\nThe user wants the weather.\n</think>\n\nLet me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}\n</tool_call><|im_end|>';
    const view = parseView(template("qwen3"), text, { recover: true });
    expect(view.error).toBeNull();
    expectPartition(text, view.spans);
    expect(pieces(text, view.spans)).toEqual([
      ["delimiter", "<think>"],
      ["reasoning", "\nThe user wants the weather.\n"],
      ["delimiter", "</think>"],
      ["content", "\n\nLet me check."],
      ["delimiter", "\n<tool_call>"],
      ["call#0", '\n{"name": "get_weather", "arguments": {'],
      ["argument-key#0", '"city"'],
      ["call#0", ": "],
      ["argument-value#0", '"Paris"'],
      ["call#0", ", "],
      ["argument-key#0", '"days"'],
      ["call#0", ": "],
      ["argument-value#0", "3"],
      ["call#0", "}}\n"],
      ["delimiter", "</tool_call><|im_end|>"],
    ]);
    expect(view.spans.find((s) => s.kind === "call")!.label).toBe("tool call 0: get_weather");
  });

  it("qwen3: offsets count the kept prefix (after the start anchor), so a prompt-opened <think> is clipped", () => {
    const prefix = "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n<think>\n";
    const text = "Thinking on.\n</think>\n\nHello.<|im_end|>";
    const view = parseView(template("qwen3"), text, { prefix, recover: true });
    expectPartition(text, view.spans);
    expect(pieces(text, view.spans)).toEqual([
      ["reasoning", "Thinking on.\n"],
      ["delimiter", "</think>"],
      ["content", "\n\nHello."],
      ["delimiter", "<|im_end|>"],
    ]);
  });

  it("gpt-oss harmony: analysis, a call named in its header, the argument JSON", () => {
    const text =
      "<|channel|>analysis<|message|>Need the weather.<|end|><|start|>assistant<|channel|>commentary " +
      'to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris"}<|call|>';
    const view = parseView(template("gpt-oss"), text, { prefix: "<|start|>assistant", recover: true });
    expect(view.error).toBeNull();
    expectPartition(text, view.spans);
    expect(pieces(text, view.spans)).toEqual([
      ["delimiter", "<|channel|>analysis<|message|>"],
      ["reasoning", "Need the weather."],
      ["delimiter", "<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>"],
      ["call#0", "{"],
      ["argument-key#0", '"city"'],
      ["call#0", ": "],
      ["argument-value#0", '"Paris"'],
      ["call#0", "}"],
      ["delimiter", "<|call|>"],
    ]);
  });

  it("recover mode: a call with broken JSON is one error span; the text after it is content", () => {
    const text = 'Checking.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}\n</tool_call>\nDone.<|im_end|>';
    const view = parseView(template("qwen3"), text, { recover: true });
    expect(view.error).toBeNull();
    expectPartition(text, view.spans);
    const kinds = pieces(text, view.spans);
    expect(kinds).toEqual([
      ["content", "Checking."],
      ["error", '\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}\n</tool_call>'],
      ["content", "\nDone."],
      ["delimiter", "<|im_end|>"],
    ]);
    expect(view.spans[1]!.label).toMatch(/^error in tool_calls: json: the region is not valid JSON/);
    // Without recover mode the same output is a ContentError, one line.
    const thrown = parseView(template("qwen3"), text, { recover: false });
    expect(thrown.error).toMatch(/^ContentError: .*not valid JSON/);
    expect(thrown.error).not.toContain("\n");
  });

  it("recover mode: a call block read in part keeps its good calls; the entry left out is an error span", () => {
    const bad = '{"name": "b", "arguments": {"x": 2}\n';
    const text = `<tool_calls>\n{"name": "a", "arguments": {}}\n${bad}{"name": "c", "arguments": {}}\n</tool_calls><end_of_sentence>`;
    const view = parseView(template("minimax-m1"), text, { recover: true });
    expect(view.error).toBeNull();
    expectPartition(text, view.spans);
    const errors = pieces(text, view.spans).filter(([k]) => k === "error");
    expect(errors).toEqual([["error", bad]]);
    expect(view.spans.filter((s) => s.kind === "call").map((s) => s.call)).toContain(0);
  });

  it("every shipped sample, in recover mode: the spans partition the output", () => {
    let checked = 0;
    for (const file of readdirSync(join(TEMPLATES, "samples"))) {
      const name = file.replace(/\.jsonl$/, "");
      const t = template(name);
      for (const line of readFileSync(join(TEMPLATES, "samples", file), "utf8").split("\n")) {
        if (!line.trim()) continue;
        const sample = JSON.parse(line) as { name: string; prefix: string; text: string };
        const view = parseView(t, sample.text, { prefix: sample.prefix, recover: true });
        expect(view.error, `${name}/${sample.name}`).toBeNull();
        expectPartition(sample.text, view.spans);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(400);
  });
});
