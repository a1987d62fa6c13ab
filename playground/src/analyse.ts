// What the page shows, computed without the DOM: the template (shipped, pasted JSON or inferred from a Jinja
// chat template), its diagnostics, the parse of the output (message, events, spans), the OpenAI delta stream
// at a chunk size, and the grammar. Every step reports its failure as one line instead of throwing.

import { checkTemplate } from "../../compiler/check/template.ts";
import { grammarFor } from "../../compiler/grammar/index.ts";
import { inferTemplate } from "../../compiler/infer/index.ts";
import { createResponseParser, loadTemplate, type JsonValue, type Message, type ParseIssue, type RegionEvent } from "response-template";
import { createOpenAIStream, fieldsOf, type ChatDelta } from "response-template/openai";
import { pyDumps } from "response-template/runtime";
import { regionSpans, type Span } from "./regions.ts";

/** One line for any thrown value: the error's class and message. */
export function oneLine(e: unknown): string {
  const text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return text.replace(/\s*\n\s*/g, " ");
}

/** A template to run, or why there is none; `notes` are diagnostics and inference remarks. */
export interface TemplateChoice {
  template: JsonValue | null;
  error: string | null;
  notes: string[];
}

/** Template JSON pasted by the user, with `checkTemplate`'s diagnostics. */
export function templateFromJson(source: string): TemplateChoice {
  let json: JsonValue;
  try {
    json = JSON.parse(source) as JsonValue;
  } catch (e) {
    return { template: null, error: `template JSON: ${oneLine(e)}`, notes: [] };
  }
  return withDiagnostics(json, []);
}

const inferred = new Map<string, TemplateChoice>();

/** A template inferred from a Jinja chat template (`inferTemplate`, memoised: it renders many conversations). */
export function templateFromJinja(source: string): TemplateChoice {
  const hit = inferred.get(source);
  if (hit) return hit;
  let choice: TemplateChoice;
  try {
    const r = inferTemplate(source);
    const applicable = r.verdicts.filter((v) => v.status !== "n/a");
    const verdicts = `${applicable.filter((v) => v.status === "pass").length}/${applicable.length} round-trip conversations pass`;
    const notes = [`inferred (${r.ok ? "verified" : "not verified"}): ${verdicts}`, ...r.gaps.map((g) => `gap (${g.part}): ${g.what}`)];
    choice = r.template ? withDiagnostics(r.template as JsonValue, notes) : { template: null, error: `infer: ${r.error ?? "no template could be inferred"}`, notes };
  } catch (e) {
    choice = { template: null, error: `infer: ${oneLine(e)}`, notes: [] };
  }
  if (inferred.size > 16) inferred.clear();
  inferred.set(source, choice);
  return choice;
}

/** A shipped template, checked like any other. */
export function templateFromShipped(json: JsonValue): TemplateChoice {
  return withDiagnostics(json, []);
}

function withDiagnostics(json: JsonValue, notes: string[]): TemplateChoice {
  let diagnostics: string[];
  try {
    diagnostics = checkTemplate(json).map((d) => `${d.severity}${d.path ? ` ${d.path}` : ""}: ${d.message} [${d.code}]`);
  } catch (e) {
    diagnostics = [`error: ${oneLine(e)}`];
  }
  const fatal = diagnostics.find((d) => d.startsWith("error"));
  return { template: fatal ? null : json, error: fatal ? `template: ${fatal}` : null, notes: [...notes, ...diagnostics] };
}

/** The parse of one output. */
export interface ParseView {
  message: Message | null;
  /** The message as Python's json.dumps prints it, indented (what the page shows). */
  messageJson: string;
  events: RegionEvent[];
  issues: ParseIssue[];
  spans: Span[];
  error: string | null;
}

/** Parses `output` (after `prefix`) with `eventDetails` and, when `recover`, `onError: "recover"`. */
export function parseView(template: JsonValue, output: string, options: { prefix?: string; recover: boolean }): ParseView {
  const prefix = options.prefix ?? "";
  const events: RegionEvent[] = [];
  try {
    const loaded = loadTemplate(template);
    const keptPrefixLength = loaded.plan.truncatePrefix(prefix).length;
    const parser = createResponseParser(loaded, { prefix, eventDetails: true, onError: options.recover ? "recover" : "throw" });
    events.push(...parser.initialEvents, ...parser.feed(output));
    const done = parser.finalize();
    events.push(...done.events);
    const issues = done.errors ?? [];
    const into = Object.fromEntries(fieldsOf(template).map((f) => [f.name, f.into]));
    const spans = regionSpans(output, events, { keptPrefixLength, into, issues });
    return { message: done.message, messageJson: pyDumps(done.message, { indent: 2, ensureAscii: false }), events, issues, spans, error: null };
  } catch (e) {
    return { message: null, messageJson: "", events, issues: [], spans: [], error: oneLine(e) };
  }
}

/** The OpenAI deltas for `output` fed in chunks of `chunkSize` characters. */
export interface DeltaView {
  deltas: { chunk: number; delta: ChatDelta }[];
  error: string | null;
}

export function deltaView(template: JsonValue, output: string, options: { prefix?: string; recover: boolean; chunkSize: number }): DeltaView {
  const size = Math.max(1, Math.floor(options.chunkSize) || 1);
  const deltas: DeltaView["deltas"] = [];
  try {
    const stream = createOpenAIStream(template, { prefix: options.prefix ?? "", onError: options.recover ? "recover" : "throw" });
    for (const delta of stream.initialDeltas) deltas.push({ chunk: -1, delta });
    let chunk = 0;
    for (let i = 0; i < output.length; i += size, chunk++) for (const delta of stream.feed(output.slice(i, i + size))) deltas.push({ chunk, delta });
    for (const delta of stream.finalize().deltas) deltas.push({ chunk, delta });
    return { deltas, error: null };
  } catch (e) {
    return { deltas, error: oneLine(e) };
  }
}

/** Which grammar the page shows. */
export type GrammarChoice = "gbnf" | "structural-tag";

/** The grammar text (GBNF, or the structural tag as JSON) with the grammar's remarks. */
export function grammarView(template: JsonValue, format: GrammarChoice, prefix = ""): { text: string; notes: string[]; error: string | null } {
  try {
    const g = grammarFor(template, { format, prefix });
    const text = format === "gbnf" ? (g.gbnf?.grammar ?? "") : JSON.stringify(g.structuralTag ?? null, null, 2);
    const notes = [...g.notes, ...g.unconstrained.map((u) => `unconstrained: ${u}`)];
    return { text, notes, error: null };
  } catch (e) {
    return { text: "", notes: [], error: oneLine(e) };
  }
}
