// Which patterns the native window search may run (PatternMatcher.windowable): only those whose RegExp
// backtracks at most linearly from a start (program.ts backtracksLinearly), or a window search could take
// quadratic time. The rule: a repeat that chooses among more than two counts must repeat one character
// test that rejects every literal code point that may follow it (or the end of the pattern); alternatives
// (an optional item is one with an empty branch) and lookaheads are checked inside.
// Each row turns on one step of that rule.
import { describe, expect, it } from "vitest";
import { compilePattern } from "../../runtime/translate/index.ts";
import type { CompiledPattern } from "../../runtime/core/regex/pattern.ts";

const ROWS: { why: string; pattern: string; windowable: boolean }[] = [
  { why: "what may follow a repeat is read through the repeat after it", pattern: "a*b*c", windowable: true },
  { why: "a repeat that must run once is followed by its body alone", pattern: "a*b+a", windowable: true },
  { why: "a fixed count chooses nothing, whatever follows", pattern: "xa{2}\\s", windowable: true },
  { why: "a fixed count chooses nothing, even before what it accepts", pattern: "a{2}a", windowable: true },
  { why: "nothing can follow a repeat before (*FAIL)", pattern: "xa*(*F)", windowable: true },
  { why: "a single count chooses nothing, whatever it repeats", pattern: "x(?:ab){1}y", windowable: true },
  { why: "an optional item (an alternative with an empty branch) lets what follows it follow the repeat before", pattern: "a*b?a*c", windowable: false },
  { why: "a repeat that may run no time lets what follows it follow the repeat before", pattern: "a*c*a*d", windowable: false },
  { why: "a lookahead does not bound what follows a repeat", pattern: "a*(?!b)a*c", windowable: false },
  { why: "every alternative is checked", pattern: "x(?:a*a*c|b)", windowable: false },
  { why: "a lookahead's body is checked", pattern: "x(?=a*a*c)", windowable: false },
];

describe("a RegExp is run over a window only when it backtracks linearly from a start", () => {
  for (const r of ROWS) {
    it(`${r.why}: ${r.pattern}`, () => {
      expect((compilePattern(r.pattern) as CompiledPattern).windowable()).toBe(r.windowable);
    });
  }
});
