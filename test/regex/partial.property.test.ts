// Partial search against a brute-force oracle: with no complete match, a partial match starts at the
// earliest p ≥ pos from which some continuation of the text (drawn from a small alphabet, up to a
// few characters) yields a match that starts at p and runs past the current end.
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { compilePattern } from "../../runtime/translate/index.ts";
import { checkProperty } from "../support/property.ts";

// `maxLength` keeps texts short enough for `depth` to reach every completion (the oracle is bounded).
const CASES: { pattern: string; alphabet: string[]; depth: number; maxLength?: number }[] = [
  { pattern: "ab+c", alphabet: ["a", "b", "c", "x"], depth: 3 },
  { pattern: "(?:ab|cd)e", alphabet: ["a", "b", "c", "d", "e"], depth: 3 },
  { pattern: "a[bc]{2}d", alphabet: ["a", "b", "c", "d"], depth: 4 },
  { pattern: "x(?:yz)?w", alphabet: ["x", "y", "z", "w"], depth: 3 },
  { pattern: "<t>\\s*", alphabet: ["<", "t", ">", " "], depth: 3 },
  { pattern: "(?P<n>[ab]+)=(?P=n)", alphabet: ["a", "b", "="], depth: 3, maxLength: 2 },
  { pattern: "é💡+a", alphabet: ["é", "💡", "a"], depth: 3 },
];

function extensions(alphabet: string[], depth: number): string[] {
  const out: string[] = [];
  let layer = [""];
  for (let d = 0; d < depth; d++) {
    layer = layer.flatMap((w) => alphabet.map((c) => w + c));
    out.push(...layer);
  }
  return out;
}

describe("partial search matches the brute-force oracle", () => {
  for (const { pattern, alphabet, depth, maxLength = 7 } of CASES) {
    it(pattern, () => {
      const p = compilePattern(pattern);
      const exts = extensions(alphabet, depth);
      const oracle = (text: string, pos: number): number | null => {
        for (let q = pos; q <= text.length; q++) {
          if (q > 0 && q < text.length && /[\uDC00-\uDFFF]/.test(text[q]!)) continue;
          for (const w of exts) {
            const m = p.search(text + w, q, false);
            if (m && m.start === q && m.end > text.length) return q;
          }
        }
        return null;
      };
      const text = fc.array(fc.constantFrom(...alphabet), { maxLength }).map((cs) => cs.join(""));
      checkProperty(
        fc.property(text, fc.nat(8), (t, rawPos) => {
          const units = [0, ...[...t].map((_, i) => [...t].slice(0, i + 1).join("").length)];
          const pos = units[rawPos % units.length]!;
          const full = p.search(t, pos, false);
          const got = p.search(t, pos, true);
          if (full) {
            expect(got).toEqual(full);
            return;
          }
          const want = oracle(t, pos);
          expect(got === null ? null : got.start).toBe(want);
          if (got) expect([got.end, got.partial]).toEqual([t.length, true]);
        }),
        150,
      );
    });
  }
});

describe("partial search work", () => {
  // Two left-to-right searches (one full, one partial), never a re-scan from every start: on a long text
  // with no match and a partial match at its very end, the number of regex searches is the same for 4 kB as
  // for 1 MB. The work is counted (RegExp exec/test calls), not timed; timing belongs to `npm run bench`.
  // [pattern, the text's end, where the partial match starts (characters from the end)]
  const CASES: [pattern: string, tail: string, fromEnd: number][] = [
    ["<tool_call>\\s*<function=(?P<name>\\w+)>", "<tool_", 6],
    ["<\\|channel\\|>commentary to=functions\\.(?P<name>\\w+).*?<\\|message\\|>", "<|channel|>comm", 15],
    ["\\s*(?:<\\|im_end\\|>|<\\|endoftext\\|>)", " <|im_e", 8], // from the filler's last newline
  ];
  function searches(pattern: string, text: string) {
    const p = compilePattern(pattern);
    const exec = vi.spyOn(RegExp.prototype, "exec");
    const test = vi.spyOn(RegExp.prototype, "test");
    try {
      const m = p.search(text, 0, true);
      return { m, searches: exec.mock.calls.length + test.mock.calls.length };
    } finally {
      exec.mockRestore();
      test.mockRestore();
    }
  }
  it.each(CASES)("%s: a partial match at the end of 1 MB after two searches", (pattern, tail, fromEnd) => {
    const filler = "lorem ipsum <tool dolor <|chan sit amet\n";
    const small = searches(pattern, filler.repeat(100) + tail);
    const large = searches(pattern, filler.repeat(25_000) + tail);
    const text = filler.repeat(25_000) + tail;
    expect(large.m).toEqual({ start: text.length - fromEnd, end: text.length, partial: true, groups: expect.any(Object) });
    expect([small.searches, large.searches]).toEqual([2, 2]);
  });
});
