// The resumable matcher's programs (runtime/core/regex/program.ts) through the search that runs them
// (PatternStream, over resumable.ts): rows recorded with Python's `regex` module 2026.9.29
// (`regex.compile(p, regex.DOTALL)`, `search(text, pos)` and `search(text, pos, partial=True)`; a
// partial answer ends in "+"), each on a construct whose compilation a wrong program would get wrong —
// a literal under flag i, a class tested at U+0100, bounded repeats, a lookbehind inside a lookahead,
// a repeat of something that can match empty, a counted repeat too large to unroll, the quantifiers
// translation writes, the candidate test that lets a search skip ahead. A stream answers
// from its program alone where it finds nothing, a pending match or a partial one; a complete match is
// checked against the pattern's RegExp, which must never have to correct it (PatternStream.disagreements).
import { describe, expect, it } from "vitest";
import { compilePattern } from "../../runtime/translate/index.ts";
import { compileProgram } from "../../runtime/core/regex/program.ts";
import { PatternStream } from "../../runtime/core/regex/pattern-stream.ts";
import type { CompiledPattern } from "../../runtime/core/regex/pattern.ts";
import type { PatternMatch } from "../../runtime/core/regex/api.ts";

interface Row {
  why: string;
  pattern: string;
  text: string;
  pos: number;
  /** The module's search and partial search (null: no match; a partial match at the end of the text: null). */
  full: string | null;
  partial: string | null;
  /** Searched by the resumable matcher (PatternMatcher.programs), or by its RegExp alone. */
  resumable: boolean;
}

// Texts are BMP-only: UTF-16 offsets are the module's code-point offsets.
const ROWS: Row[] = [
  { why: "a literal under flag i accepts the other case", pattern: "(?i)abc", text: "xABC", pos: 0, full: "1:4", partial: "1:4", resumable: true },
  { why: "a literal under flag i accepts the other case (pending)", pattern: "(?i)abc", text: "xAb", pos: 0, full: null, partial: "1:3+", resumable: true },
  { why: "a class accepts U+0100", pattern: "a.b", text: "a\u0100b", pos: 0, full: "0:3", partial: "0:3", resumable: true },
  { why: "a negated class accepts U+0100 and its neighbours", pattern: "[^x]+y", text: "\u0100\u00ff\u0101y", pos: 0, full: "0:4", partial: "0:4", resumable: true },
  { why: "a bounded repeat stops at its maximum", pattern: "xa{1,2}", text: "xaaa", pos: 0, full: "0:3", partial: "0:3", resumable: true },
  { why: "a bounded repeat takes its optional iterations", pattern: "xa{1,2}b", text: "xaab", pos: 0, full: "0:4", partial: "0:4", resumable: true },
  { why: "a bounded repeat takes no more than its maximum", pattern: "xa{1,2}b", text: "xaaab", pos: 0, full: null, partial: null, resumable: true },
  { why: "a bounded repeat pending at the end", pattern: "xa{1,2}b", text: "xa", pos: 0, full: null, partial: "0:2+", resumable: true },
  { why: "a lazy bounded repeat takes its minimum", pattern: "xa{2,3}?", text: "xaaa", pos: 0, full: "0:3", partial: "0:3", resumable: true },
  { why: "a lookbehind inside a negative lookahead reads the text before each start", pattern: "[ab](?!c(?<=ac))", text: "acbcx", pos: 0, full: "2:3", partial: "2:3", resumable: true },
  { why: "a lookbehind inside a lookahead reads the text before each start", pattern: "[ab](?=c(?<=bc))", text: "acbcx", pos: 0, full: "2:3", partial: "2:3", resumable: true },
  { why: "a repeat of something that can match empty runs on the RegExp", pattern: "(?:a?)*b", text: "aab", pos: 0, full: "0:3", partial: "0:3", resumable: false },
  { why: "a counted repeat too large to unroll runs on the RegExp", pattern: "a{30000}", text: "aaa", pos: 0, full: null, partial: "0:3+", resumable: false },
  { why: "a counted repeat too large to unroll runs on the RegExp (later start)", pattern: "a{30000}", text: "baa", pos: 0, full: null, partial: "1:3+", resumable: false },
  // The source parser: quantifiers as translation writes them (`{2,}`, `*?`, the `\n?` of `$`).
  { why: "an unbounded counted repeat takes more than its minimum", pattern: "a{2,}", text: "baaab", pos: 0, full: "1:4", partial: "1:4", resumable: true },
  { why: "a lazy repeat gets a program", pattern: "x.*?y", text: "axaybyc", pos: 0, full: "1:4", partial: "1:4", resumable: true },
  { why: "the optional newline of $ is read", pattern: "a$", text: "a\n", pos: 0, full: "0:1", partial: "0:1", resumable: true },
  // Which repeats can match empty (nullable): only those make a program RegExp-only, and a walk of one
  // that is not marked recurses without end.
  { why: "a repeat of a sequence gets a program", pattern: "(?:ab)+c", text: "xababc", pos: 0, full: "1:6", partial: "1:6", resumable: true },
  { why: "a repeat of an alternation gets a program", pattern: "(?:ab|cd)+e", text: "xabcde", pos: 0, full: "1:6", partial: "1:6", resumable: true },
  { why: "a repeat of an alternation with (*FAIL) gets a program", pattern: "(?:a|(*F))+b", text: "xaab", pos: 0, full: "1:4", partial: "1:4", resumable: true },
  { why: "a repeat of a repeat that can match empty runs on the RegExp", pattern: "(?:a*)*b", text: "aab", pos: 0, full: "0:3", partial: "0:3", resumable: false },
  { why: "a repeat of a lookahead alternative runs on the RegExp", pattern: "(?:a|(?=b))*b", text: "aab", pos: 0, full: "0:3", partial: "0:3", resumable: false },
  // The candidate test (where a match can begin, three code points deep) may only over-approximate.
  { why: "a negative lookahead passes any next character but its own", pattern: "x(?!a)", text: "xb", pos: 0, full: "0:1", partial: "0:1", resumable: true },
  { why: "a program that can match without reading begins anywhere", pattern: "a?", text: "ba", pos: 0, full: "0:0", partial: "0:0", resumable: true },
  { why: "a test that can end a match lets anything follow, whatever else shares it", pattern: "a|ab", text: "ax", pos: 0, full: "0:1", partial: "0:1", resumable: true },
];

const show = (m: PatternMatch | null, text: string): string | null =>
  m === null || m.start >= text.length ? null : `${m.start}:${m.end}${m.partial ? "+" : ""}`;

describe("resumable matcher programs agree with the regex module", () => {
  for (const r of ROWS) {
    it(`${r.why}: ${r.pattern} on ${JSON.stringify(r.text)}`, () => {
      const p = compilePattern(r.pattern) as CompiledPattern;
      expect(p.programs() !== null).toBe(r.resumable);
      const before = PatternStream.disagreements;
      expect(show(new PatternStream(p).search(r.text, 0, r.pos, true), r.text)).toBe(r.partial);
      expect(show(new PatternStream(p).search(r.text, 0, r.pos, false), r.text)).toBe(r.full);
      expect(PatternStream.disagreements - before).toBe(0);
    });
  }

  it("a program unrolls a counted repeat to at most 20,000 instructions (MAX_INSTS); past that, none", () => {
    // One instruction per iteration, and the final Match.
    expect(compileProgram("(?:a){19999}", "v")?.insts.length).toBe(20000);
    expect(compileProgram("(?:a){20000}", "v")).toBeNull();
  });
});
