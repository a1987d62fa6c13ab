// Sample rows (templates/samples/<name>.jsonl) and the seeded chunkings they are replayed in; shared by
// samples.test.ts and scripts/real-shapes-report.ts.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { JsonObject } from "../../runtime/core/types.ts";
import { pyJsonLoads } from "../../runtime/core/python/json.ts";
import { SAMPLE_DIR, TEMPLATE_DIR } from "./support.ts";

export interface SampleRow {
  name: string;
  shape?: string;
  prefix: string;
  text: string;
  expected: Record<string, unknown>;
  tools?: JsonObject[];
  on_error?: "recover";
  errors?: { kind: string; field: string | null; start: number; end: number }[];
  /** The sibling chat templates whose spelling the row is written in (scripts/roundtrip/make-samples.ts). */
  chat_templates?: string[];
}


/** mulberry32: a small seeded PRNG, so chunkings are the same on every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Splits text into chunks of 1–8 code points (never inside a surrogate pair). */
export function chunkings(text: string, seed: number, count = 20): string[][] {
  const cps = Array.from(text);
  const out: string[][] = [];
  for (let k = 0; k < count; k++) {
    const r = rng(seed * 7919 + k);
    const chunks: string[] = [];
    for (let i = 0; i < cps.length; ) {
      const n = 1 + Math.floor(r() * (k % 4 === 0 ? 2 : 8));
      chunks.push(cps.slice(i, i + n).join(""));
      i += n;
    }
    out.push(chunks);
  }
  return out;
}

export function readSamples(name: string): SampleRow[] {
  const file = join(SAMPLE_DIR, `${name}.jsonl`);
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as SampleRow);
}

/** Every sample of every library template, with the template read exactly (Python's number model): for
 * tests that replay the whole library through another path (engine sinks, many parsers at once, the
 * OpenAI and vLLM streams). */
export interface SampleCase {
  /** The template's name. */
  name: string;
  /** The row's name (`${name}/${sample}` names the sample). */
  sample: string;
  template: unknown;
  prefix: string;
  text: string;
  tools?: JsonObject[];
  onError?: "recover";
  /** Recover mode's recorded report for the row, when the row runs in recover mode. */
  errors?: NonNullable<SampleRow["errors"]>;
}

export function allSampleCases(): SampleCase[] {
  const out: SampleCase[] = [];
  for (const f of readdirSync(SAMPLE_DIR).filter((n) => n.endsWith(".jsonl")).sort()) {
    const name = f.replace(/\.jsonl$/, "");
    const template = pyJsonLoads(readFileSync(join(TEMPLATE_DIR, `${name}.json`), "utf8"));
    for (const line of readFileSync(join(SAMPLE_DIR, f), "utf8").split("\n")) {
      if (!line.trim()) continue;
      const row = pyJsonLoads(line) as unknown as SampleRow;
      out.push({
        name,
        sample: row.name,
        template,
        text: row.text,
        prefix: row.prefix ?? "",
        ...(row.tools ? { tools: row.tools } : {}),
        ...(row.on_error ? { onError: row.on_error, errors: row.errors ?? [] } : {}),
      });
    }
  }
  return out;
}
