// What the grammar tests feed the engines, per library template, all written by the model's own chat
// template (the round-trip harness of test/templates/):
// - accept: every round-trip conversation's rendered assistant turn, in each mode the row runs (prompt:
//   the generation prompt as prefix; history: the conversation up to the turn) — under tool_choice
//   auto, and the same turns under required / a named tool / no parallel calls where they qualify;
// - reject: a call to an unknown tool, arguments of the wrong type, a missing required argument, an
//   extra argument when additionalProperties is false (each rendered by the chat template as the model
//   would write it), a call cut before its close, a call under tool_choice none, plain content under
//   required, a second tool under a named tool, two calls without parallel calls.

import { CONVERSATIONS, TOOLS, type Conversation, type ToolCallIn } from "../templates/conversations.ts";
import { caseOf, historyCase, promptApplies, promptCase, type RoundTripRow } from "../templates/roundtrip-cases.ts";
import { ROUNDTRIP_TABLE } from "../templates/roundtrip-table.ts";
import { grammarFor, GrammarInputError, type GrammarOptions } from "../../compiler/grammar/index.ts";
import { analyzeTurn } from "../../compiler/grammar/turn.ts";
import { createResponseParser, loadTemplate } from "../../runtime/interpret/index.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SAMPLE_DIR, templateJson, templateNames } from "../templates/support.ts";

export interface Case {
  template: string;
  /** Names the row, conversation and mode, for messages. */
  title: string;
  kind: "accept" | "reject";
  /** What is checked: the round trip, or which malformation. */
  what: string;
  prefix: string;
  output: string;
  options: GrammarOptions;
  /** For accepted turns: the message the parse must give. */
  expected?: Record<string, unknown>;
  /** End-of-turn tokens the row cuts the turn after (a server stops there; the grammar never sees them). */
  stop: string[];
  /** The turn holds tool calls. */
  calls: boolean;
}

/** Tools with get_weather closed to other arguments (for the extra-argument case). */
export const CLOSED_TOOLS = TOOLS.map((t) =>
  t.function.name === "get_weather" ? { ...t, function: { ...t.function, parameters: { ...t.function.parameters, additionalProperties: false } } } : t,
);

const WEATHER = CONVERSATIONS.find((c) => c.name === "one-call")!;

function withCall(call: ToolCallIn, name: string): Conversation {
  return { ...WEATHER, name, assistant: { tool_calls: [call] } };
}

/** Malformed calls, rendered by the chat template like any other call. */
export const MALFORMED: { what: string; conv: Conversation; tools: unknown[] }[] = [
  { what: "unknown tool", conv: withCall({ name: "get_time", arguments: { city: "Paris" } }, "unknown-tool"), tools: TOOLS },
  { what: "wrong type", conv: withCall({ name: "get_weather", arguments: { city: "Paris", days: "three" } }, "wrong-type"), tools: TOOLS },
  { what: "missing required", conv: withCall({ name: "get_weather", arguments: { days: 3 } }, "missing-required"), tools: TOOLS },
  { what: "extra property", conv: withCall({ name: "get_weather", arguments: { city: "Paris", days: 3, unit: "celsius" } }, "extra-property"), tools: CLOSED_TOOLS },
];

const modesOf = (row: RoundTripRow) => row.modes ?? ["history", "prompt"];

function rendered(row: RoundTripRow, conv: Conversation): { mode: "prompt" | "history"; prefix: string; output: string }[] {
  const out: { mode: "prompt" | "history"; prefix: string; output: string }[] = [];
  if (modesOf(row).includes("prompt") && promptApplies(row, conv)) out.push({ mode: "prompt", ...promptCase(row, conv) });
  if (modesOf(row).includes("history")) out.push({ mode: "history", ...historyCase(row, conv) });
  return out;
}

const callsOf = (m: Record<string, unknown> | undefined) => (m?.tool_calls as { function: { name: string } }[] | undefined) ?? [];

/** A JSON Schema read off example values (the samples' tools have no definitions). */
function schemaOf(v: unknown): Record<string, unknown> {
  if (typeof v === "string") return { type: "string" };
  if (typeof v === "boolean") return { type: "boolean" };
  if (typeof v === "number") return { type: Number.isInteger(v) ? "integer" : "number" };
  if (Array.isArray(v)) return { type: "array", items: v.length ? schemaOf(v[0]) : {} };
  if (v && typeof v === "object") return { type: "object" };
  return {};
}

/**
 * Templates no chat template renders (no round-trip row): their well-formed hand-written samples stand
 * in for rendered turns, with tools read off the samples' calls; the malformed turns are made by editing
 * the samples' text (a call renamed to an unknown tool, a turn cut before its last close).
 */
function sampleCases(template: string): Case[] {
  const lines = readFileSync(join(SAMPLE_DIR, `${template}.jsonl`), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Sample);
  const props = new Map<string, Record<string, Record<string, unknown>>>();
  for (const s of lines) {
    for (const c of callsOf(s.expected) as unknown as { function: { name: string; arguments: Record<string, unknown> } }[]) {
      const p = props.get(c.function.name) ?? {};
      for (const [k, v] of Object.entries(c.function.arguments)) p[k] = schemaOf(v);
      props.set(c.function.name, p);
    }
  }
  const tools = [...props].map(([name, properties]) => ({ type: "function", function: { name, parameters: { type: "object", properties } } }));
  const out: Case[] = [];
  const writable = hasCalls(template);
  const add = (s: Sample, kind: Case["kind"], what: string, options: GrammarOptions, output = s.text) =>
    out.push({ template, title: `sample ${s.name}`, kind, what, prefix: s.prefix, output, options, expected: s.expected, stop: [], calls: callsOf(s.expected).length > 0 });
  for (const s of lines) {
    if (!WELL_FORMED.has(s.name)) continue;
    add(s, "accept", "round trip", { tools });
    const calls = callsOf(s.expected);
    if (!writable) continue;
    if (!calls.length) {
      add(s, "accept", "no call under none", { tools, toolChoice: "none" });
      add(s, "reject", "content under required", { tools, toolChoice: "required" });
      continue;
    }
    add(s, "reject", "call under none", { tools, toolChoice: "none" });
    if (calls.length > 1) add(s, "reject", "two calls without parallel", { tools, parallel: false });
    const name = calls[0]!.function.name;
    add(s, "reject", "unknown tool", { tools }, s.text.replace(name, "unknown_tool"));
    const cut = cutBeforeClose(template, s.text);
    if (cut !== null) add(s, "reject", "missing close", { tools }, cut);
  }
  return out;
}

/**
 * The samples that are finished model turns in the template's own format. The others show the parser's
 * leniency (cut streams, stray markers, other syntaxes a recover-mode template accepts), which a grammar
 * for generation has no reason to produce.
 */
const WELL_FORMED = new Set([
  ...["plain-text", "reasoning-only", "no-reasoning-field", "parallel-tool-calls", "content-then-calls", "reasoning-then-calls", "delimiter-lookalikes"],
  // The same kinds of turn under the names scripts/roundtrip/real-shapes.ts gives them.
  ...["one-call", "two-calls", "text-then-call", "reasoning-then-content", "think-then-content", "lookalikes"],
]);

interface Sample {
  name: string;
  prefix: string;
  text: string;
  expected: Record<string, unknown>;
}

/** Every case for the library, grouped by template (row order, then the templates without rows). */
export function libraryCases(): Map<string, Case[]> {
  const byTemplate = new Map<string, Case[]>();
  const add = (c: Case) => {
    if (!byTemplate.has(c.template)) byTemplate.set(c.template, []);
    byTemplate.get(c.template)!.push(c);
  };
  const malformedDone = new Set<string>();
  const variantsDone = new Set<string>();
  for (const row of ROUNDTRIP_TABLE) {
    const vars = row.render?.vars ? ` ${JSON.stringify(row.render.vars)}` : "";
    const convs = CONVERSATIONS.filter((c) => !row.conversations || row.conversations.includes(c.name));
    let oneCall: { prefix: string; output: string } | null = null;
    // Tool-choice variants: with the template's first row, in its first mode (they test the grammar's
    // modes, not the chat template's).
    const variants = !variantsDone.has(row.template) && hasCalls(row.template);
    variantsDone.add(row.template);
    for (const original of convs) {
      const { conv, expected } = caseOf(row, original);
      for (const [i, r] of rendered(row, conv).entries()) {
        const title = `${row.chat}${vars} · ${conv.name} [${r.mode}]`;
        const base = { template: row.template, prefix: r.prefix, output: r.output, expected, stop: row.stop ?? [], calls: callsOf(expected).length > 0 };
        add({ ...base, title, kind: "accept", what: "round trip", options: { tools: TOOLS } });
        const calls = callsOf(expected);
        if (calls.length && i === 0 && conv.name === "one-call" && r.mode === "prompt") oneCall = r;
        if (!variants || i > 0) continue;
        if (calls.length) {
          // Under required (and a named tool) nothing but reasoning may come before the first call.
          const before = textBeforeCall(row.template, r.prefix, r.output);
          add({ ...base, title, kind: before ? "reject" : "accept", what: before ? "content before the call under required" : "required", options: { tools: TOOLS, toolChoice: "required" } });
          add({ ...base, title, kind: "reject", what: "call under none", options: { tools: TOOLS, toolChoice: "none" } });
          const onlyWeather = calls.every((c) => c.function.name === "get_weather");
          const named = onlyWeather && !before;
          add({ ...base, title, kind: named ? "accept" : "reject", what: named ? "named tool" : onlyWeather ? "content before the call under a named tool" : "other tool under a named one", options: { tools: TOOLS, toolChoice: "get_weather" } });
          add({ ...base, title, kind: calls.length > 1 ? "reject" : "accept", what: calls.length > 1 ? "two calls without parallel" : "one call without parallel", options: { tools: TOOLS, parallel: false } });
        } else {
          add({ ...base, title, kind: "accept", what: "no call under none", options: { tools: TOOLS, toolChoice: "none" } });
          add({ ...base, title, kind: "reject", what: "content under required", options: { tools: TOOLS, toolChoice: "required" } });
        }
      }
    }
    // Malformed calls: once per template, with the first row that renders calls in prompt mode.
    if (!oneCall || malformedDone.has(row.template) || !hasCalls(row.template)) continue;
    malformedDone.add(row.template);
    for (const m of MALFORMED) {
      const r = rendered(row, caseOf(row, m.conv).conv).find((x) => x.mode === "prompt");
      if (!r) continue;
      add({ template: row.template, title: `${row.chat}${vars} · ${m.conv.name} [prompt]`, kind: "reject", what: m.what, prefix: r.prefix, output: r.output, options: { tools: m.tools }, stop: row.stop ?? [], calls: true });
    }
    const cut = cutBeforeClose(row.template, oneCall.output);
    if (cut !== null) {
      add({ template: row.template, title: `${row.chat}${vars} · one-call cut before its close [prompt]`, kind: "reject", what: "missing close", prefix: oneCall.prefix, output: cut, options: { tools: TOOLS }, stop: row.stop ?? [], calls: true });
    }
  }
  for (const name of templateNames()) if (!byTemplate.has(name)) byTemplate.set(name, sampleCases(name));
  return byTemplate;
}

/**
 * The turn cut right before the last call's close marker, or null when the close is the end of the turn
 * (an end-of-turn marker, or none): then a turn without it is complete.
 */
function cutBeforeClose(template: string, output: string): string | null {
  const loaded = loadTemplate(templateJson(template));
  if (loaded.kind !== "template") return null;
  const turn = analyzeTurn(loaded.spec);
  const calls = turn.fields.find((f) => f.kind === "calls");
  const literals = calls?.close?.required;
  if (!literals || literals.some((l) => turn.endLiterals.includes(l))) return null;
  // The last place a close literal starts that is not an end marker sharing its text (`</tool_call`
  // inside `</tool_calls:opensource>`).
  let at = -1;
  for (const l of literals) {
    for (let i = output.indexOf(l); i >= 0; i = output.indexOf(l, i + 1)) {
      if (!turn.endLiterals.some((e) => output.startsWith(e, i) && e.length > l.length)) at = Math.max(at, i);
    }
  }
  return at > 0 ? output.slice(0, at) : null;
}

/** The grammar writes this template's tool calls (else tool_choice required cannot be built). */
function hasCalls(template: string): boolean {
  try {
    grammarFor(templateJson(template), { tools: TOOLS, toolChoice: "required", format: "gbnf" });
    return true;
  } catch (e) {
    if (e instanceof GrammarInputError) return false;
    throw e;
  }
}

/** Does the turn write text (other than reasoning and whitespace) before its first tool call? */
function textBeforeCall(template: string, prefix: string, output: string): boolean {
  const json = templateJson(template);
  const loaded = loadTemplate(json);
  if (loaded.kind !== "template") return false;
  const kinds = new Map(analyzeTurn(loaded.spec).fields.map((f) => [f.spec.name, f.kind]));
  const p = createResponseParser(json, { prefix });
  const events = [...p.feed(output), ...p.finalize().events];
  for (const e of events) {
    const kind = kinds.get(e.field);
    if (e.type === "region_open" && kind === "calls") return false;
    if (e.type === "region_chunk" && kind !== "calls" && kind !== "reasoning" && e.text.trim() !== "") return true;
  }
  return false;
}
