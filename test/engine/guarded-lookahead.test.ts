// The guarded search for patterns whose alternatives end in a lookahead (`</think>|(?=<tool_call>)`: the
// reasoning closes where a call begins, consuming nothing): generated parsers, whose closes use it, against
// the interpreter's shared matcher, over random texts in random chunkings and as whole texts. The pieces
// include the heads' prefixes, so that a pending head at a chunk's end and a candidate that fails occur.

import { beforeAll, describe, expect, it } from "vitest";
import type { GeneratedModule } from "../../compiler/build/temp-build.ts";
import { analysePattern } from "../../compiler/plan/pattern-facts.ts";
import type { JsonValue } from "../../runtime/core/types.ts";
import { checkAgainstInterpreter, compileOne } from "../support/generated-vs-interpreter.ts";

const CLOSE = "</think>|(?=<tool_call>|<f=[^\\s<>]+>)";
const CONTENT_CLOSE = "\\s*(?:<\\|im_end\\|>|(?=<stop>))";
const TEMPLATE: JsonValue = {
  start_anchor: "<|s|>",
  fields: {
    thinking: { open: "<think>", close_pattern: CLOSE },
    tool_calls: { open_pattern: "<tool_call>|<f=[^\\s<>]+>", close: "</tool_call>", repeats: true, content: "text" },
    content: { close_pattern: CONTENT_CLOSE },
  },
};
const PIECES = ["<think>", "</think>", "<tool_call>", "</tool_call>", "<f=go>", "<f=", "<stop>", "<|im_end|>", "x", " ", "\n", "<", "</th", "<tool", "<|im", "ab"];
const OPTS = { prefix: "<|s|>" };

let generated: GeneratedModule;
beforeAll(async () => {
  generated = await compileOne("guarded-lookahead", TEMPLATE);
});

describe("guarded search with an alternative that is a lookahead", () => {
  it("is what the build chooses for the closes", () => {
    expect([analysePattern(CLOSE).strategy.kind, analysePattern(CONTENT_CLOSE).strategy.kind]).toEqual(["guarded", "guarded"]);
  });

  it("gives the interpreter's message and events at every chunking", () => {
    checkAgainstInterpreter(generated, TEMPLATE, OPTS, PIECES, 400);
  });
});

// Alternatives that begin with runs of one class, and a nested group of heads inside an optional group
// (DeepSeek's call open: `\s*(?:(?:<｜tool▁calls▁begin｜>|…)\s*)?<｜tool▁call▁begin｜>…`).
const NESTED: JsonValue = {
  start_anchor: "<|s|>",
  fields: {
    tool_calls: { open_pattern: "\\s*(?:(?:<a>|<b>)\\s*)?<c>[^\\n<]+\\n", close: "</c>", repeats: true, content: "text" },
    content: { close_pattern: "\\s*</r>|\\s*<e>" },
  },
};
const NESTED_PIECES = ["<a>", "<b>", "<c>", "go\n", "</c>", "</r>", "<e>", "x", " ", "\n", "<", "<c", "</", "ab"];

describe("guarded search with nested groups and runs in alternatives", () => {
  let nested: GeneratedModule;
  beforeAll(async () => {
    nested = await compileOne("guarded-nested", NESTED);
  });

  it("is what the build chooses", () => {
    const fields = (NESTED as { fields: Record<string, Record<string, string>> }).fields;
    expect([analysePattern(fields.tool_calls!.open_pattern!).strategy.kind, analysePattern(fields.content!.close_pattern!).strategy.kind]).toEqual(["guarded", "guarded"]);
  });

  it("gives the interpreter's message and events at every chunking", () => {
    checkAgainstInterpreter(nested, NESTED, OPTS, NESTED_PIECES, 400);
  });
});
