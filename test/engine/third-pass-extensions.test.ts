// rtc field keys added by issue 28's third pass (runtime/core/template/extensions.ts): `join_skips_empty`,
// `argument_literals` and `unwrap_arguments`, in the interpreter and in the OpenAI delta stream.

import { describe, expect, it } from "vitest";
import { parseResponse } from "../../runtime/interpret/index.ts";
import { createOpenAIStream } from "../../runtime/openai/index.ts";

const base = { start_anchor: "<A>" };
const call = { type: "function", function: { name: "{name}", arguments: "{content}" } };

describe("join_skips_empty", () => {
  const t = (skips: boolean) => ({
    ...base,
    fields: {
      thinking: { open: "<t>", close: "</t>", repeats: true, join: "" },
      content: { close: "<end>", repeats: true, join: "\n", ...(skips ? { join_skips_empty: true } : {}) },
    },
  });
  it("puts the separator only between blocks with text", () => {
    expect(parseResponse(t(true), "Hello!\n<t>hm</t>\nBye.<end>", { prefix: "" }).content).toBe("Hello!\nBye.");
    expect(parseResponse(t(true), "<t>hm</t>\nBye.<end>", { prefix: "" }).content).toBe("Bye.");
    expect(parseResponse(t(true), "Hi<t>a</t> <t>b</t>Bye<end>", { prefix: "" }).content).toBe("Hi\nBye");
    // The reference's join adds the separator for the empty block (the blank between the two) too.
    expect(parseResponse(t(false), "Hi<t>a</t> <t>b</t>Bye<end>", { prefix: "" }).content).toBe("Hi\n\nBye");
  });
  it("streams what the message holds", () => {
    for (const text of ["Hello!\n<t>hm</t>\nBye.<end>", "<t>hm</t>\nBye.<end>", "Hi<t>a</t> <t>b</t>Bye<end>"]) {
      const s = createOpenAIStream(t(true), { prefix: "" });
      const deltas = [...text].flatMap((ch) => s.feed(ch));
      const done = s.finalize();
      const content = [...deltas, ...done.deltas].map((d) => d.content ?? "").join("");
      expect(content).toBe(parseResponse(t(true), text, { prefix: "" }).content);
      expect(done.divergent).toEqual([]);
    }
  });
  it("is checked when the template loads", () => {
    const load = (f: object) => () => parseResponse({ ...base, fields: { content: { close: "<end>", repeats: true, ...f } } }, "", { prefix: "" });
    expect(load({ join_skips_empty: "yes", join: "\n" })).toThrow("fields.content.join_skips_empty: must be a boolean, got str");
    expect(load({ join_skips_empty: true })).toThrow("fields.content.join_skips_empty: needs join");
  });
});

describe("argument_literals", () => {
  const t = (extra: object) => ({
    ...base,
    fields: {
      tool_calls: {
        open_pattern: "<f=(?P<name>\\w+)>",
        close: "</f>",
        repeats: true,
        content: "xml-inline",
        content_args: { tag_pattern: "<p=(?P<key>\\w+)>(?P<value>.*?)</p>" },
        ...extra,
        transform: call,
      },
      content: { close: "<end>", repeats: true, join: "" },
    },
  });
  const tools = [{ type: "function", function: { name: "f", parameters: { type: "object", properties: { o: { type: "object" }, a: { type: "array" }, s: { type: "string" }, n: { type: "integer" } } } } }];
  const text = "<f=f><p=o>{'k': 'v', 'b': True}</p><p=a>\"[1, None]\"</p><p=s>{'x': 1}</p><p=n>7</p></f>";
  const args = (template: object, options: object) => (parseResponse(template, text, { prefix: "", ...options }).tool_calls as { function: { arguments: unknown } }[])[0]!.function.arguments;
  it("with tools: reads object and array parameters written as Python literals, leaves the rest to the schema", () => {
    expect(args(t({ argument_literals: "python" }), { tools })).toEqual({ o: { k: "v", b: true }, a: [1, null], s: "{'x': 1}", n: 7 });
    // Without the extension the reference's coercion keeps the strings.
    expect(args(t({}), { tools })).toEqual({ o: "{'k': 'v', 'b': True}", a: '"[1, None]"', s: "{'x': 1}", n: 7 });
  });
  it("without tools: a dict or list literal is read when argument_types types values", () => {
    expect(args(t({ argument_types: "json", argument_literals: "python" }), {})).toEqual({ o: { k: "v", b: true }, a: "[1, None]", s: { x: 1 }, n: 7 });
    expect(args(t({ argument_literals: "python" }), {})).toEqual({ o: "{'k': 'v', 'b': True}", a: '"[1, None]"', s: "{'x': 1}", n: "7" });
  });
  it("a text that is no literal stays a string", () => {
    const bad = "<f=f><p=o>{'k': v}</p></f>";
    expect(parseResponse(t({ argument_literals: "python" }), bad, { prefix: "", tools }).tool_calls).toEqual([{ type: "function", function: { name: "f", arguments: { o: "{'k': v}" } } }]);
  });
  it("is checked when the template loads", () => {
    expect(() => parseResponse(t({ argument_literals: "ast" }), "", { prefix: "" })).toThrow('fields.tool_calls.argument_literals: the only value is "python", got "ast"');
  });
});

describe("unwrap_arguments", () => {
  const t = (unwrap: boolean) => ({
    ...base,
    fields: {
      tool_calls: { open_pattern: "<f=(?P<name>\\w+)>", close: "</f>", repeats: true, content: "json", ...(unwrap ? { unwrap_arguments: true } : {}), transform: call },
      content: { close: "<end>", repeats: true, join: "" },
    },
  });
  const tool = (props: object) => [{ type: "function", function: { name: "w", parameters: { type: "object", properties: props } } }];
  const weather = tool({ city: { type: "string" }, days: { type: "integer" } });
  const args = (template: object, text: string, tools?: object[]) =>
    (parseResponse(template, `<f=w>${text}</f>`, { prefix: "", ...(tools ? { tools: tools as never } : {}) }).tool_calls as { function: { arguments: unknown } }[])[0]!.function.arguments;
  it("unwraps an undeclared arguments (or input) wrapper of declared keys, then coerces", () => {
    expect(args(t(true), '{"arguments": {"city": "Paris", "days": "3"}}', weather)).toEqual({ city: "Paris", days: 3 });
    expect(args(t(true), '{"input": "{\\"city\\": \\"Paris\\"}"}', weather)).toEqual({ city: "Paris" });
  });
  it("keeps the wrapper when the schema cannot tell it from a parameter", () => {
    expect(args(t(true), '{"arguments": {"city": "Paris"}}')).toEqual({ arguments: { city: "Paris" } });
    expect(args(t(true), '{"arguments": {"city": "Paris"}}', tool({ arguments: { type: "object" } }))).toEqual({ arguments: { city: "Paris" } });
    expect(args(t(true), '{"arguments": {"town": "Paris"}}', weather)).toEqual({ arguments: { town: "Paris" } });
    expect(args(t(true), '{"arguments": {"city": "Paris"}, "days": 2}', weather)).toEqual({ arguments: { city: "Paris" }, days: 2 });
    expect(args(t(false), '{"arguments": {"city": "Paris"}}', weather)).toEqual({ arguments: { city: "Paris" } });
  });
  it("is checked when the template loads", () => {
    const bad = { ...base, fields: { tool_calls: { open: "<f>", close: "</f>", content: "json", unwrap_arguments: 1 }, content: { close: "<end>" } } };
    expect(() => parseResponse(bad, "", { prefix: "" })).toThrow("fields.tool_calls.unwrap_arguments: must be a boolean, got int");
  });
});
