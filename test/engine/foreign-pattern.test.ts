// A plan may be built with any pattern compiler (buildPlan's PatternCompiler): a PyPattern that is not the
// runtime's own matcher cannot carry its work from one search to the next, so PatternDelimiter searches it
// again from the read position on every scan, over the whole buffer (it never lets the engine move held
// text out). Streamed over a stretch held back past StreamParser.detachMin (1024 characters), in any
// chunking, it gives the whole text's message. Messages recorded with transformers 5.18.0 (parse_response
// on the whole text).

import { describe, expect, it } from "vitest";
import { buildPlan } from "../../runtime/interpret/build-plan.ts";
import { StreamParser } from "../../runtime/core/engine/stream.ts";
import { PatternMatcher } from "../../runtime/core/regex/pattern.ts";
import type { PyPattern } from "../../runtime/core/regex/api.ts";
import { validateTemplate } from "../../runtime/core/template/load.ts";
import type { JsonValue } from "../../runtime/core/types.ts";
import { compilePattern } from "../../runtime/translate/index.ts";

/** The library's pattern behind a plain object: the same answers, but not a PatternMatcher. */
function foreign(source: string): PyPattern {
  const p = compilePattern(source);
  return {
    source: p.source,
    groupNames: p.groupNames,
    lookbehind: p.lookbehind,
    search: (text, pos, partial) => p.search(text, pos, partial),
    finditer: (text) => p.finditer(text),
  };
}

const TEMPLATE = { start_anchor: "<s>", fields: { content: {}, x: { open_pattern: "<x>[^!]*!", close_pattern: "</x>" } } };
const CASES: [string, JsonValue][] = [
  ["a <x>" + "y".repeat(1500) + "!body</x> end", { content: "end", x: "body" }],
  ["a <x>" + "y".repeat(1500) + "?no close", { content: "a <x>" + "y".repeat(1500) + "?no close" }],
];

describe("a pattern that is not the runtime's matcher", () => {
  const spec = validateTemplate(TEMPLATE, compilePattern);
  const plan = buildPlan(spec, foreign);

  it("is not a PatternMatcher (so PatternDelimiter cannot resume it)", () => {
    expect(foreign("<x>")).not.toBeInstanceOf(PatternMatcher);
  });

  for (const [text, expected] of CASES) {
    it(`streams as the whole text parses: ${JSON.stringify(text.slice(-12))}`, () => {
      for (const size of [1, 7, 100, text.length]) {
        const parser = new StreamParser(plan, { prefix: "<s>" });
        for (let i = 0; i < text.length; i += size) parser.feed(text.slice(i, i + size));
        expect(parser.finalize().message, `chunks of ${size}`).toEqual(expected);
      }
    });
  }
});
