// Python's int(str) and float(str), and repr(str) in their messages: every expected outcome below was
// recorded with CPython 3.12 (the conformance recordings' version) as json.dumps of the result, or the
// exception as "Class: message". int() gives a number for a safe integer and a bigint beyond (values.ts);
// float() gives a PyFloat when the value is integral or not finite.

import { describe, expect, it } from "vitest";
import { outcome } from "./outcome.ts";
import { pyFloatParse } from "../../runtime/core/python/float.ts";
import { pyIntParse, pyRepr } from "../../runtime/core/python/int.ts";
import { PyFloat } from "../../runtime/core/python/values.ts";


describe("pyIntParse is Python's int(str)", () => {
  it.each<[string, string]>([
    [" 12 ", "12"],
    ["+5", "5"],
    ["-0", "0"],
    ["-17", "-17"],
    ["1_000", "1000"],
    ["1__0", "ValueError: invalid literal for int() with base 10: '1__0'"],
    ["_1", "ValueError: invalid literal for int() with base 10: '_1'"],
    ["1_", "ValueError: invalid literal for int() with base 10: '1_'"],
    ["0012", "12"],
    ["\u0663\u0664", "34"],
    ["\u00a012\u2003", "12"],
    ["\u001c12", "ValueError: invalid literal for int() with base 10: '\\x1c12'"],
    ["12\u001f", "ValueError: invalid literal for int() with base 10: '12\\x1f'"],
    ["1234567890123456", "1234567890123456"],
    ["9007199254740992", "9007199254740992"],
    ["9007199254740993", "9007199254740993"],
    ["-123456789012345678901234567890", "-123456789012345678901234567890"],
    ["-", "ValueError: invalid literal for int() with base 10: '-'"],
    ["", "ValueError: invalid literal for int() with base 10: ''"],
    ["1e5", "ValueError: invalid literal for int() with base 10: '1e5'"],
    ["\ud835\udfd9\ud835\udfda", "12"],
    ["1 2", "ValueError: invalid literal for int() with base 10: '1 2'"],
    ["\t\n\u000b\f\r7\r", "7"],
    ["12\u007f", "ValueError: invalid literal for int() with base 10: '12\\x7f'"],
    ["\u0663_\u0664", "34"],
    ["+-1", "ValueError: invalid literal for int() with base 10: '+-1'"],
    ["\u0660\u0669", "9"],
    ["\u{1fbf9}", "9"],
    ["1\u00a02", "ValueError: invalid literal for int() with base 10: '1\\xa02'"],
    [" 7 \n ", "7"],
    ["7\u000b", "7"],
    ["\u{f0000}", "ValueError: invalid literal for int() with base 10: '\\U000f0000'"],
    ["1".repeat(4300), "1".repeat(4300)],
    [
      "1".repeat(4301),
      "ValueError: Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits; use sys.set_int_max_str_digits() to increase the limit",
    ],
  ])("int(%j) → %s", (s, expected) => {
    expect(outcome(pyIntParse, s)).toBe(expected);
  });

  it("returns a number for a safe integer (|n| < 2^53) and a bigint beyond", () => {
    expect(pyIntParse("9007199254740991")).toBe(2 ** 53 - 1);
    expect(pyIntParse("-9007199254740991")).toBe(-(2 ** 53 - 1));
    expect(pyIntParse("9007199254740992")).toBe(9007199254740992n);
    expect(pyIntParse("-9007199254740992")).toBe(-9007199254740992n);
    expect(pyIntParse("-000000000000000000000")).toBe(0);
    expect(Object.is(pyIntParse("-0"), 0)).toBe(true);
  });
});

describe("pyFloatParse is Python's float(str)", () => {
  it.each<[string, string]>([
    ["1.5", "1.5"],
    [" -2.5e3 ", "-2500.0"],
    ["inf", "Infinity"],
    ["-Infinity", "-Infinity"],
    ["nAn", "NaN"],
    ["+inf", "Infinity"],
    ["-nan", "NaN"],
    ["1_0.5", "10.5"],
    ["1_.5", "ValueError: could not convert string to float: '1_.5'"],
    ["._5", "ValueError: could not convert string to float: '._5'"],
    [".5", "0.5"],
    ["5.", "5.0"],
    ["1e", "ValueError: could not convert string to float: '1e'"],
    ["1E+2", "100.0"],
    ["0x10", "ValueError: could not convert string to float: '0x10'"],
    ["1.0", "1.0"],
    ["-0", "-0.0"],
    ["\u0661.\u0665", "1.5"],
    ["1e400", "Infinity"],
    ["-1e400", "-Infinity"],
    ["infinity_", "ValueError: could not convert string to float: 'infinity_'"],
    ["in f", "ValueError: could not convert string to float: 'in f'"],
    ["1_e5", "ValueError: could not convert string to float: '1_e5'"],
    ["1e1_0", "10000000000.0"],
    ["\u00a01.25\u3000", "1.25"],
    ["\u001c1.5", "ValueError: could not convert string to float: '\\x1c1.5'"],
    ["", "ValueError: could not convert string to float: ''"],
    [".", "ValueError: could not convert string to float: '.'"],
    ["e5", "ValueError: could not convert string to float: 'e5'"],
    ["1.5.", "ValueError: could not convert string to float: '1.5.'"],
    ["xinf", "ValueError: could not convert string to float: 'xinf'"],
    ["1nan", "ValueError: could not convert string to float: '1nan'"],
    ["\u0660.\u0669", "0.9"],
    ["12\u007f", "ValueError: could not convert string to float: '12\\x7f'"],
    ["0.1", "0.1"],
    ["123456789012345678901234567890", "1.2345678901234568e+29"],
    ["5e-324", "5e-324"],
    ["2.5e-324", "5e-324"],
  ])("float(%j) → %s", (s, expected) => {
    expect(outcome(pyFloatParse, s)).toBe(expected);
  });

  it("boxes integral and non-finite results as PyFloat, and only those", () => {
    expect(pyFloatParse("2")).toBeInstanceOf(PyFloat);
    expect(pyFloatParse("-inf")).toBeInstanceOf(PyFloat);
    expect(pyFloatParse("2.5")).toBe(2.5);
  });
});

describe("messages quote the text as Python's repr(str) does", () => {
  it.each<[string, string]>([
    ["plain", "'plain'"],
    ["it's", `"it's"`],
    [`it's "x"`, `'it\\'s "x"'`],
    ['say "hi"', `'say "hi"'`],
    ["a\\b\t\n\r", "'a\\\\b\\t\\n\\r'"],
    ["\x00\x1f\x7f\x85\xa0 ", "'\\x00\\x1f\\x7f\\x85\\xa0 '"],
    ["é😀\u2028\u200b\ufeff", "'é😀\\u2028\\u200b\\ufeff'"],
    ["\ud800x\udfff", "'\\ud800x\\udfff'"],
    ["\u{e0001}\u{10ffff}", "'\\U000e0001\\U0010ffff'"],
  ])("repr(%j) is %s", (s, expected) => {
    expect(pyRepr(s)).toBe(expected);
  });

  it("cuts a long text in the middle (rtc bounds its messages; Python quotes it whole)", () => {
    const s = "x".repeat(250);
    const half = "'" + "x".repeat(120) + "'";
    expect(outcome(pyIntParse, s)).toBe(`ValueError: invalid literal for int() with base 10: ${half} … (10 characters omitted) … ${half}`);
    expect(outcome(pyFloatParse, s)).toBe(`ValueError: could not convert string to float: ${half} … (10 characters omitted) … ${half}`);
  });
});
