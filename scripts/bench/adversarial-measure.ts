// One adversarial measurement: a case's text fed one character at a time to one API, the cost per chunk
// taken over the last chunks (the cost at that size, after everything before it), and how it ended.
// Used in-process for the parsers and, through adversarial-cell.ts, in a child process for the OpenAI
// stream (whose internals are being rewritten: a run that exhausts memory must not end the benchmark).

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createResponseParser } from "../../runtime/interpret/index.ts";
import { createOpenAIStream } from "../../runtime/openai/index.ts";
import { loadParser } from "../../generated/index.ts";
import { RtcError } from "../../runtime/core/errors.ts";
import { canonical } from "../../compiler/replay/tagged.ts";
import { pyJsonLoads } from "../../runtime/core/python/json.ts";
import type { JsonValue } from "../../runtime/core/types.ts";
import { CASES } from "./adversarial-cases.ts";

export type Api = "generated" | "interpreted" | "openai";

export interface Measurement {
  /** ns per chunk over the last WINDOW chunks: the best of their blocks of BLOCK (other jobs on the machine
   * and garbage collection pauses land in some blocks; the best is the cost of the work itself). */
  ns: number;
  /** Wall time of the whole run, ms. */
  ms: number;
  /** The final message (canonical JSON) or the error class that ended the run. */
  outcome: string;
}

const ROOT = join(import.meta.dirname, "..", "..");
/** Chunks at the end of the text over which the cost per chunk is taken, in blocks of BLOCK. */
export const WINDOW = 5_000;
export const BLOCK = 250;

export function templateJson(name: string): JsonValue {
  return pyJsonLoads(readFileSync(join(ROOT, "templates", `${name}.json`), "utf8"));
}

interface Feeder {
  feed(c: string): unknown;
  finalize(): { message: JsonValue };
}

export async function feeder(api: Api, template: string): Promise<() => Feeder> {
  const json = templateJson(template);
  if (api === "interpreted") return () => createResponseParser(json, { prefix: "" }) as unknown as Feeder;
  if (api === "openai") return () => createOpenAIStream(json, { prefix: "" }) as unknown as Feeder;
  const mod = await loadParser(template);
  return () => mod.createResponseParser({ prefix: "" }) as unknown as Feeder;
}

/** Feeds `text` one code unit at a time (surrogate pairs whole); errors end nothing but are recorded. */
export function measure(create: () => Feeder, text: string): Measurement {
  const chunks = Array.from(text);
  const from = Math.max(0, chunks.length - WINDOW);
  const parser = create();
  let error: string | null = null;
  const t0 = performance.now();
  let block = t0;
  let best = Infinity;
  for (let i = 0; i < chunks.length; i++) {
    if (i >= from && (i - from) % BLOCK === 0) {
      const now = performance.now();
      if (i > from) best = Math.min(best, (now - block) / BLOCK);
      block = now;
    }
    try {
      parser.feed(chunks[i]!);
    } catch (e) {
      if (!(e instanceof RtcError)) throw e;
      error ??= `feed: ${e.pyClass}`;
    }
  }
  const end = performance.now();
  const last = (chunks.length - from) % BLOCK || BLOCK;
  best = Math.min(best, (end - block) / last);
  let outcome: string;
  try {
    const { message } = parser.finalize();
    outcome = error ?? canonical(message);
  } catch (e) {
    if (!(e instanceof RtcError)) throw e;
    outcome = error ?? `finalize: ${e.pyClass}`;
  }
  return { ns: best * 1e6, ms: performance.now() - t0, outcome };
}

export async function measureCase(api: Api, caseIndex: number, size: number): Promise<Measurement> {
  const c = CASES[caseIndex]!;
  return measure(await feeder(api, c.template), c.text(size));
}
