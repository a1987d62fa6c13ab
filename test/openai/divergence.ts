// The samples whose OpenAI stream is known to diverge from the final message (read by
// test/openai/samples.test.ts and test/vllm/parser.test.ts): test/openai/divergent.json lists each with the
// field, the text the stream sends and the reason. A run that diverges elsewhere, or a listed sample that
// stops diverging, fails.

import { readFileSync } from "node:fs";
import type { SampleCase } from "../templates/sample-rows.ts";

export interface Divergence {
  sample: string;
  /** "content", "reasoning" or "tool_calls" (the adapter's names in `divergent`). */
  field: string;
  /** What the stream sends for the field, in every chunking: content/reasoning text, or the calls. */
  streamed: unknown;
  reason: string;
}

export const DIVERGENT: readonly Divergence[] = (
  JSON.parse(readFileSync(new URL("./divergent.json", import.meta.url), "utf8")) as { samples: Divergence[] }
).samples;

/** `<template>/<row name>`, as divergent.json names a sample. */
export const sampleId = (c: SampleCase): string => `${c.name}/${c.sample}`;

/** The listed divergences of one sample, field → streamed value (empty: the stream must equal the message). */
export function divergenceOf(id: string): Record<string, unknown> {
  return Object.fromEntries(DIVERGENT.filter((d) => d.sample === id).map((d) => [d.field, d.streamed]));
}
