// Lookaheads in the resumable matcher (runtime/core/regex/resumable.ts: a pending lookahead is a condition of
// the thread, its body's threads advanced with the text and decided as if the text ended there): rows
// recorded with Python's `regex` module 2026.9.29 (`regex.compile(p, regex.DOTALL)`, `search(text, pos)`
// and `search(text, pos, partial=True)`; a partial answer ends in "+"), each on what a wrong matcher would
// get wrong — a body's threads in one state but under different pending conditions, a body whose paths
// meet again (kept once, so that a long text costs linear time), lookaheads decided at the end of the text.
// The runs answer every search here (the RegExp's window search is off), and a complete match must never
// need the RegExp's correction (PatternStream.disagreements). Each row is searched twice: on the whole
// text, and with its front dropped as the engine drops it (up to the search position minus the lookbehind).
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { compilePattern } from "../../runtime/translate/index.ts";
import { PatternStream } from "../../runtime/core/regex/pattern-stream.ts";
import { PatternMatcher, type CompiledPattern } from "../../runtime/core/regex/pattern.ts";
import type { PatternMatch } from "../../runtime/core/regex/api.ts";

interface Row {
  why: string;
  pattern: string;
  text: string;
  pos: number;
  /** The module's search and partial search (null: no match; a partial match at the end of the text: null). */
  full: string | null;
  partial: string | null;
}

// Texts are ASCII: UTF-16 offsets are the module's code-point offsets.
const ROWS: Row[] = [
  // The loop's body opens the inner lookahead (cond) and its empty alternative (none) at the same [abc]:
  // two states, of which only the second reads "cc" on to the d.
  { why: "a body keeps one state with and one without a pending condition", pattern: "(?=(?:(?:(?=ab)|)[abc])*d)", text: "ccd", pos: 0, full: "0:0", partial: "0:0" },
  { why: "a body keeps one state with and one without a pending condition (later start)", pattern: "(?=(?:(?:(?=ab)|)[abc])*d)", text: "ccd", pos: 1, full: "1:1", partial: "1:1" },
  { why: "a body keeps states under different conditions apart", pattern: "(?=(?:(?:(?=abb)|)[abc])*de?)", text: "cacd", pos: 0, full: "0:0", partial: "0:0" },
  // Both alternatives reach the same states after each a: kept once, the body stays three threads.
  { why: "a body whose paths meet again stays small over a long text", pattern: "x(?=(?:a|a)*b)", text: `x${"a".repeat(200)}b`, pos: 0, full: "0:1", partial: "0:1" },
  // At the end of the text every (?:\Z|\Z) doubles the paths to c: followed once each, not 2^40 times.
  { why: "paths after the end of the text that meet again are followed once", pattern: `a\\Z${"(?:\\Z|\\Z)".repeat(40)}c`, text: "a", pos: 0, full: null, partial: "0:1+" },
  { why: "paths after the end of the text that meet again are followed once (a match)", pattern: `a\\Z${"(?:\\Z|\\Z)".repeat(40)}c?`, text: "a", pos: 0, full: "0:1", partial: "0:1" },
  { why: "a lookahead inside a lookahead decided at the end of the text", pattern: "x(?=a(?=$))", text: "xa", pos: 0, full: "0:1", partial: "0:1" },
  { why: "a body's match waits on its own lookahead, which matches", pattern: "x(?=a(?=bc))", text: "xabc", pos: 0, full: "0:1", partial: "0:1" },
  { why: "a body's match waits on its own lookahead, which fails", pattern: "x(?=a(?=bc))", text: "xabd", pos: 0, full: null, partial: null },
  { why: "a body's match waits on its own lookahead over several characters", pattern: "x(?=a(?=bcd))", text: "xabcd", pos: 0, full: "0:1", partial: "0:1" },
  { why: "a negative lookahead after the end of the text", pattern: "a$(?!b)", text: "a", pos: 0, full: "0:1", partial: "0:1" },
  { why: "a lookahead after `$` before a final newline", pattern: "a$(?=\\n)", text: "a\n", pos: 0, full: "0:1", partial: "0:1" },
  { why: "a lookbehind after the end of the text inside a lookahead", pattern: "x(?=a$\\b)", text: "xa", pos: 0, full: "0:1", partial: "0:1" },
  { why: "a lookbehind after the end of the text inside a lookahead, the front dropped", pattern: "x(?=a$\\b)", text: "yyyyxa", pos: 4, full: "4:5", partial: "4:5" },
  { why: "a lookbehind right after the end of the text, the front dropped", pattern: "x\\Z\\b", text: "yyyx", pos: 3, full: "3:4", partial: "3:4" },
  { why: "a lookbehind right after the end of the text, the front dropped (longer)", pattern: "x\\Z(?<=yx)", text: "yyyyyx", pos: 5, full: "5:6", partial: "5:6" },
];

/** A stream's answer (offsets into the text it was given, from `base`) in offsets of the whole text. */
const shifted = (m: PatternMatch | null, base: number): PatternMatch | null => m && { ...m, start: m.start + base, end: m.end + base };

const show = (m: PatternMatch | null, text: string): string | null =>
  m === null || m.start >= text.length ? null : `${m.start}:${m.end}${m.partial ? "+" : ""}`;

describe("lookaheads in the resumable matcher agree with the regex module", () => {
  let windowable: MockInstance;
  beforeAll(() => {
    windowable = vi.spyOn(PatternMatcher.prototype, "windowable").mockReturnValue(false);
  });
  afterAll(() => windowable.mockRestore());

  for (const r of ROWS) {
    it(`${r.why}: ${r.pattern.length > 40 ? `${r.pattern.slice(0, 40)}…` : r.pattern} on ${JSON.stringify(r.text.length > 12 ? `${r.text.slice(0, 12)}…` : r.text)} from ${r.pos}`, () => {
      const p = compilePattern(r.pattern) as CompiledPattern;
      expect(p.programs()).not.toBeNull();
      const before = PatternStream.disagreements;
      const cut = Math.max(0, r.pos - p.lookbehind);
      for (const base of cut > 0 ? [0, cut] : [0]) {
        const search = (partial: boolean) => shifted(new PatternStream(p).search(r.text.slice(base), base, r.pos - base, partial), base);
        expect(show(search(true), r.text), `front dropped up to ${base}`).toBe(r.partial);
        expect(show(search(false), r.text), `front dropped up to ${base}`).toBe(r.full);
      }
      expect(PatternStream.disagreements - before).toBe(0);
    });
  }
});
