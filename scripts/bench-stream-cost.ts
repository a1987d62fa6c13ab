// Issue 2's cost check: per-chunk cost of the interpreter must not grow with message size.
// Feeds a 2 KB and a 200 KB message 4 characters at a time and prints ns per chunk for both.
// Run: npx tsx scripts/bench-stream-cost.ts

import { createResponseParser } from "../runtime/interpret/index.ts";

const template = {
  defaults: { role: "assistant" },
  start_anchor: "<|im_start|>assistant\n",
  fields: {
    thinking: { open: "<think>", close: "</think>" },
    tool_calls: {
      open: "<tool_call>",
      close: "</tool_call>",
      repeats: true,
      content: "json",
      transform: { type: "function", function: "{content}" },
    },
    content: { close: "<|im_end|>" },
  },
};

function message(size: number): string {
  const words = "the model considers the question < carefully > and writes / some more text ".repeat(8);
  let think = "";
  while (think.length < size * 0.6) think += words;
  let content = "";
  while (content.length < size * 0.4) content += words;
  return `<think>${think}</think>${content}<tool_call>{"name": "f", "arguments": {"x": 1}}</tool_call><|im_end|>`;
}

function nsPerChunk(text: string, rounds: number): number {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += 4) chunks.push(text.slice(i, i + 4));
  let best = Infinity;
  for (let r = 0; r < rounds; r++) {
    const t0 = process.hrtime.bigint();
    const p = createResponseParser(template, { prefix: "" });
    for (const c of chunks) p.feed(c);
    p.finalize();
    const ns = Number(process.hrtime.bigint() - t0) / chunks.length;
    if (ns < best) best = ns;
  }
  return best;
}

const small = message(2_000);
const large = message(200_000);
nsPerChunk(large, 3); // warm up
const a = nsPerChunk(small, 200);
const b = nsPerChunk(large, 5);
console.log(`interpreter, 4-char chunks: 2 KB ${a.toFixed(0)} ns/chunk, 200 KB ${b.toFixed(0)} ns/chunk, ratio ${(b / a).toFixed(2)}`);
