// Lookaheads that stay pending over a long stretch of text (runtime/core/regex/resumable.ts): each start and
// each pass through a repeated lookahead makes a condition, and the matcher stays linear only because equal
// conditions (and lookahead-body states) are one interned object, whatever order their entries came in
// and however often the same lookahead was passed: threads in the same state then merge. Answers are rows
// recorded with Python's `regex` module 2026.9.29 (`regex.compile(p, regex.DOTALL)`, `search(text)` and
// `search(text, partial=True)`); the work is the matcher's own count (Run.work), not a time.
import { describe, expect, it } from "vitest";
import { compilePattern } from "../../runtime/translate/index.ts";
import { PatternStream } from "../../runtime/core/regex/pattern-stream.ts";
import { Run } from "../../runtime/core/regex/resumable.ts";
import type { CompiledPattern } from "../../runtime/core/regex/pattern.ts";
import type { PatternMatch } from "../../runtime/core/regex/api.ts";
import type { RecordedRow } from "./recorded-rows.ts";

const N = 200;

const a = "a".repeat(N);
const ROWS: RecordedRow[] = [
  { why: "a lookahead passed on every iteration", pattern: "(?:(?=a*b)a)*b", text: `${a}b`, full: `0:${N + 1}`, partial: `0:${N + 1}` },
  { why: "a lookahead passed on every iteration, never decided", pattern: "(?:(?=a*b)a)*b", text: a, full: null, partial: `0:${N}+` },
  { why: "two lookaheads per iteration", pattern: "(?:(?=a*b)(?=a*c)a)*d", text: `${a}d`, full: `${N}:${N + 1}`, partial: `${N}:${N + 1}` },
  { why: "two lookaheads per iteration, never decided", pattern: "(?:(?=a*b)(?=a*c)a)*d", text: a, full: null, partial: `0:${N}+` },
  { why: "two lookaheads passed in turn", pattern: "(?:(?=a*b)a(?=a*c)a)*d", text: `${a}d`, full: `${N}:${N + 1}`, partial: `${N}:${N + 1}` },
  { why: "two lookaheads passed in turn, never decided", pattern: "(?:(?=a*b)a(?=a*c)a)*d", text: a, full: null, partial: `0:${N}+` },
  { why: "a negative and a positive lookahead per iteration", pattern: "(?:(?!a*c)(?=a*b)a)*b", text: `${a}b`, full: `0:${N + 1}`, partial: `0:${N + 1}` },
];

const show = (m: PatternMatch | null, n: number): string | null => (m === null || m.start >= n ? null : `${m.start}:${m.end}${m.partial ? "+" : ""}`);

/** Merged threads: a few per pattern state and code point. Unmerged, one per start: ~N per code point. */
const WORK_PER_CHAR = 40;

/**
 * Searches from 0 as the text grows by `chunk` code units at a time; the last answer and the work done
 * (the search stops once the work exceeds its bound: unmerged threads grow without end).
 */
function streamed(p: CompiledPattern, text: string, partial: boolean, chunk: number): { answer: string | null; work: number } {
  const s = new PatternStream(p);
  const before = Run.work;
  let m: PatternMatch | null = null;
  for (let end = Math.min(chunk, text.length); ; end = Math.min(end + chunk, text.length)) {
    m = s.search(text.slice(0, end), 0, 0, partial);
    if (end === text.length || Run.work - before > WORK_PER_CHAR * text.length) break;
  }
  return { answer: show(m, text.length), work: Run.work - before };
}

describe("lookaheads pending over a long text: recorded answers, linear work", () => {
  for (const r of ROWS) {
    it(`${r.why}: ${r.pattern} on ${r.text.length} characters`, () => {
      const p = compilePattern(r.pattern) as CompiledPattern;
      expect(p.programs(), "runs on the resumable matcher").not.toBeNull();
      for (const chunk of [7, r.text.length]) {
        for (const [partial, expected] of [[false, r.full], [true, r.partial]] as const) {
          const { answer, work } = streamed(p, r.text, partial, chunk);
          expect(work, `work, partial ${partial}, chunks of ${chunk}`).toBeLessThanOrEqual(WORK_PER_CHAR * r.text.length);
          expect(answer, `partial ${partial}, chunks of ${chunk}`).toBe(expected);
        }
      }
    });
  }
});
