// plan (interpreted): a Plan built at run time from a TemplateSpec. Generated parsers replace exactly
// this file with code specialised to one template; the engine they drive is the same.

import type { PyPattern } from "../core/regex/api.ts";
import type { FieldPlan, Plan } from "../core/engine/plan.ts";
import {
  LiteralDelimiter,
  LiteralSetDelimiter,
  PatternDelimiter,
  type Delimiter,
} from "../core/engine/delimiters.ts";
import { scanWatched, type Watched } from "../core/engine/scan.ts";
import type { DelimiterSpec, TemplateSpec } from "../core/template/spec.ts";
import { prepareTransform, processField, transformField } from "../core/transform/apply.ts";
import { readArgumentLiteral } from "../core/python/literal.ts";
import { unwrapArguments } from "../core/transform/unwrap.ts";
import { fullContext, STREAMABLE_PARSERS, type ContentContext } from "../core/content/index.ts";
import { comparePy } from "../core/python/compare.ts";

export type PatternCompiler = (source: string) => PyPattern;

/** The plan of a template. It holds no search state: each parser keeps its own (ScanResult.memo). */
export function buildPlan(spec: TemplateSpec, compile: PatternCompiler): Plan {
  return planFactory(spec, compile)();
}

/**
 * A maker of plans for one template, for callers that take one per parser. The plan holds no mutable
 * state (each parser's searches live in its own ScanResult.memo), so every call returns the same one.
 */
export function planFactory(spec: TemplateSpec, compile: PatternCompiler): () => Plan {
  const plan = makePlan(spec, compile);
  return () => plan;
}

function makePlan(spec: TemplateSpec, compile: PatternCompiler): Plan {
  const ctx: ContentContext = fullContext(compile);
  const delimiter = (d: DelimiterSpec): Delimiter => {
    switch (d.kind) {
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

  const fields: FieldPlan[] = spec.fields.map((spec) => {
    // The transform's placeholders are read once, here.
    const f = { ...spec, transform: spec.transform === undefined ? undefined : prepareTransform(spec.transform) };
    return {
    name: f.name,
    dirty: !STREAMABLE_PARSERS.has(f.content),
    repeats: f.repeats,
    join: f.join,
    optional: f.optional,
    ...(f.into === null ? {} : { into: { key: f.into, spread: f.transformEach } }),
    ...(f.argumentTypes === null ? {} : { argumentTypes: f.argumentTypes }),
    ...(f.argumentLiterals ? { readLiteral: readArgumentLiteral } : {}),
    ...(f.unwrapArguments ? { unwrap: unwrapArguments } : {}),
    ...(f.joinSkipsEmpty ? { joinSkipsEmpty: true as const } : {}),
    process: (body, captures, parsed) => (parsed ? transformField(parsed.value, f, captures) : processField(body, f, captures, ctx)),
    };
  });

  // What is searched in each state. Entries are ordered opens first, then by field name (code points), so
  // that among matches with equal start and length the first found is the reference's winner.
  let slots = 0;
  const watched = (field: number, open: boolean, delim: Delimiter): Watched => ({ field, open, delim, slot: slots++ });
  const outside: Watched[] = [];
  spec.fields.forEach((_, i) => {
    if (opens[i]) outside.push(watched(i, true, opens[i]!));
  });
  outside.sort((a, b) => comparePy(spec.fields[a.field]!.name, spec.fields[b.field]!.name));
  if (spec.implicit >= 0 && closes[spec.implicit]) outside.push(watched(spec.implicit, false, closes[spec.implicit]!));
  const inside: Watched[][] = spec.fields.map((_, i) => (closes[i] ? [watched(i, false, closes[i]!)] : []));
  // Each state's own memo slot (scanWatched's quiet test), outside first.
  const stateSlots = [-1, ...spec.fields.map(() => -1)].map(() => slots++);

  const all = [...opens, ...closes].filter((d): d is Delimiter => d !== null);
  const lookbehind = Math.max(0, ...all.map((d) => d.lookbehind));
  const anchor = delimiter(spec.anchor);

  return {
    fields,
    implicit: spec.implicit,
    defaults: spec.defaults,
    lookbehind,
    truncatePrefix: (prefix) => truncateAfterLastMatch(anchor, prefix),
    scan(state, buf, pos, eos, out) {
      const k = state >= 0 && state !== spec.implicit ? state : -1;
      scanWatched(k < 0 ? outside : inside[k]!, buf, pos, eos, out, stateSlots[k + 1]!);
    },
  };
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
