// plan: TemplateSpec → TemplatePlan. Decides, per scanner state, what is searched and how, and
// precomputes every literal's hold-back table, every pattern's translation and literal prefix, the
// content patterns named in content_args, and how each field's value is built.

import type { JsonObject, JsonValue } from "response-template/runtime";
import type { DelimiterSpec, FieldSpec, TemplateSpec } from "response-template/runtime";
import { STREAMABLE_PARSERS } from "response-template/runtime";
import { placeholderPath } from "response-template/runtime";
import { comparePy } from "response-template/runtime";
import { dictKeys, isDict } from "response-template/runtime";
import { PatternError } from "response-template/runtime";
import type {
  ContentPatternPlan,
  DelimiterPlan,
  DispatchChar,
  FieldPlanIR,
  PatternPlan,
  ProcessPlan,
  ScanStrategy,
  StatePlan,
  TemplatePlan,
  TransformPlan,
  WatchPlan,
} from "./ir.ts";
import { literalFacts } from "./literal-facts.ts";

/** What the plan needs from the regex translator: the serialisable form and static facts of a pattern. */
export type PatternAnalyzer = (source: string) => Omit<PatternPlan, "source">;

/** Most distinct first characters dispatched with one indexOf each; more use a character loop. */
export const DISPATCH_INDEXOF_MAX = 4;

export function buildTemplatePlan(
  spec: TemplateSpec,
  analyse: PatternAnalyzer,
  source: { name: string; file: string; template: JsonValue },
): TemplatePlan {
  const patterns: PatternPlan[] = [];
  const patternIndex = new Map<string, number>();
  const pattern = (src: string): number => {
    let i = patternIndex.get(src);
    if (i === undefined) {
      i = patterns.length;
      patterns.push({ source: src, ...analyse(src) });
      patternIndex.set(src, i);
    }
    return i;
  };
  const delimiter = (d: DelimiterSpec): DelimiterPlan => {
    switch (d.kind) {
      case "pattern":
        return { kind: "pattern", pattern: pattern(d.source) };
      case "literal":
        return { kind: "literal", literals: d.literals.map(literalFacts), canExtend: d.canExtend };
    }
  };

  const fields = spec.fields.map((f, index) => fieldPlan(f, index));
  const opens = spec.fields.map((f) => (f.open ? delimiter(f.open) : null));
  const closes = spec.fields.map((f) => (f.close ? delimiter(f.close) : null));

  // Outside: every explicit open, ordered by field name (code points), then the implicit field's close.
  const outside: WatchPlan[] = [];
  spec.fields.forEach((f, i) => {
    if (opens[i]) outside.push({ field: i, fieldName: f.name, open: true, delimiter: opens[i]! });
  });
  outside.sort((a, b) => comparePy(a.fieldName, b.fieldName));
  if (spec.implicit >= 0 && closes[spec.implicit]) {
    outside.push({ field: spec.implicit, fieldName: spec.fields[spec.implicit]!.name, open: false, delimiter: closes[spec.implicit]! });
  }
  const states: StatePlan[] = [
    {
      state: -1,
      label: spec.implicit >= 0 ? `outside (implicit field ${spec.fields[spec.implicit]!.name})` : "outside (no implicit field)",
      watch: outside,
      strategy: strategyFor(outside),
    },
  ];
  spec.fields.forEach((f, i) => {
    if (i === spec.implicit) return;
    const watch: WatchPlan[] = closes[i] ? [{ field: i, fieldName: f.name, open: false, delimiter: closes[i]! }] : [];
    states.push({ state: i, label: `inside ${f.name}`, watch, strategy: strategyFor(watch) });
  });

  const contentPatterns: ContentPatternPlan[] = [];
  for (const src of new Set(spec.fields.flatMap((f) => tagPatterns(f.contentArgs)))) {
    try {
      contentPatterns.push({ source: src, pattern: pattern(src) });
    } catch (e) {
      if (!(e instanceof PatternError)) throw e;
      contentPatterns.push({ source: src, error: { column: e.column, reason: e.reason } });
    }
  }

  return {
    name: source.name,
    file: source.file,
    template: source.template,
    defaults: spec.defaults,
    implicit: spec.implicit,
    fields,
    states,
    anchor: delimiter(spec.anchor),
    patterns,
    contentPatterns,
  };
}

function strategyFor(watch: WatchPlan[]): ScanStrategy {
  if (watch.length === 0) return { kind: "none" };
  if (watch.some((w) => w.delimiter.kind === "pattern")) return { kind: "resumable" };
  if (watch.length === 1) return { kind: "single" };
  const byChar = new Map<string, { literal: string; watch: number; length: number }[]>();
  let maxLength = 0;
  watch.forEach((w, wi) => {
    if (w.delimiter.kind !== "literal") return;
    for (const lit of w.delimiter.literals) {
      maxLength = Math.max(maxLength, lit.text.length);
      const c = lit.text[0]!;
      const list = byChar.get(c) ?? [];
      list.push({ literal: lit.text, watch: wi, length: lit.text.length });
      byChar.set(c, list);
    }
  });
  const chars: DispatchChar[] = [...byChar.entries()].map(([char, tests]) => ({
    char,
    // Longest first; equal lengths keep watch order (stable sort), as the reference's tie-break does.
    tests: [...tests].sort((a, b) => b.length - a.length).map(({ literal, watch }) => ({ literal, watch })),
  }));
  return { kind: "dispatch", maxLength, chars };
}

function fieldPlan(f: FieldSpec, index: number): FieldPlanIR {
  return {
    index,
    name: f.name,
    content: f.content,
    contentArgs: f.contentArgs,
    dirty: !STREAMABLE_PARSERS.has(f.content),
    repeats: f.repeats,
    join: f.join,
    optional: f.optional,
    transform: f.transform,
    transformEach: f.transformEach,
    into: f.into,
    argumentTypes: f.argumentTypes,
    argumentLiterals: f.argumentLiterals,
    unwrapArguments: f.unwrapArguments,
    joinSkipsEmpty: f.joinSkipsEmpty,
    process: processPlan(f),
  };
}

function processPlan(f: FieldSpec): ProcessPlan {
  if (!isDict(f.contentArgs) || f.transformEach) return { kind: "generic" };
  if (f.transform === undefined) return { kind: "direct", parser: f.content, args: f.contentArgs, transform: null };
  const transform = transformPlan(f.transform);
  return transform ? { kind: "direct", parser: f.content, args: f.contentArgs, transform } : { kind: "generic" };
}

/** Keys that an object literal cannot carry as written: array indices (JS reorders them) and __proto__. */
function plainKey(k: string): boolean {
  return k !== "__proto__" && !/^(0|[1-9][0-9]*)$/.test(k);
}

/** The transform as plain construction, or null when only the runtime's applyTransform reproduces it exactly. */
function transformPlan(t: JsonValue): TransformPlan | null {
  if (Array.isArray(t)) {
    const items = t.map(transformPlan);
    return items.every((x): x is TransformPlan => x !== null) ? { kind: "list", items } : null;
  }
  if (isDict(t)) {
    const keys = dictKeys(t);
    if (!keys.every(plainKey)) return null;
    const entries: [string, TransformPlan][] = [];
    for (const k of keys) {
      const v = transformPlan(t[k]!);
      if (v === null) return null;
      entries.push([k, v]);
    }
    return { kind: "dict", entries };
  }
  if (typeof t === "string") {
    const steps = placeholderPath(t);
    if (steps === null) return { kind: "value", value: t };
    if (steps.length > 1) return null;
    return steps[0] === "content" ? { kind: "content" } : { kind: "capture", name: steps[0]! };
  }
  return { kind: "value", value: t };
}

/** Strings under a `tag_pattern` key anywhere in content_args: the patterns xml-inline will compile. */
function tagPatterns(args: JsonValue): string[] {
  const out: string[] = [];
  const walk = (v: JsonValue) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isDict(v)) {
      for (const k of dictKeys(v)) {
        const x = v[k]!;
        if (k === "tag_pattern" && typeof x === "string") out.push(x);
        walk(x);
      }
    }
  };
  walk(args);
  return out;
}

export type { JsonObject };
