// A lone leading surrogate next to the read position (runtime/core/regex/pattern-stream.ts, PatternStream.search).
// A search from between the halves of a pair starts at the pair, as a RegExp with flag v does; after a
// lone leading surrogate there is no pair, and the search starts where it is asked to. Rows recorded with
// Python's `regex` module (`regex.compile(".", regex.DOTALL).search(text, pos, partial=…)`).
import { describe, expect, it } from "vitest";
import { compilePattern } from "../../runtime/translate/index.ts";
import { PatternStream } from "../../runtime/core/regex/pattern-stream.ts";
import type { CompiledPattern } from "../../runtime/core/regex/pattern.ts";

const ROWS: { text: string; pos: number; partial: boolean; expected: [number, number] | null }[] = [
  { text: "\uD800a", pos: 1, partial: false, expected: [1, 2] },
  { text: "\uD800a", pos: 1, partial: true, expected: [1, 2] },
  { text: "\uD800a", pos: 0, partial: false, expected: [0, 1] },
  { text: "a\uD800", pos: 1, partial: false, expected: [1, 2] },
];

describe("PatternStream next to a lone leading surrogate", () => {
  for (const r of ROWS) {
    it(`. in ${JSON.stringify(r.text)} from ${r.pos}, partial ${r.partial}`, () => {
      const m = new PatternStream(compilePattern(".") as CompiledPattern).search(r.text, 0, r.pos, r.partial);
      expect(m && [m.start, m.end]).toEqual(r.expected);
    });
  }
});
