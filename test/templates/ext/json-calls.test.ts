import { describe, expect, test } from "vitest";
import { compilePattern } from "../../../runtime/translate/index.ts";
import { CONTENT_PARSERS } from "../../../runtime/core/content/index.ts";
import { ContentError, PartialContentError } from "../../../runtime/core/errors.ts";
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

/** What recover mode gets from a body read only in part: the calls, and the spans left out (as text). */
function partly(s: string): { calls: unknown; dropped: string[] } {
  try {
    parse(s);
  } catch (e) {
    if (!(e instanceof PartialContentError)) throw e;
    return { calls: plain(e.partial), dropped: e.dropped.map((d) => s.slice(d.start, d.end)) };
  }
  throw new Error("read whole");
}

describe("json-calls, partial reading (recover mode keeps the calls that read)", () => {
  test("one malformed entry of several, one call per line: only it is left out", () => {
    const r = partly('{"name": "a", "arguments": {"x": 1}}\n{"name": "b", "arguments": {"x": 2}\n{"name": "c", "arguments": {}}');
    expect(r.calls).toEqual([{ name: "a", arguments: { x: 1 } }, { name: "c", arguments: {} }]);
    expect(r.dropped).toEqual(['{"name": "b", "arguments": {"x": 2}\n']);
  });
  test("a list with a bad item, a list cut off at the end, text after a list", () => {
    expect(partly('[{"name": "a"}, {"name": 7}, {"name": "c"}]')).toEqual({
      calls: [{ name: "a", arguments: {} }, { name: "c", arguments: {} }],
      dropped: ['{"name": 7}'],
    });
    expect(partly('[{"name": "a"}, {"name": "b", "argu')).toEqual({ calls: [{ name: "a", arguments: {} }], dropped: ['{"name": "b", "argu'] });
    expect(partly('[{"name": "a"}, {\'name\': "b"}]')).toEqual({ calls: [{ name: "a", arguments: {} }], dropped: ["{'name': \"b\"}]"] });
    expect(partly('[{"name": "a"}] and then some text')).toEqual({ calls: [{ name: "a", arguments: {} }], dropped: ["and then some text"] });
  });
  test("nothing readable: a plain ContentError, as outside recover mode", () => {
    expect(() => parse('{"name": "b", "argu')).toThrow(ContentError);
    expect(() => parse('{"name": "b", "argu')).not.toThrow(PartialContentError);
  });
  test("a long run of broken entries: one span left out, the good call kept", () => {
    const body = '{"name": "a"}\n' + '{"name": "x", "arguments": {,\n'.repeat(20_000);
    const r = partly(body);
    expect([(r.calls as unknown[]).length, r.dropped.length]).toEqual([1, 1]);
  });
});
