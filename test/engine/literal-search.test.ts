// Literal delimiters search as the reference's escaped alternation (longest first) with the `regex`
// module: a complete match anywhere wins, the earliest one (a shorter literal only by starting strictly
// earlier); only without one, in partial mode, the earliest start of a literal's proper prefix that runs
// into the end of the text. LiteralSetDelimiter.search is that search (and the oracle the resumable
// engine is checked against, resumable-engine.property.test.ts); LiteralsSearch, each parser's search,
// must answer the same however the text grows. Rows recorded with `regex` (transformers 5.18.0's
// ResponseTemplate: `regex.compile("|".join(regex.escape(s) for s in longest_first), regex.DOTALL)`,
// then `.search(text, pos, partial=…)`).

import { describe, expect, it } from "vitest";
import { LiteralSetDelimiter, LiteralsSearch, type DelimiterMatch } from "../../runtime/core/engine/delimiters.ts";

type Span = [start: number, end: number, partial: boolean] | null;

/** literals (longest first), text, pos, partial → the module's match span, or null. */
const ROWS: [string[], string, number, boolean, Span][] = [
  [["ab", "c"], "abc", 0, false, [0, 2, false]],
  [["ab", "c"], "cab", 0, false, [0, 1, false]],
  [["ab", "c"], "xcab", 2, false, [2, 4, false]],
  [["abc"], "xab", 0, false, null],
  [["abc"], "xab", 0, true, [1, 3, true]],
  [["abc"], "ab", 0, true, [0, 2, true]],
  [["abc"], "ab", 1, true, [2, 2, true]],
  [["abc", "xy"], "zzab", 0, true, [2, 4, true]],
  [["abc", "bx"], "zab", 0, true, [1, 3, true]],
  [["abc", "bx"], "ab", 0, true, [0, 2, true]],
  [["abcd", "xabz"], "yxab", 0, true, [1, 4, true]],
  [["abcd", "xabz"], "yxab", 2, true, [2, 4, true]],
  [["abc", "b"], "zab", 0, true, [2, 3, false]],
  [["<tool>", "<t"], "a <to", 0, true, [2, 4, false]],
  [["<tool>", "<t"], "a <x", 0, true, [4, 4, true]],
  // Both start at 2: the longer one (listed first) wins the tie.
  [["<tool>", "<t"], "a <tool>", 0, true, [2, 8, false]],
  [["<tool>", "<t"], "<tool><t", 0, false, [0, 6, false]],
];

/**
 * The module reports "nothing pending" in partial mode as an empty partial match at the end of the text,
 * which holds nothing back (the reference's scan notes it is a no-op); the delimiters answer null.
 */
function expected(span: Span, text: string): Span {
  return span && span[2] && span[0] === text.length && span[1] === text.length ? null : span;
}

const spanOf = (m: DelimiterMatch | null): Span => m && [m.start, m.end, m.partial];

describe("literal alternatives search as the regex module", () => {
  for (const [literals, text, pos, partial, span] of ROWS) {
    const label = `${JSON.stringify(literals)} in ${JSON.stringify(text)} from ${pos}${partial ? ", partial" : ""}`;

    it(`LiteralSetDelimiter: ${label}`, () => {
      expect(spanOf(new LiteralSetDelimiter(literals, false).search(text, pos, partial))).toEqual(expected(span, text));
    });

    it(`LiteralsSearch, the text whole and growing one unit at a time: ${label}`, () => {
      expect(spanOf(new LiteralsSearch(literals).search(text, 0, pos, partial))).toEqual(expected(span, text));
      // Each prefix as the delimiter's own search of it answers (that search is checked by the row above).
      const delim = new LiteralSetDelimiter(literals, false);
      const search = new LiteralsSearch(literals);
      for (let n = pos; n <= text.length; n++) {
        const buf = text.slice(0, n);
        expect(spanOf(search.search(buf, 0, pos, partial)), buf).toEqual(spanOf(delim.search(buf, pos, partial)));
      }
    });
  }

  it("LiteralsSearch called out of stream order (a shorter text, an earlier read position) starts over", () => {
    const search = new LiteralsSearch(["ab"]);
    expect(spanOf(search.search("xxab", 0, 0, true))).toEqual([2, 4, false]);
    expect(spanOf(search.search("zz", 0, 0, true))).toEqual(null);
    expect(spanOf(search.search("zzzzab", 0, 4, true))).toEqual([4, 6, false]);
    expect(spanOf(search.search("abzzzz", 0, 0, true))).toEqual([0, 2, false]);
  });
});
