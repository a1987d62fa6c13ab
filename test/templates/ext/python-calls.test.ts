import { describe, expect, test } from "vitest";
import { compilePattern } from "../../../runtime/translate/index.ts";
import { CONTENT_PARSERS } from "../../../runtime/core/content/index.ts";
import { ContentError } from "../../../runtime/core/errors.ts";
import { parsePythonCalls } from "../../../runtime/core/content/ext/python-calls.ts";
import { plain } from "../support.ts";

const ctx = { pattern: compilePattern, parsers: CONTENT_PARSERS };
const parse = (s: string) => plain(parsePythonCalls(s, {}, ctx));

describe("python-calls", () => {
  test("bracketed list with keyword arguments of every literal type", () => {
    expect(
      parse(`[get_weather(city="Paris \\"Île\\"\\nFR", days=3), search(q='it\\'s', limit=2.5, exact=True, none=None, tags=["a", 'b'], opts={"k": [1, (2, 3)]})]`),
    ).toEqual([
      { name: "get_weather", arguments: { city: 'Paris "Île"\nFR', days: 3 } },
      { name: "search", arguments: { q: "it's", limit: 2.5, exact: true, none: null, tags: ["a", "b"], opts: { k: [1, [2, 3]] } } },
    ]);
  });
  test("JSON spellings, negative and exponent numbers, integral floats stay floats", () => {
    const v = parsePythonCalls("[f(a=true, b=false, c=null, d=-4, e=1e3, g=2.0)]", {}, ctx) as unknown as { arguments: Record<string, unknown> }[];
    expect(plain(v as never)).toEqual([{ name: "f", arguments: { a: true, b: false, c: null, d: -4, e: 1000, g: 2 } }]);
    expect(v[0]!.arguments.g).toBeInstanceOf(Number); // PyFloat: 2.0 is not the int 2
  });
  test("newline-separated calls without brackets (OLMo 3), dotted names, no arguments", () => {
    expect(parse("get_weather(city='Paris')\nbrave_search.call(query=\"x\")\nnoop()")).toEqual([
      { name: "get_weather", arguments: { city: "Paris" } },
      { name: "brave_search.call", arguments: { query: "x" } },
      { name: "noop", arguments: {} },
    ]);
  });
  test("triple-quoted strings, unicode and hex escapes, unknown escapes kept", () => {
    expect(parse(`[f(a="""two\nlines""", b="\\u00e9\\x41", c="C:\\path")]`)).toEqual([
      { name: "f", arguments: { a: "two\nlines", b: "éA", c: "C:\\path" } },
    ]);
  });
  test("the one-letter escapes Python decodes: \\n \\t \\r and quotes, in both quote styles", () => {
    expect(parse(`f(a='x\\ty\\nz\\r', b="\\t\\"\\'\\\\")`)).toEqual([{ name: "f", arguments: { a: "x\ty\nz\r", b: "\t\"'\\" } }]);
  });
  test("empty list and empty body", () => {
    expect(parse("[]")).toEqual([]);
    expect(parse("  ")).toEqual([]);
  });
  test("errors name the offset", () => {
    expect(() => parse("[f(1)]")).toThrow(ContentError);
    expect(() => parse("[f(a=1)")).toThrow(/unclosed|expected/);
    expect(() => parse("[f(a=x)]")).toThrow(/unexpected name 'x'/);
    expect(() => parse('[f(a="open)]')).toThrow(/unterminated string/);
  });
  test("real-output leniency: hyphenated names, ';' separators, JSON call lists, strip_suffix", () => {
    expect(parse('[get-weather(city="Paris"); get_time(tz="CET")]')).toEqual([
      { name: "get-weather", arguments: { city: "Paris" } },
      { name: "get_time", arguments: { tz: "CET" } },
    ]);
    expect(parse('[{"name": "get_weather", "arguments": {"city": "Paris"}}]')).toEqual([{ name: "get_weather", arguments: { city: "Paris" } }]);
    expect(plain(parsePythonCalls('brave_search.call(query="x")', { strip_suffix: ".call" }, ctx))).toEqual([{ name: "brave_search", arguments: { query: "x" } }]);
    expect(() => parsePythonCalls("f()", { strip_suffix: 1 }, ctx)).toThrow(/strip_suffix must be a string/);
  });
});

/** The ContentError a body raises: Python class and message (which names the offset and the text there). */
function error(body: unknown): string {
  try {
    parsePythonCalls(body as string, {}, ctx);
  } catch (e) {
    if (e instanceof ContentError) return `${e.pyClass}: ${e.message}`;
    throw e;
  }
  throw new Error(`parsed: ${JSON.stringify(body)}`);
}

describe("python-calls: every refusal names its cause and offset", () => {
  test.each([
    ["[f()] x", "unexpected text after the call list at offset 6: \"x\""],
    ["[1]", "expected a function name at offset 1: \"1]\""],
    ["f[a=1]", "expected '(' at offset 1: \"[a=1]\""],
    ["f(1)", "expected a keyword argument (positional arguments cannot be named) at offset 2: \"1)\""],
    ["f(a=1 b=2)", "expected ',' or ')' at offset 6: \"b=2)\""],
    ["f(a=)", "expected a value at offset 4: \")\""],
    ["f(a=xyz)", "unexpected name 'xyz' at offset 4: \"xyz)\""],
    ["f(a=[1 2])", "expected ',' or ']' at offset 7: \"2])\""],
    ["f(a={1: 2})", "dict keys must be strings at offset 6: \": 2})\""],
    ["f(a={'a': 1 'b': 2})", "expected ',' or '}' at offset 12: \"'b': 2})\""],
    ["f(a='\\xZZ')", "bad \\x escape at offset 7: \"ZZ')\""],
    ["f(a='abc", "unterminated string at offset 8: \"\""],
    ["f(a='abc\\", "unterminated string at offset 9: \"\""],
    ["[f(a=1)", "unclosed '[' at offset 7: \"\""],
    [`f(a="${"x".repeat(30)}`, `unterminated string at offset 35: ""`],
    [`f(a=1, ${"b".repeat(30)})`, `expected '=' at offset 37: ")"`],
    [`[1${"x".repeat(50)}]`, `expected a function name at offset 1: "${"1" + "x".repeat(39)}"`],
  ])("%s", (body, message) => expect(error(body)).toBe(`ValueError: python-calls: ${message}`));
  test("a body that is not a string is a TypeError", () => {
    expect(error(3)).toBe("TypeError: python-calls: expected a string body, got 'int'");
  });
});

describe("python-calls: Python's spellings", () => {
  test("';' separates calls; underscores in numbers; escapes \\b \\f \\a \\v, octal, line continuation", () => {
    expect(parse("f(a=1);g(b=2)")).toEqual([
      { name: "f", arguments: { a: 1 } },
      { name: "g", arguments: { b: 2 } },
    ]);
    expect(parse("f(a=1_000, b=1_0.5, c='x\\\ny', d='\\b\\f\\a\\v', e='\\0\\12\\101\\7777', g='\\400\\500\\600\\700')")).toEqual([
      { name: "f", arguments: { a: 1000, b: 10.5, c: "xy", d: "\b\f\u0007\u000b", e: "\0\nA\u01ff7", g: "\u0100\u0140\u0180\u01c0" } },
    ]);
  });
});
