// The backtracking matcher (runtime/core/regex/backtrack.ts), which runs the patterns holding a bounded repeat
// of a backreference (`(?:(?P<y>c)(?P=y)){1,2}` routes each row here): one row per construct it walks.
// Expected values recorded with Python's `regex` 2026.9.29: regex.compile(p, regex.DOTALL), .search(text)
// and [m.span() for m in .finditer(text)].
import { describe, expect, it } from "vitest";
import { Backtracker } from "../../runtime/core/index.ts";
import { compilePattern, translatePattern } from "../../runtime/translate/index.ts";
import { describeDifference, sortOut, type Difference } from "./deviations.ts";

type Row = [
  why: string,
  pattern: string,
  text: string,
  search: [number, number, Record<string, string | null>] | null,
  finditer: [number, number][],
];

const ROWS: Row[] = [
  [
    "a case-insensitive backreference to a non-word character matches it literally",
    "(?i)(?:(?P<y>.)(?P=y)){1,2}",
    "..",
    [0, 2, { y: "." }],
    [[0, 2]],
  ],
  ["… and nothing else", "(?i)(?:(?P<y>.)(?P=y)){1,2}", ".x", null, []],
  [
    "a case-insensitive backreference matches the other case",
    "(?i)(?:(?P<y>.)(?P=y)){1,2}",
    "éÉ",
    [0, 2, { y: "é" }],
    [[0, 2]],
  ],
  ["… but not another letter", "(?i)(?:(?P<y>.)(?P=y)){1,2}", "ab", null, []],
  ["… nor a letter after a digit", "(?i)(?:(?P<y>.)(?P=y)){1,2}", "1a", null, []],
  [
    "a group captured in a lookbehind on a path that fails stays unset",
    "(?:(?<=(?P<x>a))bz|b)(?:(?P<y>c)(?P=y)){1,2}",
    "abcc",
    [1, 4, { x: null, y: "c" }],
    [[1, 4]],
  ],
  [
    "two capturing lookbehinds capture each its own group",
    "(?<=(?P<x>a))b(?<=(?P<w>b))(?:(?P<y>c)(?P=y)){1,2}",
    "abcc",
    [1, 4, { x: "a", w: "b", y: "c" }],
    [[1, 4]],
  ],
  [
    "a group in a lookbehind keeps its capture when a later pass takes the other branch",
    "(?:(?<=(?P<x>a)|r).){2}(?:(?P<y>c)(?P=y)){1,2}",
    "arxcc",
    [1, 5, { x: "a", y: "c" }],
    [[1, 5]],
  ],
  [
    "an unbounded repeat of a backreference is not guarded: retried once backtracking set the group",
    "(?:.|(?P<k>x))y(?:(?P=k))*z(?:(?P<z>c)(?P=z)){0,2}",
    "xyxz",
    [0, 4, { k: "x", z: null }],
    [[0, 4]],
  ],
  ["a bounded one is: no match", "(?:.|(?P<k>x))y(?:(?P=k)){0,5}z", "xyxz", null, []],
  [
    "the guard is set only where the item never matched",
    "(?:(?P<g0>(?:(?:.){0,2}?){2,4})(?:(?P=g0)(*FAIL)){0,2}|(?!(?<=(?P<l6>a))))(?:(?P<z>[abc])(?P=z)){1,2}",
    "yxxyxbb",
    [0, 7, { g0: "yxxyx", l6: null, z: "b" }],
    [[0, 7]],
  ],
  [
    "an empty iteration below the minimum still lets the repeat go on",
    "(?:(?P<g0>(?:(?:y|y)|\\b))){2,4}(?:(?P<z>[abc])(?P=z)){1,2}",
    "ybbba",
    [0, 3, { g0: "y", z: "b" }],
    [[0, 3]],
  ],
  [
    "a guard set by one repeat does not block another",
    "(?:b(?P<g0>.)){0,2}(?:(?P<z>[abc])(?P=z)){1,2}",
    "AbbBAa",
    [1, 3, { g0: null, z: "b" }],
    [[1, 3]],
  ],
  ["an atomic group keeps its first choice", "(?>a|ab)(?:(?P<y>c)(?P=y)){1,2}", "abcc", null, []],
  ["an atomic group that matches", "(?>a|ab)(?:(?P<y>c)(?P=y)){1,2}", "acc", [0, 3, { y: "c" }], [[0, 3]]],
  [
    "an atomic group keeps the captures of its first choice",
    "(?>(?P<x>a)|(?P<w>ab))b?(?:(?P<y>c)(?P=y)){1,2}",
    "abcc",
    [0, 4, { x: "a", w: null, y: "c" }],
    [[0, 4]],
  ],
  ["a possessive repeat never gives back", "a{1,3}+a(?:(?P<y>c)(?P=y)){1,2}", "aaacc", null, []],
  [
    "a possessive repeat that matches",
    "a{1,3}+(?:(?P<y>c)(?P=y)){1,2}",
    "aacc",
    [0, 4, { y: "c" }],
    [[0, 4]],
  ],
  [
    "a possessive repeat that cannot match its minimum",
    "(?:a{2,3}+|b)(?:(?P<y>c)(?P=y)){1,2}",
    "abcc",
    [1, 4, { y: "c" }],
    [[1, 4]],
  ],
  [
    "a positive lookahead keeps its first captures",
    "(?=(?P<x>a|ab))a(?:b|)(?:(?P<y>c)(?P=y)){1,2}",
    "abcc",
    [0, 4, { x: "a", y: "c" }],
    [[0, 4]],
  ],
  ["a positive lookahead that fails", "(?=a).(?:(?P<y>c)(?P=y)){1,2}", "bcc", null, []],
  ["a negative lookahead that blocks", "(?!a).(?:(?P<y>c)(?P=y)){1,2}", "acc", null, []],
  [
    "a negative lookahead that lets through",
    "(?!a).(?:(?P<y>c)(?P=y)){1,2}",
    "bcc",
    [0, 3, { y: "c" }],
    [[0, 3]],
  ],
  ["a failing alternative", "(?:(*FAIL)|b)(?:(?P<y>c)(?P=y)){1,2}", "bcc", [0, 3, { y: "c" }], [[0, 3]]],
  [
    "an unset backreference fails",
    "(?:(?P<x>a)|b)(?P=x)?(?:(?P<y>c)(?P=y)){1,2}",
    "bcc",
    [0, 3, { x: null, y: "c" }],
    [[0, 3]],
  ],
  [
    "a case-sensitive backreference does not match the other case",
    "(?:(?P<y>c)(?P=y)){1,2}",
    "cCcc",
    [2, 4, { y: "c" }],
    [[2, 4]],
  ],
  [
    "a capturing lookbehind that fails lets the next alternative try",
    "(?:(?<=(?P<x>a))|q)b(?:(?P<y>c)(?P=y)){1,2}",
    "qbcc",
    [0, 4, { x: null, y: "c" }],
    [[0, 4]],
  ],
  [
    "a repeat of an item that only matches empty does not loop forever",
    "(?:\\b)*?(?:(?P<z>[abc])(?P=z)){1,2}",
    "cAB",
    null,
    [],
  ],
  // The module goes on after one empty iteration of a bounded repeat (it may set a group the body's
  // backreference then reads) and ends the repeat at the second in a row.
  ["an empty iteration sets the group the next one reads", "(?:(?P=g)x|(?P<g>)){1,2}", "x", [0, 1, { g: "" }], [[0, 1], [1, 1]]],
  ["… below the minimum", "(?:(?P=g)x|(?P<g>)){2,3}", "xx", [0, 2, { g: "" }], [[0, 2], [2, 2]]],
  ["… from a minimum of 0", "(?:(?P=g)x|(?P<g>)){0,2}", "x", [0, 1, { g: "" }], [[0, 1], [1, 1]]],
  ["… empty branch first", "(?:(?P<g>)|(?P=g)x){1,2}", "x", [0, 0, { g: "" }], [[0, 0], [0, 1], [1, 1]]],
  ["… lazily", "(?:(?P=g)x|(?P<g>)){1,2}?", "xx", [0, 0, { g: "" }], [[0, 0], [0, 1], [1, 1], [1, 2], [2, 2]]],
  ["… nested", "(?:(?:(?P=g)x|(?P<g>)){1,2}){1,2}", "xxx", [0, 3, { g: "" }], [[0, 3], [3, 3]]],
  ["… between non-empty ones", "(?:(?P=g)x|(?P<g>)|y){1,4}", "xyx", [0, 1, { g: "" }], [[0, 1], [1, 1], [1, 3], [3, 3]]],
];

describe("the backtracking matcher agrees with the regex module", () => {
  it.each(ROWS)("%s: %s on %j", (_why, pattern, text, search, finditer) => {
    expect(translatePattern(pattern).backtrack).not.toBeNull();
    const p = compilePattern(pattern);
    const m = p.search(text, 0, false);
    expect(m && [m.start, m.end, m.groups]).toEqual(search);
    expect(p.finditer(text).map((x) => [x.start, x.end])).toEqual(finditer);
  });

  // finditer asks for a match that is not empty where the last one was: the module's finditer gives
  // [0, 0], [0, 2], [2, 2] on "cc". Asked of the matcher itself, as a mutant that lets an empty match
  // through there makes finditer loop forever.
  it("a match asked not to be empty at its start skips the empty one there", () => {
    const program = translatePattern("(?:(?P<y>c)(?P=y)){0,2}?").backtrack!.program;
    const bt = new Backtracker(program, "v", (js) => js);
    expect(bt.matchAt("cc", 0, false)?.end).toBe(0);
    expect(bt.matchAt("cc", 0, true)?.end).toBe(2);
    expect(bt.matchAt("cc", 2, true)).toBeNull();
  });
});

// Rows where rtc differs from the module, each listed in deviations.json with its reason: on the JS RegExp
// path (an unbounded repeat) a backreference to a group not set yet matches empty, where the module's fails
// and takes the empty branch, which sets the group: the same spans, but the group is lost. Recorded as above.
const DEVIATING: Row[] = [
  ["an unbounded repeat (the JS RegExp path)", "(?:(?P=g)x|(?P<g>))*", "xx", [0, 2, { g: "" }], [[0, 2], [2, 2]]],
];

it(`the listed deviations (${DEVIATING.length} row(s), a repeat whose item matches empty) still differ, and nothing else does`, () => {
  const differences: Difference[] = [];
  for (const [, pattern, text, search, finditer] of DEVIATING) {
    const p = compilePattern(pattern);
    const m = p.search(text, 0, false);
    const got = m && [m.start, m.end, m.groups];
    const spans = p.finditer(text).map((x) => [x.start, x.end]);
    const base = { file: "backtrack.test.ts", pattern, hay: text };
    if (JSON.stringify(got) !== JSON.stringify(search))
      differences.push({
        ...base,
        mode: "full",
        pos: 0,
        detail: `rtc ${JSON.stringify(got)}, module ${JSON.stringify(search)}`,
      });
    if (JSON.stringify(spans) !== JSON.stringify(finditer))
      differences.push({
        ...base,
        mode: "finditer",
        detail: `rtc ${JSON.stringify(spans)}, module ${JSON.stringify(finditer)}`,
      });
  }
  const { unexpected, known, stale } = sortOut("backtrack.test.ts", differences);
  expect(unexpected.map(describeDifference)).toEqual([]);
  expect(stale).toEqual([]);
  expect(known.length).toBe(1);
});
