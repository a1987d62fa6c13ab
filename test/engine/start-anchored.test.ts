// Delimiter patterns with alternatives that begin with `^` (`<think>|^\s*(?=</think>)`: reasoning that may
// start without its open): `^` matches only at stream offset 0, so generated parsers search the full pattern
// there and its other alternatives, guarded, past it (runtime/core/engine/start-anchored.ts). Checked
// against the interpreter's shared matcher over random texts in random chunkings, with and without a kept
// prefix before the generation, and as whole texts.

import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { GeneratedModule } from "../../compiler/build/temp-build.ts";
import { PatternDelimiter } from "../../runtime/core/engine/delimiters.ts";
import { GuardedPatternDelimiter } from "../../runtime/core/engine/guarded.ts";
import { StartAnchoredDelimiter } from "../../runtime/core/engine/start-anchored.ts";
import { PatternMatcher } from "../../runtime/core/regex/pattern.ts";
import { PatternStream } from "../../runtime/core/regex/pattern-stream.ts";
import { translatePattern } from "../../runtime/translate/index.ts";
import { SPACE } from "../../runtime/core/index.ts";
import { analysePattern } from "../../compiler/plan/pattern-facts.ts";
import type { JsonValue } from "../../runtime/core/types.ts";
import { checkAgainstInterpreter, compileOne } from "../support/generated-vs-interpreter.ts";

const OPEN = "<think>|^\\s*(?=</think>)";
const SPACE_TABLES = { Space: SPACE };
const TEMPLATE: JsonValue = {
  start_anchor: "<|s|>",
  fields: {
    thinking: { open_pattern: OPEN, close: "</think>" },
    tool_calls: { open: "<tool_call>", close: "</tool_call>", repeats: true, content: "text" },
    content: { close_pattern: "\\s*<\\|end\\|>" },
  },
};
// The rest with a leading run and a trailing one: a run ending a chunk is held (Delimiter.lead), and a
// complete match at the edge may grow (growsAtEdge).
const RUNS: JsonValue = {
  start_anchor: "<|s|>",
  fields: { thinking: { open_pattern: "\\s*<think>\\s*|^\\s*(?=</think>)", close: "</think>" }, content: {} },
};
const PIECES = ["<think>", "</think>", "<tool_call>", "</tool_call>", "<|end|>", "x", " ", "  ", "\n", "<", "</th", "<thi", "ab"];

let generated: GeneratedModule;
let runs: GeneratedModule;
beforeAll(async () => {
  generated = await compileOne("start-anchored", TEMPLATE);
  runs = await compileOne("start-anchored-runs", RUNS);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("patterns with alternatives that begin with ^", () => {
  it("is what the build chooses", () => {
    const s = analysePattern(OPEN).strategy;
    expect(s.kind === "start" && { rest: s.rest.source, heads: s.rest.strategy.heads }).toEqual({ rest: "<think>", heads: ["<think>"] });
  });

  it("past the start no search runs for prose: quiet scans and the fast feed answer", () => {
    const p = generated.createResponseParser({ prefix: "<|s|>" });
    // The first feed searches at offset 0 (the full pattern), the second from past it (the rest, once).
    p.feed("Hello");
    p.feed(" wor");
    // Counted: the shared matcher's searches, and the guarded rest's (a probe gives its class).
    let searches = 0;
    const probe = new GuardedPatternDelimiter(new PatternMatcher(translatePattern("<a>"), {}), ["<a>"], null).searcher();
    for (const proto of [PatternStream.prototype, Object.getPrototypeOf(probe)] as { search: (...a: unknown[]) => unknown }[]) {
      const search = proto.search;
      vi.spyOn(proto, "search").mockImplementation(function (this: unknown, ...a: unknown[]) {
        searches++;
        return search.apply(this, a);
      } as never);
    }
    for (const c of ["ld, ", "3 < ", "4 an", "d mo", "re.\n"]) p.feed(c);
    expect(searches).toBe(0);
    expect(p.finalize().message).toEqual({ content: "Hello world, 3 < 4 and more." });
  });

  it("its stateless search is the full pattern's", () => {
    const full = new PatternDelimiter(new PatternMatcher(translatePattern(OPEN), SPACE_TABLES));
    const d = new StartAnchoredDelimiter(full, new GuardedPatternDelimiter(new PatternMatcher(translatePattern("<think>"), {}), ["<think>"], null));
    for (const [buf, pos, partial] of [["  </think>", 0, false], ["a<think>", 0, false], ["a<thi", 0, true], ["x", 0, true]] as const) {
      expect(d.search(buf, pos, partial)).toEqual(full.search(buf, pos, partial));
    }
    expect(d.search("  </think>", 0, false)).toMatchObject({ start: 0, end: 2 });
  });

  it("with runs around the rest's head, at every chunking", () => {
    expect(analysePattern("\\s*<think>\\s*|^\\s*(?=</think>)").strategy.kind).toBe("start");
    checkAgainstInterpreter(runs, RUNS, { prefix: "<|s|>" }, PIECES, 300, 20);
  });

  for (const prefix of ["<|s|>", "<|s|>\n", "<|s|> <think>"]) {
    it(`gives the interpreter's message and events at every chunking (prefix ${JSON.stringify(prefix)})`, () => {
      checkAgainstInterpreter(generated, TEMPLATE, { prefix }, PIECES, 300, 20);
    });
  }
});
