// A trace that keeps everything the fixtures' digests drop: error classes *and* messages, every event.
// Generated and interpreted parsers must produce the same exact traces.

import { RtcError } from "../../runtime/core/errors.ts";
import type { JsonValue, ResponseParser } from "../../runtime/core/types.ts";
import { canonical } from "../../compiler/replay/tagged.ts";

function err(e: unknown): string {
  if (e instanceof RtcError) return `${e.name}/${e.pyClass}: ${e.message}`;
  return `JS ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
}

/** One run, rendered as lines of canonical JSON (so PyFloat, bigint and key order all count). */
export function exactTrace(create: () => ResponseParser, chunks: readonly string[]): string[] {
  const out: string[] = [];
  let parser: ResponseParser;
  try {
    parser = create();
    out.push(`init ${canonical(parser.initialEvents as unknown as JsonValue)}`);
  } catch (e) {
    out.push(`init_error ${err(e)}`);
    return out;
  }
  for (const c of chunks) {
    try {
      out.push(`feed ${canonical(parser.feed(c) as unknown as JsonValue)}`);
    } catch (e) {
      out.push(`feed_error ${err(e)}`);
      if (e instanceof RtcError && ["Unrepresentable", "RecursionError", "NonTerminating"].includes(e.pyClass)) return out;
    }
  }
  try {
    const { message, events } = parser.finalize();
    out.push(`final ${canonical(message)} ${canonical(events as unknown as JsonValue)}`);
  } catch (e) {
    out.push(`final_error ${err(e)}`);
  }
  try {
    parser.feed("x");
    out.push("feed after finalize accepted");
  } catch (e) {
    out.push(`after ${err(e)}`);
  }
  return out;
}
