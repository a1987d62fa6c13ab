// Patterns the reference rejects throw PatternError at the offending column; constructs it accepts
// but rtc cannot run throw UnsupportedPatternError (never a silent approximation).
import { describe, expect, it } from "vitest";
import { compilePattern, UnsupportedPatternError } from "../../runtime/translate/index.ts";
import { PatternError } from "../../runtime/core/errors.ts";

const failure = (p: string): unknown => {
  try {
    compilePattern(p);
  } catch (e) {
    return e;
  }
  return null;
};

describe("pattern errors", () => {
  it.each([
    ["(a", 2, "missing )"],
    ["a)", 1, "unbalanced parenthesis"],
    ["a**", 2, "multiple repeat"],
    ["{1}", 0, "nothing to repeat"],
    ["[z-a]", 1, "bad character range"],
    ["(?P<1a>x)", 4, "bad character in group name"],
    ["\\e", 1, "bad escape"],
    ["a{4294967295}", 2, "repeat count too big"],
  ])("%s → column %i", (pattern, column, reason) => {
    const e = failure(pattern);
    expect(e).toBeInstanceOf(PatternError);
    expect((e as PatternError).column).toBe(column);
    expect((e as PatternError).reason).toContain(reason);
    expect((e as PatternError).pyClass).toBe("RegexError");
  });
  it.each(["(?r)a", "(?(1)a|b)(x)", "(?R)", "\\N{GREEK SMALL LETTER ALPHA}", "(?:a??)*b(?:\\B|x)*"])("%s is refused as unsupported", (pattern) => {
    expect(failure(pattern)).toBeInstanceOf(UnsupportedPatternError);
  });
});
