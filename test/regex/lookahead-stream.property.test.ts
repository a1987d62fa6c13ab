// Lookaheads in the resumable search (runtime/core/regex/resumable.ts): a pending lookahead is a condition a
// thread carries, its body's threads advanced with the text, and decided as if the text ended where it
// ends. The library's delimiters use few lookaheads (`$` is one, `\b` two), so this property generates
// patterns made of them — nested, negated, side by side, with `$`, `\b` and lookbehinds inside, under
// repeats and alternations — and drives a PatternStream over texts of a few characters the way the engine
// does (chunks, the read position moving on, the front dropped down to the lookbehind), with the RegExp's
// window search off so that the runs answer every search, also the last on a short text. Every answer must
// be what `pattern.search` answers on the whole text (the pattern's RegExp, itself checked against the
// `regex` module by the recorded rows), and no complete match may need the RegExp's correction
// (PatternStream.disagreements), which would otherwise hide a wrong end.
// PROPERTY_RUNS and PROPERTY_SEED set the run count (default 600) and the seed (test/support/property.ts).
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { checkProperty, propertyRuns, Tally } from "../support/property.ts";
import { compilePattern } from "../../runtime/translate/index.ts";
import { PatternStream } from "../../runtime/core/regex/pattern-stream.ts";
import { PatternMatcher, type CompiledPattern } from "../../runtime/core/regex/pattern.ts";
import type { PatternMatch } from "../../runtime/core/regex/api.ts";
import { driveLikeEngine } from "./drive-stream.ts";

const RUNS = 600;

const ATOMS = ["a", "b", "c", ".", "[ab]", "[^a]", "💡", "\\s"];
const ZERO_WIDTH = ["$", "\\Z", "\\b", "\\B", "(?<=a)", "(?<!b)", "(?<=💡)", "(?<=ab)"];

/** Python patterns, most with a lookahead somewhere (often one inside another). */
const { pattern: patternArb } = fc.letrec<{ pattern: string; node: string }>((tie) => ({
  pattern: fc.array(tie("node"), { minLength: 1, maxLength: 4 }).map((xs) => xs.join("")),
  node: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(...ATOMS),
    fc.constantFrom(...ZERO_WIDTH),
    fc.tuple(fc.constantFrom("(?=", "(?!"), tie("pattern")).map(([open, body]) => `${open}${body})`),
    fc.tuple(fc.constantFrom("(?=", "(?!"), tie("pattern")).map(([open, body]) => `${open}${body})`),
    fc.tuple(tie("pattern"), tie("pattern")).map(([a, b]) => `(?:${a}|${b})`),
    fc.tuple(fc.constantFrom(...ATOMS, "(?:ab)", "(?:a|a)", "(?:a|ab)"), fc.constantFrom("*", "+", "?", "*?", "+?", "{2}")).map(([a, q]) => `${a}${q}`),
  ),
}));

const PIECES = ["a", "b", "c", "ab", "ba", "abc", "💡", " ", "\n", "aaaa"];
const textArb = fc.array(fc.constantFrom(...PIECES), { maxLength: 10 }).map((xs) => xs.join(""));

/** A step: append `add` code units (whole code points), then maybe move the read position and drop the front. */
const step = fc.record({ add: fc.nat(5), move: fc.nat(2), trim: fc.boolean() });

const tally = new Tally<string>();

function compiled(source: string): CompiledPattern | null {
  try {
    const p = compilePattern(source) as CompiledPattern;
    return p.programs() === null ? null : p;
  } catch {
    return null; // refused (e.g. a repeat of something that can match empty, or Python's "nothing to repeat")
  }
}

function show(m: PatternMatch | null, n: number, partial: boolean): string | null {
  if (m === null) return null;
  // A pending complete match (it may still grow) comes without groups; these patterns have none anyway.
  return `${m.start}-${m.end}${m.partial ? " partial" : ""}${partial && !m.partial && m.end === n ? " (pending)" : ""}`;
}

function drive(source: string, pattern: CompiledPattern, text: string, steps: readonly { add: number; move: number; trim: boolean }[]): void {
  const stream = new PatternStream(pattern);
  driveLikeEngine(text, steps, pattern.lookbehind, ({ buf, base, pos, fed, eos }, s) => {
    const partial = !eos;
    const rp = base + pos; // read position (stream offset)
    const all = text.slice(0, fed);
    const expected = pattern.search(all, rp, partial);
    const actual = stream.search(buf, base, pos, partial);
    const shifted = actual && { ...actual, start: actual.start + base, end: actual.end + base };
    const where = `${JSON.stringify(source)} on ${JSON.stringify(all)} from ${rp} (buffer from ${base}, partial ${partial})`;
    expect(show(shifted, fed, partial), where).toBe(show(expected, fed, partial));
    tally.add(expected === null ? "null" : expected.partial ? "partial" : partial && expected.end === fed ? "pending" : "complete");
    if (base > 0) tally.add("front dropped");
    if (s.move === 1) return (expected === null ? fed : expected.partial || expected.end === fed ? Math.max(rp, expected.start) : Math.max(rp, expected.end)) - base;
    if (s.move === 2 && rp < fed) return pos + (isLead(buf.charCodeAt(pos)) ? 2 : 1);
    return pos;
  });
}

describe("lookaheads in the resumable search", () => {
  it("answer what pattern.search answers on the whole text, call after call", () => {
    const before = PatternStream.disagreements;
    const windowable = vi.spyOn(PatternMatcher.prototype, "windowable").mockReturnValue(false);
    let resumable = 0;
    try {
      checkProperty(
        fc.property(patternArb, textArb, fc.array(step, { minLength: 1, maxLength: 8 }), (source, text, steps) => {
          const pattern = compiled(source);
          fc.pre(pattern !== null);
          resumable++;
          if (/\(\?[=!][^)]*\(\?[=!]/.test(source)) tally.add("nested lookahead");
          drive(source, pattern, text, steps);
        }),
        RUNS,
        { maxSkipsPerRun: 1000 },
      );
    } finally {
      windowable.mockRestore();
    }
    expect(PatternStream.disagreements - before).toBe(0);
    // Each kind of answer is met (the counts scale with PROPERTY_RUNS).
    const runs = propertyRuns(RUNS);
    expect(resumable).toBeGreaterThanOrEqual(runs);
    for (const k of ["null", "partial", "pending", "complete", "front dropped", "nested lookahead"]) {
      expect(tally.get(k), `${k}: ${tally}`).toBeGreaterThan(runs / 50);
    }
  });
});

function isLead(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}
