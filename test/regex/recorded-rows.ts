// Rows recorded with Python's `regex` module (`regex.compile(p, regex.DOTALL)`, `search(text)` and
// `search(text, partial=True)`), and the check several resumable-matcher tests make of them.
import { expect } from "vitest";
import { PatternStream } from "../../runtime/core/regex/pattern-stream.ts";
import type { CompiledPattern } from "../../runtime/core/regex/pattern.ts";
import type { PatternMatch } from "../../runtime/core/regex/api.ts";

export interface RecordedRow {
  why: string;
  pattern: string;
  text: string;
  /** The module's search and partial search: "start:end", a partial match with "+", or null. */
  full: string | null;
  partial: string | null;
}

const show = (m: PatternMatch | null, n: number): string | null => (m === null || m.start > n ? null : `${m.start}:${m.end}${m.partial ? "+" : ""}`);

/** The row's answers, searched from 0 as the text grows one code unit at a time, as a parser's buffer does, and whole. */
export function expectRecordedAnswers(p: CompiledPattern, r: RecordedRow): void {
  for (const [partial, expected] of [[false, r.full], [true, r.partial]] as const) {
    const s = new PatternStream(p);
    let m: PatternMatch | null = null;
    for (let end = 1; end <= r.text.length; end++) m = s.search(r.text.slice(0, end), 0, 0, partial);
    expect(show(m, r.text.length), `partial ${partial}, one character at a time`).toBe(expected);
    expect(show(new PatternStream(p).search(r.text, 0, 0, partial), r.text.length), `partial ${partial}, whole`).toBe(expected);
  }
}
