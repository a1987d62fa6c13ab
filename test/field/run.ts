// Runs the field oracle: for each template with a round-trip row (its chat template is in
// test/fixtures/chat-templates, rendered with the row's options), seeded conversations are rendered, the
// clean turn must parse exactly to the conversation's message, and each perturbation of it must give its
// recover-mode message (perturb.ts) in three modes: the interpreter on the whole text, the generated
// parser on the whole text (same message and errors), and a seeded random chunking streamed through one of
// the two (same message and errors as the whole text). A case passes when every mode does.

import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import type { ParseIssue, ParseOptions, ToolDefinition } from "../../runtime/core/types.ts";
import type { Conversation } from "../templates/conversations.ts";
import { caseOf, historyCase, promptCase, type RoundTripRow } from "../templates/roundtrip-cases.ts";
import { ROUNDTRIP_TABLE } from "../templates/roundtrip-table.ts";
import { hasFreshGenerated, loadGenerated, plain, templateJson, type GeneratedRegistry } from "../templates/support.ts";
import { conversation, int, pick, rng, SHAPES, toolDefs, type Rng } from "./generate.ts";
import { callFields, regionsOf } from "./locate.ts";
import { PERTURBATIONS, RENAMES, type Clean, type Expectation } from "./perturb.ts";

export const KINDS = ["clean", ...Object.keys(PERTURBATIONS), ...Object.keys(RENAMES)];

export interface Failure {
  kind: string;
  /** Short, case-independent: what clusters failures ("interpreter: tool_calls", "chunked differs"). */
  category: string;
  detail: string;
  output: string;
  prefixTail: string;
}
export interface TemplateStats {
  template: string;
  chats: string[];
  conversations: number;
  /** Conversations the chat template refused to render (it raises on some inputs, e.g. parallel calls). */
  renderErrors: number;
  /** Clean turns whose regions could not be located in the text (their perturbations are not run). */
  unlocated: number;
  cases: Record<string, number>;
  passed: Record<string, number>;
  failures: Failure[];
  /** Whether the generated parser was fresh and ran (it must be, in the test). */
  generated: boolean;
}

/** Every template with round-trip rows, and its rows: conversation i renders with row i mod n, so every
 * chat template and setting of the template (reasoning on and off, sibling chat templates) takes turns.
 * The robust variants have rows of their own. */
export function fieldRows(): Map<string, RoundTripRow[]> {
  const out = new Map<string, RoundTripRow[]>();
  for (const r of ROUNDTRIP_TABLE) out.set(r.template, [...(out.get(r.template) ?? []), r]);
  return out;
}

function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Keys sorted at every depth, so key order never decides a comparison. */
function canon(v: unknown): string {
  return JSON.stringify(v, (_k, x) => (x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, x[k]])) : x));
}
const norm = (s: unknown) => (typeof s === "string" ? s : "").replace(/\s+/gu, " ").trim();
const short = (s: string, n = 90) => (s.length > n ? `${s.slice(0, n)}…` : s);
const names = (m: Record<string, unknown>) => ((m.tool_calls as { function: { name: string } }[] | undefined) ?? []).map((c) => c.function.name).join(",");

/** null when the message meets the expectation; else [category, detail]. */
function check(got: Record<string, unknown>, errors: ParseIssue[], e: Expectation, exact: boolean): [string, string] | null {
  if (exact) {
    if (canon(got) !== canon(e.message)) return ["interpreter: message", `got ${short(canon(got), 200)} expected ${short(canon(e.message), 200)}`];
    return errors.length ? ["interpreter: errors", `${errors[0]!.kind} ${errors[0]!.reason}`] : null;
  }
  // Tool calls first: a call read as text shows in both, and the calls are what a client acts on.
  const keys = [...new Set(["tool_calls", "thinking", "content", ...Object.keys(got), ...Object.keys(e.message)])];
  for (const k of keys) {
    const a = got[k];
    const b = e.message[k];
    if (k === "tool_calls") {
      if (canon(a ?? []) !== canon(b ?? [])) {
        const detail = names(got) === names(e.message) ? `arguments: got ${short(canon(a), 160)} expected ${short(canon(b), 160)}` : `got [${names(got)}] expected [${names(e.message)}], content ${JSON.stringify(short(norm(got.content), 70))}`;
        return ["interpreter: tool_calls", detail];
      }
    } else if (k === "content" || k === "thinking") {
      const ok = k === "content" && e.contentPrefix ? norm(a).startsWith(norm(b)) : norm(a) === norm(b);
      if (!ok) return [`interpreter: ${k}`, `got ${JSON.stringify(short(norm(a)))} expected ${JSON.stringify(short(norm(b)))}`];
    } else if (canon(a) !== canon(b)) return [`interpreter: ${k}`, `got ${short(canon(a))} expected ${short(canon(b))}`];
  }
  if (e.lost !== undefined) {
    const lost = e.lost.trim();
    if (!norm(got.content).includes(norm(lost)) && !errors.some((x) => x.end - x.start >= lost.length)) {
      return ["interpreter: text lost", `${JSON.stringify(short(lost))} is neither in the content nor in an error span`];
    }
  }
  return null;
}

function chunks(text: string, r: Rng): string[] {
  const cuts = [...new Set(Array.from({ length: int(r, 1, 8) }, () => int(r, 0, text.length)))].sort((a, b) => a - b);
  const out: string[] = [];
  let last = 0;
  for (const c of cuts) out.push(text.slice(last, c)), (last = c);
  out.push(text.slice(last));
  return out;
}

interface Parsers {
  template: Record<string, unknown>;
  generated: ReturnType<GeneratedRegistry["getParser"]> | null;
}

/** Runs one case in the three modes; null when it passes, else [category, detail]. */
function runCase(p: Parsers, output: string, options: ParseOptions, e: Expectation, exact: boolean, r: Rng): [string, string] | null {
  const opts = { ...options, onError: "recover" as const };
  let whole;
  try {
    whole = parseResponse(p.template, output, opts);
  } catch (err) {
    return ["interpreter: throws", short(String(err))];
  }
  const wholeJson = canon({ message: plain(whole.message), errors: whole.errors });
  const bad = check(plain(whole.message) as Record<string, unknown>, whole.errors, e, exact);
  if (bad) return bad;
  if (p.generated) {
    const g = p.generated.parseResponse(output, opts);
    const gJson = canon({ message: plain(g.message), errors: g.errors });
    if (gJson !== wholeJson) return ["generated differs", `generated ${short(gJson, 160)} interpreter ${short(wholeJson, 160)}`];
  }
  const useGenerated = p.generated !== null && r() < 0.5;
  const parser = useGenerated ? p.generated!.createResponseParser(opts) : createResponseParser(p.template, opts);
  const parts = chunks(output, r);
  for (const c of parts) parser.feed(c);
  const fin = parser.finalize();
  const sJson = canon({ message: plain(fin.message), errors: fin.errors });
  if (sJson !== wholeJson) return [`chunked differs`, `${useGenerated ? "generated" : "interpreter"} ${JSON.stringify(parts.map((x) => x.length))}: ${short(sJson, 160)} whole ${short(wholeJson, 160)}`];
  return null;
}

/** The tools a conversation calls (two when it calls none), as the prompt declares them. */
function toolsFor(conv: Conversation, rename?: (n: string) => string) {
  const used = new Set(conv.assistant.tool_calls?.map((c) => c.name) ?? ["get_weather", "search_docs"]);
  const f = rename ?? ((n: string) => n);
  return toolDefs(f).filter((t) => [...used].some((n) => f(n) === t.function.name));
}

/** Mistral's chat templates want 9-character ids: one per generated call (up to three). */
const callIds = (row: RoundTripRow) => (row.render?.callIds ? { callIds: ["abcDEF123", "ghiJKL456", "mnoPQR789"] } : {});

function rendered(row: RoundTripRow, conv: Conversation): { prefix: string; output: string } {
  const modes = row.modes ?? ["history", "prompt"];
  return modes.includes("history") ? historyCase(row, conv) : promptCase(row, conv);
}

function renamed(conv: Conversation, f: (n: string) => string): Conversation {
  const calls = conv.assistant.tool_calls?.map((c) => ({ ...c, name: f(c.name) }));
  return { ...conv, assistant: { ...conv.assistant, tool_calls: calls } };
}

export interface FieldOptions {
  seed: number;
  perTemplate: number;
  templates?: string[];
}

export async function runField(o: FieldOptions): Promise<TemplateStats[]> {
  const registry = await loadGenerated();
  const out: TemplateStats[] = [];
  for (const [name, rows] of fieldRows()) {
    if (o.templates && !o.templates.includes(name)) continue;
    const template = templateJson(name);
    const fresh = hasFreshGenerated(registry, name);
    const parsers: Parsers = { template, generated: fresh ? registry.getParser(name) : null };
    const stats: TemplateStats = { template: name, chats: [...new Set(rows.map((r) => r.chat))], conversations: 0, renderErrors: 0, unlocated: 0, cases: {}, passed: {}, failures: [], generated: fresh };
    const record = (kind: string, res: [string, string] | null, output: string, prefix: string) => {
      stats.cases[kind] = (stats.cases[kind] ?? 0) + 1;
      if (!res) stats.passed[kind] = (stats.passed[kind] ?? 0) + 1;
      else stats.failures.push({ kind, category: res[0], detail: res[1], output, prefixTail: prefix.slice(-60) });
    };
    const calls = callFields(template);
    for (let i = 0; i < o.perTemplate; i++) {
      const row = rows[i % rows.length]!;
      const shapes = SHAPES.filter((s) => !row.conversations || row.conversations.includes(s));
      const key = `${o.seed}:${row.template}:${i}`;
      const r = rng(hash(key));
      const original = conversation(r, pick(r, shapes));
      const tools = toolsFor(original);
      const parseTools = tools as unknown as ToolDefinition[];
      const rowT = { ...row, render: { ...row.render, tools, ...callIds(row) } };
      const { conv, expected } = caseOf(rowT, original);
      let prefix: string;
      let output: string;
      try {
        ({ prefix, output } = rendered(rowT, conv));
      } catch (err) {
        if (process.env.FIELD_DEBUG) console.log("render error", row.template, String(err).slice(0, 200));
        stats.renderErrors++;
        continue;
      }
      stats.conversations++;
      const options = { prefix, tools: parseTools };
      const cleanBad = runCase(parsers, output, options, { message: expected }, true, rng(hash(`${key}:clean`)));
      record("clean", cleanBad, output, prefix);
      if (cleanBad) continue; // perturbations are only attributable on a turn that parses clean
      const regions = regionsOf(template, output, prefix, parseTools);
      if (!regions) {
        stats.unlocated++;
        continue;
      }
      for (const [kind, perturb] of Object.entries(PERTURBATIONS)) {
        const clean: Clean = { template: row.template, templateJson: template, output, regions, callFields: calls, expected, r: rng(hash(`${key}:${kind}`)) };
        const p = perturb(clean);
        if (p) record(kind, runCase(parsers, p.output, options, p.expect, false, clean.r), p.output, prefix);
      }
      if (!original.assistant.tool_calls) continue;
      // One renaming per conversation, in turn (rendering is most of the run's time).
      for (const [kind, f] of Object.entries(RENAMES).filter((_, j, all) => j === i % all.length)) {
        const rTools = toolsFor(original, f);
        const rRow = { ...row, render: { ...row.render, tools: rTools, ...callIds(row) } };
        const c2 = caseOf(rRow, renamed(original, f));
        let r2;
        try {
          r2 = rendered(rRow, c2.conv);
        } catch {
          continue;
        }
        const res = runCase(parsers, r2.output, { prefix: r2.prefix, tools: rTools as unknown as ToolDefinition[] }, { message: c2.expected }, false, rng(hash(`${key}:${kind}`)));
        record(kind, res, r2.output, r2.prefix);
      }
    }
    out.push(stats);
  }
  return out;
}

/** Failures per template × kind. */
export function failureCounts(stats: TemplateStats[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const s of stats) for (const f of s.failures) ((out[s.template] ??= {})[f.kind] = (out[s.template]![f.kind] ?? 0) + 1);
  return out;
}

/** The per-template pass table: one line per template, `kind passed/cases` for every kind that ran. */
export function passTable(stats: TemplateStats[]): string {
  const lines: string[] = [];
  let pass = 0;
  let cases = 0;
  for (const s of stats) {
    const p = Object.values(s.passed).reduce((a, b) => a + b, 0);
    const c = Object.values(s.cases).reduce((a, b) => a + b, 0);
    pass += p;
    cases += c;
    const kinds = KINDS.filter((k) => s.cases[k]).map((k) => (s.passed[k] === s.cases[k] ? `${k} ${s.cases[k]}` : `${k} ${s.passed[k] ?? 0}/${s.cases[k]}`));
    lines.push(`${s.template.padEnd(20)} ${String(p).padStart(5)}/${String(c).padEnd(5)} ${kinds.join(" · ")}${s.renderErrors ? ` (render errors ${s.renderErrors})` : ""}${s.unlocated ? ` (unlocated ${s.unlocated})` : ""}`);
  }
  lines.push(`${"total".padEnd(20)} ${String(pass).padStart(5)}/${cases} (${((100 * pass) / Math.max(cases, 1)).toFixed(1)}%)`);
  return lines.join("\n");
}
