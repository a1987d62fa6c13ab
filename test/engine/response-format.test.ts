// rtc extension `responseFormat: "json"` (issue 28 item 7): when the request asked for JSON, an answer that
// is one Markdown fence around one JSON document is unwrapped — in the OpenAI message, the OpenAI delta
// stream (held back while it may be a fence, at any chunking), vLLM's interface and batch records. The
// parsers' own message stays the reference's.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseResponse } from "../../runtime/interpret/index.ts";
import { createOpenAIStream, toOpenAIMessage } from "../../runtime/openai/index.ts";
import { unwrapJsonFence } from "../../runtime/core/transform/json-fence.ts";
import { ResponseTemplateParser } from "response-template/vllm";
import * as qwen3 from "response-template/models/qwen3";
import { processRecord, responseFormatOf } from "../../compiler/batch/record.ts";
import { answerAs } from "../../compiler/batch/template.ts";

const QWEN3 = JSON.parse(readFileSync(join(import.meta.dirname, "../../templates/qwen3.json"), "utf8"));

describe("unwrapJsonFence", () => {
  it("unwraps exactly one json (or untagged) fence around one JSON document", () => {
    expect(unwrapJsonFence('```json\n{"a": 1}\n```')).toBe('{"a": 1}');
    expect(unwrapJsonFence('\n  ```JSON \n[1, 2]\n```\n')).toBe("[1, 2]");
    expect(unwrapJsonFence("```\n  \"text\"  \n```")).toBe('"text"');
    expect(unwrapJsonFence('```json\n{"a": 1}```')).toBe('{"a": 1}');
    expect(unwrapJsonFence('```json\n{"s": "```"}\n```')).toBe('{"s": "```"}');
  });
  it("leaves every other answer as written", () => {
    for (const text of [
      '{"a": 1}', // not fenced
      "```python\nprint(1)\n```", // another language
      '```json\n{"a": 1\n```', // not JSON
      '```json\n{"a": 1}\n```\nDone.', // text after the fence
      'Here:\n```json\n{"a": 1}\n```', // text before it
      '```json\n{"a": 1}\n```\n```json\n{"b": 2}\n```', // two fences
      '```json {"a": 1}```', // no line break after the tag
      "```json\n\n```", // empty
      "```",
    ]) {
      expect(unwrapJsonFence(text), text).toBeNull();
    }
  });
});

const fenced = '<think>\nplan\n</think>\n\n```json\n{"city": "Paris", "n": [1, 2]}\n```';

describe("responseFormat in the OpenAI message", () => {
  it("unwraps the OpenAI content, and only when asked; the parsers' message stays the reference's", () => {
    const want = '{"city": "Paris", "n": [1, 2]}';
    const message = parseResponse(QWEN3, fenced, { prefix: "" });
    expect(message.content).toContain("```json");
    expect(qwen3.parseResponse(fenced, { prefix: "" })).toEqual(message);
    expect(toOpenAIMessage(message, { responseFormat: "json" }).content).toBe(want);
    expect(toOpenAIMessage(message, { responseFormat: "text" }).content).toBe(message.content);
    expect(toOpenAIMessage(message).content).toBe(message.content);
  });
});

describe("responseFormat in the OpenAI delta stream", () => {
  const texts = [
    fenced,
    "```python\nprint(1)\n```",
    'Sure: {"a": 1}',
    "  ```json\n[1]\n```  ",
    '```json\n{"a": 1}\n```<tool_call>\n{"name": "f", "arguments": {}}\n</tool_call>',
    "<think>\nhm\n</think>\n\n",
  ];
  for (const text of texts) {
    it(`sends what the message holds at every chunking: ${JSON.stringify(text).slice(0, 40)}`, () => {
      const want = toOpenAIMessage(parseResponse(QWEN3, text, { prefix: "" }), { responseFormat: "json" }).content ?? "";
      for (const size of [1, 2, 3, 7, 1000]) {
        const s = createOpenAIStream(QWEN3, { prefix: "", responseFormat: "json" });
        const deltas = [];
        for (let i = 0; i < text.length; i += size) deltas.push(...s.feed(text.slice(i, i + size)));
        const done = s.finalize();
        expect([...deltas, ...done.deltas].map((d) => d.content ?? "").join("")).toBe(want);
        expect(done.openai.content ?? "").toBe(want);
        expect(done.divergent).toEqual([]);
      }
    });
  }
  it("is checked", () => {
    expect(() => createOpenAIStream(QWEN3, { prefix: "", responseFormat: "yaml" as never })).toThrow('options.responseFormat must be "json" or "text", got "yaml"');
  });
  it("streams an answer that cannot be a fence as it comes", () => {
    const s = createOpenAIStream(QWEN3, { prefix: "", responseFormat: "json" });
    expect(s.feed('{"a": 1, ').map((d) => d.content).join("")).toBe('{"a": 1,');
    const held = createOpenAIStream(QWEN3, { prefix: "", responseFormat: "json" });
    expect(held.feed("```json\n{").filter((d) => d.content !== undefined)).toEqual([]);
  });
});

describe("responseFormat from requests", () => {
  it("vLLM: response_format json_object or json_schema unwraps, text does not", () => {
    for (const [type, unwrapped] of [["json_object", true], ["json_schema", true], ["text", false]] as const) {
      const p = new ResponseTemplateParser(qwen3, { prefix: "", request: { response_format: { type } } });
      const content = p.extractToolCalls('```json\n{"a": 1}\n```').content;
      expect(content).toBe(unwrapped ? '{"a": 1}' : '```json\n{"a": 1}\n```');
    }
  });
  it("vLLM adjustRequest: skip_special_tokens off when a delimiter is a special token", () => {
    const config = { added_tokens_decoder: { "151657": { content: "<tool_call>" }, "151645": { content: "<|im_end|>" } } };
    expect(new ResponseTemplateParser(qwen3, { prefix: "", tokenizerConfig: config }).adjustRequest({})).toEqual({ skip_special_tokens: false });
    const other = { added_tokens_decoder: { "1": { content: "<unrelated>" } } };
    expect(new ResponseTemplateParser(qwen3, { prefix: "", tokenizerConfig: other }).adjustRequest({})).toEqual({});
    // No tokenizer config to tell: as vLLM's tool parsers, only a request with tools turns it off.
    const tools = [{ type: "function", function: { name: "f" } }];
    expect(new ResponseTemplateParser(qwen3, { prefix: "" }).adjustRequest({ tools }).skip_special_tokens).toBe(false);
    expect(new ResponseTemplateParser(qwen3, { prefix: "" }).adjustRequest({})).toEqual({});
  });
  it("batch records: response_format is read, and a malformed one is the record's error", () => {
    expect(responseFormatOf({ type: "json_schema", json_schema: {} })).toBe("json");
    expect(responseFormatOf("text")).toBeNull();
    expect(responseFormatOf(undefined)).toBeNull();
    expect(responseFormatOf(3)).toBeUndefined();
    const parse = (text: string, prefix: string, tools: unknown, format?: "json" | "text") => {
      const message = qwen3.parseResponse(text, { prefix });
      answerAs(message, format);
      return { message };
    };
    const line = (rec: object) => JSON.parse(processRecord(parse, JSON.stringify(rec), 0).line);
    const text = '```json\n{"a": 1}\n```';
    expect(line({ text, prefix: "", response_format: { type: "json_object" } }).message.content).toBe('{"a": 1}');
    expect(line({ text, prefix: "" }).message.content).toBe(text);
    expect(line({ text, prefix: "", response_format: [1] }).error).toContain('"response_format" must be an object');
  });
});
