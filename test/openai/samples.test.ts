// Replays template samples through the OpenAI streaming adapter in seeded random chunkings and checks its
// promises (one kind per delta, header once and first, indexes in order, no retraction: deltas add up to
// toOpenAIMessage(final message)), over the interpreter, over the generated modules
// (generated) and in recover mode, plus the doc-shaped templates in fixtures.ts.
// Every sample must parse; a stream may diverge from the final message only where divergent.json lists it.
// The counts docs/serving.md states (runs per sample, equalities per run) are asserted here.

import { describe, expect, it } from "vitest";
import { createOpenAIStream } from "../../runtime/openai/interpreted.ts";
import { openAIStreamForGenerated } from "../../runtime/openai/adapter.ts";
import { toOpenAIMessage } from "../../runtime/openai/message.ts";
import type { ChatDelta } from "../../runtime/openai/stream.ts";
import type { ParseOptions } from "../../runtime/core/types.ts";
import { readDocFlat } from "../support/docs.ts";
import { loadGenerated } from "../templates/support.ts";
import { checkDeltas, newCounts, type CheckCounts } from "./invariants.ts";
import { allSampleCases, type SampleCase as Case } from "../templates/sample-rows.ts";
import { DIVERGENT, divergenceOf, sampleId } from "./divergence.ts";
import { SAMPLES } from "./fixtures.ts";

/** Random chunkings per sample, besides whole and one character at a time (docs/serving.md states both). */
const CHUNKINGS = 12;
const EQUALITIES_PER_RUN = 3; // content, reasoning, tool calls

function parseOptions(c: Case, onError = c.onError): ParseOptions {
  return { prefix: c.prefix, ...(c.tools ? { tools: c.tools } : {}), ...(onError ? { onError } : {}) };
}

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

function chunkings(text: string, n: number, seed: number): string[][] {
  const cps = Array.from(text);
  const out: string[][] = [cps, [text]];
  const r = rng(seed);
  for (let k = 0; k < n; k++) {
    const max = 1 + Math.floor(r() * 16);
    const pieces: string[] = [];
    for (let i = 0; i < cps.length; ) {
      const len = 1 + Math.floor(r() * max);
      pieces.push(cps.slice(i, i + len).join(""));
      i += len;
    }
    out.push(pieces);
  }
  return out;
}

type Make = (c: Case, reasoningKey: "reasoning_content" | "reasoning") => ReturnType<typeof createOpenAIStream>;
const interpreted: Make = (c, reasoningKey) => createOpenAIStream(c.template, { ...parseOptions(c), reasoningKey });
/** Every sample in recover mode: calls go out whole at their close, a failed region sends nothing. */
const recovering: Make = (c, reasoningKey) => createOpenAIStream(c.template, { ...parseOptions(c, "recover"), reasoningKey });

/** Runs one case whole, per character and in `n` random chunkings; tells whether some run streamed
 * arguments before their call closed. The final message must equal the interpreter's in every run. */
function replay(
  c: Case,
  counts: CheckCounts,
  seed: number,
  reasoningKey: "reasoning_content" | "reasoning",
  make: Make = interpreted,
  n = CHUNKINGS,
): "calls-at-close" | "streamed" | "no-calls" {
  const whole = createOpenAIStream(c.template, parseOptions(c, make === recovering ? "recover" : c.onError));
  whole.feed(c.text);
  const wholeMessage = whole.finalize().message;
  const id = sampleId(c);
  const divergence = divergenceOf(id);
  let streamedArgs = false;
  let hadCalls = false;
  for (const pieces of chunkings(c.text, n, seed)) {
    const s = make(c, reasoningKey);
    const deltas: ChatDelta[] = [...s.initialDeltas];
    let argsBeforeEnd = false;
    for (const p of pieces) {
      const d = s.feed(p);
      if (d.some((x) => x.tool_calls?.[0]?.function.arguments)) argsBeforeEnd = true;
      deltas.push(...d);
    }
    const done = s.finalize();
    deltas.push(...done.deltas);
    expect(JSON.stringify(done.message), id).toBe(JSON.stringify(wholeMessage));
    const expected = toOpenAIMessage(done.message, { reasoningKey });
    expect(done.openai).toEqual(expected);
    try {
      checkDeltas(deltas, expected, done.divergent, counts, reasoningKey, divergence);
    } catch (e) {
      throw new Error(`${id} (${pieces.length} chunks): ${(e as Error).message}`);
    }
    if (argsBeforeEnd && pieces.length > 1) counts.incrementalArgs++;
    if (argsBeforeEnd && pieces.length > 2) streamedArgs = true;
    if (expected.tool_calls?.length) hadCalls = true;
  }
  return !hadCalls ? "no-calls" : streamedArgs ? "streamed" : "calls-at-close";
}

/** The counts every variant must reach: each sample runs n + 2 times, each run makes three checks against
 * the final message — an equality, or for a listed divergence a check against the list. */
function expectFullCounts(counts: CheckCounts, samples: number, n: number): void {
  const runsPerSample = n + 2;
  const divergentSamples = new Set(DIVERGENT.map((d) => d.sample)).size;
  expect(counts.runs).toBe(samples * runsPerSample);
  expect(counts.divergentRuns).toBe(divergentSamples * runsPerSample);
  expect(counts.listedDivergence).toBe(DIVERGENT.length * runsPerSample);
  expect(counts.finalEquality).toBe(EQUALITIES_PER_RUN * counts.runs - counts.listedDivergence);
}

describe("OpenAI streaming adapter over template samples", () => {
  it("keeps its promises for the doc-shaped templates, and streams arguments incrementally", () => {
    const counts = newCounts();
    for (const [i, s] of SAMPLES.entries()) {
      const before = counts.incrementalArgs;
      replay({ name: "docs", sample: s.name, template: s.template, prefix: s.prefix, text: s.text }, counts, 1000 + i, i % 2 ? "reasoning" : "reasoning_content");
      // json (smol, gpt-oss with the name from the open pattern) and xml-inline (qwen3-coder) all stream.
      expect(counts.incrementalArgs - before, s.name).toBeGreaterThan(0);
    }
    expect(counts.divergentRuns).toBe(0);
    expect(counts.finalEquality).toBe(EQUALITIES_PER_RUN * SAMPLES.length * (CHUNKINGS + 2));
  });

  const cases = allSampleCases();

  it("the divergence list names real samples, once per field, each with its reason", () => {
    const names = new Set(cases.map(sampleId));
    for (const d of DIVERGENT) {
      expect(names.has(d.sample), d.sample).toBe(true);
      expect(["content", "reasoning", "tool_calls"]).toContain(d.field);
      expect(d.reason.length, d.sample).toBeGreaterThan(40);
    }
    expect(new Set(DIVERGENT.map((d) => `${d.sample} ${d.field}`)).size).toBe(DIVERGENT.length);
  });

  it(`keeps its promises over templates/samples (${cases.length} samples), diverging only where listed`, () => {
    expect(cases.length).toBeGreaterThan(0);
    const counts = newCounts();
    const outcome = new Map<string, Set<string>>();
    cases.forEach((c, i) => {
      const r = replay(c, counts, i + 1, "reasoning_content");
      if (!outcome.has(r)) outcome.set(r, new Set());
      outcome.get(r)!.add(c.name);
    });
    const streamed = outcome.get("streamed") ?? new Set();
    const atClose = [...(outcome.get("calls-at-close") ?? [])].filter((t) => !streamed.has(t));
    console.log(
      `openai samples: ${cases.length} samples, ${JSON.stringify(counts)}\n` +
        `  templates streaming tool arguments: ${streamed.size}; calls only at close: ${atClose.join(", ") || "none"}`,
    );
    expectFullCounts(counts, cases.length, CHUNKINGS);
  });

  it("docs/serving.md states the per-sample counts this test asserts", () => {
    const readme = readDocFlat("docs/serving.md");
    expect(readme).toContain(`in ${CHUNKINGS} random chunkings (${CHUNKINGS + 2} runs per sample)`);
    expect(readme).toContain(`(${EQUALITIES_PER_RUN} equalities per run`);
  });

  it("keeps its promises over the generated modules (generated)", async () => {
    const generated = await loadGenerated();
    const templates = new Set(cases.map((c) => c.name));
    expect([...templates].filter((t) => !generated.names.includes(t))).toEqual([]);
    const fromModule: Make = (c, reasoningKey) =>
      openAIStreamForGenerated(generated.getParser(c.name), { ...parseOptions(c), reasoningKey });
    const counts = newCounts();
    cases.forEach((c, i) => replay(c, counts, i + 7, "reasoning", fromModule, 3));
    console.log(`openai samples (generated modules): ${JSON.stringify(counts)}`);
    expectFullCounts(counts, cases.length, 3);
  });

  it("recover mode: every sample streams only calls it completes (a failed call arrives as content)", () => {
    const counts = newCounts();
    let failedRegions = 0;
    cases.forEach((c, i) => {
      replay(c, counts, i + 13, "reasoning_content", recovering, 4);
      const s = createOpenAIStream(c.template, parseOptions(c, "recover"));
      s.feed(c.text);
      failedRegions += (s.finalize().errors ?? []).filter((e) => e.kind === "region").length;
    });
    console.log(`openai samples (recover mode): ${JSON.stringify(counts)}, failed regions ${failedRegions}`);
    expectFullCounts(counts, cases.length, 4);
    // Samples written for throw mode fail no region; those written for recover mode fail as recorded.
    const recorded = cases.flatMap((c) => c.errors ?? []).filter((e) => e.kind === "region").length;
    expect(recorded).toBeGreaterThan(0);
    expect(failedRegions).toBe(recorded);
  });
});
