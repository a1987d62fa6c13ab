// Argument values: each awkward kind (null, an object, a string with quotes, a string with markup
// characters) is rendered in one call and parsed back with the inferred template. A kind that does not
// come back is one the chat template writes unreadably (Python str() of a dict, null as nothing,
// unescaped quotes, CDATA wrappers): conversations with such values are not applicable, and say why.

import { parseResponse } from "response-template";
import type { ToolDefinition } from "response-template/runtime";
import { MARKUP_VALUE, NEEDLE, NULL_ARG, OBJ_ARG, OBJ_VALUE, PROBE_TOOLS, QUOTES_VALUE, type VariantName } from "./probe.ts";
import { parseInput, type Turn } from "./render.ts";
import type { Analysis, Classification, ReasoningClass, ValueKind } from "./types.ts";

const PROBES: [ValueKind, VariantName, string, unknown][] = [
  ["null", "callNull", NULL_ARG, null],
  ["object", "callObject", OBJ_ARG, OBJ_VALUE],
  ["quotes", "callQuotes", NEEDLE.arg[1], QUOTES_VALUE],
  ["markup", "callMarkup", NEEDLE.arg[1], MARKUP_VALUE],
];

export function probeValues(a: Analysis, template: unknown, c: Omit<Classification, "unreadable">): Classification["unreadable"] {
  const out: Classification["unreadable"] = {};
  if (c.tools.format === "none") return out;
  for (const [kind, variant, key, value] of PROBES) {
    const turn = a.turn(variant);
    if (!turn.ok) continue;
    const got = readBack(turn, template, c.reasoning, key, PROBE_TOOLS);
    if (JSON.stringify(got) === JSON.stringify(value)) continue;
    const at = turn.output.indexOf(key);
    const written = at < 0 ? turn.output : turn.output.slice(at + key.length, at + key.length + 48);
    out[kind] = written;
    a.log.note("V1", `${kind} argument values`, `do not read back: the chat template writes ${JSON.stringify(value)} as …${JSON.stringify(written)}…`);
  }
  return out;
}

/**
 * The value of argument `key` of the first tool call, parsed back from a probe turn with `template`
 * (with `tools`, the schema types the arguments, as in the reference); undefined when it does not parse.
 */
export function readBack(turn: Turn, template: unknown, r: Pick<ReasoningClass, "openedByPrompt" | "close">, key: string, tools?: unknown[]): unknown {
  try {
    const { prefix, output } = parseInput(turn.prompt, turn.full, r);
    const msg = parseResponse(template, output, { prefix, ...(tools ? { tools: tools as ToolDefinition[] } : {}) });
    return (msg.tool_calls as { function?: { arguments?: Record<string, unknown> } }[] | undefined)?.[0]?.function?.arguments?.[key];
  } catch {
    return undefined;
  }
}

/** The value kinds among a call's arguments. */
export function valueKinds(args: Record<string, unknown>): Set<ValueKind> {
  const kinds = new Set<ValueKind>();
  const visit = (v: unknown): void => {
    if (v === null) kinds.add("null");
    else if (typeof v === "object") {
      kinds.add("object");
      Object.values(v as object).forEach(visit);
    } else if (typeof v === "string") {
      if (/['"]/u.test(v)) kinds.add("quotes");
      if (/[<>&]/u.test(v)) kinds.add("markup");
    }
  };
  Object.values(args).forEach(visit);
  return kinds;
}
