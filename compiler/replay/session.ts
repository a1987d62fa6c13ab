// Replays one recorded session (unary, split2, chunkings) and compares with the reference by digest.
// On failure it names the first differing step, with expected and actual JSON where the fixture has them.

import type { JsonValue, ParseOptions, ResponseParser } from "response-template/runtime";
import { canonical, digestTraces, untag } from "./tagged.ts";
import { chunksFor, recordTrace, splitTwo, type Step } from "./trace.ts";

export interface SessionRow {
  id: string;
  template: string;
  prefix: string;
  text: string;
  tools?: string;
  unary: { final: Step; digest: string; trace: Step[] };
  split2?: { digest: string; final_differs: Record<string, Step> };
  chunkings: { feeds: string[]; digest: string; final_differs: Record<string, Step> };
}

export type ParserFactory = (options: ParseOptions) => ResponseParser;

export interface SessionResult {
  id: string;
  ok: boolean;
  /** Which check failed first, and how. */
  failure?: { check: "unary" | "split2" | "chunkings"; detail: string };
}

export function replaySession(row: SessionRow, factory: ParserFactory, tools: JsonValue | undefined): SessionResult {
  const options: ParseOptions = { prefix: row.prefix };
  if (tools !== undefined) options.tools = tools as ParseOptions["tools"];
  const run = (chunks: readonly string[]) => recordTrace(() => factory(options), chunks);

  const unary = run([row.text]);
  if (digestTraces([unary]) !== row.unary.digest) {
    return { id: row.id, ok: false, failure: { check: "unary", detail: firstDifference(row.unary.trace, unary) } };
  }
  const expectedFinal = canonical(untag(row.unary.final as JsonValue));

  if (row.split2) {
    const traces = splitTwo(row.text).map(run);
    const bad = checkFinals(traces, (i) => row.split2!.final_differs[String(i + 1)], expectedFinal);
    if (bad) return { id: row.id, ok: false, failure: { check: "split2", detail: `split at ${bad.index + 1}: ${bad.detail}` } };
    if (digestTraces(traces) !== row.split2.digest) {
      return { id: row.id, ok: false, failure: { check: "split2", detail: digestDetail(traces, row.unary.trace) } };
    }
  }

  const feeds = row.chunkings.feeds;
  if (feeds.length) {
    const traces = feeds.map((spec) => run(chunksFor(row.text, spec)));
    const bad = checkFinals(traces, (i) => row.chunkings.final_differs[String(i)], expectedFinal);
    if (bad) {
      return {
        id: row.id,
        ok: false,
        failure: { check: "chunkings", detail: `feeds "${feeds[bad.index]}": ${bad.detail}` },
      };
    }
    if (digestTraces(traces) !== row.chunkings.digest) {
      return { id: row.id, ok: false, failure: { check: "chunkings", detail: digestDetail(traces, row.unary.trace) } };
    }
  }
  return { id: row.id, ok: true };
}

function checkFinals(
  traces: Step[][],
  override: (i: number) => Step | undefined,
  expectedFinal: string,
): { index: number; detail: string } | null {
  for (let i = 0; i < traces.length; i++) {
    const last = traces[i]![traces[i]!.length - 1]!;
    const want = override(i);
    const expected = want ? canonical(untag(want as JsonValue)) : expectedFinal;
    const actual = canonical(last as JsonValue);
    if (actual !== expected) return { index: i, detail: `final step\n  expected ${expected}\n  actual   ${actual}` };
  }
  return null;
}

/** Finals agree but the event streams do not: the fixture has only a digest, so show our first run's
 * events next to the unary trace, which is what most differences come down to. */
function digestDetail(traces: Step[][], unary: Step[]): string {
  return `event streams differ (finals agree; the fixture records only a digest)\n  unary trace  ${canonical(
    untag(unary as JsonValue),
  )}\n  first run    ${canonical(traces[0] as JsonValue)}`;
}

export function firstDifference(expected: Step[], actual: Step[]): string {
  const n = Math.max(expected.length, actual.length);
  for (let i = 0; i < n; i++) {
    const e = expected[i] === undefined ? "(none)" : canonical(untag(expected[i] as JsonValue));
    const a = actual[i] === undefined ? "(none)" : canonical(actual[i] as JsonValue);
    if (e !== a) return `step ${i}\n  expected ${e}\n  actual   ${a}`;
  }
  return "traces equal but digests differ";
}
