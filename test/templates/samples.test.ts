// Replays templates/samples/<name>.jsonl (rows {name, prefix, text, expected}) for every template:
// through the interpreter in one feed, through 20 seeded random chunkings, and — when the generated
// registry (packages/response-template/models) names the template — through the generated parser in one feed
// and in the same chunkings. Templates that need an rtc extension parser missing from the parser table
// are skipped with the parser named in the test title.

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { createResponseParser, parseResponse } from "../../packages/response-template/interpret/index.ts";
import { pyStrip } from "../../packages/response-template/runtime/python/strip.ts";
import type { Message, RegionEvent, ResponseParser } from "../../packages/response-template/runtime/types.ts";
import { SAMPLE_DIR, hasFreshGenerated, loadGenerated, missingParsers, plain, templateJson, templateNames } from "./support.ts";

interface SampleRow {
  name: string;
  prefix: string;
  text: string;
  expected: Record<string, unknown>;
}

const CHUNKINGS = 20;

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
export function chunkings(text: string, seed: number, count = CHUNKINGS): string[][] {
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

function feedAll(parser: ResponseParser, chunks: string[]): Message {
  const events: RegionEvent[] = [...parser.initialEvents];
  for (const c of chunks) events.push(...parser.feed(c));
  const { message, events: last } = parser.finalize();
  events.push(...last);
  checkTextChunks(events);
  return message;
}

/** Streaming promise for text regions: the clean chunks of a region add up to its closed value (which is
 * stripped at close). Structured (dirty) regions are only checked at close, by the message comparison. */
function checkTextChunks(events: RegionEvent[]): void {
  let open: string | null = null;
  let text = "";
  let dirty = false;
  for (const e of events) {
    if (e.type === "region_open") {
      open = e.field;
      text = "";
      dirty = false;
    } else if (e.type === "region_chunk") {
      expect(e.field).toBe(open);
      text += e.text;
      dirty ||= e.dirty;
    } else {
      expect(e.field).toBe(open);
      if (!dirty && typeof e.value === "string") expect(e.value).toBe(pyStrip(text));
      open = null;
    }
  }
}

export function readSamples(name: string): SampleRow[] {
  const file = join(SAMPLE_DIR, `${name}.jsonl`);
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as SampleRow);
}

const generated = await loadGenerated();

describe("template samples", () => {
  test("every template has at least five samples", () => {
    const few = templateNames().filter((n) => readSamples(n).length < 5);
    expect(few).toEqual([]);
  });

  for (const name of templateNames()) {
    const rows = readSamples(name);
    const missing = missingParsers(name);
    const hasGen = hasFreshGenerated(generated, name);
    const genNote = generated.names.includes(name) ? " (generated parser is stale: npm run build)" : " (no generated parser)";
    describe(name, () => {
      rows.forEach((row, i) => {
        const run = test;
        const note = missing.length ? ` (needs ${missing.join(", ")})` : "";
        run(`${row.name} · interpreted${note}`, () => {
          const msg = parseResponse(templateJson(name), row.text, { prefix: row.prefix });
          expect(plain(msg)).toEqual(row.expected);
        });
        run(`${row.name} · ${CHUNKINGS} chunkings${note}`, () => {
          for (const chunks of chunkings(row.text, i + 1)) {
            const msg = feedAll(createResponseParser(templateJson(name), { prefix: row.prefix }), chunks);
            expect(plain(msg), JSON.stringify(chunks)).toEqual(row.expected);
          }
        });
        test(`${row.name} · generated`, () => {
          expect(hasGen, `${name}${genNote}`).toBe(true);
          const p = generated.getParser(name);
          expect(plain(p.parseResponse(row.text, { prefix: row.prefix }))).toEqual(row.expected);
          for (const chunks of chunkings(row.text, i + 1, 5)) {
            expect(plain(feedAll(p.createResponseParser({ prefix: row.prefix }), chunks)), JSON.stringify(chunks)).toEqual(row.expected);
          }
        });
      });
    });
  }
});
