import { describe, expect, test } from "vitest";
import { compilePattern } from "../../../runtime/translate/index.ts";
import { CONTENT_PARSERS } from "../../../runtime/core/content/index.ts";
import { parseKeyedCalls } from "../../../runtime/core/content/ext/keyed-calls.ts";
import { ContentError } from "../../../runtime/core/errors.ts";
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

describe("keyed-calls: refusals", () => {
  const error = (body: unknown) => {
    try {
      parseKeyedCalls(body as string, {}, ctx);
    } catch (e) {
      if (e instanceof ContentError) return `${e.pyClass}: ${e.message}`;
      throw e;
    }
    return "parsed";
  };
  test("a body that is not a string is a TypeError; an item that is not an object a ValueError", () => {
    expect(error(3)).toBe("TypeError: keyed-calls: expected a string body, got 'int'");
    expect(error("[1]")).toBe("ValueError: keyed-calls: each call must be an object, got 'int'");
    expect(error('[{"f": {}}, "g"]')).toBe("ValueError: keyed-calls: each call must be an object, got 'str'");
  });
});
