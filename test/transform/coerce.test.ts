// Tool-argument coercion (runtime/core/transform/coerce.ts) on inputs the recorded units (conformance
// units.jsonl) do not reach: malformed schemas and tool lists, values that are not tool calls. Every
// expectation was checked against transformers 5.18.0 (`_coerce`, `_schema_types`, `parse_response`).

import { describe, expect, it } from "vitest";
import { parseResponse } from "../../runtime/interpret/index.ts";
import { RtcError } from "../../runtime/core/errors.ts";
import { coerce, schemaTypes, toolParams } from "../../runtime/core/transform/coerce.ts";
import type { JsonValue } from "../../runtime/core/types.ts";

const tool = (properties: JsonValue) => ({ type: "function", function: { name: "g", parameters: { type: "object", properties } } });
const template = (field: Record<string, JsonValue>) => ({
  start_anchor: "<A>",
  fields: { c: { open: "<c>", close: "</c>", content: "json", ...field }, content: { close: "<end>" } },
});
const asCall = { transform: { type: "function", function: { name: "g", arguments: "{content}" } } };

describe("coerce", () => {
  it('"null" casts only null / None (stripped); other text tries the next type or stays a string', () => {
    expect(coerce(" None ", ["null"])).toBeNull();
    expect(coerce("null", ["null"])).toBeNull();
    expect(coerce("x", ["null"])).toBe("x");
    expect(coerce("nil", ["null", "string"])).toBe("nil");
    expect(coerce("true", ["null", "boolean"])).toBe(true);
  });
});

describe("schemaTypes", () => {
  it("a schema that is not a dict declares no type, also as an anyOf choice", () => {
    expect(schemaTypes(null)).toEqual([]);
    expect(schemaTypes("integer")).toEqual([]);
    expect(schemaTypes({ anyOf: [null, { type: "integer" }] })).toEqual(["integer"]);
  });

  it("a property schema of null leaves its argument alone; the others are still cast", () => {
    const message = parseResponse(template(asCall), '<c>{"n": "1", "m": "2"}</c>', { prefix: "", tools: [tool({ n: null, m: { type: "integer" } })] });
    expect(message.c).toEqual({ type: "function", function: { name: "g", arguments: { n: "1", m: 2 } } });
  });

  it("an anyOf / oneOf that is not iterable is a TypeError naming the key", () => {
    const failure = (schema: JsonValue) => {
      try {
        parseResponse(template(asCall), '<c>{"n": "1"}</c>', { prefix: "", tools: [tool({ n: schema })] });
      } catch (e) {
        if (e instanceof RtcError) return `${e.pyClass}: ${e.message}`;
        throw e;
      }
      return "no error";
    };
    expect(failure({ anyOf: 5 })).toMatch(/^TypeError: .*schema anyOf: 'int' object is not iterable$/);
    expect(failure({ oneOf: true })).toMatch(/^TypeError: .*schema oneOf: 'bool' object is not iterable$/);
  });
});

describe("toolParams", () => {
  it("skips entries that are not tool definitions with a string name, as the reference does", () => {
    // parseResponse refuses a tool that is not an object (options.tools[i]); the exported function
    // itself takes any list, like the reference's loop.
    const params = toolParams([null, "g", [], { function: null }, { function: { name: 5 } }, { name: 7 }, tool({ n: { type: "integer" } })]);
    expect([...params]).toEqual([["g", { n: { type: "integer" } }]]);
  });
});

describe("coerceToolCalls", () => {
  it("values that are not calls with a name and an arguments dict are left as they are", () => {
    const tools = [tool({ n: { type: "integer" } })];
    const calls = [
      "null",
      '{"function": null}',
      '{"function": {"name": "g", "arguments": null}}',
      '{"function": {"name": "g", "arguments": "{\\"n\\": \\"1\\"}"}}',
      '{"function": {"name": 5, "arguments": {"n": "1"}}}',
    ];
    const listed = parseResponse(template({}), `<c>[${calls.join(", ")}, {"function": {"name": "g", "arguments": {"n": "1"}}}]</c>`, { prefix: "", tools });
    expect(listed.c).toEqual([...calls.map((c) => JSON.parse(c)), { function: { name: "g", arguments: { n: 1 } } }]);
    // A null value is kept (and, being None, left out of the message, as the reference does).
    expect(parseResponse(template({}), "<c>null</c>", { prefix: "", tools })).toEqual({});
  });
});
