// A lookahead inside a lookahead (runtime/core/regex/resumable.ts): the outer body's states carry the inner
// lookahead's pending condition, and body states are interned by their threads' instructions *and*
// conditions: two states at the same instructions whose inner lookahead has progressed differently (or
// has been decided) must stay apart. Rows recorded with Python's `regex` module 2026.9.29
// (`regex.compile(p, regex.DOTALL)`, `search(text)` and `search(text, partial=True)`), searched from 0 as
// the text grows one character at a time, as a parser's buffer does, and whole.
import { describe, expect, it } from "vitest";
import { compilePattern } from "../../runtime/translate/index.ts";
import type { CompiledPattern } from "../../runtime/core/regex/pattern.ts";
import { expectRecordedAnswers, type RecordedRow } from "./recorded-rows.ts";

const ROWS: RecordedRow[] = [
  { why: "the inner lookahead progresses while the outer body stays on its loop", pattern: "x(?=(?=aab)a*b)", text: "zxaabx", full: "1:2", partial: "1:2" },
  { why: "the inner lookahead progresses (the text ends inside it)", pattern: "x(?=(?=aab)a*b)", text: "xaa", full: null, partial: "0:3+" },
  { why: "the inner lookahead is decided while the outer body stays on its loop", pattern: "x(?=(?=ab)[abc]*c)", text: "zxabcx", full: "1:2", partial: "1:2" },
  { why: "the inner lookahead is decided (the text ends inside the outer one)", pattern: "x(?=(?=ab)[abc]*c)", text: "xab", full: null, partial: "0:3+" },
  { why: "three nested lookaheads opened at every position", pattern: "(?=(?=(?=aa)))", text: "abbbxbaxa", full: null, partial: "8:9+" },
  { why: "three nested lookaheads opened at every position (decided)", pattern: "(?=(?=(?=aa)))", text: "abbbxbaxaa", full: "8:8", partial: "8:8" },
];

describe("nested lookaheads agree with the regex module", () => {
  for (const r of ROWS) {
    it(`${r.why}: ${r.pattern} on ${JSON.stringify(r.text)}`, () => {
      // A fresh compilation: how body states are interned depends on what the program met before.
      const p = compilePattern(r.pattern) as CompiledPattern;
      expect(p.programs(), "runs on the resumable matcher").not.toBeNull();
      expectRecordedAnswers(p, r);
    });
  }
});
