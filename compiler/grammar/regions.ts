// Regions as grammar: every way a field's region can be written — an open branch (per tool, for calls
// named in the open), then the body, then how it ends: a consuming close, a close that is only a
// lookahead (the next region must follow at once), or the end of the turn (no close, a `$` branch, or a
// close that is an end-of-turn marker, which servers strip as a stop token).

import { compilePattern } from "response-template/translate";
import { callBody, type Body } from "./calls.ts";
import { excludeText } from "./exclude.ts";
import { ANY, EMPTY, intersect, normalizeRanges, Rules, seq, subtract, WS, type G } from "./ir.ts";
import { translateDelimiter, type Branch } from "./delimiter.ts";
import { finiteStrings, firstChars, isSpaceRun, splitLeading } from "./language.ts";
import { shortest } from "./sample.ts";
import type { Calls } from "./tool-choice.ts";
import type { Turn, TurnField } from "./turn.ts";

export type Then = { kind: "continue" } | { kind: "chain"; literal: string } | { kind: "end" };

export interface Variant {
  open: G;
  startOnly: boolean;
  body: G;
  /** How the region ends (the close, or nothing at the end of the turn). */
  end: G;
  /** Body and end. */
  tail: G;
  then: Then;
  /** The tool a call region is for (null: a list of calls, or not a call). */
  tool: string | null;
}

export interface Item {
  id: string;
  field: TurnField;
  /** Written at most once (a second block would replace the first). */
  once: boolean;
  isCall: boolean;
  variants: Variant[];
  /** Literals its open starts with (after whitespace), for chained closes. */
  leading: string[];
}

export interface RegionContext {
  rules: Rules;
  /** End-of-turn tokens the server stops on: a region whose close is one may run to the end. */
  stops: string[];
  calls: Calls;
  unconstrained: Set<string>;
  notes: string[];
}

interface Ending {
  g: G;
  then: Then;
}

/** How a region of `f` can end once its body is written. */
function endings(f: TurnField, c: RegionContext): Ending[] {
  if (!f.close) return [{ g: EMPTY, then: { kind: "end" } }];
  const out: Ending[] = [];
  for (const b of f.close.branches) {
    if (b.startOnly) continue;
    if (b.atEnd || b.onlyAtEnd) out.push({ g: b.g, then: { kind: "end" } });
    else if (b.lookahead) {
      // `(?=A|B)` over fixed texts: one way to end per text, the next region beginning with it.
      const literals = b.lookahead.literal !== null ? [b.lookahead.literal] : finiteStrings(b.lookahead.g);
      if (literals && !literals.includes("")) for (const literal of literals) out.push({ g: b.g, then: { kind: "chain", literal } });
      else c.notes.push(`fields.${f.spec.name}: a branch of close ${JSON.stringify(f.close.source)} that ends in a lookahead for more than fixed text is left out`);
    } else {
      out.push({ g: b.g, then: { kind: "continue" } });
      // An end-of-turn marker as the close: the server stops there, the text ends without it.
      const lead = splitLeading(b.g);
      if (lead?.some((l) => c.stops.includes(l.literal) && l.rest.t === "lit" && l.rest.s === "")) out.push({ g: EMPTY, then: { kind: "end" } });
    }
  }
  return dedupe(out);
}

function dedupe(es: Ending[]): Ending[] {
  const seen = new Set<string>();
  return es.filter((e) => {
    const k = JSON.stringify(e);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Does every string of `g` start with a match of the lookahead? Checked on the shortest string. */
function satisfiesLookahead(g: G, b: Branch, rules: Rules): boolean {
  if (!b.lookahead) return true;
  const s = shortest(g, rules);
  if (s === null) return false;
  const m = compilePattern(b.lookahead.source).search(s, 0, false);
  return m !== null && m.start === 0;
}

function textBody(f: TurnField, c: RegionContext): G {
  if (f.spec.content !== "text") c.unconstrained.add(`fields.${f.spec.name}: its ${f.spec.content} content is free text here (not checked to parse)`);
  return excludeText(c.rules, `${f.spec.name}-text`, f.close?.required ?? [], { base: ANY }).g;
}

function variantsFor(f: TurnField, open: Branch, body0: G, ends: Ending[], c: RegionContext, what: string, tool: string | null = null): Variant[] {
  const out: Variant[] = [];
  let body = body0;
  // An open that ends in `(?=Y)`: the body must begin as Y does. Whitespace the body may start with is
  // dropped when Y cannot start with whitespace; then its first characters must all be Y's.
  const ahead = open.lookahead ? firstChars(open.lookahead.g) : null;
  if (ahead && ahead !== "any" && !intersect(ahead, WS).length && body.t === "seq" && isSpaceRun(body.items[0]!)) body = seq(...body.items.slice(1));
  for (const e of ends) {
    const tail = seq(body, e.g);
    if (open.notFollowedBy) {
      const fc = firstChars(tail, c.rules);
      if (fc === "any" || intersect(fc, open.notFollowedBy).length) {
        c.notes.push(`fields.${f.spec.name}: ${what}: the body could extend the name in the open delimiter; left out`);
        continue;
      }
    }
    if (open.lookahead) {
      const fc = firstChars(tail, c.rules);
      // (Whitespace the open ends with `\s*` before the lookahead takes is fine: it is the open's.)
      const allowed = ahead !== null && ahead !== "any" && open.g.t === "seq" && isSpaceRun(open.g.items[open.g.items.length - 1]!) ? normalizeRanges([...ahead, ...WS]) : ahead;
      const fits = allowed !== null && allowed !== "any" && fc !== "any" && subtract(fc, allowed).length === 0;
      if (!fits || !satisfiesLookahead(tail, open, c.rules)) {
        c.notes.push(`fields.${f.spec.name}: ${what}: the body does not start as the open's lookahead requires; left out`);
        continue;
      }
    }
    out.push({ open: open.g, startOnly: open.startOnly, body, end: e.g, tail, then: e.then, tool });
  }
  return out;
}

/** The items (region kinds) of a turn under the tool choice. */
export function buildItems(turn: Turn, c: RegionContext): Item[] {
  const items: Item[] = [];
  for (const f of turn.fields) {
    const ends = endings(f, c);
    const leading = f.open.branches.filter((b) => !b.startOnly).flatMap((b) => splitLeading(b.g)?.map((l) => l.literal) ?? []);
    const item: Item = { id: f.spec.name, field: f, once: !f.spec.repeats && !f.spec.into, isCall: f.kind === "calls", variants: [], leading };
    if (f.kind !== "calls") {
      // A zero-width open right before the close (`^\s*(?=</think>)`): the body is empty, and the region
      // can only end with that close.
      for (const b of f.open.branches) {
        const isClose = (g: G) => !!b.lookahead && !!splitLeading(g)?.some((l) => l.literal === b.lookahead!.literal);
        const emptyBody = f.close?.branches.some((cb) => !cb.lookahead && isClose(cb.g));
        item.variants.push(...variantsFor(f, b, emptyBody ? EMPTY : textBody(f, c), emptyBody ? ends.filter((e) => isClose(e.g)) : ends, c, "open branch"));
      }
      items.push(item);
      continue;
    }
    if (c.calls.mode === "none") continue;
    if (typeof f.shape === "string" || f.shape === null) {
      c.unconstrained.add(`fields.${f.spec.name}: tool calls not written by the grammar (${f.shape ?? "no call shape"})`);
      continue;
    }
    const body: Body | string = callBody(f.spec, f.shape, c.calls.tools, {
      rules: c.rules,
      exclude: f.close?.required ?? [],
      parallel: c.calls.parallel,
      unconstrained: c.unconstrained,
    });
    if (typeof body === "string") {
      c.unconstrained.add(`fields.${f.spec.name}: tool calls not written by the grammar (${body})`);
      continue;
    }
    if ("list" in body) {
      for (const b of f.open.branches) item.variants.push(...variantsFor(f, b, body.list, ends, c, "call list"));
    } else {
      for (const t of c.calls.tools) {
        const g = body.perTool.get(t.name);
        if (!g) continue;
        const open = f.shape.name.in === "open" ? translateDelimiter(f.spec.open!, { name: t.name }) : f.open;
        for (const u of open.unsupported) if (f.shape.name.in === "open") c.notes.push(`fields.${f.spec.name}: tool ${t.name}: ${u} left out`);
        for (const b of open.branches) item.variants.push(...variantsFor(f, b, g, ends, c, `tool ${t.name}`, t.name));
      }
    }
    // Opens named per tool (`>>>get_weather\n`) lead with the tool's name too.
    item.leading = [...new Set([...item.leading, ...item.variants.filter((v) => !v.startOnly).flatMap((v) => splitLeading(v.open)?.map((l) => l.literal) ?? [])])];
    if (item.variants.length) items.push(item);
    else c.unconstrained.add(`fields.${f.spec.name}: no tool call can be written in this format`);
  }
  return items;
}
