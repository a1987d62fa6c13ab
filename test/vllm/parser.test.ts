// The vLLM-style parser interface (response-template/vllm): whole outputs, delta sequences over every
// template sample with the OpenAI stream's invariants, token-id helpers, and the specialTokensOnly opt-in.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ResponseTemplateParser, type DeltaMessage } from "response-template/vllm";
import { createOpenAIStream, toOpenAIMessage, type ChatDelta } from "response-template/openai";
import * as qwen3 from "response-template/models/qwen3";
import type { JsonValue } from "response-template/runtime";
import { checkDeltas, newCounts } from "../openai/invariants.ts";
import { divergenceOf, sampleId } from "../openai/divergence.ts";
import { allSampleCases, type SampleCase } from "../templates/sample-rows.ts";

const ROOT = join(import.meta.dirname, "../..");
const QWEN3 = JSON.parse(readFileSync(join(ROOT, "templates/qwen3.json"), "utf8"));
const PREFIX = "<|im_start|>assistant\n";
/** Qwen3's added tokens (ids as in its tokenizer_config.json), those the template's delimiters use. */
const TOKENIZER_CONFIG = {
  added_tokens_decoder: {
    "151645": { content: "<|im_end|>", special: true },
    "151657": { content: "<tool_call>", special: false },
    "151658": { content: "</tool_call>", special: false },
    "151667": { content: "<think>", special: false },
    "151668": { content: "</think>", special: false },
  },
};
const THINK = 151667;
const END_THINK = 151668;

/** A DeltaMessage as single-kind OpenAI deltas (what checkDeltas reads). */
function asDeltas(m: DeltaMessage | null, key: "reasoning_content" | "reasoning" = "reasoning_content"): ChatDelta[] {
  if (m === null) return [];
  const out: ChatDelta[] = [];
  if (m[key] !== undefined) out.push({ [key]: m[key] });
  if (m.content !== undefined) out.push({ content: m.content });
  for (const tc of m.tool_calls ?? []) {
    if (tc.id !== undefined) {
      out.push({ tool_calls: [{ index: tc.index, id: tc.id, type: "function", function: { name: tc.function.name, arguments: "" } }] });
      if (tc.function.arguments) out.push({ tool_calls: [{ index: tc.index, function: { arguments: tc.function.arguments } }] });
    } else out.push({ tool_calls: [tc] });
  }
  return out;
}

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

function pieces(text: string, r: () => number): string[] {
  const cps = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < cps.length; ) {
    const n = 1 + Math.floor(r() * 8);
    out.push(cps.slice(i, i + n).join(""));
    i += n;
  }
  return out;
}

/** Streams `chunks` through the vLLM methods as a gateway does (reasoning method, tool method, or both). */
function stream(p: ResponseTemplateParser, chunks: string[], r: () => number): DeltaMessage[] {
  const out: DeltaMessage[] = [];
  let previous = "";
  for (const delta of chunks) {
    const current = previous + delta;
    const pick = r();
    if (pick < 0.4 || pick >= 0.8) out.push(p.extractReasoningStreaming(previous, current, delta, [], [], [])!);
    if (pick >= 0.4) out.push(p.extractToolCallsStreaming(previous, current, delta, [], [], [], {})!);
    previous = current;
  }
  out.push(p.finishStreaming()!);
  return out.filter((m) => m !== null);
}

describe("ResponseTemplateParser (vLLM interface)", () => {
  const text =
    '<think>\nWeather first.\n</think>\n\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}\n</tool_call><|im_end|>';

  it("extracts reasoning and tool calls from a whole output", () => {
    const p = new ResponseTemplateParser(QWEN3, { prefix: PREFIX });
    expect(p.extractReasoning("<think>\nHmm.\n</think>\n\nHello.<|im_end|>")).toEqual(["Hmm.", "Hello."]);
    expect(p.extractToolCalls(text, {})).toEqual({
      tools_called: true,
      tool_calls: [{ id: "call_0", type: "function", function: { name: "get_weather", arguments: '{"city": "Paris", "days": 3}' } }],
      content: null,
    });
    expect(p.extractToolCalls("Just text.<|im_end|>")).toEqual({ tools_called: false, tool_calls: [], content: "Just text." });
  });

  it("streams one DeltaMessage per delta; calling both methods for one delta adds nothing twice", () => {
    for (const source of [QWEN3, qwen3]) {
      const p = new ResponseTemplateParser(source, { prefix: PREFIX });
      const counts = newCounts();
      const msgs = stream(p, pieces(text, rng(3)), rng(4));
      const final = toOpenAIMessage(wholeMessage(QWEN3, PREFIX, text));
      checkDeltas(msgs.flatMap((m) => asDeltas(m)), final, [], counts);
      expect(counts.finalEquality).toBe(3);
      expect(msgs.filter((m) => m.tool_calls?.some((t) => t.id === undefined)).length).toBeGreaterThan(1);
    }
  });

  const samples = allSampleCases();
  it(`keeps the OpenAI stream's invariants over templates/samples (${samples.length} samples)`, () => {
    const counts = newCounts();
    // The vLLM interface parses in throw mode: a row written for recover mode with a failing region throws.
    const failing = (c: SampleCase) => (c.errors ?? []).some((e) => e.kind === "region");
    let refused = 0;
    samples.forEach((c, i) => {
      let final;
      let divergent: string[];
      try {
        const s = createOpenAIStream(c.template, { prefix: c.prefix });
        s.feed(c.text);
        const done = s.finalize();
        final = toOpenAIMessage(done.message);
        divergent = done.divergent;
      } catch (e) {
        if (!failing(c)) throw new Error(`${sampleId(c)}: ${(e as Error).message}`);
        refused++;
        return;
      }
      expect(failing(c), `${sampleId(c)} records a failing region but parses`).toBe(false);
      for (let k = 0; k < 3; k++) {
        const p = new ResponseTemplateParser(c.template as JsonValue, { prefix: c.prefix });
        const msgs = stream(p, pieces(c.text, rng(i * 7 + k)), rng(i * 13 + k));
        checkDeltas(msgs.flatMap((m) => asDeltas(m)), final, divergent, counts, "reasoning_content", divergenceOf(sampleId(c)));
      }
    });
    console.log(`vllm samples: ${samples.length} samples, ${refused} fail a region in throw mode; ${JSON.stringify(counts)}`);
    expect(refused).toBe(samples.filter(failing).length);
    expect(counts.runs).toBe(3 * (samples.length - refused));
    expect(counts.finalEquality).toBe(3 * counts.runs - counts.listedDivergence);
  });

  it("isReasoningEnd and extractContentIds read the single-token delimiters' ids", () => {
    const p = new ResponseTemplateParser(QWEN3, { prefix: PREFIX, tokenizerConfig: TOKENIZER_CONFIG });
    expect(p.isReasoningEnd([THINK, 1, 2])).toBe(false);
    expect(p.isReasoningEnd([THINK, 1, END_THINK, 5, 6])).toBe(true);
    expect(p.extractContentIds([THINK, 1, END_THINK, 5, 6])).toEqual([5, 6]);
    expect(p.extractContentIds([THINK, 1, 2])).toEqual([]);
    // A later <think> reopens reasoning.
    expect(p.isReasoningEnd([THINK, END_THINK, 7, THINK, 8])).toBe(false);
    // Without ids for the delimiters there is nothing to find.
    expect(new ResponseTemplateParser(QWEN3, { prefix: PREFIX }).isReasoningEnd([THINK, END_THINK])).toBe(false);
  });
});

describe("specialTokensOnly (rtc extension)", () => {
  type Step = [text: string, ids: number[]];
  const steps: Step[] = [
    ["<think>", [THINK]],
    ["\nThe tag ", [1, 2]],
    ["</think>", [3, 4, 5]], // written as ordinary text (three tokens)
    [" closes it. Also </th", [6, 7, 8]],
    ["ink> here.\n", [9, 10]],
    ["</think>", [END_THINK]], // the special token
    ["\n\nDone.", [11, 12]],
    ["<|im_end|>", [151645]],
  ];

  function run(specialTokensOnly: boolean): { reasoning: string; content: string } {
    const p = new ResponseTemplateParser(QWEN3, { prefix: PREFIX, tokenizerConfig: TOKENIZER_CONFIG, specialTokensOnly });
    let reasoning = "";
    let content = "";
    let previous = "";
    const add = (m: DeltaMessage | null) => {
      reasoning += m?.reasoning_content ?? "";
      content += m?.content ?? "";
    };
    for (const [delta, ids] of steps) {
      add(p.extractReasoningStreaming(previous, previous + delta, delta, [], [], ids));
      previous += delta;
    }
    add(p.finishStreaming());
    return { reasoning, content };
  }

  it("a delimiter written as ordinary text does not close the region; the special token does", () => {
    expect(run(true)).toEqual({ reasoning: "The tag </think> closes it. Also </think> here.", content: "Done." });
  });

  it("without the opt-in, the reference's behaviour: the first </think> closes reasoning", () => {
    expect(run(false).reasoning).toBe("The tag");
  });

  it("refuses output holding the reserved noncharacters, naming the offset", () => {
    const p = new ResponseTemplateParser(QWEN3, { prefix: PREFIX, tokenizerConfig: TOKENIZER_CONFIG, specialTokensOnly: true });
    expect(() => p.extractReasoningStreaming("", "ab\uFDD0", "ab\uFDD0", [], [], [1])).toThrow(/U\+FDD0 at stream offset 2/);
    expect(() => new ResponseTemplateParser(QWEN3, { prefix: PREFIX, specialTokensOnly: true })).toThrow(/tokenizerConfig/);
  });
});

function wholeMessage(template: unknown, prefix: string, text: string) {
  const s = createOpenAIStream(template, { prefix });
  s.feed(text);
  return s.finalize().message;
}
