// pyJsonLoads is Python's json.loads (the C scanner, strict=True): every expected outcome below was
// recorded with CPython 3.12 (the conformance recordings' version) as json.dumps of the result or
// "Class: message" of the error (Python's JSONDecodeError is a ValueError, the class rtc reports).
// 3.13 names a trailing comma ("Illegal trailing comma before end of array"); 3.12 expects a value.

import { describe, expect, it } from "vitest";
import { pyDumps } from "../../runtime/core/python/dumps.ts";
import { outcome } from "./outcome.ts";
import {
  JsonDecodeError,
  pyJsonLoads,
  pyJsonLoadsFast,
  pyJsonRawDecode,
} from "../../runtime/core/python/json.ts";
import { ContentError } from "../../runtime/core/errors.ts";


const NESTED_511 = "[".repeat(511) + "]".repeat(511);

// pyJsonLoadsFast must give the same answers: the rows include what JSON.parse would read differently
// (array-index keys, integral floats, integers beyond 2^53), which its pre-scan sends to the exact parser.
describe.each([
  ["pyJsonLoads", pyJsonLoads],
  ["pyJsonLoadsFast (JSON.parse where a pre-scan proves it exact)", pyJsonLoadsFast],
])("%s is Python's json.loads", (_, loads) => {
  it.each<[string, string]>([
    ['{"b": 1, "2": [true, false, null], "a": {"x": -0.0}}', '{"b": 1, "2": [true, false, null], "a": {"x": -0.0}}'],
    ["  [1, 2.5, -3e2, 1E400, NaN, -Infinity, Infinity]\n", "[1, 2.5, -300.0, Infinity, NaN, -Infinity, Infinity]"],
    ['"\\ud83d\\ude00 \\ud800 \\u00e9 \\/ \\b\\f\\n\\r\\t\\"\\\\"', '"\\ud83d\\ude00 \\ud800 \\u00e9 / \\b\\f\\n\\r\\t\\"\\\\"'],
    ['{"a": 1, "a": 2, "b": 3}', '{"a": 2, "b": 3}'],
    ['{"1": 1, "0": 2}', '{"1": 1, "0": 2}'],
    ["12345678901234567890", "12345678901234567890"],
    ["-0", "0"],
    ["-0.0", "-0.0"],
    ["1.0", "1.0"],
    ["0.1", "0.1"],
    ["1e2", "100.0"],
    ["[]", "[]"],
    ["{}", "{}"],
    [" ", "ValueError: Expecting value: line 1 column 2 (char 1)"],
    ["", "ValueError: Expecting value: line 1 column 1 (char 0)"],
    ["[1,]", "ValueError: Expecting value: line 1 column 4 (char 3)"],
    ['{"a":1,}', "ValueError: Expecting property name enclosed in double quotes: line 1 column 8 (char 7)"],
    ['{"a" 1}', "ValueError: Expecting ':' delimiter: line 1 column 6 (char 5)"],
    ["{a: 1}", "ValueError: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"],
    ["[1 2]", "ValueError: Expecting ',' delimiter: line 1 column 4 (char 3)"],
    ['{"a": 1 "b": 2}', "ValueError: Expecting ',' delimiter: line 1 column 9 (char 8)"],
    ['"abc', "ValueError: Unterminated string starting at: line 1 column 1 (char 0)"],
    ['"a\u0001b"', "ValueError: Invalid control character at: line 1 column 3 (char 2)"],
    ['"\\x"', "ValueError: Invalid \\escape: line 1 column 2 (char 1)"],
    ['"\\u12g4"', "ValueError: Invalid \\uXXXX escape: line 1 column 3 (char 2)"],
    ['"\\u12"', "ValueError: Invalid \\uXXXX escape: line 1 column 3 (char 2)"],
    ["[1] x", "ValueError: Extra data: line 1 column 5 (char 4)"],
    ["\ufeff[1]", "ValueError: Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)"],
    ["01", "ValueError: Extra data: line 1 column 2 (char 1)"],
    ["-", "ValueError: Expecting value: line 1 column 1 (char 0)"],
    ["1.", "ValueError: Extra data: line 1 column 2 (char 1)"],
    [".5", "ValueError: Expecting value: line 1 column 1 (char 0)"],
    ["tru", "ValueError: Expecting value: line 1 column 1 (char 0)"],
    ["nul", "ValueError: Expecting value: line 1 column 1 (char 0)"],
    ["NaNa", "ValueError: Extra data: line 1 column 4 (char 3)"],
    ["[", "ValueError: Expecting value: line 1 column 2 (char 1)"],
    ['{"a":', "ValueError: Expecting value: line 1 column 6 (char 5)"],
    ['{"a"', "ValueError: Expecting ':' delimiter: line 1 column 5 (char 4)"],
    ["{", "ValueError: Expecting property name enclosed in double quotes: line 1 column 2 (char 1)"],
    ['{"a": 1', "ValueError: Expecting ',' delimiter: line 1 column 8 (char 7)"],
    ["[1", "ValueError: Expecting ',' delimiter: line 1 column 3 (char 2)"],
    ['"\\', "ValueError: Unterminated string starting at: line 1 column 1 (char 0)"],
    [
      "1".repeat(4301),
      "ValueError: Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits; use sys.set_int_max_str_digits() to increase the limit",
    ],
    ["\n\n  [1,\n   x]", "ValueError: Expecting value: line 4 column 4 (char 11)"],
    ['\t{"k":\r\n"v"}\t', '{"k": "v"}'],
    ["[".repeat(511) + "]".repeat(511), NESTED_511],
    ['"\u2028\u00e9"', '"\\u2028\\u00e9"'],
    ["[-]", "ValueError: Expecting value: line 1 column 2 (char 1)"],
    ["[1e]", "ValueError: Expecting ',' delimiter: line 1 column 3 (char 2)"],
    ["[1e+]", "ValueError: Expecting ',' delimiter: line 1 column 3 (char 2)"],
    ["2.5E-3", "0.0025"],
    ['[true,false,null,"s",1,1.5,[],{}]', '[true, false, null, "s", 1, 1.5, [], {}]'],
    ["[x,\n1]", "ValueError: Expecting value: line 1 column 2 (char 1)"],
    ["Nan", "ValueError: Expecting value: line 1 column 1 (char 0)"],
    ["Inf", "ValueError: Expecting value: line 1 column 1 (char 0)"],
    ["fals", "ValueError: Expecting value: line 1 column 1 (char 0)"],
    ["9007199254740993", "9007199254740993"],
    ["-9007199254740993", "-9007199254740993"],
    ["[9007199254740993]", "[9007199254740993]"],
    ["[0.0]", "[0.0]"],
    ["[9.0]", "[9.0]"],
    ['{"b": 1, "0": 2}', '{"b": 1, "0": 2}'],
    ['{"b": 1, "9": 2}', '{"b": 1, "9": 2}'],
    ['{"b": 1, "1"\t: 2}', '{"b": 1, "1": 2}'],
    ['{"b": 1, "1"\r: 2}', '{"b": 1, "1": 2}'],
    // The C scanner wants a character after a \uXXXX escape's digits before it decodes them.
    ['"\\u0041', "ValueError: Invalid \\uXXXX escape: line 1 column 3 (char 2)"],
    ['"\\ud800\\udc00', "ValueError: Invalid \\uXXXX escape: line 1 column 9 (char 8)"],
    ['"\\ud800xudc00"', '"\\ud800xudc00"'],
    ['"\\ud800\\ndc00"', '"\\ud800\\ndc00"'],
  ])("json.loads(%j) → %s", (s, expected) => {
    expect(outcome(loads, s)).toBe(expected);
  });

  it("stops at the 512th nested container as transformers' guard does (511 levels parse)", () => {
    expect(outcome(loads, "[".repeat(512) + "]".repeat(512))).toMatch(/^RecursionError: /);
    expect(outcome(loads, '{"a": '.repeat(512) + "1" + "}".repeat(512))).toMatch(/^RecursionError: /);
    expect(outcome(loads, '{"a": '.repeat(511) + "1" + "}".repeat(511))).not.toMatch(/Error/);
  });
});

it("a syntax error is a JsonDecodeError, a ContentError of Python class ValueError", () => {
  let error: unknown;
  try {
    pyJsonLoads("[1,]");
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(JsonDecodeError);
  expect(error).toBeInstanceOf(ContentError);
  expect(error).toMatchObject({ name: "JsonDecodeError", pyClass: "ValueError" });
});

describe("pyJsonRawDecode is JSONDecoder().raw_decode(s, idx)", () => {
  it.each<[string, number, string, number]>([
    ['x {"a": [1]} tail', 2, '{"a": [1]}', 12],
    ["[1]  ", 0, "[1]", 3],
    ['ab"c"', 2, '"c"', 5],
    ["1.x", 0, "1", 1],
    ["1-2", 1, "-2", 3],
  ])("raw_decode(%j, %d)", (s, at, value, end) => {
    const r = pyJsonRawDecode(s, at);
    expect([pyDumps(r.value), r.end]).toEqual([value, end]);
  });
});
