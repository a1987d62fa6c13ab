// Replays templates/samples/<name>.jsonl for every template: through the interpreter in one feed, through
// 20 seeded random chunkings, and — when the generated registry (generated) names
// the template — through the generated parser in one feed and in the same chunkings. Templates that need an
// rtc extension parser missing from the parser table are skipped with the parser named in the test title.
//
// Rows: {name, prefix, text, expected} plus, optionally, `shape` (the real-output shape the row covers,
// written by scripts/roundtrip/real-shapes.ts), `tools` (passed to the parser) and `on_error: "recover"` with the
// `errors` recover mode must report ({kind, field, start, end}; reasons are not compared). Every row that
// parses in throw mode must give the same message in recover mode too.

import { describe, expect, test } from "vitest";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import { pyStrip } from "../../runtime/core/python/strip.ts";
import type { Message, ParseIssue, ParseOptions, Recovered, RegionEvent, ResponseParser } from "../../runtime/core/types.ts";
import { hasFreshGenerated, loadGenerated, missingParsers, plain, templateJson, templateNames } from "./support.ts";
import { chunkings, readSamples, type SampleRow } from "./sample-rows.ts";

function optionsOf(row: SampleRow): ParseOptions {
  return { prefix: row.prefix, ...(row.tools ? { tools: row.tools } : {}), ...(row.on_error ? { onError: row.on_error } : {}) };
}

/** What a row compares: the message, and in recover mode the errors without their reasons. */
function outcome(message: Message, errors: ParseIssue[] | undefined): unknown {
  const m = plain(message);
  return errors === undefined ? m : { message: m, errors: errors.map(({ kind, field, start, end }) => ({ kind, field, start, end })) };
}

function expectedOf(row: SampleRow): unknown {
  return row.on_error ? { message: row.expected, errors: row.errors ?? [] } : row.expected;
}

function whole(result: Message | Recovered): unknown {
  return "errors" in result && "message" in result && Array.isArray(result.errors)
    ? outcome(result.message as Message, result.errors as ParseIssue[])
    : outcome(result as Message, undefined);
}

const CHUNKINGS = 20;

function feedAll(parser: ResponseParser, chunks: string[]): unknown {
  const events: RegionEvent[] = [...parser.initialEvents];
  for (const c of chunks) events.push(...parser.feed(c));
  const { message, events: last, errors } = parser.finalize();
  events.push(...last);
  checkTextChunks(events);
  return outcome(message, errors);
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
    } else if (e.type === "region_error") {
      expect(e.field).toBe(open);
      open = null;
    } else {
      expect(e.field).toBe(open);
      if (!dirty && typeof e.value === "string") expect(e.value).toBe(pyStrip(text));
      open = null;
    }
  }
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
        const options = optionsOf(row);
        const expected = expectedOf(row);
        run(`${row.name} · interpreted${note}`, () => {
          expect(whole(parseResponse(templateJson(name), row.text, options))).toEqual(expected);
          if (!row.on_error) {
            // A row that parses must parse to the same message in recover mode.
            const r = parseResponse(templateJson(name), row.text, { ...options, onError: "recover" });
            expect(plain(r.message)).toEqual(row.expected);
          }
        });
        run(`${row.name} · ${CHUNKINGS} chunkings${note}`, () => {
          for (const chunks of chunkings(row.text, i + 1)) {
            expect(feedAll(createResponseParser(templateJson(name), options), chunks), JSON.stringify(chunks)).toEqual(expected);
          }
        });
        test(`${row.name} · generated`, () => {
          expect(hasGen, `${name}${genNote}`).toBe(true);
          const p = generated.getParser(name);
          expect(whole(p.parseResponse(row.text, options))).toEqual(expected);
          for (const chunks of chunkings(row.text, i + 1, 5)) {
            expect(feedAll(p.createResponseParser(options), chunks), JSON.stringify(chunks)).toEqual(expected);
          }
        });
      });
    });
  }
});
