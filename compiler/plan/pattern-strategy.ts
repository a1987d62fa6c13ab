// Build-time choice of how a delimiter pattern is searched (docs/compiled-patterns.md). From the
// translator's JavaScript form of the pattern (normalised: literal characters as \u{…} escapes or
// letters/digits/underscore, classes in brackets), it finds whether every match begins with an optional run
// of one character class and then one of a few literals (the heads); such a pattern is searched by indexOf
// for the heads (runtime/core/engine/guarded.ts) and only read by the shared matcher from a candidate on.
// Anything else, or anything not understood here, keeps the shared resumable matcher alone.

import { SPACE, WORD, DIGIT, type PatternSpec } from "response-template/runtime";

export type PatternStrategy =
  | {
      kind: "guarded";
      /** Literals one of which every match begins with (after the run). */
      heads: string[];
      /** The run's class as inclusive UTF-16 code-unit ranges, or null when there is no run. */
      lead: [number, number][] | null;
      why: string;
    }
  | { kind: "resumable"; why: string };

const TABLES: Record<string, string> = {
  Space: SPACE,
  Word: WORD,
  Digit: DIGIT,
};

/** Reads one literal character at `i` (a \u{…} escape or a letter, digit, underscore): [char, next index] or null. */
function litChar(js: string, i: number): [string, number] | null {
  const m = /^\\u\{([0-9A-Fa-f]+)\}/.exec(js.slice(i, i + 12));
  if (m) {
    const cp = parseInt(m[1]!, 16);
    return [String.fromCodePoint(cp), i + m[0].length];
  }
  const c = js[i];
  return c !== undefined && /[A-Za-z0-9_]/.test(c) ? [c, i + 1] : null;
}

/** The longest literal run from `i`: [text, next index]. */
function litRun(js: string, i: number): [string, number] {
  let s = "";
  for (let r = litChar(js, i); r; r = litChar(js, i)) {
    s += r[0];
    i = r[1];
  }
  return [s, i];
}

/** Index just after the group opened at `i` (js[i] === "("), skipping classes and escapes; -1 if unbalanced. */
function groupEnd(js: string, i: number): number {
  let depth = 0;
  let cls = 0;
  for (let k = i; k < js.length; k++) {
    const c = js[k];
    if (c === "\\") k++;
    else if (c === "[") cls++;
    else if (c === "]" && cls > 0) cls--;
    else if (cls > 0) continue;
    else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return k + 1;
  }
  return -1;
}

/** Whether `|` occurs outside every group and class of js[from:to]. */
function topLevelBar(js: string, from: number, to: number): boolean {
  let depth = 0;
  let cls = 0;
  for (let k = from; k < to; k++) {
    const c = js[k];
    if (c === "\\") k++;
    else if (c === "[") cls++;
    else if (c === "]" && cls > 0) cls--;
    else if (cls > 0) continue;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) return true;
  }
  return false;
}

/** `(?:[BODY])*` at `i`, BODY plain ranges after table expansion: [ranges, next index] or null. */
function leadRun(js: string, i: number): [[number, number][], number] | null {
  // A bracketed class, or one literal character: `(?:\u{A})*`.
  const m = /^\(\?:\[((?:\\[pu]\{[^}]*\}|-)+)\]\)\*/.exec(js.slice(i)) ?? /^\(\?:(\\u\{[0-9A-Fa-f]+\})\)\*/.exec(js.slice(i));
  if (!m) return null;
  const body = m[1]!.replace(/\\p\{rtc(\w+)\}/g, (t, name: string) => TABLES[name] ?? t);
  const ranges: [number, number][] = [];
  const item = /\\u\{([0-9A-Fa-f]+)\}(?:-\\u\{([0-9A-Fa-f]+)\})?/y;
  let k = 0;
  while (k < body.length) {
    item.lastIndex = k;
    const r = item.exec(body);
    if (!r) return null;
    const a = parseInt(r[1]!, 16);
    const b = r[2] === undefined ? a : parseInt(r[2], 16);
    // Tested on code units: no surrogates or astral members.
    if (b > 0xffff || (b >= 0xd800 && a <= 0xdfff)) return null;
    ranges.push([a, b]);
    k = item.lastIndex;
  }
  return [ranges, i + m[0].length];
}

/** The top-level alternatives of the group whose body is js[from:to], as [start, end) index pairs. */
function alternatives(js: string, from: number, to: number): [number, number][] {
  const out: [number, number][] = [];
  let depth = 0;
  let cls = 0;
  let start = from;
  for (let k = from; k < to; k++) {
    const c = js[k];
    if (c === "\\") k++;
    else if (c === "[") cls++;
    else if (c === "]" && cls > 0) cls--;
    else if (cls > 0) continue;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      out.push([start, k]);
      start = k + 1;
    }
  }
  out.push([start, to]);
  return out;
}

/**
 * Heads from `i`: a literal run; or a non-capturing group each of whose alternatives begins with a literal
 * run, where an empty alternative or a `?`/`*` after the group adds the heads of what follows. Null when
 * not every match need begin with one of them.
 */
function headsAt(js: string, i: number): string[] | null {
  const [run] = litRun(js, i);
  if (run) return [run];
  if (!js.startsWith("(?:", i)) return null;
  const end = groupEnd(js, i);
  if (end < 0) return null;
  const q = js[end];
  let optional = q === "?" || q === "*";
  if (q === "{") return null;
  const out: string[] = [];
  for (const [a, b] of alternatives(js, i + 3, end - 1)) {
    if (a === b) {
      optional = true;
      continue;
    }
    const [lit] = litRun(js, a);
    if (!lit) return null;
    out.push(lit);
  }
  if (!optional) return out;
  const next = headsAt(js, end + (q === "?" || q === "*" || q === "+" ? 1 : 0));
  return next && [...out, ...next];
}

export function patternStrategy(spec: PatternSpec, resumable: boolean): PatternStrategy {
  const no = (why: string): PatternStrategy => ({ kind: "resumable", why });
  if (!resumable || spec.backtrack) return no("needs what only its RegExp does");
  if (spec.lookbehind !== 0 || spec.searchAnchor || spec.keep !== null) return no("looks behind its start (lookbehind, \\G or \\K)");
  if (/i/.test(spec.flags)) return no("case-insensitive");
  if (spec.analysis.canMatchEmpty) return no("can match empty");
  const js = spec.js;
  if (topLevelBar(js, 0, js.length)) return no("top-level alternation");
  const run = leadRun(js, 0);
  const heads = headsAt(js, run ? run[1] : 0);
  if (heads === null) return no(`no required literal at the start${run ? " after the leading run" : ""}`);
  const lead = run ? run[0] : null;
  const inLead = (c: number) => lead !== null && lead.some(([a, b]) => c >= a && c <= b);
  if (heads.some((h) => inLead(h.charCodeAt(0)))) return no("a literal begins with a character of the leading run");
  const shown = heads.map((h) => JSON.stringify(h)).join(" | ");
  return {
    kind: "guarded",
    heads: [...new Set(heads)],
    lead,
    why: `every match begins with ${lead ? "a run of one class, then " : ""}${shown}: indexOf for ${heads.length > 1 ? "each" : "it"}${lead ? ", a backward loop over the run" : ""}, the shared matcher from there`,
  };
}
