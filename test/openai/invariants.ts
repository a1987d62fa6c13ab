// Checks the streaming adapter's promises over one run's deltas (see runtime/openai/stream.ts) and counts
// each check made, so test runs can print how much was verified.

import type { ChatDelta } from "../../runtime/openai/stream.ts";
import type { OpenAIMessage } from "../../runtime/openai/message.ts";

export interface CheckCounts {
  runs: number;
  deltas: number;
  oneKind: number;
  headerOnce: number;
  indexOrder: number;
  argsNonEmptyOrHeader: number;
  finalEquality: number;
  /** Fields whose streamed value diverged as listed (test/openai/divergent.json), checked against the list. */
  listedDivergence: number;
  incrementalArgs: number;
  divergentRuns: number;
}

export function newCounts(): CheckCounts {
  return { runs: 0, deltas: 0, oneKind: 0, headerOnce: 0, indexOrder: 0, argsNonEmptyOrHeader: 0, finalEquality: 0, listedDivergence: 0, incrementalArgs: 0, divergentRuns: 0 };
}

/**
 * Throws on the first broken promise. `divergent` are the fields the adapter declared it could not match;
 * they must be exactly the keys of `expected`, the listed divergences (field → what the stream sends), and
 * each such field is checked against the list (and must really differ from the final message) instead of
 * being skipped.
 */
export function checkDeltas(
  deltas: ChatDelta[],
  final: OpenAIMessage,
  divergent: string[],
  counts: CheckCounts,
  reasoningKey: "reasoning_content" | "reasoning" = "reasoning_content",
  expected: Readonly<Record<string, unknown>> = {},
): void {
  counts.runs++;
  if (divergent.length) counts.divergentRuns++;
  let content = "";
  let reasoning = "";
  const calls: { id: string; name: string; args: string }[] = [];
  for (const d of deltas) {
    counts.deltas++;
    const kinds = Object.keys(d).filter((k) => (d as Record<string, unknown>)[k] !== undefined);
    if (kinds.length !== 1) throw new Error(`delta carries ${kinds.length} kinds: ${JSON.stringify(d)}`);
    counts.oneKind++;
    if (d.content !== undefined) {
      if (!d.content) throw new Error("empty content delta");
      content += d.content;
    } else if (d[reasoningKey] !== undefined) {
      if (!d[reasoningKey]) throw new Error("empty reasoning delta");
      reasoning += d[reasoningKey];
    } else if (d.tool_calls) {
      if (d.tool_calls.length !== 1) throw new Error("a delta carries one tool call");
      const tc = d.tool_calls[0]!;
      if (tc.id !== undefined) {
        if (tc.index !== calls.length) throw new Error(`index ${tc.index} after ${calls.length} calls`);
        counts.indexOrder++;
        if (typeof tc.function.name !== "string" || tc.type !== "function") throw new Error("header without name/type");
        calls.push({ id: tc.id, name: tc.function.name, args: tc.function.arguments ?? "" });
        counts.headerOnce++;
      } else {
        const c = calls[tc.index];
        if (!c) throw new Error(`arguments for call ${tc.index} before its header`);
        if (tc.function.name !== undefined || tc.type !== undefined) throw new Error("name sent twice");
        if (!tc.function.arguments) throw new Error("empty arguments delta");
        counts.headerOnce++;
        c.args += tc.function.arguments;
        counts.argsNonEmptyOrHeader++;
      }
    } else throw new Error(`unknown delta ${JSON.stringify(d)}`);
  }
  const listed = Object.keys(expected).sort();
  if (JSON.stringify([...divergent].sort()) !== JSON.stringify(listed)) {
    throw new Error(`the adapter reports ${JSON.stringify(divergent)} divergent, the list says ${JSON.stringify(listed)}`);
  }
  const eq = (field: string, a: unknown, b: unknown) => {
    if (field in expected) {
      if (JSON.stringify(a) !== JSON.stringify(expected[field])) {
        throw new Error(`${field}: streamed ${JSON.stringify(a)}, but the divergence list says ${JSON.stringify(expected[field])}`);
      }
      if (JSON.stringify(a) === JSON.stringify(b)) throw new Error(`${field}: listed as divergent but streamed the final value`);
      counts.listedDivergence++;
      return;
    }
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      throw new Error(`${field}: streamed ${JSON.stringify(a)} but the final message has ${JSON.stringify(b)}`);
    }
    counts.finalEquality++;
  };
  eq("content", content, final.content ?? "");
  eq("reasoning", reasoning, final[reasoningKey] ?? "");
  eq(
    "tool_calls",
    calls,
    (final.tool_calls ?? []).map((c) => ({ id: c.id, name: c.function.name, args: c.function.arguments })),
  );
}
