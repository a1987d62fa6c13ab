// pyDumps against Python's json.dumps: every expected text below was printed by CPython 3.12's
// json.dumps (the conformance recordings' version) for the same value and arguments. rtc's values: a plain
// integral number or a bigint is a Python int, a PyFloat or a non-integral number a float (values.ts).

import { describe, expect, it } from "vitest";
import { pyDumps, pyFloatRepr, type DumpsOptions } from "../../runtime/core/python/dumps.ts";
import { PyFloat, makeDict } from "../../runtime/core/python/values.ts";
import type { JsonValue } from "../../runtime/core/types.ts";

const f = (x: number) => new PyFloat(x);

describe("pyDumps writes what Python's json.dumps writes", () => {
  it.each<[string, JsonValue, DumpsOptions | undefined, string]>([
    ["null true false", [null, true, false], undefined, "[null, true, false]"],
    [
      "ints",
      [0, -7, 2 ** 53, 1e20, 12345678901234567890n, -(2n ** 63n)],
      undefined,
      "[0, -7, 9007199254740992, 100000000000000000000, 12345678901234567890, -9223372036854775808]",
    ],
    [
      "floats fixed",
      [1.5, -2.5, 0.1, f(100), 0.0001, 123456789012345.6, f(1e15), f(9999999999999998)],
      undefined,
      "[1.5, -2.5, 0.1, 100.0, 0.0001, 123456789012345.6, 1000000000000000.0, 9999999999999998.0]",
    ],
    [
      "floats exponent",
      [f(1e16), 1e-5, 1.5e-10, f(1e22), 5e-324, f(1.7976931348623157e308), f(1.2345e100), 2.5e-7],
      undefined,
      "[1e+16, 1e-05, 1.5e-10, 1e+22, 5e-324, 1.7976931348623157e+308, 1.2345e+100, 2.5e-07]",
    ],
    ["zero, negative zero, non-finite", [f(0), f(-0), f(NaN), f(Infinity), f(-Infinity)], undefined, "[0.0, -0.0, NaN, Infinity, -Infinity]"],
    [
      "escapes, ascii",
      'q"b\\s\n\r\t\b\f\u0000\u001f\u007f é😀\u2028',
      undefined,
      '"q\\"b\\\\s\\n\\r\\t\\b\\f\\u0000\\u001f\\u007f \\u00e9\\ud83d\\ude00\\u2028"',
    ],
    ["escapes, unicode", 'q"b\\s\n\r\t\b\f\u0000\u001f\u007f é😀\u2028', { ensureAscii: false }, '"q\\"b\\\\s\\n\\r\\t\\b\\f\\u0000\\u001f é😀 "'],
    ["lone surrogate, ascii", "a\ud800b", undefined, '"a\\ud800b"'],
    ["printable ASCII edges, ascii", " !~\x7f\x1f", undefined, '" !~\\u007f\\u001f"'],
    ["printable ASCII edges, unicode", " !~\x7f\x1f", { ensureAscii: false }, '" !~\x7f\\u001f"'],
    ["empty containers", [[], {}, [[]], { a: {} }], undefined, '[[], {}, [[]], {"a": {}}]'],
    ["nested, default separators", { b: [1, { c: null }], a: "x" }, undefined, '{"b": [1, {"c": null}], "a": "x"}'],
    ["compact separators", { b: [1, { c: null }], a: "x" }, { separators: [",", ":"] }, '{"b":[1,{"c":null}],"a":"x"}'],
    ["odd separators", [1, { k: 2 }], { separators: [";", "="] }, '[1;{"k"=2}]'],
    [
      "indent 2",
      { b: [1, { c: null }, []], a: {} },
      { indent: 2 },
      '{\n  "b": [\n    1,\n    {\n      "c": null\n    },\n    []\n  ],\n  "a": {}\n}',
    ],
    ["indent 0", [1, [2]], { indent: 0 }, "[\n1,\n[\n2\n]\n]"],
    ["indent string", { a: [1] }, { indent: "\t" }, '{\n\t"a": [\n\t\t1\n\t]\n}'],
    ["indent with separators", { a: [1, 2] }, { indent: 1, separators: [",", "="] }, '{\n "a"=[\n  1,\n  2\n ]\n}'],
    [
      "array-index keys keep insertion order",
      makeDict([
        ["b", 1],
        ["2", 2],
        ["1", 3],
        ["a", 4],
      ]),
      undefined,
      '{"b": 1, "2": 2, "1": 3, "a": 4}',
    ],
    ["keys escaped", { "é\n": 1 }, undefined, '{"\\u00e9\\n": 1}'],
  ])("%s", (_name, value, options, expected) => {
    expect(pyDumps(value, options)).toBe(expected);
  });

  it("prints an integral plain number as an int, negative zero as 0 (Python ints have no sign of zero)", () => {
    expect(pyDumps([-0, 3, -1e21])).toBe("[0, 3, -1000000000000000000000]");
  });

  it("refuses what is not a JSON value, naming its type as Python's TypeError does", () => {
    expect(() => pyDumps([undefined as unknown as JsonValue])).toThrow(new TypeError("Object of type undefined is not JSON serializable"));
  });
});

describe("pyFloatRepr is Python's repr(float)", () => {
  it.each<[number, string]>([
    [1e-4, "0.0001"],
    [9.999e-5, "9.999e-05"],
    [1e16 - 2, "9999999999999998.0"],
    [1e16, "1e+16"],
    [-1.25e-300, "-1.25e-300"],
    [123.456, "123.456"],
    [-0.5, "-0.5"],
  ])("%s", (x, text) => {
    expect(pyFloatRepr(x)).toBe(text);
  });
});
