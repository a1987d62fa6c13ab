// Delimiter patterns with alternatives that begin with `^` (`<think>|^\s*(?=</think>)`: reasoning that may
// start without its open): `^` matches only at stream offset 0, so generated parsers search the full pattern
// there and its other alternatives, guarded, past it (runtime/core/engine/start-anchored.ts). Checked
// against the interpreter's shared matcher over random texts in random chunkings, with and without a kept
// prefix before the generation, and as whole texts.

import { beforeAll, describe, expect, it } from "vitest";
import type { GeneratedModule } from "../../compiler/build/temp-build.ts";
import { analysePattern } from "../../compiler/plan/pattern-facts.ts";
import type { JsonValue } from "../../runtime/core/types.ts";
import { checkAgainstInterpreter, compileOne } from "../support/generated-vs-interpreter.ts";

const OPEN = "<think>|^\\s*(?=</think>)";
const TEMPLATE: JsonValue = {
  start_anchor: "<|s|>",
  fields: {
    thinking: { open_pattern: OPEN, close: "</think>" },
    tool_calls: { open: "<tool_call>", close: "</tool_call>", repeats: true, content: "text" },
    content: { close_pattern: "\\s*<\\|end\\|>" },
  },
};
const PIECES = ["<think>", "</think>", "<tool_call>", "</tool_call>", "<|end|>", "x", " ", "  ", "\n", "<", "</th", "<thi", "ab"];

let generated: GeneratedModule;
beforeAll(async () => {
  generated = await compileOne("start-anchored", TEMPLATE);
});

describe("patterns with alternatives that begin with ^", () => {
  it("is what the build chooses", () => {
    const s = analysePattern(OPEN).strategy;
    expect(s.kind === "start" && { rest: s.rest.source, heads: s.rest.strategy.heads }).toEqual({ rest: "<think>", heads: ["<think>"] });
  });

  for (const prefix of ["<|s|>", "<|s|>\n", "<|s|> <think>"]) {
    it(`gives the interpreter's message and events at every chunking (prefix ${JSON.stringify(prefix)})`, () => {
      checkAgainstInterpreter(generated, TEMPLATE, { prefix }, PIECES, 300, 20);
    });
  }
});
