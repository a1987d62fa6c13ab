// Python's whitespace (str.isspace, str.strip(), str.split()) as rtc reproduces it; expected values
// recorded with CPython 3.12. Python's set differs from JavaScript's trim(): it has U+001C–U+001F and
// U+0085, and not U+200B or U+FEFF.

import { describe, expect, it } from "vitest";
import { pyIsSpace, pyIsSpaceCode, pySplitWhitespace, pyStrip } from "../../runtime/core/python/strip.ts";

// Each boundary of every whitespace range, and its neighbours.
const PROBED = [
  0x08, 0x09, 0x0d, 0x0e, 0x1b, 0x1c, 0x1f, 0x20, 0x21, 0x7f, 0x84, 0x85, 0x86, 0x9f, 0xa0, 0xa1, 0x1680, 0x1fff, 0x2000, 0x200a, 0x200b, 0x2027,
  0x2028, 0x2029, 0x202a, 0x202e, 0x202f, 0x2030, 0x205e, 0x205f, 0x2060, 0x2fff, 0x3000, 0x3001, 0xfeff,
];
const PYTHON_SPACES = [0x9, 0xd, 0x1c, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000];

describe("Python whitespace", () => {
  it("pyIsSpaceCode agrees with str.isspace() at every range boundary", () => {
    expect(PROBED.filter(pyIsSpaceCode)).toEqual(PYTHON_SPACES);
  });

  it.each<[string, string, string[], boolean]>([
    ["", "", [], false],
    [" ", "", [], true],
    ["\x1c a b\u3000", "a b", ["a", "b"], false],
    ["\u200bx\ufeff", "\u200bx\ufeff", ["\u200bx\ufeff"], false],
    ["a\u2028\u2029b  c\x85", "a\u2028\u2029b  c", ["a", "b", "c"], false],
    ["x", "x", ["x"], false],
  ])("%j: strip() %j, split() %j, isspace() %s", (s, stripped, pieces, space) => {
    expect(pyStrip(s)).toBe(stripped);
    expect(pySplitWhitespace(s)).toEqual(pieces);
    expect(pyIsSpace(s)).toBe(space);
  });
});
