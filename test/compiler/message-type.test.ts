// A generated module's `Message` type must hold for every message its parser returns. The type is built
// as data (messageShape) and rendered; here every recorded session and every library sample is parsed
// and its message checked against that data, with no key the type does not name.

import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseResponse } from "../../runtime/interpret/index.ts";
import { isDict, pyJsonLoads, type JsonObject, type JsonValue, type ParseOptions } from "../../runtime/core/index.ts";
import { planSource } from "../../compiler/build/compile.ts";
import { fitsShape, messageShape, messageType, type Shape } from "../../compiler/emit/message-type.ts";
import { fixturesBeside, readSessions } from "../../compiler/replay/fixtures.ts";
import { hf } from "../conformance/paths.ts";

const ROOT = join(import.meta.dirname, "..", "..");

function planOf(name: string, template: JsonValue) {
  return planSource({ name, file: `${name}.json`, at: "", template });
}

/** Problems with one message: a value that does not fit, or a key the type does not name. */
function misfits(message: JsonObject, shape: Shape): string[] {
  if (shape.kind !== "object") return ["the message type is not an object type"];
  const named = new Set(shape.entries.map((e) => e.key));
  const out = Object.keys(message).filter((k) => !named.has(k)).map((k) => `unnamed key ${k}`);
  if (!fitsShape(message, shape)) out.push(`does not fit: ${JSON.stringify(message, (_, v: unknown) => (typeof v === "bigint" ? String(v) : v))}`);
  return out;
}

function tryParse(template: JsonValue, text: string, options: ParseOptions): JsonObject | null {
  try {
    return parseResponse(template, text, options);
  } catch {
    return null; // errors are the conformance tests' business
  }
}

describe("Message types hold", () => {
  it("for every recorded session", () => {
    let checked = 0;
    const problems: string[] = [];
    for (const file of ["sessions-0.jsonl", "sessions-1.jsonl"].map(hf)) {
      const { templates, tools } = fixturesBeside(file);
      const shapes = new Map<string, Shape>();
      for (const row of readSessions(file)) {
        const t = templates.get(row.template)!;
        if (!("ok" in t.hf)) continue;
        let shape = shapes.get(row.template);
        if (shape === undefined) shapes.set(row.template, (shape = messageShape(planOf("fixture", t.template))));
        const options: ParseOptions = { prefix: row.prefix };
        if (row.tools !== undefined) options.tools = tools.get(row.tools) as ParseOptions["tools"];
        const message = tryParse(t.template, row.text, options);
        if (message === null) continue;
        checked++;
        problems.push(...misfits(message, shape).map((p) => `${row.id}: ${p}`));
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(600);
  });

  it("for every library sample", () => {
    let checked = 0;
    const problems: string[] = [];
    for (const f of readdirSync(join(ROOT, "templates", "samples")).filter((x) => x.endsWith(".jsonl"))) {
      const name = f.slice(0, -".jsonl".length);
      const template = pyJsonLoads(readFileSync(join(ROOT, "templates", `${name}.json`), "utf8"));
      const shape = messageShape(planOf(name, template));
      for (const line of readFileSync(join(ROOT, "templates", "samples", f), "utf8").split("\n").filter(Boolean)) {
        const sample = pyJsonLoads(line);
        if (!isDict(sample) || typeof sample.text !== "string") continue;
        const message = tryParse(template, sample.text, { prefix: typeof sample.prefix === "string" ? sample.prefix : "" });
        if (message === null) continue;
        checked++;
        problems.push(...misfits(message, shape).map((p) => `${name}/${String(sample.name)}: ${p}`));
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  });
});

describe("Message type text", () => {
  const type = (fields: JsonValue, defaults: JsonValue = { role: "assistant" }) =>
    messageType(planOf("t", { start_anchor: "<a>", defaults, fields } as JsonValue)).text.replace(/\s+/g, " ");

  it("names each field with its content parser's type", () => {
    expect(
      type({
        thinking: { open: "<think>", close: "</think>", content: "text" },
        n: { open: "<n>", close: "</n>", content: "int" },
        args: { open: "<a>", close: "</a>", content: "kv-lines" },
        content: { content: "text" },
      }),
    ).toBe(
      '{ role: "assistant"; /** fields.thinking: text. */ thinking?: string; /** fields.n: int. */ n?: number | bigint; ' +
        "/** fields.args: kv-lines. */ args?: JsonObject; /** fields.content: text. */ content?: string; }",
    );
  });

  it("recognises tool calls and widens what tools may cast", () => {
    const calls = (transform: JsonValue, extra: JsonValue = {}) =>
      type({
        tool_calls: { open_pattern: "<call name=(?P<name>\\w+)>", close: "</call>", repeats: true, content: "json", transform, ...(extra as object) },
        content: { content: "text" },
      });
    expect(calls({ type: "function", function: "{content}" })).toContain("tool_calls?: ToolCall[];");
    expect(calls({ type: "function", function: { name: "{name}", arguments: "{content}" } })).toContain(
      "tool_calls?: ToolCall<{ name: string; arguments: JsonValue }>[];",
    );
    expect(calls({ type: "function", function: { name: "{name}", arguments: { q: "{content}" } } })).toContain(
      "tool_calls?: ToolCall<{ name: string; arguments: JsonObject }>[];",
    );
    expect(calls({ id: 1, call: ["{name}", "{content.a}"] })).toContain("tool_calls?: { id: JsonValue; call: [string, JsonValue] }[];");
  });

  it("keeps a default's value possible", () => {
    expect(type({ content: { content: "text", repeats: true, join: "" } }, { role: "assistant", content: null })).toContain(
      "content: string | null;",
    );
    expect(type({ content: { content: "text" } }, { content: "" })).toBe('{ /** fields.content: text. */ content: "" | string; }');
  });
});

/**
 * The Message type of a template, whitespace collapsed, after checking that the message the parser
 * returns for each text fits it (and names no key the type leaves out).
 */
function typeOf(defaults: JsonValue, fields: JsonValue, texts: string[] = []): string {
  const template = { start_anchor: "<a>", defaults, fields } as JsonValue;
  const plan = planOf("t", template);
  const shape = messageShape(plan);
  for (const text of texts) expect(misfits(parseResponse(template, text, { prefix: "" }), shape), text).toEqual([]);
  return messageType(plan).text.replace(/\s+/g, " ");
}

describe("Message type of each template feature", () => {
  const content = { content: "text" };

  it("one member per line with its doc, and no runtime import it does not use", () => {
    const t = messageType(planOf("t", { start_anchor: "<a>", defaults: { role: "assistant" }, fields: { thinking: { open: "<think>", close: "</think>", content: "text" }, content } }));
    expect(t.text).toBe(
      '{\n  role: "assistant";\n  /** fields.thinking: text. */\n  thinking?: string;\n  /** fields.content: text. */\n  content?: string;\n}',
    );
    expect(t.imports).toEqual([]);
  });

  it("defaults as their literal values: booleans, null, lists, dicts (quoted keys, empty); numbers as JsonValue", () => {
    const defaults = { role: "assistant", done: true, none: null, tags: ["a", false], meta: { a: "x", "b-c": null, n: 1 }, empty: {} };
    expect(typeOf(defaults, { content }, ["hi", ""])).toBe(
      '{ role: "assistant"; done: true; none: null; tags: ["a", false]; meta: { a: "x"; "b-c": null; n: JsonValue }; ' +
        "empty: Record<string, never>; /** fields.content: text. */ content?: string; }",
    );
  });

  it("numbers as the parser gives them: bigint beyond 2^53, PyFloat when integral", () => {
    const fields = {
      n: { open: "<n>", close: "</n>", content: "int" },
      f: { open: "<f>", close: "</f>", content: "float" },
      ns: { open: "<ns>", close: "</ns>", content: "int", repeats: true, transform: { n: "{content}" } },
      content,
    };
    const text = "hi<n>9007199254740993</n><f>2</f><ns>1</ns><ns>9007199254740993</ns>";
    expect(typeOf({ role: "assistant" }, fields, [text, "<n>1</n><f>2.5</f>"])).toBe(
      '{ role: "assistant"; /** fields.n: int. */ n?: number | bigint; /** fields.f: float. */ f?: number | PyFloat; ' +
        "/** fields.ns: int then the transform, one item per block. */ ns?: { n: number | bigint }[]; /** fields.content: text. */ content?: string; }",
    );
    expect(messageType(planOf("t", { start_anchor: "<a>", defaults: {}, fields })).imports).toEqual(["PyFloat"]);
  });

  it("a field that is also a default: the default's value stays possible", () => {
    const tags = { open: "<t>", close: "</t>", content: "text", repeats: true };
    const joined = { content: "text", repeats: true, join: "" };
    expect(typeOf({ content: "" }, { content: joined }, ["hi", ""])).toBe('{ /** fields.content: text, blocks joined. */ content: string; }');
    // Blocks cannot be joined onto a boolean default (a parse error), so only the default arrives.
    expect(typeOf({ content: false }, { content: joined }, [""])).toBe('{ /** fields.content: text, blocks joined. */ content: JsonValue; }');
    expect(typeOf({ n: null }, { n: { open: "<n>", close: "</n>", content: "int" } }, ["<n>1</n>", "hi"])).toBe(
      "{ /** fields.n: int. */ n: null | number | bigint; }",
    );
    expect(typeOf({ tags: [] }, { tags }, ["<t>a</t><t>b</t>", "hi"])).toBe("{ /** fields.tags: text, one item per block. */ tags: string[]; }");
    expect(typeOf({ tags: [1] }, { tags }, ["<t>a</t>", "hi"])).toBe("{ /** fields.tags: text, one item per block. */ tags: JsonValue[]; }");
    // Blocks cannot be appended to a string default (a parse error), so only the default arrives.
    expect(typeOf({ tags: "none" }, { tags }, ["hi"])).toBe("{ /** fields.tags: text, one item per block. */ tags: JsonValue; }");
  });

  it("into: a list field fed by others, keys only into fields feed, union items in parentheses", () => {
    const fields = {
      tool_calls: { open: "<tc>", close: "</tc>", content: "text", repeats: true, transform: { name: "{content}" } },
      fn: { open: "<fn>", close: "</fn>", content: "text", into: "tool_calls" },
      js: { open: "<js>", close: "</js>", content: "json", into: "tool_calls" },
      n: { open: "<n>", close: "</n>", content: "int", into: "nums" },
      p: { open: "<p>", close: "</p>", content: "text", transform: { x: "{content}" }, into: "nums" },
      content,
    };
    expect(typeOf({ role: "assistant" }, fields, ["hi<tc>a</tc><fn>f</fn><js>[1]</js><n>2</n><p>q</p>", "hi"])).toBe(
      '{ role: "assistant"; /** fields.tool_calls: text then the transform, one item per block; also fed by fields.fn, fields.js. */ ' +
        "tool_calls?: ({ name: string } | string | JsonValue)[]; /** fields.content: text. */ content?: string; " +
        "/** fed by fields.n, fields.p (rtc extension `into`). */ nums?: (number | bigint | { x: string })[]; }",
    );
  });

  it("into with transform_each adds each item; non-dict content_args give JsonValue", () => {
    const each = { content: "json", transform: { name: "{name}" }, transform_each: true };
    const fields = {
      c: { open: "<c>", close: "</c>", ...each, into: "calls" },
      d: { open: "<d>", close: "</d>", ...each, content_args: [], into: "calls" },
      x: { open: "<x>", close: "</x>", content: "text", content_args: [] },
      items: { open: "<i>", close: "</i>", ...each, repeats: true },
      content,
    };
    expect(typeOf({ role: "assistant" }, fields, ['hi<c>[{"name": "f"}, {"name": 2}]</c><i>[{"name": 1}]</i><i>[]</i>'])).toBe(
      '{ role: "assistant"; /** fields.x: text. */ x?: JsonValue; ' +
        "/** fields.items: json then the transform of each item, one item per block. */ items?: { name: JsonValue }[][]; " +
        "/** fields.content: text. */ content?: string; /** fed by fields.c, fields.d (rtc extension `into`). */ calls?: ({ name: JsonValue } | JsonValue)[]; }",
    );
  });

  it("into onto a default: JsonValue, named once; an into field's own name keeps its default", () => {
    const c = { open: "<c>", close: "</c>", content: "text", into: "calls" };
    expect(typeOf({ calls: [], role: "assistant" }, { c, content }, ["hi<c>x</c>", "hi"])).toBe(
      '{ role: "assistant"; /** fields.content: text. */ content?: string; /** fed by fields.c (rtc extension `into`). */ calls: JsonValue; }',
    );
    expect(typeOf({ role: "assistant", c: "x" }, { c, content }, ["hi<c>y</c>", "hi"])).toBe(
      '{ role: "assistant"; c: "x"; /** fields.content: text. */ content?: string; /** fed by fields.c (rtc extension `into`). */ calls?: string[]; }',
    );
  });

  it("tool calls: a ToolCall is exactly type function plus function; arguments dicts widen inside lists too", () => {
    const calls = (transform: JsonValue) => {
      const text = typeOf(
        { role: "assistant" },
        { tool_calls: { open_pattern: "<call name=(?P<name>\\w+)>", close: "</call>", repeats: true, content: "json", transform }, content },
        ['hi<call name=f>{"q": "1"}</call>'],
      );
      return /tool_calls\?: (.*); \/\*\*/.exec(text)![1];
    };
    const fn = { name: "{name}", arguments: { q: "{content}" } };
    expect(calls([{ type: "function", function: fn }])).toBe("[ToolCall<{ name: string; arguments: JsonObject }>][]");
    expect(calls({ type: "function", function: { name: "{name}", extra: { k: "{content}" }, arguments: { q: "{content}" } } })).toBe(
      "ToolCall<{ name: string; extra: { k: JsonValue }; arguments: JsonObject }>[]",
    );
    expect(calls({ x: { arguments: { q: "{content}" } } })).toBe("{ x: { arguments: { q: JsonValue } } }[]");
    expect(calls({ function: "{content}", type: "function" })).toBe("ToolCall[]");
    expect(calls({ type: "function", function: "{content}", id: "{name}" })).toBe('{ type: "function"; function: JsonValue; id: string }[]');
    expect(calls({ function: "{content}", other: "x" })).toBe('{ function: JsonValue; other: "x" }[]');
    expect(calls({ type: "other", function: "{content}" })).toBe('{ type: "other"; function: JsonValue }[]');
    expect(messageType(planOf("t", { start_anchor: "<a>", fields: { tool_calls: { open: "<c>", close: "</c>", content: "json", transform: { type: "function", function: "{content}" } } } })).imports).toEqual(["ToolCall"]);
    // A message whose `function` key may be missing is no ToolCall.
    expect(typeOf({ type: "function" }, { function: { content: "json" } }, ['{"a": 1}', ""])).toBe(
      '{ type: "function"; /** fields.function: json. */ function?: JsonValue; }',
    );
  });

  it("a placeholder's path beyond content is JsonValue", () => {
    const x = { open: "<x>", close: "</x>", content: "kv-lines", transform: { v: "{content.a}", all: "{content}" } };
    expect(typeOf({ role: "assistant" }, { x, content }, ["hi<x>a: 1\nb: 2</x>"])).toBe(
      '{ role: "assistant"; /** fields.x: kv-lines then the transform. */ x?: { v: JsonValue; all: JsonObject }; /** fields.content: text. */ content?: string; }',
    );
  });
});

describe("fitsShape (what the Message types hold checks rest on)", () => {
  const string: Shape = { kind: "string" };
  const pair: Shape = { kind: "tuple", items: [string, string] };
  const object: Shape = { kind: "object", entries: [{ key: "a", shape: string, optional: false }, { key: "b", shape: string, optional: true }] };
  it.each<[string, JsonValue, Shape, boolean]>([
    ["a string", "x", string, true],
    ["not a string", 1, string, false],
    ["not a boolean", "x", { kind: "boolean" }, false],
    ["an int as bigint", 9007199254740993n, { kind: "int" }, true],
    ["not an int", "1", { kind: "int" }, false],
    ["not a float", "1", { kind: "float" }, false],
    ["not a dict", "x", { kind: "dict" }, false],
    ["another literal", "b", { kind: "literal", value: "a" }, false],
    ["a tuple", ["a", "b"], pair, true],
    ["not a list, as a tuple", "ab", pair, false],
    ["a longer list, as a tuple", ["a", "b", "c"], pair, false],
    ["a shorter list, as a tuple", ["a"], pair, false],
    ["a tuple item that does not fit", ["a", 1], pair, false],
    ["not a list, as an array", "x", { kind: "array", item: string }, false],
    ["an array with one item that does not fit", ["a", 1], { kind: "array", item: string }, false],
    ["an object", { a: "x" }, object, true],
    ["not a dict, as an object", "x", object, false],
    ["an object missing a required key", { b: "x" }, object, false],
    ["an object with one value that does not fit", { a: "x", b: 1 }, object, false],
  ])("%s", (_, value, shape, fits) => {
    expect(fitsShape(value, shape)).toBe(fits);
  });
});
