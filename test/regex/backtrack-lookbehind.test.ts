// Lookbehinds in patterns that need the backtracking matcher (a bounded repeat of a backreference):
// the lookbehind runs as one JS assertion, and the groups inside a positive one still capture, as in
// the module. Expected values recorded with Python's `regex` 2026.9.29 (regex.search(p, s, regex.DOTALL)).
import { describe, expect, it } from "vitest";
import { compilePattern, translatePattern, UnsupportedPatternError } from "../../runtime/translate/index.ts";

const REPEAT = "(?:(?P<y>c)(?P=y)){1,2}"; // makes the pattern need the backtracking matcher

describe("lookbehinds next to a repeat of a backreference", () => {
  it.each([
    [`(?<=(?P<x>a))b${REPEAT}`, "abcc", [1, 4, { x: "a", y: "c" }]],
    [`(?<=(?P<backref>a))b${REPEAT}`, "abcc", [1, 4, { backref: "a", y: "c" }]],
    [`(?<=(?P<x>a))b${REPEAT}(?P=x)`, "abcca", [1, 5, { x: "a", y: "c" }]],
    [`(?<=(?P<x>a))b${REPEAT}(?P=x)`, "abccb", null],
    [`(?<!(?P<x>z))b${REPEAT}`, "abcc", [1, 4, { x: null, y: "c" }]],
    [`(?<=(?P<x>a)|(?P<w>q))b${REPEAT}`, "qbcc", [1, 4, { x: null, w: "q", y: "c" }]],
    [`(?<=(?P<x>a+))b${REPEAT}`, "aaabcc", [3, 6, { x: "aaa", y: "c" }]],
    [`(?<=(?P<x>[ab])(?P<z>.))c${REPEAT}`, "xabccc", [3, 6, { x: "a", z: "b", y: "c" }]],
  ] as const)("%s on %j", (pattern, text, expected) => {
    expect(translatePattern(pattern).backtrack).not.toBeNull();
    const m = compilePattern(pattern).search(text, 0, false);
    expect(m && [m.start, m.end, m.groups]).toEqual(expected);
  });

  it("refuses a backreference inside the lookbehind, naming its column", () => {
    const pattern = `(?P<x>a)(?<=(?P=x))b${REPEAT}`;
    let error: unknown = null;
    try {
      compilePattern(pattern);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnsupportedPatternError);
    expect(error).toMatchObject({ column: pattern.indexOf("(?P=x)"), reason: expect.stringMatching(/backreference inside a lookbehind/) });
  });
});
