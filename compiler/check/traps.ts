// Warnings for templates that load but behave in ways their authors rarely intend. Each check is a small
// function over the validated TemplateSpec (and its patterns' ASTs) returning diagnostics.

import type { Node } from "response-template/translate";
import { parse } from "response-template/translate";
import { children } from "response-template/translate";
import { placeholderPath } from "response-template/runtime";
import { dictKeys, isDict } from "response-template/runtime";
import type { JsonValue } from "response-template/runtime";
import { comparePy } from "response-template/runtime";
import type { DelimiterSpec, FieldSpec, TemplateSpec } from "response-template/runtime";
import type { Diagnostic } from "./diagnostics.ts";

export function trapWarnings(spec: TemplateSpec): Diagnostic[] {
  return [...lazyHoldback(spec), ...unusedCaptures(spec), ...literalPrefixes(spec), ...implicitOverwrite(spec), ...neverMatches(spec)];
}

function ast(source: string): Node | null {
  try {
    return parse(source).root;
  } catch {
    return null;
  }
}

function walk(n: Node, f: (n: Node) => void): void {
  f(n);
  for (const c of children(n)) walk(c, f);
}

/** A repeat with no upper bound over (nearly) any character, newlines included: while the rest of the
 * pattern has not matched, everything from the match start is held back. (A negated class that excludes
 * the newline, like [^>\n]+, is bounded by the line and not reported.) */
function wideUnbounded(n: Node): { lazy: boolean; kind: "any" | "class" } | null {
  let found: { lazy: boolean; kind: "any" | "class" } | null = null;
  walk(n, (x) => {
    if (found || x.type !== "repeat" || x.max !== Infinity) return;
    const b = x.body.type === "group" ? x.body.body : x.body;
    if (b.type === "any" && b.dotall) found = { lazy: x.mode === "lazy", kind: "any" };
    else if (b.type === "class" && ((b.negated && !excludesNewline(b.items)) || (!b.negated && coversAll(b.items)))) {
      found = { lazy: x.mode === "lazy", kind: "class" };
    }
  });
  return found;
}

function excludesNewline(items: { type: string; from?: number; to?: number; kind?: string; negated?: boolean }[]): boolean {
  return items.some((i) => (i.type === "range" && i.from! <= 10 && i.to! >= 10) || (i.type === "set" && i.kind === "space" && !i.negated));
}

function coversAll(items: { type: string; kind?: string; negated?: boolean }[]): boolean {
  // [\s\S], [\w\W], [\d\D]
  const sets = items.filter((i) => i.type === "set");
  return sets.some((a) => sets.some((b) => a.kind === b.kind && a.negated !== b.negated));
}

/** Where the offending repeat is written (first candidate of its kind), for the pattern column. */
function locateRepeat(source: string, kind: "any" | "class"): RegExpExecArray | null {
  const re = kind === "any" ? /\.(?:[*+]|\{\d*,\})\??/g : /\[(?:\\.|[^\]\\])*\](?:[*+]|\{\d*,\})\??/g;
  for (let m = re.exec(source); m; m = re.exec(source)) {
    if (m.index > 0 && source[m.index - 1] === "\\") {
      re.lastIndex = m.index + 1; // an escaped \. or \[: look again just after it
      continue;
    }
    if (kind === "class" && (/\\n|\\s/.test(m[0]) ? m[0].startsWith("[^") : false)) continue;
    return m;
  }
  return null;
}

function lazyHoldback(spec: TemplateSpec): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const f of spec.fields) {
    for (const [which, d] of [["open_pattern", f.open], ["close_pattern", f.close]] as const) {
      if (d?.kind !== "pattern") continue;
      const root = ast(d.source);
      const w = root && wideUnbounded(root);
      if (!w) continue;
      const at = locateRepeat(d.source, w.kind);
      const where = which === "open_pattern" ? "outside any region" : `inside ${f.name}`;
      out.push({
        severity: "warning",
        code: "lazy-holdback",
        path: `fields.${f.name}.${which}`,
        ...(at ? { patternColumn: at.index } : {}),
        message:
          `${w.lazy ? "the lazy" : "the unbounded"} repeat ${at ? `"${at[0]}" ` : ""}can hold back unbounded text, newlines included: once ` +
          `the pattern starts to match ${where}, nothing after that point streams until it completes or fails (a stray ` +
          `start of the delimiter in ordinary text stalls streaming to the end). Bound it, e.g. [^<\\n]*? or .{0,200}?`,
      });
    }
  }
  return out;
}

function placeholderRoots(t: JsonValue | undefined, out = new Set<string>()): Set<string> {
  if (typeof t === "string") {
    const p = placeholderPath(t);
    if (p) out.add(p[0]!);
  } else if (Array.isArray(t)) t.forEach((x) => placeholderRoots(x, out));
  else if (isDict(t)) for (const k of dictKeys(t)) placeholderRoots(t[k], out);
  return out;
}

function groupNames(d: DelimiterSpec | null): string[] {
  if (d?.kind !== "pattern") return [];
  const root = ast(d.source);
  const names: string[] = [];
  if (root) walk(root, (x) => x.type === "group" && x.name !== null && !names.includes(x.name) && names.push(x.name));
  return names;
}

function unusedCaptures(spec: TemplateSpec): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const f of spec.fields) {
    const used = placeholderRoots(f.transform);
    for (const g of groupNames(f.open)) {
      if (used.has(g) || f.transformEach) continue; // with transform_each, item keys share the namespace
      out.push({
        severity: "warning",
        code: "unused-capture",
        path: `fields.${f.name}.open_pattern`,
        message: `named group "${g}" is captured but the transform never uses "{${g}}" (make it a non-capturing group (?:…))`,
      });
    }
    for (const g of groupNames(f.close)) {
      out.push({
        severity: "warning",
        code: "unused-capture",
        path: `fields.${f.name}.close_pattern`,
        message: `named group "${g}" in a close pattern is never available to transforms (the reference fails when one is used); use (?:…)`,
      });
    }
  }
  return out;
}

interface Lit {
  text: string;
  field: FieldSpec;
  role: "open" | "close";
}

function literals(f: FieldSpec, role: "open" | "close"): Lit[] {
  const d = role === "open" ? f.open : f.close;
  return d?.kind === "literal" ? d.literals.map((text) => ({ text, field: f, role })) : [];
}

/** Literals searched together: outside any region (every open, plus the implicit field's close), and inside
 * each region (its own close). */
function literalStates(spec: TemplateSpec): { state: string; lits: Lit[] }[] {
  const implicit = spec.implicit >= 0 ? spec.fields[spec.implicit]! : null;
  const outside = [...spec.fields.flatMap((f) => literals(f, "open")), ...(implicit ? literals(implicit, "close") : [])];
  return [
    { state: "outside any region", lits: outside },
    ...spec.fields.filter((f) => f.open).map((f) => ({ state: `inside ${f.name}`, lits: literals(f, "close") })),
  ];
}

const show = (l: Lit) => `"${l.text}" (fields.${l.field.name}.${l.role})`;

function literalPrefixes(spec: TemplateSpec): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const { state, lits } of literalStates(spec)) {
    for (const a of lits) {
      for (const b of lits) {
        if (a === b || a.text === b.text || !b.text.startsWith(a.text)) continue;
        out.push({
          severity: "warning",
          code: "literal-prefix",
          path: `fields.${a.field.name}.${a.role}`,
          message:
            `${show(a)} is a prefix of ${show(b)} (both searched ${state}): after "${a.text}" the parser holds text back ` +
            `until it can tell whether "${b.text}" follows, and where both match the longer one wins`,
        });
      }
    }
  }
  return out;
}

function implicitOverwrite(spec: TemplateSpec): Diagnostic[] {
  if (spec.implicit < 0) return [];
  const f = spec.fields[spec.implicit]!;
  if (f.repeats || spec.fields.every((g) => g === f || !g.open)) return [];
  return [
    {
      severity: "warning",
      code: "implicit-overwrite",
      path: `fields.${f.name}`,
      message:
        `the implicit field "${f.name}" does not repeat, so text after another region reopens it and overwrites what it ` +
        `held: in "Let me check.<tool_call>…</tool_call>\\n" the content becomes "" and is dropped. Add ` +
        `"repeats": true, "join": "" to keep every piece`,
    },
  ];
}

function neverMatches(spec: TemplateSpec): Diagnostic[] {
  const out: Diagnostic[] = [];
  const [outside] = literalStates(spec);
  const opens = outside!.lits.filter((l) => l.role === "open");
  for (const a of opens) {
    for (const b of opens) {
      // Equal literals tie on start and length; the field name decides, in code-point order.
      if (a.field === b.field || a.text !== b.text || comparePy(a.field.name, b.field.name) <= 0) continue;
      const allShadowed = literals(a.field, "open").every((l) => opens.some((o) => o.field !== a.field && o.text === l.text && comparePy(o.field.name, a.field.name) < 0));
      out.push({
        severity: "warning",
        code: "never-matches",
        path: `fields.${a.field.name}.open`,
        message:
          `"${a.text}" is also fields.${b.field.name}.open; on a tie the field whose name sorts first wins, so ` +
          `${allShadowed ? `fields.${a.field.name} can never open` : `this alternative never opens fields.${a.field.name}`}`,
      });
    }
  }
  if (spec.implicit >= 0) {
    for (const c of literals(spec.fields[spec.implicit]!, "close")) {
      const o = opens.find((x) => x.text === c.text);
      if (o) {
        out.push({
          severity: "warning",
          code: "never-matches",
          path: `fields.${c.field.name}.close`,
          message: `the implicit field's close "${c.text}" is also fields.${o.field.name}.open; opens win ties, so it never closes "${c.field.name}"`,
        });
      }
    }
  }
  return out;
}
