// The engine's quiet scan asks a pattern's stream, after an idle search, what a match starting at the
// text's last code point would be (PatternStream.lastAnswer, from runtime/core/regex/resumable.ts's
// lastCodePointAnswer): a table filled as runs stand lazily before a last code point, per program, so
// every stream (every parser) of the pattern shares it. "unknown" makes the scan fall back to a search.
// The partial answers below are the `regex` module's (2026.9.29): search("hello <", partial=True) is a
// partial match at 6:7, search("hi x", partial=True) one at 4:4 (the empty end). The tables are bounded:
// past 50,000 interned lookahead states they start over, and what they knew is forgotten.
import { describe, expect, it } from "vitest";
import { compilePattern } from "../../runtime/translate/index.ts";
import { PatternStream } from "../../runtime/core/regex/pattern-stream.ts";
import type { CompiledPattern } from "../../runtime/core/regex/pattern.ts";

const LT = 0x3c;

describe("last-code-point answers of the resumable search", () => {
  it("unknown until a stream of the pattern has met them, then shared by every stream of it", () => {
    // Its own pattern: no other test in this file searched it.
    const p = compilePattern("<tool>") as CompiledPattern;
    expect(new PatternStream(p).lastAnswer(LT, 1)).toBe("unknown");

    const first = new PatternStream(p);
    expect(first.search("hello <", 0, 0, true)).toMatchObject({ start: 6, end: 7, partial: true });
    expect(first.idle()).toBe(true);
    expect(first.lastAnswer(LT, 1)).toBe("pending");
    // Pending from a code point the scan says lies before its window: not pending there.
    expect(first.lastAnswer(LT, 0)).toBe("none");

    // Another parser's stream, which has searched text of its own, knows it too.
    const second = new PatternStream(p);
    expect(second.search("hi x", 0, 0, true)).toMatchObject({ start: 4, end: 4, partial: true });
    expect(second.idle()).toBe(true);
    expect(second.lastAnswer(LT, 1)).toBe("pending");
  });

  it("forgotten when a long stream has met more lookahead states than the tables keep", () => {
    const p = compilePattern("x(?=[ab]*a[ab]{16}c)") as CompiledPattern;
    const first = new PatternStream(p);
    expect(first.search("zzx", 0, 0, true)).toMatchObject({ start: 2, end: 3, partial: true });
    expect(first.lastAnswer(0x78, 1)).toBe("pending");
    // After "x", the lookahead's body state is where its last 17 `a`s and `b`s put it: a pseudo-random
    // stream meets tens of thousands of them (no `c`, no match), more than the 50,000 conditions and body
    // states the tables keep.
    let text = "x";
    for (const bit of bits(40000)) text += bit ? "a" : "b";
    expect(new PatternStream(p).search(text, 0, 0, false)).toBeNull();
    expect(first.lastAnswer(0x78, 1)).toBe("unknown");
  });
});

/** A fixed pseudo-random bit sequence (mulberry32). */
function* bits(n: number): Generator<number> {
  let seed = 7;
  for (let i = 0; i < n; i++) {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    yield ((t ^ (t >>> 14)) >>> 0) & 1;
  }
}
