// Run.work (runtime/core/regex/resumable.ts) is what the linear-time tests bound: it must count every thread a
// step advances, or a search whose threads pile up would pass those bounds. `[ab]*c` over a text of a's
// and b's keeps two threads (at `[ab]` and at `c`) for each code point, started at 0: at least two units
// per code point. No match (`regex` 2026.9.29: `regex.search(r"[ab]*c", "ab" * 500)` is None).
import { describe, expect, it } from "vitest";
import { compilePattern } from "../../runtime/translate/index.ts";
import { PatternStream } from "../../runtime/core/regex/pattern-stream.ts";
import { Run } from "../../runtime/core/regex/resumable.ts";
import type { CompiledPattern } from "../../runtime/core/regex/pattern.ts";

describe("Run.work counts the threads each step advances", () => {
  it("two threads per code point: at least two units per code point", () => {
    const pattern = compilePattern("[ab]*c") as CompiledPattern;
    expect(pattern.programs(), "runs on the resumable matcher").not.toBeNull();
    const text = "ab".repeat(500);
    const before = Run.work;
    expect(new PatternStream(pattern).search(text, 0, 0, false)).toBeNull();
    expect(Run.work - before).toBeGreaterThanOrEqual(2 * text.length);
  });
});
