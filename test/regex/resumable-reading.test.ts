// How a resumable run (runtime/core/regex/resumable.ts, Run.advance and Run.answer) reads the text and what it
// leaves behind, through PatternStream as the engine calls it: a bounded read that must go on past a
// stretch where no thread runs, the candidate test's cache next to a lone leading surrogate, the
// last-code-point tables once the buffer's front is dropped, and the idle state (PatternStream.idle, which
// the engine's quiet scan relies on) after a search whose only candidate is the text's last code point.
// Expected answers recorded with Python's `regex` 2026.9.29 (`regex.search(p, t, partial=…)`, DOTALL),
// offsets in UTF-16 code units.
import { afterEach, describe, expect, it, vi } from "vitest";
import { compilePattern } from "../../runtime/translate/index.ts";
import { PatternStream } from "../../runtime/core/regex/pattern-stream.ts";
import { CompiledPattern, PatternMatcher } from "../../runtime/core/regex/pattern.ts";
import type { PatternMatch } from "../../runtime/core/regex/api.ts";
import { Run } from "../../runtime/core/regex/resumable.ts";

const compiled = (source: string) => compilePattern(source) as CompiledPattern;
const span = (m: PatternMatch | null) => m && [m.start, m.end, m.partial];

/** The runs alone: short texts would otherwise be searched by the RegExp (PatternMatcher.windowable). */
function runsOnly(): void {
  vi.spyOn(PatternMatcher.prototype, "windowable").mockReturnValue(false);
}
afterEach(() => {
  vi.restoreAllMocks();
});

describe("a bounded read (upTo)", () => {
  it("goes on past positions where no thread runs while a match may still start at or before the bound", () => {
    runsOnly();
    // `(?<=a)b?` can match without reading (no candidate skipping): at 1 the thread started there dies at
    // once, and nothing runs; the match at 2 starts at the bound. regex: (2, 3).
    const pattern = compiled("(?<=a)b?");
    expect(pattern.programs()).not.toBeNull();
    for (const partial of [false, true]) {
      expect(span(new PatternStream(pattern).search("xab", 0, 0, partial, undefined, 2)), `partial ${partial}`).toEqual([2, 3, false]);
    }
  });

  it("does not take a candidate next to a lone leading surrogate for cleared when the pair completes", () => {
    runsOnly();
    // `a💡`: the `a` at 1 is followed by half a pair, which its candidate test cannot accept yet; a search
    // bounded at 0 stops there. Once the pair is whole, the match at 1 is found. regex on "xa💡": (1, 3)
    // in code points, 1..4 in code units (pending: it ends at the end of the text).
    const pattern = compiled("a💡");
    const stream = new PatternStream(pattern);
    stream.search("xa\uD83D", 0, 0, true, undefined, 0);
    expect(span(stream.search("xa💡", 0, 0, true))).toEqual([1, 4, false]);
  });
});

describe("the last code point's answer", () => {
  it("is read at the buffer's offset once its front is dropped", () => {
    // `a|bc` on text ending in `b` is a partial match there, ending in `a` a complete one; the buffer
    // starts at stream offset 5 (its front dropped). regex on "yyyyyxxb" partial: (7, 8) partial; on
    // "yyyyyxxa": (7, 8) complete. Both answers come from the tables of the text's last code point.
    const pattern = compiled("a|bc");
    expect(span(new PatternStream(pattern).search("xxb", 5, 0, true))).toEqual([2, 3, true]);
    expect(span(new PatternStream(pattern).search("xxa", 5, 0, true))).toEqual([2, 3, false]);
    expect(span(new PatternStream(pattern).search("xxb", 5, 0, true))).toEqual([2, 3, true]);
  });

  it("is remembered for up to 4,096 code points per program, then the table starts over (bounded memory)", () => {
    // Any code point but a newline may begin `[^\n]x`: a text of one code point is a partial match there.
    const pattern = compiled("[^\\n]x");
    const learn = (cp: number) => expect(span(new PatternStream(pattern).search(String.fromCodePoint(cp), 0, 0, true))).toEqual([0, 1, true]);
    const stream = new PatternStream(pattern);
    const FIRST = 0x4e00;
    for (let cp = FIRST; cp < FIRST + 4096; cp++) learn(cp);
    expect(stream.lastAnswer(FIRST, 1)).toBe("pending");
    expect(stream.lastAnswer(FIRST + 4095, 1)).toBe("pending");
    for (let cp = FIRST + 4096; cp < FIRST + 4200; cp++) learn(cp);
    expect(stream.lastAnswer(FIRST, 1)).toBe("unknown");
    expect(stream.lastAnswer(FIRST + 4199, 1)).toBe("pending");
  });
});

describe("Run.work (the matcher's work, which the linear-time tests bound)", () => {
  // It counts, besides the threads advanced, each code unit the candidate test scans: once, up to the
  // candidate it finds. Full searches of texts longer than the native window (the runs answer).
  it("counts the stretch scanned up to a candidate, wherever the buffer starts", () => {
    const pattern = compiled("<tool_call>");
    const text = "x".repeat(1000) + "<tool_call>";
    const before = Run.work;
    expect(span(new PatternStream(pattern).search(text, 500, 0, false))).toEqual([1000, 1011, false]);
    const work = Run.work - before;
    expect(work).toBeGreaterThanOrEqual(1000);
    expect(work).toBeLessThan(40 * text.length);
  });

  it("stays linear with a candidate every few code units (no rescans to the end)", () => {
    const pattern = compiled("<tool_call>");
    const text = "<tox".repeat(2000);
    const before = Run.work;
    expect(new PatternStream(pattern).search(text, 0, 0, false)).toBeNull();
    expect(Run.work - before).toBeLessThan(40 * text.length);
  });
});

describe("PatternStream.idle after a search whose only candidate is the last code point", () => {
  // `<tool_call>` on `a<b<`: the `<` at 1 is a false start, the one at 3 a partial match (regex: (3, 4)
  // partial) that the next code point decides. Nothing else runs: the search is idle (the quiet scan may
  // skip to the new text), first while the tables learn the answer for `<`, then from them, also with the
  // buffer's front dropped.
  const texts: [string, number][] = [
    ["a<b<", 0],
    ["x<y<", 0],
    // `<to` passes the candidate test: the run reads `<tox`, then stands before the last `<` as lazily as a
    // run that skipped there (the answer for `<` is tabled by now: nothing makes it lazy again).
    ["a<tox<", 0],
    ["a<b<", 9],
    ["<b<", 7],
  ];
  it("holds, with the partial match from the last code point as the answer", () => {
    const pattern = compiled("<tool_call>");
    for (const [text, base] of texts) {
      const stream = new PatternStream(pattern);
      const m = stream.search(text, base, 0, true);
      expect(span(m), text).toEqual([text.length - 1, text.length, true]);
      expect(stream.idle(), `${text} from ${base}`).toBe(true);
    }
  });

  it("holds with the runs alone", () => {
    runsOnly();
    const pattern = compiled("<tool_call>");
    for (const [text, base] of texts) {
      const stream = new PatternStream(pattern);
      expect(span(stream.search(text, base, 0, true)), text).toEqual([text.length - 1, text.length, true]);
      expect(stream.idle(), `${text} from ${base}`).toBe(true);
    }
  });
});
