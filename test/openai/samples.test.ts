// Replays template samples through the OpenAI streaming adapter in random chunkings and checks its promises
// (one kind per delta, header once and first, indexes in order, no retraction: deltas add up to
// toOpenAIMessage(final message)). Uses templates/samples/*.jsonl when the template library is present,
// plus the doc-shaped templates in fixtures.ts. Prints how many checks ran.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createOpenAIStream } from "../../packages/response-template/openai/interpreted.ts";
import { openAIStreamForGenerated } from "../../packages/response-template/openai/adapter.ts";
import { createResponseParser } from "../../packages/response-template/interpret/index.ts";
import { toOpenAIMessage } from "../../packages/response-template/openai/message.ts";
import type { ChatDelta } from "../../packages/response-template/openai/stream.ts";
import { pyJsonLoads } from "../../packages/response-template/runtime/python/json.ts";
import type { JsonObject, ParseOptions } from "../../packages/response-template/runtime/types.ts";
import type { SampleRow } from "../templates/sample-rows.ts";
import { checkDeltas, newCounts, type CheckCounts } from "./invariants.ts";
import { SAMPLES } from "./fixtures.ts";

const ROOT = join(import.meta.dirname, "../..");
const CHUNKINGS = Number(process.env.RTC_OPENAI_CHUNKINGS ?? 12);

interface Case {
  name: string;
  template: unknown;
  prefix: string;
  text: string;
  tools?: JsonObject[];
  onError?: "recover";
  /** The row's errors list reports an overwritten block: the streamed text may rightly diverge there. */
  overwrites?: boolean;
}

function parseOptions(c: Case, onError = c.onError): ParseOptions {
  return { prefix: c.prefix, ...(c.tools ? { tools: c.tools } : {}), ...(onError ? { onError } : {}) };
}

function libraryCases(): Case[] {
  const dir = join(ROOT, "templates/samples");
  if (!existsSync(dir)) return [];
  const cases: Case[] = [];
  for (const f of readdirSync(dir).filter((n) => n.endsWith(".jsonl")).sort()) {
    for (const line of readFileSync(join(dir, f), "utf8").split("\n")) {
      if (!line.trim()) continue;
      const row = JSON.parse(line) as SampleRow;
      const tname = f.replace(/\.jsonl$/, "");
      const tfile = join(ROOT, "templates", `${tname}.json`);
      if (!existsSync(tfile)) continue;
      cases.push({
        name: `${tname}/${row.name ?? cases.length}`,
        template: pyJsonLoads(readFileSync(tfile, "utf8")),
        prefix: row.prefix ?? "",
        text: row.text,
        ...(row.tools ? { tools: row.tools } : {}),
        ...(row.on_error ? { onError: row.on_error } : {}),
        overwrites: (row.errors ?? []).some((e) => e.kind === "overwritten"),
      });
    }
  }
  return cases;
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

/** Runs one case in every chunking; returns how many runs streamed some arguments before their close. */
type Make = (c: Case, reasoningKey: "reasoning_content" | "reasoning") => ReturnType<typeof createOpenAIStream>;
const interpreted: Make = (c, reasoningKey) => createOpenAIStream(c.template, { ...parseOptions(c), reasoningKey });
/** As a generated parser is used (template JSON + a parser, no pattern translator in the adapter). */
const bare: Make = (c, reasoningKey) =>
  openAIStreamForGenerated(
    { template: c.template as never, createResponseParser: (o) => createResponseParser(c.template, o) },
    { ...parseOptions(c), reasoningKey },
  );
/** Every sample in recover mode: calls go out whole at their close, a failed region sends nothing. */
const recovering: Make = (c, reasoningKey) => createOpenAIStream(c.template, { ...parseOptions(c, "recover"), reasoningKey });

function replay(
  c: Case,
  counts: CheckCounts,
  seed: number,
  reasoningKey: "reasoning_content" | "reasoning",
  make: Make = interpreted,
  n = CHUNKINGS,
): "skipped" | "calls-at-close" | "streamed" | "no-calls" {
  let wholeMessage: unknown;
  try {
    const s = createOpenAIStream(c.template, parseOptions(c, make === recovering ? "recover" : c.onError));
    s.feed(c.text);
    wholeMessage = s.finalize().message;
  } catch {
    return "skipped"; // samples that fail to parse are the engine's business, not the adapter's
  }
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
    expect(JSON.stringify(done.message)).toBe(JSON.stringify(wholeMessage));
    const expected = toOpenAIMessage(done.message, { reasoningKey });
    expect(done.openai).toEqual(expected);
    checkDeltas(deltas, expected, done.divergent, counts, reasoningKey);
    // Only a block that the template lets a later block overwrite may make the stream diverge.
    if (done.divergent.length && !c.overwrites) throw new Error(`${c.name}: streamed ${done.divergent.join(", ")} diverge from the final message`);
    if (argsBeforeEnd && pieces.length > 1) counts.incrementalArgs++;
    if (argsBeforeEnd && pieces.length > 2) streamedArgs = true;
    if (expected.tool_calls?.length) hadCalls = true;
  }
  return !hadCalls ? "no-calls" : streamedArgs ? "streamed" : "calls-at-close";
}

describe("OpenAI streaming adapter over template samples", () => {
  it("keeps its promises for the doc-shaped templates, and streams arguments incrementally", () => {
    const counts = newCounts();
    for (const [i, s] of SAMPLES.entries()) {
      const before = counts.incrementalArgs;
      replay({ name: s.name, template: s.template, prefix: s.prefix, text: s.text }, counts, 1000 + i, i % 2 ? "reasoning" : "reasoning_content");
      // json (smol, gpt-oss with the name from the open pattern) and xml-inline (qwen3-coder) all stream.
      expect(counts.incrementalArgs - before, s.name).toBeGreaterThan(0);
    }
    expect(counts.divergentRuns).toBe(0);
    console.log(`openai fixtures: ${JSON.stringify(counts)}`);
  });

  const cases = libraryCases();
  it.skipIf(cases.length === 0)(`keeps its promises over templates/samples (${cases.length} samples)`, () => {
    const counts = newCounts();
    const outcome = new Map<string, Set<string>>();
    let samplesRun = 0;
    cases.forEach((c, i) => {
      const r = replay(c, counts, i + 1, "reasoning_content");
      if (r !== "skipped") samplesRun++;
      const t = c.name.split("/")[0]!;
      if (!outcome.has(r)) outcome.set(r, new Set());
      outcome.get(r)!.add(t);
    });
    const streamed = outcome.get("streamed") ?? new Set();
    const atClose = [...(outcome.get("calls-at-close") ?? [])].filter((t) => !streamed.has(t));
    console.log(
      `openai samples: ${cases.length} samples, ${JSON.stringify(counts)}\n` +
        `  templates streaming tool arguments: ${streamed.size}; calls only at close: ${atClose.join(", ") || "none"}\n` +
        `  templates skipped (sample does not parse): ${[...(outcome.get("skipped") ?? [])].join(", ") || "none"}`,
    );
    // Every sample that parses runs whole, one character at a time and in CHUNKINGS random chunkings, and
    // each run checks three equalities with toOpenAIMessage (content, reasoning, tool calls): the README
    // states these per-sample counts.
    expect(samplesRun).toBeGreaterThan(0);
    expect(counts.runs).toBe(samplesRun * (CHUNKINGS + 2));
    // Three equalities per run; a divergent run (an overwriting template, checked above) skips its diverging fields.
    expect(counts.finalEquality).toBeLessThanOrEqual(3 * counts.runs);
    expect(counts.finalEquality).toBeGreaterThanOrEqual(3 * counts.runs - 2 * counts.divergentRuns);
  });

  it.skipIf(cases.length === 0)("keeps its promises without the pattern translator (generated-parser path)", () => {
    const counts = newCounts();
    cases.forEach((c, i) => replay(c, counts, i + 7, "reasoning", bare, 3));
    console.log(`openai samples (no translator): ${JSON.stringify(counts)}`);
    expect(counts.runs).toBeGreaterThan(0);
  });

  it.skipIf(cases.length === 0)("recover mode: every sample streams only calls it completes (a failed call arrives as content)", () => {
    const counts = newCounts();
    let failedRegions = 0;
    cases.forEach((c, i) => {
      replay(c, counts, i + 13, "reasoning_content", recovering, 4);
      const s = createOpenAIStream(c.template, parseOptions(c, "recover"));
      s.feed(c.text);
      failedRegions += (s.finalize().errors ?? []).filter((e) => e.kind === "region").length;
    });
    console.log(`openai samples (recover mode): ${JSON.stringify(counts)}, failed regions ${failedRegions}`);
    expect(failedRegions).toBeGreaterThan(0);
  });
});
