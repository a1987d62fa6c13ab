import { describe, expect, test } from "vitest";
import { compilePattern } from "../../../packages/response-template/translate/index.ts";
import { CONTENT_PARSERS } from "../../../packages/response-template/runtime/content/index.ts";
import { parseKeyedCalls } from "../../../packages/response-template/runtime/content/ext/keyed-calls.ts";
import { plain } from "../support.ts";

const ctx = { pattern: compilePattern, parsers: CONTENT_PARSERS };
const parse = (s: string) => plain(parseKeyedCalls(s, {}, ctx));

describe("keyed-calls", () => {
  test("a list of single-key objects", () => {
    expect(parse('[{"get_weather": {"city": "Paris", "days": 3}}, {"search": {"q": "x"}}]')).toEqual([
      { name: "get_weather", arguments: { city: "Paris", days: 3 } },
      { name: "search", arguments: { q: "x" } },
    ]);
  });
  test("a bare object; several keys are several calls in order", () => {
    expect(parse('{"b": {}, "a": {"x": 1}}')).toEqual([
      { name: "b", arguments: {} },
      { name: "a", arguments: { x: 1 } },
    ]);
  });
  test("invalid JSON and non-object items fail", () => {
    expect(() => parse("[{")).toThrow();
    expect(() => parse("[1]")).toThrow(/must be an object/);
  });
});
