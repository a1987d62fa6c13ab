// The OpenAI stream enforces the plain parsers' JSON nesting limit while streaming: argument text stops at
// the 511th level (the tokenizer keeps no more than 511 frames), and the region's close raises the plain
// parser's RecursionError, naming the field and where its text lies. 511 levels still stream whole.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createOpenAIStream, openAIStreamForGenerated, type ChatDelta } from "response-template/openai";
import * as qwen3 from "response-template/models/qwen3";

const TEMPLATE = JSON.parse(readFileSync(join(import.meta.dirname, "../../templates/qwen3.json"), "utf8"));
const PREFIX = "<|im_start|>assistant\n";

/** A call whose arguments nest `depth` arrays inside the arguments object (body depth = depth + 2). */
const call = (depth: number) => `<tool_call>{"name": "f", "arguments": {"a": ${"[".repeat(depth)}${"]".repeat(depth)}}}</tool_call><|im_end|>`;

function run(make: () => ReturnType<typeof createOpenAIStream>, text: string): { args: string; error: Error | null; deltas: ChatDelta[] } {
  const s = make();
  const deltas: ChatDelta[] = [];
  let error: Error | null = null;
  try {
    for (let i = 0; i < text.length; i += 64) deltas.push(...s.feed(text.slice(i, i + 64)));
    deltas.push(...s.finalize().deltas);
  } catch (e) {
    error = e as Error;
  }
  const args = deltas.flatMap((d) => d.tool_calls ?? []).map((t) => t.function.arguments ?? "").join("");
  return { args, error, deltas };
}

describe.each([
  ["interpreted", () => createOpenAIStream(TEMPLATE, { prefix: PREFIX })],
  ["generated", () => openAIStreamForGenerated(qwen3, { prefix: PREFIX })],
] as const)("JSON nesting limit while streaming (%s)", (_, make) => {
  it("stops streaming at the limit and fails at close with the plain parser's RecursionError", () => {
    const text = call(100_000); // 100,000 levels, 200 KB of brackets
    const { args, error } = run(make, text);
    expect(error?.message).toMatch(/^fields\.tool_calls \(region text at offsets \d+–\d+ of the stream\): JSON nesting exceeds 511 levels/);
    expect((error as Error & { pyClass?: string }).pyClass).toBe("RecursionError");
    // The body object and the arguments object are two levels: 509 arrays went out before the limit.
    expect(args).toBe('{"a": ' + "[".repeat(509));
  });

  it("streams 511 levels whole", () => {
    const { args, error } = run(make, call(509));
    expect(error).toBeNull();
    expect(args).toBe('{"a": ' + "[".repeat(509) + "]".repeat(509) + "}");
  });
});
