// The closure walk of the resumable search (runtime/core/regex/resumable.ts, Run.closure): following the
// zero-width instructions from a state, a lookahead is either decided on the spot (its body matches
// without reading, or cannot match at all) or becomes a condition the path carries; one instruction
// reached with and without a pending condition is two states; a closure that read a lookbehind (also
// inside a lookahead) depends on the text before and is not tabled for other positions. Rows recorded
// with Python's `regex` module 2026.9.29 (`regex.compile(p, regex.DOTALL)`, `search(text)` and
// `search(text, partial=True)`), searched from 0 as the text grows one character at a time, and whole.
import { describe, expect, it } from "vitest";
import { compilePattern } from "../../runtime/translate/index.ts";
import type { CompiledPattern } from "../../runtime/core/regex/pattern.ts";
import { expectRecordedAnswers, type RecordedRow } from "./recorded-rows.ts";

const ROWS: RecordedRow[] = [
  { why: "an instruction reached under a pending lookahead, then without it", pattern: "(?:(?=b)|)a", text: "a", full: "0:1", partial: "0:1" },
  { why: "closures from one instruction with and without a condition that stays pending", pattern: "(?:(?=a*c)|)a+b", text: "aab", full: "0:3", partial: "0:3" },
  { why: "closures with and without the condition, after a false start", pattern: "(?:(?=a*c)|)a+b", text: "xaab", full: "1:4", partial: "1:4" },
  { why: "a lookahead whose body matches without reading", pattern: "x(?=a?)y", text: "xy", full: "0:2", partial: "0:2" },
  { why: "a negative lookahead whose body cannot match here", pattern: "(?!(?<=a))b", text: "abcb", full: "3:4", partial: "3:4" },
  { why: "a lookbehind inside a lookahead: fails first, holds later", pattern: "(?=(?<=b)a)a", text: "ca ba", full: "4:5", partial: "4:5" },
  { why: "a lookbehind inside a lookahead: holds first, fails later", pattern: "(?=(?<=b)a)a", text: "ba ca", full: "1:2", partial: "1:2" },
  // Found by the lookahead property with closures tabled under colliding keys (a closure is keyed by its
  // instruction and its condition): the partial match needs the path under the second lookahead.
  { why: "two lookaheads opening alternatives that meet at one instruction", pattern: "(?:(?=a+?)|(?=aa)a*)(?<=💡)", text: "aa", full: null, partial: "0:2+" },
  // Found by the property with states under different conditions deduplicated under colliding keys
  // (a thread's visit in a step is keyed by its instruction and its condition).
  {
    why: "many conditions pending in one step",
    pattern: String.raw`(?:(?:(?<=💡)(?=a(?=aaa))|(?=a))a*?a\b|(?!a(?=a))(?:(?:(?:(?:.a(?=aaaa)|aaa)a(?=a)|(?=(?<=ab)a)a)(?=aa)a|aa)a+?💡|(?:ab)+(?<=💡)a)(?=(?=aa)a))(?:(?:a|aa)$|(?=a)(?=aaaa))`,
    text: "c",
    full: null,
    partial: "0:1+",
  },
];

describe("the closure walk agrees with the regex module", () => {
  for (const r of ROWS) {
    it(`${r.why}: ${r.pattern} on ${JSON.stringify(r.text)}`, () => {
      // A fresh compilation: closures are tabled per program.
      const p = compilePattern(r.pattern) as CompiledPattern;
      expect(p.programs(), "runs on the resumable matcher").not.toBeNull();
      expectRecordedAnswers(p, r);
    });
  }
});
