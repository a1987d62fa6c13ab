// Delimiter patterns with alternatives that begin with `^` (`<think>|^\s*(?=</think>)`: reasoning that may
// start without its open): `^` matches only at stream offset 0, so generated parsers search the full pattern
// there and its other alternatives, guarded, past it (runtime/core/engine/start-anchored.ts). Checked
// against the interpreter's shared matcher over random texts in random chunkings, with and without a kept
// prefix before the generation, and as whole texts.

import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { compileAndImport, type GeneratedModule } from "../../compiler/build/temp-build.ts";
import { analysePattern } from "../../compiler/plan/pattern-facts.ts";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import type { JsonValue } from "../../runtime/core/types.ts";
import { checkProperty, chunkedAt } from "../support/property.ts";

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
  const built = (await compileAndImport("start-anchored", [{ id: "t", template: TEMPLATE }])).get("t")!;
  if (built instanceof Error) throw built;
  generated = built;
});

describe("patterns with alternatives that begin with ^", () => {
  it("is what the build chooses", () => {
    const s = analysePattern(OPEN).strategy;
    expect(s.kind === "start" && { rest: s.rest.source, heads: s.rest.strategy.heads }).toEqual({ rest: "<think>", heads: ["<think>"] });
  });

  for (const prefix of ["<|s|>", "<|s|>\n", "<|s|> <think>"]) {
    it(`gives the interpreter's message and events at every chunking (prefix ${JSON.stringify(prefix)})`, () => {
      const opts = { prefix };
      checkProperty(
        fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 20 }), fc.array(fc.nat(), { maxLength: 8 }), (pieces, cuts) => {
          const text = pieces.join("");
          const caught = (f: () => unknown) => {
            try {
              return f();
            } catch (e) {
              return String(e);
            }
          };
          expect(caught(() => generated.parseResponse(text, opts))).toEqual(caught(() => parseResponse(TEMPLATE, text, opts)));
          const run = (make: () => { feed(c: string): unknown; finalize(): unknown; initialEvents?: unknown }) =>
            caught(() => {
              const p = make();
              return [p.initialEvents, ...chunkedAt(text, cuts).map((c) => p.feed(c)), p.finalize()];
            });
          expect(run(() => generated.createResponseParser(opts))).toEqual(run(() => createResponseParser(TEMPLATE, opts)));
        }),
        300,
      );
    });
  }
});
