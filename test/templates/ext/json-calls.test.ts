import { describe, expect, test } from "vitest";
import { compilePattern } from "../../../runtime/translate/index.ts";
import { CONTENT_PARSERS } from "../../../runtime/core/content/index.ts";
import { ContentError } from "../../../runtime/core/errors.ts";
import { parseJsonCalls } from "../../../runtime/core/content/ext/json-calls.ts";
import { plain } from "../support.ts";

const ctx = { pattern: compilePattern, parsers: CONTENT_PARSERS };
const parse = (s: string) => plain(parseJsonCalls(s, {}, ctx));

describe("json-calls", () => {
  test("one object, \"parameters\" or \"arguments\"", () => {
    expect(parse('{"name": "f", "parameters": {"a": 1}}')).toEqual([{ name: "f", arguments: { a: 1 } }]);
    expect(parse('{"type": "function", "name": "f", "arguments": {"a": 1}}')).toEqual([{ name: "f", arguments: { a: 1 } }]);
  });
  test("objects separated by ';', ',' or newlines, and lists of them, in order", () => {
    expect(parse('{"name": "a", "parameters": {}}; {"name": "b", "parameters": {"x": [1]}}\n[{"name": "c"}, {"name": "d", "arguments": {"y": null}}]')).toEqual([
      { name: "a", arguments: {} },
      { name: "b", arguments: { x: [1] } },
      { name: "c", arguments: {} },
      { name: "d", arguments: { y: null } },
    ]);
  });
  test("OpenAI-shaped calls: name under function, arguments as a JSON string", () => {
    expect(parse('[{"type": "function", "function": {"name": "f", "arguments": "{\\"a\\": 1}"}}]')).toEqual([{ name: "f", arguments: { a: 1 } }]);
  });
  test("errors name what is wrong", () => {
    expect(() => parse('{"name": "f"} trailing')).toThrow(/not a JSON call at offset 14/);
    expect(() => parse('{"parameters": {}}')).toThrow(/no string "name"/);
    expect(() => parse("[1]")).toThrow(/each call must be an object/);
    expect(() => parse("  ")).toThrow(ContentError);
  });
});
