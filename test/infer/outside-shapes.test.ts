// Shapes seen in chat templates outside the committed corpus (issue 30), each in a small chat template
// written here: what inference must read from them, and how it reports what it cannot.

import { describe, expect, test } from "vitest";
import { inferTemplate } from "../../compiler/infer/index.ts";

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
