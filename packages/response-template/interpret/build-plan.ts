// plan (interpreted): a Plan built at run time from a TemplateSpec. Generated parsers replace exactly
// this file with code specialised to one template; the engine they drive is the same.

import type { PyPattern } from "../runtime/regex/api.ts";
import type { FieldPlan, Plan, ScanResult } from "../runtime/engine/plan.ts";
import {
  EosDelimiter,
  LiteralDelimiter,
  LiteralSetDelimiter,
  PatternDelimiter,
  type Delimiter,
  type DelimiterMatch,
} from "../runtime/engine/delimiters.ts";
import type { DelimiterSpec, TemplateSpec } from "../runtime/template/spec.ts";
import { processField } from "../runtime/transform/apply.ts";
import { CONTENT_PARSERS, STREAMABLE_PARSERS, type ContentContext } from "../runtime/content/index.ts";
import { comparePy } from "../runtime/python/compare.ts";

export type PatternCompiler = (source: string) => PyPattern;

interface Watched {
  field: number;
  open: boolean;
  delim: Delimiter;
  /** The last search, reused while the buffer is the same string and the read position has not passed
   * its match: a match at a given start does not depend on where the search began, so re-searching a
   * long buffer after every committed delimiter (quadratic on a whole-text parse) is never needed. */
  cache: { buf: string; pos: number; partial: boolean; match: DelimiterMatch | null } | null;
}

/** A plan for one parser (its delimiter searches are cached per plan: see `planFactory`). */
export function buildPlan(spec: TemplateSpec, compile: PatternCompiler): Plan {
  return planFactory(spec, compile)();
}

/** Compiles the template's delimiters once and returns a maker of plans that share them but not their
 * search caches: each parser gets its own plan, so interleaved streams never see each other's state. */
export function planFactory(spec: TemplateSpec, compile: PatternCompiler): () => Plan {
  const ctx: ContentContext = { pattern: compile, parsers: CONTENT_PARSERS };
  const delimiter = (d: DelimiterSpec): Delimiter => {
    switch (d.kind) {
      case "eos":
        return new EosDelimiter();
      case "pattern":
        return new PatternDelimiter(compile(d.source));
      case "literal":
        return d.literals.length === 1
          ? new LiteralDelimiter(d.literals[0]!)
          : new LiteralSetDelimiter(d.literals, d.canExtend);
    }
  };
  const opens = spec.fields.map((f) => (f.open ? delimiter(f.open) : null));
  const closes = spec.fields.map((f) => (f.close ? delimiter(f.close) : null));

  const fields: FieldPlan[] = spec.fields.map((f) => ({
    name: f.name,
    dirty: !STREAMABLE_PARSERS.has(f.content),
    repeats: f.repeats,
    join: f.join,
    optional: f.optional,
    ...(f.into === null ? {} : { into: { key: f.into, spread: f.transformEach } }),
    ...(f.argumentTypes === null ? {} : { argumentTypes: f.argumentTypes }),
    process: (body, captures) => processField(body, f, captures, ctx),
  }));

  const all = [...opens, ...closes].filter((d): d is Delimiter => d !== null);
  const lookbehind = Math.max(0, ...all.map((d) => d.lookbehind));
  const anchor = delimiter(spec.anchor);
  const truncatePrefix = (prefix: string) => truncateAfterLastMatch(anchor, prefix);

  return () => {
    // What is searched in each state. Entries are ordered opens first, then by field name (code points),
    // so that among matches with equal start and length the first found is the reference's winner.
    const outside: Watched[] = [];
    spec.fields.forEach((_, i) => {
      if (opens[i]) outside.push({ field: i, open: true, delim: opens[i]!, cache: null });
    });
    outside.sort((a, b) => comparePy(spec.fields[a.field]!.name, spec.fields[b.field]!.name));
    if (spec.implicit >= 0 && closes[spec.implicit]) {
      outside.push({ field: spec.implicit, open: false, delim: closes[spec.implicit]!, cache: null });
    }
    const inside: Watched[][] = spec.fields.map((_, i) =>
      closes[i] ? [{ field: i, open: false, delim: closes[i]!, cache: null }] : [],
    );
    return {
      fields,
      implicit: spec.implicit,
      defaults: spec.defaults,
      lookbehind,
      truncatePrefix,
      scan(state, buf, pos, eos, out) {
        const watch = state >= 0 && state !== spec.implicit ? inside[state]! : outside;
        scanWatched(watch, buf, pos, eos, out);
      },
    };
  };
}

/** The reference's `_scan`: the committable match with the earliest start (then longest, then opens first,
 * then field name), unless a pending delimiter starts at or before it. */
export function scanWatched(watch: readonly Watched[], buf: string, pos: number, eos: boolean, out: ScanResult): void {
  let hold = buf.length;
  let best: Watched | null = null;
  let bestStart = 0;
  let bestEnd = 0;
  let bestGroups: Record<string, string | null> | null = null;
  for (const w of watch) {
    const m = search(w, buf, pos, !eos);
    if (m === null) continue;
    if (!eos && (m.partial || (m.end === buf.length && (m.start === m.end || w.delim.growsAtEdge)))) {
      if (m.start < hold) hold = m.start;
      continue;
    }
    if (best === null || m.start < bestStart || (m.start === bestStart && m.end - m.start > bestEnd - bestStart)) {
      best = w;
      bestStart = m.start;
      bestEnd = m.end;
      bestGroups = m.groups;
    }
  }
  out.hold = hold;
  if (best === null || bestStart >= hold) {
    out.field = -1;
    return;
  }
  out.field = best.field;
  out.open = best.open;
  out.start = bestStart;
  out.end = bestEnd;
  out.groups = bestGroups;
}

function search(w: Watched, buf: string, pos: number, partial: boolean): DelimiterMatch | null {
  const c = w.cache;
  if (c !== null && c.buf === buf && c.partial === partial && c.pos <= pos && (c.match === null || c.match.start >= pos)) {
    return c.match;
  }
  const match = w.delim.search(buf, pos, partial);
  w.cache = { buf, pos, partial, match };
  return match;
}

/** The prefix after the anchor's last (non-overlapping, leftmost) match; all of it when there is none. */
function truncateAfterLastMatch(anchor: Delimiter, prefix: string): string {
  if (anchor instanceof PatternDelimiter) {
    const all = anchor.pattern.finditer(prefix);
    return all.length ? prefix.slice(all[all.length - 1]!.end) : prefix;
  }
  let last = -1;
  let pos = 0;
  while (pos <= prefix.length) {
    const m = anchor.search(prefix, pos, false);
    if (m === null) break;
    last = m.end;
    pos = m.end > m.start ? m.end : m.end + 1;
  }
  return last < 0 ? prefix : prefix.slice(last);
}
