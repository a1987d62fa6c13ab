// Shapes seen in chat templates outside the committed corpus (issue 30), each in a small chat template
// written here: what inference must read from them, and how it reports what it cannot.

import { describe, expect, test } from "vitest";
import { inferTemplate } from "../../compiler/infer/index.ts";
import { formatReport } from "../../compiler/infer/report.ts";

/** A chat template whose assistant turn renders content only (reasoning is never rendered), with a
 * generation prompt `<|turn>model\n` followed by `tail`. */
const dropsReasoning = (tail: string) =>
  `{%- for m in messages -%}<|turn>{{ 'model' if m.role == 'assistant' else m.role }}\n{{ m.content }}<turn|>\n{% endfor -%}` +
  `{%- if add_generation_prompt -%}<|turn>model\n${tail}{%- endif -%}`;

describe("class 1: an empty, closed reasoning block in the generation prompt", () => {
  test("written unless thinking is switched on: its markers are the reasoning's, the block is not content", () => {
    const r = inferTemplate(dropsReasoning("{% if not enable_thinking %}<|channel>thought\n<channel|>{% endif %}"));
    expect(r.classification?.reasoning).toMatchObject({ mode: "not-rendered", open: "<|channel>thought", close: "<channel|>", closedWhenOff: true, openedByPrompt: false });
    expect(r.ok).toBe(true);
    // Both switch states are verified, and the block never leaks into the content.
    const modes = new Set(r.verdicts.filter((v) => v.status === "pass").map((v) => v.mode));
    expect(modes).toEqual(new Set(["enable_thinking=true", "enable_thinking=false"]));
    expect(r.verdicts.filter((v) => v.status === "fail")).toEqual([]);
  });

  test("written always (reasoning always off): the same", () => {
    const r = inferTemplate(dropsReasoning("<think>\n\n</think>\n\n"));
    expect(r.classification?.reasoning).toMatchObject({ mode: "not-rendered", open: "<think>", close: "</think>", openedByPrompt: false });
    expect(r.ok).toBe(true);
    expect(r.verdicts.filter((v) => v.status === "fail")).toEqual([]);
  });
});

/** Turns `<|role|>…<|end|>`, the assistant message rendered by `assistant`. */
const turns = (assistant: string, prompt = "<|assistant|>") =>
  `{%- for m in messages -%}<|{{ m.role }}|>{%- if m.role == 'assistant' -%}${assistant}{%- else -%}{{ m.content }}{%- endif -%}<|end|>{%- endfor -%}` +
  `{%- if add_generation_prompt -%}${prompt}{%- endif -%}`;

describe("class 4: render-side conventions", () => {
  test("arguments printed as a Python dict from an object but verbatim from a JSON string: rendered as a string", () => {
    const r = inferTemplate(
      turns(`{{ m.content }}{%- for c in m.tool_calls or [] -%}<|action_start|><|plugin|>\n{"name": "{{ c.function.name }}", "arguments": {{ c.function.arguments }}}<|action_end|>{%- endfor -%}`),
    );
    expect(r.classification?.shape.argsAsString).toBe(true);
    expect(r.classification?.tools.format).toBe("json-object");
    expect(r.ok).toBe(true);
    expect(r.verdicts.filter((v) => v.status === "fail")).toEqual([]);
    expect(r.verdicts.filter((v) => v.conversation.startsWith("call-") && v.status === "pass").length).toBeGreaterThanOrEqual(5);
  });
});

describe("class 3: the call region", () => {
  test("a header that ends with the reasoning opener and a newline (EXAONE 4): the opener is not the anchor; content before calls is kept", () => {
    const r = inferTemplate(
      turns(
        `<think>\n\n</think>\n\n{{ m.content }}{%- for c in m.tool_calls or [] -%}\n<tool_call>{{ {"name": c.function.name, "arguments": c.function.arguments}|tojson }}</tool_call>{%- endfor -%}`,
        "<|assistant|>{% if enable_thinking %}<think>\n{% else %}<think>\n\n</think>\n\n{% endif %}",
      ),
    );
    expect(r.classification?.prompt.anchor).toBe("<|assistant|>");
    expect(r.classification?.reasoning).toMatchObject({ open: "<think>", close: "</think>" });
    expect(r.ok).toBe(true);
    expect(r.verdicts.filter((v) => v.status === "fail")).toEqual([]);
    expect(r.verdicts.find((v) => v.conversation === "content+call")?.status).toBe("pass");
  });
});

describe("class 3: calls one JSON object a line in a section, no per-call markers (MiniMax-M1)", () => {
  test("the section opener or a line break opens a call, the next line's object ends it", () => {
    const r = inferTemplate(
      turns(`{{ m.content }}{%- if m.tool_calls -%}<tool_calls>\n{% for c in m.tool_calls %}{{ {"name": c.function.name, "arguments": c.function.arguments}|tojson }}\n{% endfor %}</tool_calls>{%- endif -%}`),
    );
    expect(r.classification?.tools.format).toBe("json-object");
    expect(r.ok).toBe(true);
    expect(r.verdicts.filter((v) => v.status === "fail")).toEqual([]);
    expect(r.verdicts.find((v) => v.conversation === "two-calls")?.status).toBe("pass");
  });
});

describe("class 5: a refusal says why", () => {
  test("--report lists the passes and one line per failed conversation, expected vs parsed", () => {
    // The answer is written twice: read back, it is not the answer.
    const r = inferTemplate(turns(`{{ m.content }}|{{ m.content }}`));
    const report = formatReport("t.jinja", r);
    for (const pass of ["classifyPrompt", "classifyReasoning", "classifyContent", "classifyTools", "emit", "verify"]) expect(report).toContain(`  ${pass}`);
    const fails = r.verdicts.filter((v) => v.status === "fail");
    expect(fails.length).toBeGreaterThan(0);
    const lines = report.split("\n").filter((l) => l.startsWith("      fail "));
    expect(lines.length).toBe(fails.length);
    for (const l of lines) expect(l).toMatch(/^ {6}fail \S+.*: parsed \{.*\}, expected \{.*\}/u);
    expect(report.split("\n")[0]).toBe(r.ok ? "t.jinja: inferred, round trip passes" : "t.jinja: refused: the round trip fails");
  });

  test("nothing inferred: the first line is the reason", () => {
    const r = inferTemplate("{%- for m in messages -%}{{ m.content }}\n{%- endfor -%}");
    expect(formatReport("t.jinja", r).split("\n")[0]).toBe(`t.jinja: refused: ${r.error}`);
    expect(r.error).toMatch(/start anchor/u);
  });
});
