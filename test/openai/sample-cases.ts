// The template library's samples as OpenAI-stream cases (shared by test/openai/samples.test.ts and
// test/vllm/parser.test.ts), and the samples whose stream is known to diverge from the final message:
// test/openai/divergent.json lists each with the field, the text the stream sends and the reason. A run
// that diverges elsewhere, or a listed sample that stops diverging, fails.

import { readFileSync } from "node:fs";
import { pyJsonLoads } from "../../packages/response-template/runtime/python/json.ts";
import type { JsonObject } from "../../packages/response-template/runtime/types.ts";
import { readSamples } from "../templates/sample-rows.ts";
import { TEMPLATE_DIR, templateNames } from "../templates/support.ts";

export interface Case {
  /** `<template>/<sample name>` */
  name: string;
  template: unknown;
  prefix: string;
  text: string;
  tools?: JsonObject[];
  onError?: "recover";
  /** Recover mode's recorded report for the row (its `errors`), when the row runs in recover mode. */
  errors?: { kind: string }[];
}

/** Every row of templates/samples/*.jsonl, with its template parsed as the reference reads JSON. */
export function libraryCases(): Case[] {
  return templateNames().flatMap((tname) => {
    const template = pyJsonLoads(readFileSync(`${TEMPLATE_DIR}/${tname}.json`, "utf8"));
    return readSamples(tname).map((row) => ({
      name: `${tname}/${row.name}`,
      template,
      prefix: row.prefix ?? "",
      text: row.text,
      ...(row.tools ? { tools: row.tools } : {}),
      ...(row.on_error ? { onError: row.on_error, errors: row.errors ?? [] } : {}),
    }));
  });
}

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

/** The listed divergences of one sample, field → streamed value (empty: the stream must equal the message). */
export function divergenceOf(sample: string): Record<string, unknown> {
  return Object.fromEntries(DIVERGENT.filter((d) => d.sample === sample).map((d) => [d.field, d.streamed]));
}
