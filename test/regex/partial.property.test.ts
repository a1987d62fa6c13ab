// Partial search against a brute-force oracle: with no complete match, a partial match starts at the
// earliest p ≥ pos from which some continuation of the text (drawn from a small alphabet, up to a
// few characters) yields a match that starts at p and runs past the current end.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compilePattern } from "../../packages/response-template/translate/index.ts";

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
      fc.assert(
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
        { numRuns: 150 },
      );
    });
  }
});

describe("partial search cost", () => {
  // Two left-to-right searches, never a re-scan from every start: a long text with no match and a
  // partial match at its very end takes about as long as one ordinary search.
  it.each(["<tool_call>\\s*<function=(?P<name>\\w+)>", "<\\|channel\\|>commentary to=functions\\.(?P<name>\\w+).*?<\\|message\\|>", "\\s*(?:<\\|im_end\\|>|<\\|endoftext\\|>)"])(
    "%s on 1 MB",
    (pattern) => {
      const p = compilePattern(pattern);
      const text = "lorem ipsum <tool dolor <|chan sit amet\n".repeat(25_000) + pattern.slice(0, 6).replace(/\\/g, "");
      const t0 = performance.now();
      const m = p.search(text, 0, true);
      const ms = performance.now() - t0;
      expect(m?.partial ?? true).toBe(true);
      expect(ms).toBeLessThan(2000);
    },
  );
});
