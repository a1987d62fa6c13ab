// Recording a run as the conformance fixtures do (test/fixtures/conformance/FORMAT.md): one step per call,
// errors recorded by their Python class so traces compare by meaning.

import { RtcError } from "response-template/runtime";
import type { JsonValue, ResponseParser } from "response-template/runtime";

export type Step = JsonValue[];

/** Errors after which the reference stops feeding (everything else: feeding continues). */
const TERMINAL = new Set(["Unrepresentable", "RecursionError", "NonTerminating"]);

export function errorClass(e: unknown): string {
  if (e instanceof RtcError) return e.pyClass;
  // A JavaScript exception is a bug in rtc, never a reference behaviour: make it show up in the diff.
  return `InternalError(${e instanceof Error ? e.message : String(e)})`;
}

/** Runs one parser over `chunks` and records the trace. */
export function recordTrace(create: () => ResponseParser, chunks: readonly string[]): Step[] {
  const trace: Step[] = [];
  let parser: ResponseParser;
  try {
    parser = create();
    trace.push(["init", parser.initialEvents as unknown as JsonValue]);
  } catch (e) {
    trace.push(["init_error", errorClass(e)]);
    return trace;
  }
  for (const chunk of chunks) {
    try {
      trace.push(["feed", parser.feed(chunk) as unknown as JsonValue]);
    } catch (e) {
      const cls = errorClass(e);
      trace.push(["feed_error", cls]);
      if (TERMINAL.has(cls)) return trace;
    }
  }
  try {
    const { message, events } = parser.finalize();
    trace.push(["final", message, events as unknown as JsonValue]);
  } catch (e) {
    trace.push(["final_error", errorClass(e)]);
  }
  return trace;
}

/** Splits `text` by a fixture chunking spec; lengths count code points. */
export function chunksFor(text: string, spec: string): string[] {
  const cps = Array.from(text);
  if (spec === "chars") return cps;
  const out: string[] = [];
  if (spec.startsWith("step:")) {
    const k = Number(spec.slice(5));
    for (let i = 0; i < cps.length; i += k) out.push(cps.slice(i, i + k).join(""));
    return out;
  }
  let i = 0;
  for (const len of spec.split(" ").map(Number)) {
    out.push(cps.slice(i, i + len).join(""));
    i += len;
  }
  if (i < cps.length) out.push(cps.slice(i).join(""));
  return out;
}

/** The split2 feeds: [text[:i], text[i:]] for i = 1 … len-1, in code points. */
export function splitTwo(text: string): string[][] {
  const cps = Array.from(text);
  const out: string[][] = [];
  for (let i = 1; i < cps.length; i++) out.push([cps.slice(0, i).join(""), cps.slice(i).join("")]);
  return out;
}
