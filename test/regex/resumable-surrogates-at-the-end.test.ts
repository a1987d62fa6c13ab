// Where the text read so far ends next to a surrogate (runtime/core/regex/resumable.ts, lastCodePoint): the
// matcher skips from candidate to candidate and stops before the last code point, or before a lone leading
// surrogate that the next chunk may complete; it must find where that code point starts. Pairs whose
// halves are the range boundaries (U+10000 = D800 DC00, U+103FF = D800 DFFF, U+1F400 = D83D DC00,
// U+1F3FF = D83C DFFF, U+10FC00 = DBFF DC00, U+10FFFF = DBFF DFFF) and lone surrogates next to other
// characters, streamed in chunks of 1–3 code units with the buffer's front dropped (a non-zero base): every
// answer must be what `pattern.search` gives on the whole text, and a complete match must never need
// correcting by the RegExp (PatternStream.disagreements).
import { describe, expect, it } from "vitest";
import { compilePattern } from "../../runtime/translate/index.ts";
import { PatternStream } from "../../runtime/core/regex/pattern-stream.ts";
import type { CompiledPattern } from "../../runtime/core/regex/pattern.ts";
import type { PatternMatch } from "../../runtime/core/regex/api.ts";

/** Patterns whose candidate test accepts or rejects the characters below, over one or two code points. */
const PATTERNS = [
  ".",
  "..",
  "[^a]b",
  "\u{1F4A1}",
  "a\u{1F4A1}",
  "a(?=\u{1F4A1})",
  "[^\u{10000}-\u{10FFFF}]",
  "[^\u{10000}-\u{10FFFF}]b",
  "\uD83D?b",
];
const BOUNDARY_PAIRS = ["\u{10000}", "\u{103FF}", "\u{1F400}", "\u{1F3FF}", "\u{10FC00}", "\u{10FFFF}"];
const MIDDLES = [...BOUNDARY_PAIRS, "\u{1F4A1}", "a", "\uD83D", "\uDC00", "\uE000"];
const BEFORE = ["", "a", "ba", "\u{1F4A1}", "a\uDC00"];
const AFTER = ["", "\uD83D", "\uDBFF", "\uDC00", "b", "\uFF42"];

const isLead = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isTrail = (c: number) => c >= 0xdc00 && c <= 0xdfff;
/** A pattern's name for the test title: characters outside printable ASCII as \u{…}. */
const escaped = (s: string): string => Array.from(s, (c) => (c < " " || c > "~" ? `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}` : c)).join("");
const show = (m: PatternMatch | null, n: number): string | null => (m === null || m.start > n ? null : `${m.start}:${m.end}${m.partial ? "+" : ""}`);

describe("the resumable search next to surrogates at the end of the text read so far", () => {
  for (const source of PATTERNS) {
    it(`${escaped(source)} streamed agrees with the search of the whole text`, () => {
      const p = compilePattern(source) as CompiledPattern;
      expect(p.programs(), "runs on the resumable matcher").not.toBeNull();
      const disagreements = PatternStream.disagreements;
      const wrong: string[] = [];
      for (const before of BEFORE)
        for (const middle of MIDDLES)
          for (const after of AFTER) {
            const text = before + middle + after;
            for (let base = 0; base <= before.length; base++) {
              // The engine drops its buffer's front at code-point boundaries only.
              if (base > 0 && isLead(text.charCodeAt(base - 1)) && isTrail(text.charCodeAt(base))) continue;
              for (const chunk of [1, 2, 3])
                for (const partial of [true, false]) {
                  const s = new PatternStream(p);
                  for (let end = Math.min(base + chunk, text.length); ; end = Math.min(end + chunk, text.length)) {
                    const m = s.search(text.slice(base, end), base, 0, partial);
                    const got = show(m && { ...m, start: m.start + base, end: m.end + base }, end);
                    const want = show(p.search(text.slice(0, end), base, partial), end);
                    if (got !== want) wrong.push(`${JSON.stringify(text.slice(0, end))} from ${base} in chunks of ${chunk}, partial ${partial}: ${got}, not ${want}`);
                    if (end === text.length) break;
                  }
                }
            }
          }
      expect(wrong.slice(0, 5)).toEqual([]);
      expect(PatternStream.disagreements - disagreements, "complete matches the RegExp had to correct").toBe(0);
    });
  }
});
