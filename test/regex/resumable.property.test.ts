// The resumable search (runtime/core/regex/pattern-stream.ts, over resumable.ts) answers exactly what the
// RegExp search answers, call after call, as a parser's buffer grows, its read position moves and its
// front is dropped: for every library delimiter pattern and every recorded conformance pattern it can run,
// on texts made of the pattern's own pieces, near-misses, whitespace and astral characters.
// PROPERTY_RUNS and PROPERTY_SEED set the run count (default 400) and the seed (test/support/property.ts).
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkProperty } from "../support/property.ts";
import { compilePattern } from "../../runtime/translate/index.ts";
import { PatternStream } from "../../runtime/core/regex/pattern-stream.ts";
import type { CompiledPattern } from "../../runtime/core/regex/pattern.ts";
import type { PatternMatch } from "../../runtime/core/regex/api.ts";
import { libraryPatterns } from "../templates/support.ts";
import { hf } from "../conformance/paths.ts";
import { driveLikeEngine } from "./drive-stream.ts";


function conformancePatterns(): { pattern: string; hays: string[] }[] {
  const out: { pattern: string; hays: string[] }[] = [];
  for (const f of ["regex-0.jsonl", "regex-1.jsonl", "regex-2.jsonl"]) {
    for (const line of readFileSync(hf(f), "utf8").split("\n")) {
      if (!line.trim()) continue;
      const row = JSON.parse(line) as { pattern: string; python: string; results?: { hay: string }[] };
      if (row.python === "ok" && row.results) out.push({ pattern: row.pattern, hays: row.results.map((r) => r.hay) });
    }
  }
  return out;
}

const EXTRA = ["(a+)+$", "a.*?b", "x\\b", "(?=ab)a", "a(?!b)", "\\s*$", "(?i)abc", "[^\\n]+?\\n", "é💡+a", "a{2,4}?b", "(?<=a)b", "(?:a|b)*?c"];

interface Case {
  pattern: CompiledPattern;
  source: string;
  pieces: string[];
}

const cases: Case[] = [];
const notResumable: string[] = [];
for (const { pattern, hays } of [
  ...libraryPatterns().map((p) => ({ pattern: p, hays: [] as string[] })),
  ...EXTRA.map((p) => ({ pattern: p, hays: [] as string[] })),
  ...conformancePatterns(),
]) {
  let compiled: CompiledPattern;
  try {
    compiled = compilePattern(pattern) as CompiledPattern;
  } catch {
    continue;
  }
  if (compiled.programs() === null) {
    notResumable.push(pattern);
    continue;
  }
  // Pieces: the pattern's literal runs and their prefixes, pieces of recorded haystacks, and noise.
  const literals = pattern.replace(/\\[sdwSDWbBZAG]|\(\?P?<\w+>|\(\?[:=!<]+|[()[\]{}*+?|^$\\]/g, " ").split(/\s+/).filter(Boolean);
  const hayBits = hays.flatMap((h) => Array.from(h)).slice(0, 40);
  cases.push({
    pattern: compiled,
    source: pattern,
    pieces: [...literals, ...literals.map((l) => l.slice(0, Math.max(1, l.length - 2))), ...hayBits, " ", "\n", "  ", "a", "x", "<", ">", "|", "💡", "é", "[", "]", '"'],
  });
}

/** A step of the driver: append text, then maybe move the read position and drop the front of the buffer. */
const step = fc.record({ add: fc.nat(6), move: fc.boolean(), trim: fc.boolean(), bound: fc.option(fc.nat(12)) });

describe("resumable pattern search", () => {
  it(`covers the library and the conformance patterns (${cases.length} resumable, ${notResumable.length} RegExp-only)`, () => {
    // RegExp-only: backreferences (which also stand for atomic groups and possessive repeats), \G, \K,
    // repeats of something that can match empty. They stay few.
    expect(notResumable.length).toBeLessThan(40);
    expect(cases.length).toBeGreaterThan(1500);
  });

  it("answers what the RegExp answers, call after call", () => {
    const before = PatternStream.disagreements;
    checkProperty(
      fc.property(
        fc.nat(cases.length - 1),
        fc.array(fc.nat(64), { maxLength: 16 }),
        fc.array(step, { minLength: 1, maxLength: 12 }),
        (which, picks, steps) => {
          const c = cases[which]!;
          const text = picks.map((k) => c.pieces[k % c.pieces.length]).join("");
          const stream = new PatternStream(c.pattern);
          driveLikeEngine(text, steps, c.pattern.lookbehind, ({ buf, base, pos, eos }, s) => {
            const upTo = eos || s.bound === null ? Infinity : pos + s.bound;
            const expected = c.pattern.search(buf, pos, !eos);
            const actual = stream.search(buf, base, pos, !eos, undefined, upTo);
            const show = (m: PatternMatch | null) =>
              m && `${m.start}-${m.end}${m.partial ? " partial" : ""} ${!eos && !m.partial && m.end === buf.length ? "(pending)" : JSON.stringify(m.groups)}`;
            // With a bound, an answer that starts after it may be dropped (the caller has something earlier).
            const beyond = (m: PatternMatch | null) => m === null || m.start > upTo;
            if (!(beyond(expected) && beyond(actual))) {
              expect(show(actual), `${JSON.stringify(c.source)} on ${JSON.stringify(buf)} from ${pos}`).toBe(show(expected));
            }
            if (!s.move) return pos;
            if (!expected) return buf.length;
            return Math.max(pos, !expected.partial && expected.end < buf.length ? expected.end : expected.start);
          });
        },
      ),
      400,
    );
    expect(PatternStream.disagreements - before).toBe(0);
  });
});
