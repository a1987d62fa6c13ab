// LiteralsSearch's answers to the quiet scan (runtime/core/engine/scan.ts), as DelimiterSearch documents them:
// idle() — after the last search nothing was found and nothing is pending but, at most, a literal's first
// character at the very end of the text — and lastAnswer(cp) — whether a match would be pending from a
// last code point `cp`, or none, or unknown (a one-character literal: a complete match). The scanner
// takes its shortcut only when every search is idle, and holds the last code point back when a search
// answers pending: a wrong "pending" holds a character back that the reference emits.

import { describe, expect, it } from "vitest";
import { LiteralsSearch } from "../../runtime/core/engine/delimiters.ts";

const cp = (c: string) => c.codePointAt(0)!;

function idleAfter(literals: string[], text: string): boolean {
  const search = new LiteralsSearch(literals);
  search.search(text, 0, 0, true);
  return search.idle();
}

describe("LiteralsSearch.idle", () => {
  it("is idle when nothing was found or pending", () => {
    expect(idleAfter(["<tool>"], "plain text")).toBe(true);
  });

  it("is idle when only a literal's first character ends the text", () => {
    expect(idleAfter(["<tool>"], "plain text <")).toBe(true);
  });

  it("is not idle when a longer prefix is pending, at the start of the text or after it", () => {
    expect(idleAfter(["<tool>"], "a <to")).toBe(false);
    expect(idleAfter(["<tool>"], "<to")).toBe(false);
  });

  it("is not idle after a complete match", () => {
    expect(idleAfter(["<tool>"], "a <tool> b")).toBe(false);
  });
});

describe("LiteralsSearch.lastAnswer", () => {
  const search = new LiteralsSearch(["<tool>", "<t", "🔧c"]);

  it("pending when the code point begins a longer literal", () => {
    expect(search.lastAnswer(cp("<"))).toBe("pending");
    expect(search.lastAnswer(cp("🔧"))).toBe("pending");
  });

  it("none when it begins no literal", () => {
    expect(search.lastAnswer(cp("x"))).toBe("none");
    expect(search.lastAnswer(cp("t"))).toBe("none");
  });

  it("unknown when it is a whole literal (a complete match the search must weigh)", () => {
    expect(new LiteralsSearch(["<tool>", "<"]).lastAnswer(cp("<"))).toBe("unknown");
    expect(new LiteralsSearch(["🔧"]).lastAnswer(cp("🔧"))).toBe("unknown");
  });
});
