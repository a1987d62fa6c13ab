// Arguments of the wrong type get an ArgumentError (Python's TypeError) that names the argument, in the
// interpreter's API and in generated modules alike (the shared engine checks them).
import { describe, expect, it } from "vitest";
import { thrown } from "../support/thrown.ts";
import { readFileSync } from "node:fs";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import * as qwen3 from "../../generated/qwen3.ts";
import { describeValue } from "../../runtime/core/engine/arguments.ts";
import { ArgumentError, ParserStateError } from "../../runtime/core/errors.ts";

const template = JSON.parse(readFileSync(new URL("../../templates/qwen3.json", import.meta.url), "utf8"));

const apis = {
  interpreter: {
    create: (options: unknown) => createResponseParser(template, options as never),
    parse: (text: unknown, options: unknown) => parseResponse(template, text as never, options as never),
  },
  generated: {
    create: (options: unknown) => qwen3.createResponseParser(options as never),
    parse: (text: unknown, options: unknown) => qwen3.parseResponse(text as never, options as never),
  },
};

for (const [name, api] of Object.entries(apis)) {
  describe(`argument checks (${name})`, () => {
    it("feed({a: 1}) names feed(chunk) instead of parsing the text [object Object]", () => {
      const e = thrown(() => api.create({ prefix: "" }).feed({ a: 1 } as never));
      expect(e).toBeInstanceOf(ArgumentError);
      expect((e as ArgumentError).argument).toBe("feed(chunk)");
      expect(e.message).toBe('feed(chunk) must be a string, got an object ({"a":1})');
    });

    it("feed() without a chunk and feed(5) are errors too", () => {
      expect(thrown(() => api.create({ prefix: "" }).feed(undefined as never)).message).toBe("feed(chunk) must be a string, got undefined");
      expect(thrown(() => api.create({ prefix: "" }).feed(5 as never)).message).toBe("feed(chunk) must be a string, got number 5");
    });

    it("parseResponse(text) without options names options", () => {
      const e = thrown(() => api.parse("hi", undefined));
      expect(e).toBeInstanceOf(ArgumentError);
      expect((e as ArgumentError).argument).toBe("options");
      expect(e.message).toMatch(/^options must be an object such as \{ prefix: "" \}, got undefined/);
    });

    it("prefix: 5 names options.prefix", () => {
      const e = thrown(() => api.create({ prefix: 5 }));
      expect((e as ArgumentError).argument).toBe("options.prefix");
      expect(e.message).toBe("options.prefix must be a string, got number 5");
    });

    it("a missing prefix is still the reference's ValueError", () => {
      const e = thrown(() => api.create({}));
      expect(e).toBeInstanceOf(ParserStateError);
      expect(e.message).toMatch(/^prefix is required/);
    });

    it('tools: "nope" is refused, not ignored; so is a tool that is not an object', () => {
      const e = thrown(() => api.create({ prefix: "", tools: "nope" }));
      expect((e as ArgumentError).argument).toBe("options.tools");
      expect(e.message).toBe('options.tools must be a list of tool definitions (or null), got a string ("nope")');
      const f = thrown(() => api.create({ prefix: "", tools: [{ type: "function", function: { name: "f" } }, 7] }));
      expect((f as ArgumentError).argument).toBe("options.tools[1]");
    });

    it("parseResponse(text) with text of the wrong type names parseResponse(text)", () => {
      const e = thrown(() => api.parse({ text: "hi" }, { prefix: "" }));
      expect((e as ArgumentError).argument).toBe("parseResponse(text)");
      expect(thrown(() => api.parse(["ok<|im_end|>", 3], { prefix: "" })).message).toBe("parseResponse(text) must be a string, got number 3");
    });

    it("good arguments still parse", () => {
      expect(api.parse("Hi<|im_end|>", { prefix: "", tools: null })).toEqual({ role: "assistant", content: "Hi" });
    });
  });
}

describe("the messages in full", () => {
  it("options of the wrong type: what was given, and why a prefix is needed", () => {
    expect(thrown(() => createResponseParser(template, null as never)).message).toBe(
      'options must be an object such as { prefix: "" }, got null (prefix is required: the chat prompt that preceded the generation, or "" to opt out)',
    );
  });

  it("prefix: null is a missing prefix (the reference's ValueError), with how to opt out", () => {
    const e = thrown(() => createResponseParser(template, { prefix: null } as never));
    expect([e.name, e.pyClass, e.message]).toEqual([
      "ParserStateError",
      "ValueError",
      'prefix is required: pass the chat prompt that preceded the generation (chat templates often pre-write part of the message, such as an opening <think>), or prefix: "" to opt out explicitly',
    ]);
  });

  it("a null tool names its index", () => {
    const e = thrown(() => createResponseParser(template, { prefix: "", tools: [null] } as never));
    expect([(e as ArgumentError).argument, e.message]).toEqual(["options.tools[0]", "options.tools[0] must be a tool definition object, got null"]);
  });
});

describe("describeValue: a wrong value, shortly", () => {
  const circular: Record<string, unknown> = {};
  circular.self = circular;
  it.each([
    ["null", null, "null"],
    ["undefined", undefined, "undefined"],
    ["a list", [1, "a"], 'a list ([1,"a"])'],
    ["an object", { a: 1 }, 'an object ({"a":1})'],
    ["a circular object", circular, "an object ([object Object])"],
    ["a string", "x", 'a string ("x")'],
    ["a function", () => 1, "a function"],
    ["a number", 5, "number 5"],
    ["a bigint", 10n, "bigint 10"],
    ["58 characters", "a".repeat(58), `a string ("${"a".repeat(58)}")`], // 60 once quoted: kept whole
    ["59 characters", "a".repeat(59), `a string ("${"a".repeat(56)}...)`], // 61: cut to 57, then "..."
  ])("%s", (_label, value, text) => {
    expect(describeValue(value)).toBe(text);
  });
});
