// StreamParser.deliverTo: a sink receives exactly the events feed() and finalize() would have listed, in
// the same order (a chunk as regionChunk, without its event object), and the lists stay empty. Every library
// template's samples, in two chunkings, through the interpreter and the generated module.

import { describe, expect, it } from "vitest";
import { allSampleCases, type SampleCase } from "../templates/sample-rows.ts";
import { createResponseParser } from "response-template";
import { loadParser, names } from "response-template/models";
import { StreamParser, type ParserModule, type RegionSink } from "response-template/runtime";
import type { RegionEvent, ResponseParser } from "../../runtime/core/types.ts";


/** One step's outcome: its events, or the error it raised. */
type Step = { events: RegionEvent[] } | { error: string };

function attempt(f: () => RegionEvent[]): Step {
  try {
    return { events: f() };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** Per feed (then finalize): the events listed. */
function listed(p: ResponseParser, chunks: string[]): Step[] {
  const steps: Step[] = [{ events: p.initialEvents }];
  for (const c of chunks) {
    const s = attempt(() => p.feed(c));
    steps.push(s);
    if ("error" in s) return steps;
  }
  steps.push(attempt(() => p.finalize().events));
  return steps;
}

/** Per feed (then finalize): the events the sink received; what feed() returned must be empty. */
function delivered(p: ResponseParser, chunks: string[]): Step[] {
  expect(p).toBeInstanceOf(StreamParser);
  let got: RegionEvent[] = [];
  const sink: RegionSink = {
    regionChunk: (field, text, dirty) => got.push({ type: "region_chunk", field, text, dirty }),
    regionEvent: (e) => got.push(e),
  };
  (p as StreamParser).deliverTo(sink);
  const step = (f: () => RegionEvent[]): Step => {
    got = [];
    const s = attempt(() => {
      expect(f()).toEqual([]);
      return got;
    });
    // A failing feed delivered what came before its error; a list would have lost it: only the error is compared.
    return "error" in s ? s : { events: got };
  };
  const steps: Step[] = [{ events: p.initialEvents }];
  for (const c of chunks) {
    const s = step(() => p.feed(c));
    steps.push(s);
    if ("error" in s) return steps;
  }
  steps.push(step(() => p.finalize().events));
  return steps;
}

const chunk = (s: string, n: number) => Array.from({ length: Math.ceil(s.length / n) }, (_, i) => s.slice(i * n, i * n + n));

describe("StreamParser.deliverTo", () => {
  const all = allSampleCases();
  it(`delivers the events feed() lists, in order, for every sample (${all.length}, both engines)`, async () => {
    let runs = 0;
    let events = 0;
    for (const c of all) {
      const makes: (() => ResponseParser)[] = [() => createResponseParser(c.template as never, { prefix: c.prefix, eventDetails: true })];
      if (names.includes(c.name)) {
        const mod = (await loadParser(c.name)) as ParserModule;
        makes.push(() => mod.createResponseParser({ prefix: c.prefix, eventDetails: true }));
      }
      for (const make of makes) {
        for (const n of [1, 7]) {
          const chunks = chunk(c.text, n);
          const want = listed(make(), chunks);
          expect(delivered(make(), chunks), c.name).toEqual(want);
          runs++;
          for (const s of want) if ("events" in s) events += s.events.length;
        }
      }
    }
    expect(runs).toBeGreaterThanOrEqual(all.length * 2);
    expect(events).toBeGreaterThan(runs);
  }, 120_000);
});
