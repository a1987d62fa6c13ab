// rtc's field-key extensions (runtime/core/template/extensions.ts): `into` and `argument_types`.

import { describe, expect, it } from "vitest";
import { parseResponse } from "../../runtime/interpret/index.ts";
import { checkTemplate } from "../../compiler/check/index.ts";

const base = { start_anchor: "<A>" };
const call = { type: "function", function: { name: "{name}", arguments: "{content}" } };

describe("into", () => {
  const t = {
    ...base,
    fields: {
      tool_calls: { open: "<tc>", close: "</tc>", repeats: true, content: "json", transform: { type: "function", function: "{content}" } },
      fn: { open_pattern: "<f=(?P<name>\\w+)>", close: "</f>", into: "tool_calls", content: "json", transform: call },
      list: { open: "<l>", close: "</l>", into: "tool_calls", content: "json", transform_each: true, transform: { type: "function", function: { name: "{name}" } } },
      content: { close: "<end>", repeats: true, join: "" },
    },
  };
  it("several syntaxes feed one list in stream order; transform_each adds each item", () => {
    const text = '<f=a>{"x": 1}</f><tc>{"name": "b", "arguments": {}}</tc><l>[{"name": "c"}, {"name": "d"}]</l>';
    expect(parseResponse(t, text, { prefix: "" }).tool_calls).toEqual([
      { type: "function", function: { name: "a", arguments: { x: 1 } } },
      { type: "function", function: { name: "b", arguments: {} } },
      { type: "function", function: { name: "c" } },
      { type: "function", function: { name: "d" } },
    ]);
  });
  it("is checked when the template loads", () => {
    const bad = (f: object) => () => parseResponse({ ...base, fields: { content: { close: "<end>" }, ...f } }, "", { prefix: "" });
    const plain = "must be a plain list field (repeats: true, no join, no transform_each, no into) to be fed by other fields";
    expect(bad({ a: { open: "<a>", close: "</a>", into: "a" } })).toThrow("fields.a.into: names the field itself");
    expect(bad({ a: { open: "<a>", close: "</a>", into: 3 } })).toThrow("fields.a.into: must be a non-empty message key, got int");
    expect(bad({ a: { open: "<a>", close: "</a>", into: "" } })).toThrow("fields.a.into: must be a non-empty message key, got str");
    expect(bad({ a: { open: "<a>", close: "</a>", into: "b" }, b: { open: "<b>", close: "</b>" } })).toThrow(`fields.a.into: fields.b ${plain}`);
    expect(bad({ a: { open: "<a>", close: "</a>", into: "b" }, b: { open: "<b>", close: "</b>", repeats: true, join: "," } })).toThrow(`fields.a.into: fields.b ${plain}`);
    const chain = { a: { open: "<a>", close: "</a>", into: "b" }, b: { open: "<b>", close: "</b>", repeats: true, into: "c" }, c: { open: "<c>", close: "</c>", repeats: true } };
    expect(bad(chain)).toThrow(`fields.a.into: fields.b ${plain}`);
    expect(bad({ a: { open: "<a>", close: "</a>", into: "b", repeats: true, join: "" } })).toThrow("fields.a.into: cannot be combined with join (into collects a list)");
    expect(() => parseResponse({ ...base, fields: { content: { close: "<end>", into: "x" } } }, "", { prefix: "" })).toThrow("fields.content.into: the implicit field cannot feed another key");
  });
  it("a non-list default under the key is an error of the block", () => {
    const d = { ...base, defaults: { tool_calls: "none" }, fields: { fn: { open: "<f>", close: "</f>", into: "tool_calls" }, content: { close: "<end>" } } };
    expect(() => parseResponse(d, "<f>x</f>", { prefix: "" })).toThrow(/cannot add a block to tool_calls, a string default/);
  });
});

describe("argument_types", () => {
  const t = {
    ...base,
    fields: {
      tool_calls: {
        open_pattern: "<f=(?P<name>\\w+)>",
        close: "</f>",
        repeats: true,
        content: "xml-inline",
        content_args: { tag_pattern: "<p=(?P<key>\\w+)>(?P<value>.*?)</p>" },
        argument_types: "json",
        transform: call,
      },
      content: { close: "<end>" },
    },
  };
  const text = "<f=g><p=n> 1 </p><p=b>True</p><p=z>null</p><p=l>[1, \"a\"]</p><p=s>Paris</p><p=nan>NaN</p><p=q>\"quoted\"</p></f>";
  it("without tools, strings that spell JSON (or True/False/None) are typed; others stay strings", () => {
    expect(parseResponse(t, text, { prefix: "" }).tool_calls).toEqual([
      { type: "function", function: { name: "g", arguments: { n: 1, b: true, z: null, l: [1, "a"], s: "Paris", nan: "NaN", q: "quoted" } } },
    ]);
  });
  it("with tools, the schema decides (as in the reference)", () => {
    const tools = [{ type: "function", function: { name: "g", parameters: { type: "object", properties: { n: { type: "string" }, b: { type: "boolean" } } } } }];
    const args = (parseResponse(t, text, { prefix: "", tools }).tool_calls as { function: { arguments: Record<string, unknown> } }[])[0]!.function.arguments;
    expect(args.n).toBe(" 1 ");
    expect(args.b).toBe(true);
    expect(args.l).toBe('[1, "a"]');
  });
  it("types each call of a list (transform_each) and the string items of list arguments (merge_duplicates)", () => {
    const lists = {
      ...base,
      fields: {
        calls: {
          open: "<l>",
          close: "</l>",
          content: "json",
          transform_each: true,
          transform: { type: "function", function: { name: "{name}", arguments: "{arguments}" } },
          argument_types: "json",
        },
        merged: {
          open_pattern: "<f=(?P<name>\\w+)>",
          close: "</f>",
          content: "xml-inline",
          content_args: { tag_pattern: "<p=(?P<key>\\w+)>(?P<value>.*?)</p>", merge_duplicates: true },
          argument_types: "json",
          transform: call,
        },
        content: { close: "<end>" },
      },
    };
    const text =
      '<l>[{"name": "a", "arguments": {"n": "1"}}, {"name": "b", "arguments": {"l": ["2", 3, "x", null, "[4]"]}}]</l>' +
      "<f=g><p=d>true</p><p=d>Paris</p><p=d>None</p></f>";
    const message = parseResponse(lists, text, { prefix: "" });
    expect(message.calls).toEqual([
      { type: "function", function: { name: "a", arguments: { n: 1 } } },
      { type: "function", function: { name: "b", arguments: { l: [2, 3, "x", null, [4]] } } },
    ]);
    expect(message.merged).toEqual({ type: "function", function: { name: "g", arguments: { d: [true, "Paris", null] } } });
  });
  it("values that are not tool calls with an arguments dict pass through untouched", () => {
    const values = { ...base, fields: { v: { open: "<v>", close: "</v>", content: "json", repeats: true, argument_types: "json" }, content: { close: "<end>" } } };
    const blocks = [
      "null",
      '"1"',
      '["1", null]',
      '{"name": "g", "arguments": {"n": "1"}}',
      '{"function": "g"}',
      '{"function": {"name": "g", "arguments": "{\\"n\\": \\"1\\"}"}}',
    ];
    const text = blocks.map((b) => `<v>${b}</v>`).join("");
    expect(parseResponse(values, text, { prefix: "" }).v).toEqual(blocks.map((b) => JSON.parse(b)));
  });
  it("only \"json\" is accepted", () => {
    const bad = { ...base, fields: { a: { open: "<a>", close: "</a>", argument_types: "yes" } } };
    expect(() => parseResponse(bad, "", { prefix: "" })).toThrow(/argument_types: the only value is "json"/);
  });
});

describe("rtc check --portable", () => {
  it("flags the field-key extensions", () => {
    const t = { ...base, fields: { fn: { open: "<f>", close: "</f>", into: "calls", argument_types: "json" }, content: { close: "<end>" } } };
    const notes = checkTemplate(t, { portable: true }).filter((d) => d.code === "rtc-field-key");
    expect(notes.map((d) => d.path)).toEqual(["fields.fn.into", "fields.fn.argument_types"]);
  });
});
