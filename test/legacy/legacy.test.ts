// Legacy response_schema: detection, whole-response parsing (the docs' SmolLM and GPT-OSS schemas, an
// iterator + JMESPath tool-call schema, key-value extraction) and conversion to templates, checked by
// parsing the same texts both ways.

import { describe, expect, it } from "vitest";
import {
  convertLegacy,
  createAnyOpenAIStream,
  createAnyParser,
  createLegacyParser,
  isLegacySchema,
  parseAny,
  parseLegacy,
} from "../../compiler/legacy/index.ts";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import { toOpenAIMessage } from "../../runtime/openai/message.ts";
import { runBatch } from "../../compiler/batch/run.ts";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { JsonValue } from "../../runtime/core/types.ts";

const SMOL = {
  "x-regex": "(?:<think>\\n?(?P<thinking>.+?)\\n?</think>)?\\s*(?P<content>.+?)?\\s*(?:<\\|im_end\\|>|$)",
  type: "object",
  properties: { role: { const: "assistant" }, content: { type: "string" }, thinking: { type: "string" } },
};

const GPT_OSS = {
  type: "object",
  properties: {
    role: { const: "assistant" },
    content: { type: "string", "x-regex": "<\\|channel\\|>final<\\|message\\|>(.*?)(?:<\\|end\\|>|$)" },
    thinking: { type: "string", "x-regex": "<\\|channel\\|>analysis<\\|message\\|>(.*?)<\\|end\\|>" },
    tool_calls: {
      "x-regex-iterator": "<\\|channel\\|>commentary (to=functions\\..*?<\\|message\\|>.*?)(?:<\\|call\\|>|$)",
      type: "array",
      items: {
        type: "object",
        properties: {
          type: { const: "function" },
          function: {
            type: "object",
            properties: {
              name: { type: "string", "x-regex": "^to=functions\\.(\\w+)" },
              arguments: { type: "object", "x-regex": "<\\|message\\|>(.*)", "x-parser": "json", additionalProperties: { type: "any" } },
            },
          },
        },
      },
    },
  },
};

const QWEN = {
  type: "object",
  properties: {
    role: { const: "assistant" },
    thinking: { type: "string", "x-regex": "<think>\\s*(.*?)\\s*</think>" },
    tool_calls: {
      type: "array",
      "x-regex-iterator": "<tool_call>\\s*(.+?)\\s*</tool_call>",
      items: {
        type: "object",
        "x-parser": "json",
        "x-parser-args": { transform: "{type: 'function', function: @}" },
        properties: {
          type: { const: "function" },
          function: { type: "object", properties: { name: { type: "string" }, arguments: { type: "any" } } },
        },
      },
    },
  },
};

const KV = {
  type: "object",
  properties: {
    args: { type: "object", "x-regex": "<args>(.*?)</args>", "x-regex-key-value": "<(?P<key>\\w+)>(?P<value>.*?)</\\1>", additionalProperties: { type: "string" } },
    count: { type: "integer", "x-regex": "<n>(\\d+)</n>" },
  },
};

describe("legacy response_schema", () => {
  it("is told apart from templates", () => {
    expect([SMOL, GPT_OSS, QWEN, KV].map(isLegacySchema)).toEqual([true, true, true, true]);
    expect(isLegacySchema({ start_anchor: "x", fields: { content: {} } })).toBe(false);
    expect(isLegacySchema("x")).toBe(false);
  });

  it("by x- keys anywhere (also without type + properties), unless a template key is at the top", () => {
    const legacy = [
      { "x-regex": "(?P<content>.*)" },
      { type: "array", "x-regex-iterator": "<t>(.*?)</t>", items: { type: "string" } },
      { anyOf: [{ "x-regex": "(?P<content>.*)" }] },
    ];
    expect(legacy.map(isLegacySchema)).toEqual([true, true, true]);
    // An x- key in a template's defaults is a message key; any one template key makes a template.
    const xDefaults = { defaults: { "x-regex": "kept" } };
    const templates = [{ fields: { content: {} }, ...xDefaults }, { start_anchor: "<s>", ...xDefaults }, { start_anchor_pattern: "<s>", ...xDefaults }];
    expect(templates.map(isLegacySchema)).toEqual([false, false, false]);
    expect([{}, { version: 1 }, { type: "object" }].map(isLegacySchema)).toEqual([false, false, false]);
  });

  it("mistakes none of the reference's recorded templates for a legacy schema (so routing them cannot change a verdict)", () => {
    const file = join(import.meta.dirname, "../fixtures/conformance/hf/templates.jsonl");
    const rows = readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as { template: unknown });
    expect(rows.length).toBe(399);
    expect(rows.filter((r) => isLegacySchema(r.template)).length).toBe(0);
  });

  it("parses the docs' SmolLM schema (named groups at the root)", () => {
    expect(parseLegacy(SMOL, "<think>\nI should greet\n</think>\n\nHello!<|im_end|>")).toEqual({ thinking: "I should greet", content: "Hello!" });
    expect(parseLegacy(SMOL, "Just text")).toEqual({ content: "Just text" });
  });

  it("parses the docs' GPT-OSS schema (nested regexes, iterator, json)", () => {
    const text =
      '<|channel|>analysis<|message|>Need weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_current_weather <|constrain|>json<|message|>{"location": "San Francisco, CA"}<|call|>';
    expect(parseLegacy(GPT_OSS, text)).toEqual({
      role: "assistant",
      thinking: "Need weather.",
      tool_calls: [{ type: "function", function: { name: "get_current_weather", arguments: { location: "San Francisco, CA" } } }],
    });
  });

  it("applies JMESPath transforms and key-value regexes", () => {
    const text = '<think> hm </think><tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call><tool_call>\n{"name": "g", "arguments": {}}\n</tool_call>';
    expect(parseLegacy(QWEN, text)).toEqual({
      role: "assistant",
      thinking: "hm",
      tool_calls: [
        { type: "function", function: { name: "f", arguments: { a: 1 } } },
        { type: "function", function: { name: "g", arguments: {} } },
      ],
    });
    expect(parseLegacy(KV, "<args><city>Paris</city><days>3</days></args><n>42</n>")).toEqual({ args: { city: "Paris", days: "3" }, count: 42 });
  });

  it("fails with the schema path", () => {
    expect(() => parseLegacy(QWEN, "<tool_call>{oops}</tool_call>")).toThrow(/properties\.tool_calls\.items: could not parse/);
  });

  it("runs behind the ResponseParser interface (whole response at finalize)", () => {
    const p = createLegacyParser(QWEN, { prefix: "" });
    expect(p.feed("<think>a</think>")).toEqual([]);
    const { message, events } = p.finalize();
    expect(message).toEqual({ role: "assistant", thinking: "a" });
    expect(events).toEqual([
      { type: "region_open", field: "thinking" },
      { type: "region_close", field: "thinking", value: "a" },
    ]);
  });

  it("converts the shapes that stream, and the converted template parses the same", () => {
    const samples: [object, string[]][] = [
      [SMOL, ["<think>\nI should greet\n</think>\n\nHello!<|im_end|>", "Just text<|im_end|>", "<think>x</think>"]],
      [QWEN, ['<think> hm </think><tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call>', "<think>only</think>"]],
    ];
    for (const [schema, texts] of samples) {
      const r = convertLegacy(schema as JsonValue);
      if (!("template" in r)) throw new Error(r.reasons.join("; "));
      for (const t of texts) expect(parseResponse(r.template, t, { prefix: "" }), t).toEqual(parseLegacy(schema as JsonValue, t));
    }
    const smol = convertLegacy(SMOL as JsonValue);
    expect("template" in smol && smol.template).toEqual({
      start_anchor_pattern: "\\Z",
      fields: { content: { close: "<|im_end|>" }, thinking: { open: "<think>", close: "</think>" } },
    });
  });

  it("explains what it cannot convert", () => {
    const r = convertLegacy(GPT_OSS as JsonValue);
    expect("reasons" in r && r.reasons.join("\n")).toMatch(/tool_calls.x-regex-iterator: .* is not of the form OPEN/);
    const k = convertLegacy(KV as JsonValue);
    expect("reasons" in k && k.reasons.join("\n")).toMatch(/x-regex-key-value/);
  });

  it("works with the OpenAI adapter and rtc parse --batch", async () => {
    const text = '<think> hm </think><tool_call>{"name": "f", "arguments": {"a": 1}}</tool_call>';
    const s = createAnyOpenAIStream(QWEN, { prefix: "" });
    expect(s.feed(text)).toEqual([]);
    const done = s.finalize();
    expect(done.openai).toEqual(toOpenAIMessage(parseLegacy(QWEN, text)));
    expect(done.deltas.map((d) => Object.keys(d)[0])).toEqual(["reasoning_content", "tool_calls", "tool_calls"]);

    const dir = mkdtempSync(join(tmpdir(), "rtc-legacy-"));
    try {
      writeFileSync(join(dir, "schema.json"), JSON.stringify({ response_schema: QWEN }));
      writeFileSync(join(dir, "in.jsonl"), JSON.stringify({ text }) + "\n" + JSON.stringify({ text: "<tool_call>{x</tool_call>" }) + "\n");
      const r = await runBatch({ template: join(dir, "schema.json"), input: join(dir, "in.jsonl"), output: join(dir, "out.jsonl"), jobs: 1, summary: false, defaultPrefix: "" });
      expect(r.errors).toBe(1);
      const [ok] = readFileSync(join(dir, "out.jsonl"), "utf8").split("\n");
      expect(JSON.parse(ok!).message).toEqual(parseLegacy(QWEN, text));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("legacy schemas and the two packages", () => {
  it("the core interpreter refuses a legacy schema with a pointer to the compiler package", () => {
    expect(() => parseResponse(SMOL, "x", { prefix: "" })).toThrow(/legacy response_schema .*response-template-compiler\/legacy/);
    expect(() => createResponseParser(SMOL, { prefix: "" })).toThrow(/legacy response_schema/);
  });

  it("the compiler package's parseAny / createAnyParser route a response_schema to the legacy parser", () => {
    const text = "<think>\nhm\n</think>\n\nHello!<|im_end|>";
    expect(parseAny(SMOL, text, { prefix: "" })).toEqual({ thinking: "hm", content: "Hello!" }); // as the legacy docs show: no const role at a regex root
    const parser = createAnyParser(SMOL, { prefix: "" });
    parser.feed(text.slice(0, 9));
    parser.feed(text.slice(9));
    expect(parser.finalize().message).toEqual(parseAny(SMOL, text, { prefix: "" }));
    const template = { start_anchor: "<|im_start|>assistant\n", fields: { content: {} } };
    expect(parseAny(template, "hi", { prefix: "" })).toEqual(parseResponse(template, "hi", { prefix: "" }));
  });
});
