// A generated module's `Message` type must hold for every message its parser returns. The type is built
// as data (messageShape) and rendered; here every recorded session and every library sample is parsed
// and its message checked against that data, with no key the type does not name.

import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseResponse } from "../../packages/response-template/interpret/index.ts";
import { isDict, pyJsonLoads, type JsonObject, type JsonValue, type ParseOptions } from "../../packages/response-template/runtime/index.ts";
import { planSource } from "../../packages/response-template-compiler/build/compile.ts";
import { fitsShape, messageShape, messageType, type Shape } from "../../packages/response-template-compiler/emit/message-type.ts";
import { fixturesBeside, readSessions } from "../../packages/response-template-compiler/replay/fixtures.ts";
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
