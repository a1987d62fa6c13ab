// The AI SDK middleware through the real `ai` package: streamText / generateText over a mock language model
// (ai/test) whose text carries qwen3's markers, wrapped with wrapLanguageModel.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Output, generateText, jsonSchema, streamText, tool, wrapLanguageModel, type TextStreamPart, type ToolSet } from "ai";
import { MockLanguageModelV3, convertArrayToReadableStream } from "ai/test";
import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { responseTemplateMiddleware } from "response-template-ai-sdk";
import * as qwen3 from "response-template/models/qwen3";

const ROOT = join(import.meta.dirname, "../..");
const TEMPLATE = JSON.parse(readFileSync(join(ROOT, "templates/qwen3.json"), "utf8"));
const PREFIX = "<|im_start|>assistant\n";
const USAGE = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

const tools = {
  get_weather: tool({
    description: "Weather for a city",
    inputSchema: jsonSchema<{ city: string; days?: number }>({
      type: "object",
      properties: { city: { type: "string" }, days: { type: "integer" } },
      required: ["city"],
    }),
  }),
  get_time: tool({
    description: "Time in a city",
    inputSchema: jsonSchema<{ city: string }>({ type: "object", properties: { city: { type: "string" } }, required: ["city"] }),
  }),
} satisfies ToolSet;

/** A raw-text model: streams `pieces` as one text run, or returns their concatenation. */
function rawModel(pieces: string[]): MockLanguageModelV3 {
  const parts: LanguageModelV3StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "text-start", id: "t" },
    ...pieces.map((delta): LanguageModelV3StreamPart => ({ type: "text-delta", id: "t", delta })),
    { type: "text-end", id: "t" },
    { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage: USAGE },
  ];
  return new MockLanguageModelV3({
    doStream: async () => ({ stream: convertArrayToReadableStream(parts) }),
    doGenerate: async () => ({ content: [{ type: "text", text: pieces.join("") }], finishReason: { unified: "stop", raw: "stop" }, usage: USAGE, warnings: [] }),
  });
}

const wrap = (pieces: string[], parser: unknown = TEMPLATE) =>
  wrapLanguageModel({ model: rawModel(pieces), middleware: responseTemplateMiddleware({ parser: parser as never, prefix: PREFIX }) });

async function streamParts(pieces: string[], parser?: unknown): Promise<TextStreamPart<typeof tools>[]> {
  const result = streamText({ model: wrap(pieces, parser), prompt: "hi", tools });
  const out: TextStreamPart<typeof tools>[] = [];
  for await (const p of result.fullStream) out.push(p);
  return out;
}

function summary(parts: TextStreamPart<typeof tools>[]) {
  let text = "";
  let reasoning = "";
  const inputs = new Map<string, string>();
  const calls: { id: string; name: string; input: unknown }[] = [];
  const errors: unknown[] = [];
  let finishReason: string | undefined;
  for (const p of parts) {
    if (p.type === "text-delta") text += p.text;
    else if (p.type === "reasoning-delta") reasoning += p.text;
    else if (p.type === "tool-input-start") inputs.set(p.id, "");
    else if (p.type === "tool-input-delta") inputs.set(p.id, inputs.get(p.id)! + p.delta);
    else if (p.type === "tool-call") calls.push({ id: p.toolCallId, name: p.toolName, input: p.input });
    else if (p.type === "error") errors.push(p.error);
    else if (p.type === "finish") finishReason = p.finishReason;
  }
  return { text, reasoning, inputs, calls, errors, finishReason };
}

const split = (s: string, n: number) => Array.from({ length: Math.ceil(s.length / n) }, (_, i) => s.slice(i * n, i * n + n));

const CALLS =
  '<think>\nTwo cities.\n</think>\n\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}\n</tool_call>\n' +
  '<tool_call>\n{"name": "get_time", "arguments": {"city": "Tōkyō"}}\n</tool_call><|im_end|>';

describe("responseTemplateMiddleware with streamText", () => {
  it("text only", async () => {
    const s = summary(await streamParts(split("Hello there, how can I help?<|im_end|>", 3)));
    expect(s).toMatchObject({ text: "Hello there, how can I help?", reasoning: "", calls: [], errors: [], finishReason: "stop" });
  });

  it("reasoning then text, as separate runs", async () => {
    const parts = await streamParts(split("<think>\nLet me think.\n</think>\n\nThe answer is 4.<|im_end|>", 5));
    const s = summary(parts);
    expect(s).toMatchObject({ text: "The answer is 4.", reasoning: "Let me think.", errors: [] });
    const kinds = parts.map((p) => p.type).filter((t) => t.endsWith("-start") || t.endsWith("-end"));
    expect(kinds).toEqual(["start-step", "reasoning-start", "reasoning-end", "text-start", "text-end"].filter((k) => kinds.includes(k as never)));
    expect(kinds.indexOf("reasoning-end")).toBeLessThan(kinds.indexOf("text-start"));
  });

  it("parallel tool calls, with input streamed before each call completes", async () => {
    const parts = await streamParts(split(CALLS, 4));
    const s = summary(parts);
    expect(s.reasoning).toBe("Two cities.");
    expect(s.calls.map((c) => [c.name, c.input])).toEqual([
      ["get_weather", { city: "Paris", days: 3 }],
      ["get_time", { city: "Tōkyō" }],
    ]);
    expect(s.finishReason).toBe("tool-calls");
    // Each call's input deltas add up to its input, and arrive in several pieces before its tool-call part.
    for (const c of s.calls) expect(JSON.parse(s.inputs.get(c.id)!)).toEqual(c.input);
    const first = s.calls[0]!.id;
    const deltas = parts.filter((p) => p.type === "tool-input-delta" && p.id === first).length;
    expect(deltas).toBeGreaterThan(2);
    const callAt = parts.findIndex((p) => p.type === "tool-call" && p.toolCallId === first);
    const secondStart = parts.findIndex((p) => p.type === "tool-input-start" && p.id !== first);
    expect(callAt).toBeLessThan(secondStart); // the first call completes as soon as its region closes
    expect(new Set(s.calls.map((c) => c.id)).size).toBe(2);
  });

  it("a generated parser module works the same", async () => {
    const s = summary(await streamParts(split(CALLS, 7), qwen3));
    expect(s.calls.map((c) => c.name)).toEqual(["get_weather", "get_time"]);
    expect(s.reasoning).toBe("Two cities.");
  });

  it("a malformed call surfaces as error parts and an invalid tool call; the text before it streams", async () => {
    const text = 'Checking.<tool_call>\n{"name": "get_weather", "arguments": {"city": Paris}}\n</tool_call>Done.<|im_end|>';
    const parts = await streamParts(split(text, 6));
    const s = summary(parts);
    // As in the reference, the region that failed stays open: its close fails, and so does the end of the
    // response, which is still inside it (two errors, each naming the field and where its text lies).
    expect(s.errors).toHaveLength(2);
    for (const e of s.errors) expect((e as Error).message).toMatch(/^fields\.tool_calls \(region text at offsets 20–/);
    // The call's header had gone out (its name was complete): it ends with the input the model wrote, which
    // the SDK rejects as it rejects any invalid tool input (tool-call marked invalid, then tool-error).
    const call = parts.find((p) => p.type === "tool-call");
    expect(call).toMatchObject({ toolName: "get_weather", invalid: true, input: '{"city": ' });
    expect(parts.find((p) => p.type === "tool-error")).toMatchObject({ toolName: "get_weather" });
    expect(s.text).toBe("Checking.");
    expect(parts.at(-1)!.type).toBe("finish");
  });

  it("gives the same result for the same output split at every chunk boundary", async () => {
    const whole = summary(await streamParts([CALLS]));
    for (let cut = 1; cut < CALLS.length; cut++) {
      const s = summary(await streamParts([CALLS.slice(0, cut), CALLS.slice(cut)]));
      expect({ text: s.text, reasoning: s.reasoning, calls: s.calls.map((c) => [c.name, c.input]), errors: s.errors.length }).toEqual({
        text: whole.text,
        reasoning: whole.reasoning,
        calls: whole.calls.map((c) => [c.name, c.input]),
        errors: 0,
      });
    }
  });
});

describe("responseTemplateMiddleware with generateText", () => {
  it("reasoning, text and tool calls from one response", async () => {
    const result = await generateText({ model: wrap([CALLS]), prompt: "hi", tools });
    expect(result.reasoningText).toBe("Two cities.");
    expect(result.toolCalls.map((c) => [c.toolName, c.input])).toEqual([
      ["get_weather", { city: "Paris", days: 3 }],
      ["get_time", { city: "Tōkyō" }],
    ]);
    expect(result.finishReason).toBe("tool-calls");
  });

  it("text only", async () => {
    const result = await generateText({ model: wrap(["<think>\nHmm.\n</think>\n\nFour.<|im_end|>"]), prompt: "hi" });
    expect(result.text).toBe("Four.");
    expect(result.reasoningText).toBe("Hmm.");
    expect(result.finishReason).toBe("stop");
  });

  it("a malformed call rejects the call with the parser's error", async () => {
    const text = '<tool_call>\n{"name": "get_weather", "arguments": {"city": Paris}}\n</tool_call><|im_end|>';
    await expect(generateText({ model: wrap([text]), prompt: "hi", tools })).rejects.toThrow(/fields\.tool_calls/);
  });

  it("a call that asks for JSON gets a fenced JSON answer unwrapped (Output.object), streamed or not", async () => {
    const text = '<think>\nHmm.\n</think>\n\n```json\n{"city": "Paris"}\n```<|im_end|>';
    const schema = jsonSchema<{ city: string }>({ type: "object", properties: { city: { type: "string" } }, required: ["city"] });
    const result = await generateText({ model: wrap([text]), prompt: "hi", output: Output.object({ schema }) });
    expect(result.output).toEqual({ city: "Paris" });
    const streamed = streamText({ model: wrap(split(text, 3)), prompt: "hi", output: Output.object({ schema }) });
    expect(await streamed.output).toEqual({ city: "Paris" });
    // Without a JSON request the fence stays the model's text.
    expect((await generateText({ model: wrap([text]), prompt: "hi" })).text).toContain("```json");
  });

  it("casts arguments to the request's tool schemas, as transformers does", async () => {
    const text = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo", "days": "2"}}\n</tool_call><|im_end|>';
    const result = await generateText({ model: wrap([text]), prompt: "hi", tools });
    expect(result.toolCalls[0]!.input).toEqual({ city: "Oslo", days: 2 });
  });
});
