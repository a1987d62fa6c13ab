// `value_parser` ({name, args}) of xml-inline and kv-lines: the lookup of the named parser, and what each
// parser does with the None an unset `value` group hands it. Values and error classes recorded with
// transformers 5.18.0; the messages carry Python's detail (`'NoneType' object has no attribute 'strip'`).

import { describe, expect, test } from "vitest";
import type { JsonValue } from "../../runtime/core/types.ts";
import { failure, parsed, UNSET_VALUE } from "./support.ts";

const TAG = String.raw`<(?P<key>\w+)>(?P<value>.*?)</(?P=key)>`;
const inline = (valueParser: JsonValue) => failure("a=1", "xml-inline", { tag_pattern: UNSET_VALUE, value_parser: valueParser });

describe("value_parser", () => {
  test("the name defaults to text", () => {
    expect(parsed("<a> x </a>", "xml-inline", { tag_pattern: TAG, value_parser: {} })).toEqual({ a: "x" });
    expect(parsed("<a> x </a>", "xml-inline", { tag_pattern: TAG })).toEqual({ a: " x " });
  });

  test("an unknown name is a KeyError, an unhashable one a TypeError", () => {
    // Python: KeyError 'nope'; KeyError 1000000000000000000000000000000; TypeError unhashable type: 'list'
    expect(inline({ name: "nope" })).toBe('KeyError: unknown content parser "nope"');
    expect(failure("a=1", "xml-inline", `{"tag_pattern": "(?P<key>a)=(?P<value>1)", "value_parser": {"name": 1000000000000000000000000000000}}`)).toBe(
      "KeyError: unknown content parser 1000000000000000000000000000000",
    );
    expect(inline({ name: ["x"] })).toBe("TypeError: content parser name must be hashable, got unhashable type: 'list'");
  });

  test("a value_parser or its args that is not a dict has no .get: AttributeError", () => {
    expect(inline("text")).toBe("AttributeError: xml-inline: value_parser: 'str' object has no attribute 'get'");
    expect(failure("a:1", "kv-lines", { value_parser: "int" })).toBe("AttributeError: kv-lines: value_parser: 'str' object has no attribute 'get'");
    expect(inline({ name: "text", args: [1] })).toBe("AttributeError: content parser text: content_args: 'list' object has no attribute 'get'");
  });
});

describe("an unset value group (None) through each parser", () => {
  test("without value_parser it stays None", () => {
    expect(parsed("a=none", "xml-inline", { tag_pattern: UNSET_VALUE })).toEqual({ a: null });
  });

  test.each([
    ["text", "text", {}, "AttributeError: text: 'NoneType' object has no attribute 'strip'"],
    ["int", "int", {}, "AttributeError: int: 'NoneType' object has no attribute 'strip'"],
    ["int, strip false", "int", { strip: false }, "TypeError: int() argument must be a string, a bytes-like object or a real number, not 'NoneType'"],
    ["float", "float", {}, "AttributeError: float: 'NoneType' object has no attribute 'strip'"],
    ["float, strip false", "float", { strip: false }, "TypeError: float() argument must be a string or a real number, not 'NoneType'"],
    ["bool", "bool", {}, "AttributeError: bool: 'NoneType' object has no attribute 'strip'"],
    ["bool, strip false", "bool", { strip: false }, "AttributeError: bool: 'NoneType' object has no attribute 'lower'"],
    ["kv-lines", "kv-lines", {}, "AttributeError: kv-lines: 'NoneType' object has no attribute 'split'"],
    ["xml-inline", "xml-inline", { tag_pattern: UNSET_VALUE }, "TypeError: xml-inline: expected a string body, got 'NoneType'"],
  ] as [string, string, JsonValue, string][])("%s", (_, name, args, error) => {
    expect(failure("a=none", "xml-inline", { tag_pattern: UNSET_VALUE, value_parser: { name, args } })).toBe(error);
  });
});
