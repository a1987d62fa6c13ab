// Runs a template's cases (cases.ts) through the real engines and tallies them for the table
// (table.json, which library.test.ts compares against; `npm run grammar-table` rewrites it):
// - GBNF in llama.cpp (every case; tool_choice auto also lazily: fed from the first trigger, as
//   llama.cpp's server does) and in xgrammar (the round-trip turns, proving the dialect is shared);
// - the structural tag in xgrammar (every case; the turn without its end-of-turn marker, which the server
//   takes as a stop token and never feeds to the grammar).
// An accepted turn must also parse, with the same template and prefix, to the conversation it came from.

import { grammarFor, type GrammarResult } from "../../compiler/grammar/index.ts";
import { parseResponse } from "../../runtime/interpret/index.ts";
import { PARSE_TOOLS } from "../templates/conversations.ts";
import { plain, templateJson } from "../templates/support.ts";
import type { Case } from "./cases.ts";
import { llamaGbnf, xgrammarEbnf, xgrammarStructuralTag, type Checker } from "./engines.ts";

export type Engine = "llama.cpp gbnf" | "llama.cpp gbnf lazy" | "xgrammar gbnf" | "xgrammar structural tag";

export interface Outcome {
  case: Case;
  engine: Engine;
  accepted: boolean;
  /** The engine did what the case expects. */
  ok: boolean;
}

export interface TableRow {
  template: string;
  /** GBNF under tool_choice auto: lazy with its triggers, or the whole turn. */
  gbnf: string;
  /** Structural tag under tool_choice auto: native triggered_tags, or one grammar element. */
  structuralTag: string;
  accepted: number;
  rejected: number;
  unconstrained: string[];
  /** Template branches the grammar leaves out (it accepts less than the template, never more). */
  narrowed: string[];
}

const compiled = new Map<string, Promise<Checker | null>>();
function checker(key: string, make: () => Promise<Checker | null>): Promise<Checker | null> {
  let c = compiled.get(key);
  if (!c) compiled.set(key, (c = make()));
  return c;
}

/** The text before the end-of-turn markers that close it (a server stops at the first). */
export function withoutEnd(text: string, markers: readonly string[]): string {
  let t = text;
  for (;;) {
    const trimmed = t.replace(/\s+$/u, "");
    const m = markers.find((x) => trimmed.endsWith(x));
    if (!m) return t;
    t = trimmed.slice(0, -m.length);
  }
}

/** Where llama.cpp's lazy grammar starts: the first trigger's position, or -1 when none fires. */
export function triggerAt(text: string, g: GrammarResult): number {
  let at = -1;
  for (const t of g.gbnf!.triggers) {
    if (t.type === "word") {
      const i = text.indexOf(t.value);
      if (i >= 0 && (at < 0 || i < at)) at = i;
    } else {
      const m = new RegExp(`^(?:${t.value})$`, "u").exec(text);
      if (m?.[1] !== undefined) {
        const i = text.length - m[1].length;
        if (at < 0 || i < at) at = i;
      }
    }
  }
  return at;
}

export async function runTemplate(template: string, cases: Case[]): Promise<{ row: TableRow; outcomes: Outcome[]; parseFailures: string[] }> {
  const json = templateJson(template);
  const outcomes: Outcome[] = [];
  const parseFailures: string[] = [];
  const unconstrained = new Set<string>();
  const narrowed = new Set<string>();
  const forms = { gbnf: new Set<string>(), st: new Set<string>() };
  for (const c of cases) {
    const g = grammarFor(json, { ...c.options, prefix: c.prefix });
    g.unconstrained.forEach((u) => unconstrained.add(u));
    g.notes.filter((n) => / left out|refused/.test(n)).forEach((n) => narrowed.add(n));
    // The whole-turn grammar (what llama.cpp gets with grammar_lazy false) takes every case whole.
    const gbnf = g.gbnf!.lazy ? grammarFor(json, { ...c.options, prefix: c.prefix, lazy: false }).gbnf! : g.gbnf!;
    if (c.what === "round trip") {
      // The forms tool_choice auto gets (the other tool choices always get whole-turn grammars).
      forms.gbnf.add(g.gbnf!.lazy ? `lazy: ${g.gbnf!.triggers.map((x) => (x.type === "word" ? x.value : `/${x.value}/`)).join(" ")}` : "whole turn");
      forms.st.add(g.structuralTag!.format.type === "grammar" ? "one grammar element" : "triggered_tags");
    }
    const want = c.kind === "accept";
    const record = (engine: Engine, accepted: boolean) => outcomes.push({ case: c, engine, accepted, ok: accepted === want });
    const ll = await checker(`ll:${gbnf.grammar}`, () => llamaGbnf(gbnf.grammar));
    if (ll) {
      record("llama.cpp gbnf", await ll.accepts(c.output));
      if (g.gbnf!.lazy && want) {
        const lazy = await checker(`ll:${g.gbnf!.grammar}`, () => llamaGbnf(g.gbnf!.grammar));
        const at = triggerAt(c.output, g);
        if (at >= 0) record("llama.cpp gbnf lazy", await lazy!.accepts(c.output.slice(at)));
      }
    }
    if (c.what === "round trip") {
      const xg = await checker(`xg:${gbnf.grammar}`, () => xgrammarEbnf(gbnf.grammar));
      record("xgrammar gbnf", await xg!.accepts(c.output));
    }
    const tag = JSON.stringify(g.structuralTag);
    const st = await checker(`st:${tag}`, () => xgrammarStructuralTag(g.structuralTag));
    record("xgrammar structural tag", await st!.accepts(withoutEnd(c.output, [...g.endMarkers, ...c.stop])));
    if (want && c.expected && c.what === "round trip") {
      const msg = plain(parseResponse(json, c.output, { prefix: c.prefix, tools: PARSE_TOOLS }));
      if (JSON.stringify(sortKeys(msg)) !== JSON.stringify(sortKeys(c.expected))) parseFailures.push(`${c.title}: parsed ${JSON.stringify(msg)}`);
    }
  }
  const row: TableRow = {
    template,
    gbnf: [...forms.gbnf].sort().join(" + "),
    structuralTag: [...forms.st].sort().join(" + "),
    accepted: outcomes.filter((o) => o.ok && o.accepted).length,
    rejected: outcomes.filter((o) => o.ok && !o.accepted).length,
    unconstrained: [...unconstrained].sort(),
    narrowed: [...narrowed].sort(),
  };
  return { row, outcomes, parseFailures };
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, x]) => [k, sortKeys(x)]));
  return v;
}
