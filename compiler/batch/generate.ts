// Synthetic batch inputs for tests and benchmarks: ChatML-style records with thinking, tool calls and
// content, a share of malformed ones (bad JSON arguments, no text, not JSON at all), and extra keys.

import { writeFileSync, createWriteStream } from "node:fs";
import { once } from "node:events";

export const BATCH_TEMPLATE = {
  defaults: { role: "assistant" },
  start_anchor: "<|im_start|>assistant\n",
  fields: {
    thinking: { open: "<think>", close: "</think>" },
    tool_calls: { open: "<tool_call>", close: "</tool_call>", repeats: true, content: "json", transform: { type: "function", function: "{content}" } },
    content: { close: "<|im_end|>" },
  },
};

const WORDS = ["alpha", "beta", "gamma", "delta", "café", "naïve", "東京", "🙂", "weather", "tomorrow", "\"quoted\"", "line\nbreak"];

/** Record `i` as one JSONL line (deterministic). Every 50th record is broken in some way. */
export function recordLine(i: number): string {
  const w = (k: number) => WORDS[(i * 7 + k * 13) % WORDS.length]!;
  const think = `<think>\nLet me think about ${w(1)} and ${w(2)}.\n</think>\n`;
  const call = `<tool_call>\n{"name": "lookup", "arguments": {"q": ${JSON.stringify(w(3))}, "n": ${i % 97}, "x": ${(i % 13) / 4}}}\n</tool_call>`;
  let text: string;
  switch (i % 4) {
    case 0:
      text = `${think}The answer is ${w(4)} ${i}.<|im_end|>`;
      break;
    case 1:
      text = `${think}${call}<|im_end|>`;
      break;
    case 2:
      text = `Plain reply about ${w(5)}, ${w(6)} and ${w(7)}.<|im_end|>`;
      break;
    default:
      text = `${think}Calling.${call}${call}`;
  }
  if (i % 50 === 49) {
    if (i % 150 === 49) return `{"id": ${i}, "text": ${JSON.stringify(text)}`; // truncated JSON
    if (i % 150 === 99) return JSON.stringify({ id: i, prompt_only: true });
    text = `<tool_call>{"name": "broken", "arguments": {oops}</tool_call>`;
  }
  const line = JSON.stringify({ id: `r${i}`, text, prefix: i % 8 === 0 ? "<|im_start|>user\nhi<|im_end|>\n<|im_start|>assistant\n" : "", split: i % 3 ? "train" : "test", score: i % 5 === 0 ? 1 : 0.25 });
  return line.replace(/"score":1}$/, '"score":1.0}'); // a float that JSON.parse would turn into an int
}

export async function writeBatchFile(path: string, n: number): Promise<number> {
  const out = createWriteStream(path);
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const line = recordLine(i) + "\n";
    bytes += Buffer.byteLength(line);
    if (!out.write(line)) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
  return bytes;
}

export function writeTemplateFile(path: string): void {
  writeFileSync(path, JSON.stringify(BATCH_TEMPLATE, null, 1));
}
