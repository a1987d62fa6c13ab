// PatternMatcher (runtime/core/regex/pattern.ts), what runs a translated pattern on JS RegExps: `\G` (a RegExp
// per search position, counted in code points), `\K`, the non-empty match finditer asks for where an empty
// one was, the check of a partial match cut inside a backreference, stepping over surrogate pairs (V8 can
// match between the halves), the backtracking matcher's search loop, and the spec's table placeholders.
// Rows recorded once with Python's `regex` 2026.9.29 (/work/venv): regex.compile(p, regex.DOTALL), then
// .search(text, pos, partial=partial) → [m.start(), m.end(), m.partial, m.groupdict()] and
// [[m.start(), m.end(), m.groupdict()] for m in .finditer(text)]; offsets in code points (converted here).
// As in conformance.test.ts, a partial match that starts at the end of the text counts as none, and a
// partial match's groups are all unset in rtc (the engine reads none), where the module may set some.
import { describe, expect, it } from "vitest";
import { CompiledPattern, PatternMatcher, tablesUsed } from "../../runtime/core/index.ts";
import type { PatternMatch } from "../../runtime/core/regex/api.ts";
import { WORD } from "../../runtime/core/regex/unicode-tables.ts";
import { translatePattern } from "../../runtime/translate/index.ts";
import { describeDifference, sortOut, type Difference } from "./deviations.ts";
import { cpOffset, unitOffset } from "./offsets.ts";

type Groups = Record<string, string | null>;
type SearchRow = [why: string, pattern: string, text: string, pos: number, partial: boolean, expected: [number, number, boolean, Groups] | null];
type FinditerRow = [why: string, pattern: string, text: string, expected: [number, number, Groups][]];

const SEARCH: SearchRow[] = [
  ["an escaped backslash stays a backslash", "a\\\\b", "xa\\b", 0, false, [1, 4, false, {}]],
  ["\\G matches only at the search position", "\\Ga", "ba", 0, false, null],
  ["… which may be past the start", "\\Ga", "ba", 1, false, [1, 2, false, {}]],
  ["\\G counts the code points before the search position (U+10000: lead D800)", "\\Ga", "\ud800\udc00ab", 1, false, [1, 2, false, {}]],
  ["… (U+10FC00: lead DBFF)", "\\Ga", "\udbff\udc00ab", 1, false, [1, 2, false, {}]],
  ["… a lone lead surrogate just before it is one code point", "\\Ga", "\ud800a", 1, false, [1, 2, false, {}]],
  ["… and so is one followed by another character", "\\Gb", "\ud800ab", 2, false, [2, 3, false, {}]],
  ["… and a lone trail surrogate after a character", "\\Gb", "a\udc00b", 2, false, [2, 3, false, {}]],
  ["a \\G pattern searches from the position, not from the start", "a|\\Gb", "ab", 1, false, [1, 2, false, {}]],
  ["… partially too", "\\Gq|abc", "ab", 1, true, [2, 2, true, {}]],
  ["a \\G pattern's partial match", "\\Gab", "xa", 1, true, [1, 2, true, {}]],
  ["\\K with \\G", "\\Ga\\Kb", "ab", 0, false, [1, 2, false, {}]],
  ["\\K sets the match start", "a\\Kb", "ab", 0, false, [1, 2, false, {}]],
  ["a \\K the match did not pass leaves the start alone", "(?:a\\K)?b", "b", 0, false, [0, 1, false, {}]],
  ["the backtracking matcher's search may match empty at the search position", "(?:(?P<y>c)(?P=y)){0,2}?", "xcc", 1, false, [1, 1, false, {"y": null}]],
  ["V8 matches (?![\\s\\S]) between the halves of U+10000 (D800 DC00); the module after it", "(?!.)", "\ud800\udc00", 0, false, [1, 1, false, {}]],
  ["… and of U+10FFFF (DBFF DFFF)", "(?!.)", "\udbff\udfff", 0, false, [1, 1, false, {}]],
  ["a match at a lone trail surrogate after another character", "(?<=a)", "a\udc00", 0, false, [1, 1, false, {}]],
  ["a match at U+E000 after a lone lead surrogate", "(?=\\ue000)", "\ud800\ue000", 0, false, [1, 1, false, {}]],
  ["a match at a character after a lone lead surrogate", "(?=a)", "\ud800a", 0, false, [1, 1, false, {}]],
  ["a match at a lone trail surrogate after U+E000", "(?<=\\ue000)", "\ue000\udc00", 0, false, [1, 1, false, {}]],
  ["\\G in a pattern the backtracking matcher runs", "\\G(?:(?P<y>c)(?P=y)){1,2}", "xcc", 1, false, [1, 3, false, {"y": "c"}]],
  ["… which matches only at the search position", "\\G(?:(?P<y>c)(?P=y)){1,2}", "xcc", 0, false, null],
  ["a partial match cut inside a backreference must be a prefix of the group", "(?P<a>[xy]+)-(?P=a)z", "xy-y", 0, true, [1, 4, true, {"a": "y"}]],
  ["… the group last set among the JS groups of a name used twice", "(?:(?P<a>x+)|(?P<a>y+))-(?P=a)z", "xx-x", 0, true, [0, 4, true, {"a": "xx"}]],
  ["… a check whose capture is unset (another alternative's backreference) passes", "(?:(?P<a>x+)-(?P=a)|(?P<b>y+)-(?P=b))z", "yy-y", 0, true, [0, 4, true, {"a": null, "b": "yy"}]],
  ["… a \\G pattern: the other alternative's partial match", "\\G(?P<a>xy)-(?P=a)|xy-q.", "xy-q", 0, true, [0, 4, true, {"a": null}]],
  ["… the closure without cuts is tried at the failed start only, not after it", "(?P<a>xy)-(?P=a)|xy-q.", "xy-z xy-q", 0, true, [5, 9, true, {"a": null}]],
  ["… also for a \\G pattern", "\\G(?P<a>xy)-(?P=a)|xy-q.", "xy-z xy-q", 0, true, [5, 9, true, {"a": null}]],
  ["… a \\K pattern: the other alternative's partial match", "(?P<a>xy)-\\K(?P=a)|xy-q.", "xy-q", 0, true, [0, 4, true, {"a": null}]],
  ["… a \\G and \\K pattern", "\\G(?P<a>xy)-\\K(?P=a)|xy-q.", "xy-q", 0, true, [0, 4, true, {"a": null}]],
  ["… a \\G pattern: none", "\\G(?P<a>[xy]+)-(?P=a)z", "xy-y", 0, true, [4, 4, true, {"a": null}]],
  ["… a \\K pattern", "\\K(?P<a>[xy]+)-(?P=a)z", "xy-y", 0, true, [1, 4, true, {"a": "y"}]],
  ["a partial match's groups are unset", "q(?P<a>x)", "q", 0, true, [0, 1, true, {"a": null}]],
];

const FINDITER: FinditerRow[] = [
  ["the backtracking matcher's finditer steps over U+10000 whole", "(?:(?P<y>c)(?P=y)){0,2}", "\ud800\udc00", [[0, 0, {"y": null}], [1, 1, {"y": null}]]],
  ["… over U+10FFFF", "(?:(?P<y>c)(?P=y)){0,2}", "\udbff\udfff", [[0, 0, {"y": null}], [1, 1, {"y": null}]]],
  ["… over U+E000 one unit", "(?:(?P<y>c)(?P=y)){0,2}", "\ue000a", [[0, 0, {"y": null}], [1, 1, {"y": null}], [2, 2, {"y": null}]]],
  ["… over a lone lead surrogate at the end", "(?:(?P<y>c)(?P=y)){0,2}", "\ud800", [[0, 0, {"y": null}], [1, 1, {"y": null}]]],
  ["… over a lone lead surrogate before another character", "(?:(?P<y>c)(?P=y)){0,2}", "\ud800a", [[0, 0, {"y": null}], [1, 1, {"y": null}], [2, 2, {"y": null}]]],
  ["the RegExp path steps over a lone lead surrogate before another character", "x*", "\ud800a", [[0, 0, {}], [1, 1, {}], [2, 2, {}]]],
  ["the backtracking matcher's \\G is the last match's end", "\\G(?:(?P<y>c)(?P=y)){1,2}", "ccxcc", [[0, 2, {"y": "c"}]]],
  ["the backtracking matcher's first match may be empty anywhere", "(?<=x)(?:(?P<y>c)(?P=y)){0,2}?", "xcc", [[1, 1, {"y": null}], [1, 3, {"y": "c"}]]],
  ["a non-empty match where an empty one was: backreferences renumbered", "|(?P<a>x)(?P=a)", "xx", [[0, 0, {"a": null}], [0, 2, {"a": "x"}], [2, 2, {"a": null}]]],
  ["… a backreference to group 10", "|(?P<a>)(?P<b>)(?P<c>)(?P<d>)(?P<e>)(?P<f>)(?P<g>)(?P<h>)(?P<i>)(?P<j>x)(?P=j)", "xx", [[0, 0, {"a": null, "b": null, "c": null, "d": null, "e": null, "f": null, "g": null, "h": null, "i": null, "j": null}], [0, 2, {"a": "", "b": "", "c": "", "d": "", "e": "", "f": "", "g": "", "h": "", "i": "", "j": "x"}], [2, 2, {"a": null, "b": null, "c": null, "d": null, "e": null, "f": null, "g": null, "h": null, "i": null, "j": null}]]],
  ["… \\K", "|a\\Kb", "ab", [[0, 0, {}], [1, 2, {}], [2, 2, {}]]],
  ["… groups", "|(?P<a>x)(?P<b>z)?", "x", [[0, 0, {"a": null, "b": null}], [0, 1, {"a": "x", "b": null}], [1, 1, {"a": null, "b": null}]]],
  ["… a \\G pattern", "a*?|\\Gq", "aa", [[0, 0, {}], [0, 1, {}], [1, 1, {}], [1, 2, {}], [2, 2, {}]]],
  ["… a \\G pattern that needs it", "\\Ga*?", "aa", [[0, 0, {}], [0, 1, {}], [1, 1, {}], [1, 2, {}], [2, 2, {}]]],
  ["… a \\G pattern with nothing non-empty there", "\\G|b", "ab", [[0, 0, {}], [1, 2, {}], [2, 2, {}]]],
];

// A fresh matcher per row: compilePattern's cache would share the RegExps a row builds lazily.
const compile = (pattern: string) => new CompiledPattern(translatePattern(pattern));

describe("PatternMatcher agrees with the regex module", () => {
  it.each(SEARCH)("search: %s: %s on %j from %d (partial: %s)", (_why, pattern, text, pos, partial, expected) => {
    const m = compile(pattern).search(text, unitOffset(text, pos), partial);
    const atEnd = (x: { partial: boolean; start: number } | null, start: number) => x !== null && x.partial && start === [...text].length;
    const got = m && !atEnd(m, cpOffset(text, m.start)) ? [cpOffset(text, m.start), cpOffset(text, m.end), m.partial, m.groups] : null;
    const want = expected && !atEnd({ partial: expected[2], start: expected[0] }, expected[0]) ? expected : null;
    if (want && want[2]) expect(got).toStrictEqual([want[0], want[1], true, Object.fromEntries(Object.keys(want[3]).map((k) => [k, null]))]);
    else expect(got).toStrictEqual(want);
  });

  it.each(FINDITER)("finditer: %s: %s on %j", (_why, pattern, text, expected) => {
    const spans = (ms: PatternMatch[]) => ms.map((m) => [cpOffset(text, m.start), cpOffset(text, m.end), m.groups]);
    expect(spans(compile(pattern).finditer(text))).toStrictEqual(expected);
  });
});

// Partial matches where rtc differs from the module, each listed in deviations.json with its reason.
// Recorded as above (search from 0, partial=True).
const DEVIATING: SearchRow[] = [
  ["a partial match's start ignores \\K", "(?P<a>[xy]+)\\K-(?P=a)z", "xy-y", 0, true, [2, 4, true, { a: "y" }]],
  ["one start tries one cut inside a backreference", "(?P<a>x+)-(?P=a)-(?P<b>y+)-(?P=b)z", "x-x-yy-y", 0, true, [0, 8, true, { a: "x", b: "yy" }]],
];

it(`the listed partial-match deviations (${DEVIATING.length} rows) still differ, and nothing else does`, () => {
  const differences: Difference[] = [];
  for (const [, pattern, text, pos, , expected] of DEVIATING) {
    const m = compile(pattern).search(text, unitOffset(text, pos), true);
    const got = m && [cpOffset(text, m.start), cpOffset(text, m.end)];
    const want = expected && [expected[0], expected[1]];
    if (JSON.stringify(got) !== JSON.stringify(want)) differences.push({ file: "pattern.test.ts", pattern, mode: "partial", hay: text, pos, detail: `rtc ${JSON.stringify(got)}, module ${JSON.stringify(want)}` });
  }
  const { unexpected, stale } = sortOut("pattern.test.ts", differences);
  expect(unexpected.map(describeDifference)).toStrictEqual([]);
  expect(stale).toStrictEqual([]);
  expect(differences).toHaveLength(DEVIATING.length);
});

describe("PatternMatcher's spec and tables", () => {
  it("tablesUsed names each table once, sorted, not \\G, from every JS source the spec holds", () => {
    expect(tablesUsed(translatePattern("\\w\\d\\w"))).toEqual(["Digit", "Word"]);
    expect(tablesUsed(translatePattern("\\G\\s"))).toEqual(["Space"]);
    // The backtracking matcher's program holds JS snippets too; an optional partialUncut may be missing.
    const spec = translatePattern("(?:(?P<y>\\w)(?P=y)){1,2}");
    expect(spec.backtrack).toBeTruthy();
    expect(tablesUsed({ ...spec, js: "", partial: null, partialUncut: undefined })).toEqual(["Word"]);
    // An escaped backslash (translated patterns write one as \u{5C}) is not a placeholder.
    expect(tablesUsed({ ...translatePattern("x"), js: String.raw`\\` })).toEqual([]);
  });

  it("placeholders are expanded, and an escaped backslash is left alone", () => {
    const spec = { ...translatePattern("x"), js: String.raw`[\p{rtcWord}]\\`, partial: null, partialUncut: null };
    expect(new PatternMatcher(spec, { Word: WORD }).search("-a\\", 0, false)).toMatchObject({ start: 1, end: 3 });
  });

  it("a table not passed in, or a backtracking pattern without the matcher, is refused by name", () => {
    expect(() => new PatternMatcher(translatePattern("\\w"), {})).toThrow("uses \\p{rtcWord}, but its table was not passed in");
    expect(() => new PatternMatcher(translatePattern("(?:(?P<y>c)(?P=y)){1,2}"), {})).toThrow("needs the backtracking matcher (Backtracker)");
  });

  // The resumable search (resumable.ts) runs none of these: \G, \K, the backtracking matcher, a check of a
  // cut inside a backreference, a possessive repeat (no program), a repeat of what can match empty, a
  // partial-match closure without a program (a pattern of the oracle sample).
  it("programs: none for what only the RegExp does", () => {
    expect(compile("abc").programs()).not.toBeNull();
    expect(compile("$").programs()).not.toBeNull(); // no partial-match closure
    const none = ["\\Gab", "a\\Kb", "(?:(?P<y>c)(?P=y)){1,2}", "(?P<a>x)-(?P=a)", "a++", "(?:a|)*b", "(?:-)+(?P<g49>(?:(?:xa|[^a])|\\S))[\\w-](?:(?:(?:[^\\s])++)??)*+"];
    for (const p of none) expect(compile(p).programs(), p).toBeNull();
  });

  it("lookbehind: the spec's, Infinity where it is unbounded", () => {
    expect(compile("(?<=ab)c").lookbehind).toBe(4);
    expect(compile("(?<=a+)c").lookbehind).toBe(Infinity);
  });

  // The module's partial search of (?<=q)abc finds (2, 4) on "xqab", and only its empty partial match at
  // the end on "xyz" (which the rows above count as none).
  it("cutStart: the earliest start of a path cut at the end of the text, or -1", () => {
    const p = compile("(?<=q)abc");
    expect(p.windowable()).toBe(true);
    expect(p.cutStart("xqab", 0)).toBe(2);
    expect(p.cutStart("xyz", 0)).toBe(-1);
  });
});
