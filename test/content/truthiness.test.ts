// Flags in content_args are read with Python truthiness (runtime/core/content/args.ts), here through `text`'s
// `strip`: `text.strip() if args.get("strip", True) else text`. Expected values recorded with
// transformers 5.18.0: parse_content("  a  ", "text", {"strip": v}).

import { describe, expect, test } from "vitest";
import { parsed } from "./support.ts";

describe("content_args truthiness", () => {
  test.each([
    ["false", false],
    ["true", true],
    ["null", false],
    ["0", false],
    ["2", true],
    ["1000000000000000000000000000000", true], // beyond 2^53: a bigint
    ["0.0", false], // integral floats are PyFloat
    ["1.0", true],
    ["NaN", true],
    ['""', false],
    ['"x"', true],
    ["[]", false],
    ["[0]", true],
    ["{}", false],
    ['{"a": 1}', true],
  ])("strip: %s", (arg, strips) => {
    expect(parsed("  a  ", "text", `{"strip": ${arg}}`)).toBe(strips ? "a" : "  a  ");
  });

  test("a bigint zero (from a template built in code) is false, as Python's 0", () => {
    expect(parsed("  a  ", "text", { strip: 0n })).toBe("  a  ");
  });
});
