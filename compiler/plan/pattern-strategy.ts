// Build-time choice of how a delimiter pattern is searched (docs/compiled-patterns.md). From the
// translator's JavaScript form of the pattern (normalised: literal characters as \u{…} escapes or
// letters/digits/underscore, classes in brackets), it finds whether every match begins with an optional run
// of one character class and then one of a few literals (the heads); such a pattern is searched by indexOf
// for the heads (runtime/core/engine/guarded.ts) and only read by the shared matcher from a candidate on.
// Anything else, or anything not understood here, keeps the shared resumable matcher alone.

import { SPACE, WORD, DIGIT, type JsonValue, type PatternSpec } from "response-template/runtime";

/** What the strategy reads of the resumable matcher's program (runtime/core/regex/program.ts). */
interface ProgramFacts {
  /** Tests of the repeats without an upper bound, or null when one repeats more than a character. */
  loops: readonly { accepts(cp: number): boolean }[] | null;
  /** The pattern's RegExp backtracks at most linearly in what it reads from one start. */
  linearBacktracking: boolean;
}

export type PatternStrategy =
  | {
      kind: "guarded";
      /** Literals one of which every match begins with (after the run). */
      heads: string[];
      /** The run's class as inclusive UTF-16 code-unit ranges, or null when there is no run. */
      lead: [number, number][] | null;
      /** Heads no run precedes on any path (only with a lead): a pending prefix of one holds no run before it. */
      bare: string[];
      /**
       * A head's first character (in the BMP) that no repeat without an upper bound accepts ("" when none, or when
       * backtracking is not linear): a failed attempt from any candidate reads past a bounded number of
       * these "stops". Each stop begins at most one candidate, so whole texts try every candidate that
       * begins with it natively, and a bounded number of the others between two stops, in linear time.
       */
      stop: string;
      why: string;
    }
  | {
      /**
       * Some top-level alternatives begin with `^`, which matches only at stream offset 0 (the start of the
       * kept prefix): the full pattern is searched while the read position is there, and `rest` (the other
       * alternatives, a guarded pattern) from then on.
       */
      kind: "start";
      rest: { source: string; spec: JsonValue; strategy: GuardedStrategy };
      why: string;
    }
  | { kind: "resumable"; why: string };

export type GuardedStrategy = Extract<PatternStrategy, { kind: "guarded" }>;

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

/** A head: a literal every match of one path begins with, and the run of one class before it on that path. */
interface Head {
  text: string;
  run: [number, number][] | null;
  /** Read from a lookahead that ends its alternative: that path matches empty where the head begins. */
  look?: true;
}

/**
 * Heads from `i`: a literal run; a run of one class (`\s*`) then heads; a positive lookahead (it consumes
 * nothing) then heads; or a non-capturing group each of whose alternatives has heads of its own, where
 * an empty alternative or a `?`/`*` after the group adds the heads of what follows. Null when not every
 * match need begin with one of them.
 */
function headsAt(js: string, i: number): Head[] | null {
  const [run] = litRun(js, i);
  if (run) return [{ text: run, run: null }];
  const lead = leadRun(js, i);
  if (lead) {
    const next = headsAt(js, lead[1]);
    return next && next.every((h) => h.run === null) ? next.map((h) => ({ ...h, run: lead[0] })) : null;
  }
  if (js.startsWith("(?=", i)) {
    const end = groupEnd(js, i);
    if (end < 0 || /[?*+{]/.test(js[end] ?? "")) return null;
    // A lookahead that ends its alternative (`</think>|(?=<tool_call>)`): an empty match where its body
    // matches, which begins with the body's heads.
    if (end === js.length || js[end] === "|" || js[end] === ")") return lookaheadHeads(js, i, end);
    return headsAt(js, end);
  }
  if (!js.startsWith("(?:", i)) return null;
  const end = groupEnd(js, i);
  if (end < 0) return null;
  const q = js[end];
  let optional = q === "?" || q === "*";
  if (q === "{") return null;
  const out: Head[] = [];
  for (const [a, b] of alternatives(js, i + 3, end - 1)) {
    if (a === b) {
      optional = true;
      continue;
    }
    // Each alternative's own heads: a literal run, a nested group, a lookahead that ends it, ...
    const inner = headsAt(js, a);
    if (inner === null) return null;
    out.push(...inner);
  }
  if (!optional) return out;
  const next = headsAt(js, end + (q === "?" || q === "*" || q === "+" ? 1 : 0));
  return next && [...out, ...next];
}

/** The heads of a lookahead js[i:end) that ends its alternative (its body's alternatives'), marked `look`. */
function lookaheadHeads(js: string, i: number, end: number): Head[] | null {
  const out: Head[] = [];
  for (const [a, b] of alternatives(js, i + 3, end - 1)) {
    const h = a === b ? null : headsAt(js, a);
    if (h === null) return null;
    out.push(...h.map((x) => ({ ...x, look: true as const })));
  }
  return out;
}

export function patternStrategy(spec: PatternSpec, program: ProgramFacts | null): PatternStrategy {
  const no = (why: string): PatternStrategy => ({ kind: "resumable", why });
  if (program === null || spec.backtrack) return no("needs what only its RegExp does");
  if (spec.lookbehind !== 0 || spec.searchAnchor || spec.keep !== null) return no("looks behind its start (lookbehind, \\G or \\K)");
  if (/i/.test(spec.flags)) return no("case-insensitive");
  const js = spec.js;
  if (topLevelBar(js, 0, js.length)) return no("top-level alternation");
  const found = headsAt(js, 0);
  // With heads, only a lookahead that ends its alternative matches empty (where its body's heads are).
  if (spec.analysis.canMatchEmpty && !found?.some((h) => h.look)) return no("can match empty");
  if (found === null) return no("no required literal at the start");
  // One run class at most: heads after a run have none of their own, and a group's alternatives begin
  // with literals; alternatives with runs of different classes are not guarded.
  const lead = found.find((h) => h.run !== null)?.run ?? null;
  if (found.some((h) => h.run !== null && JSON.stringify(h.run) !== JSON.stringify(lead))) return no("runs of different classes");
  const inLead = (c: number) => lead !== null && lead.some(([a, b]) => c >= a && c <= b);
  if (found.some((h) => inLead(h.text.charCodeAt(0)))) return no("a literal begins with a character of the leading run");
  const heads = [...new Set(found.map((h) => h.text))];
  // A head that no path reaches through the run: nothing pending before a prefix of it at the end.
  const bare = heads.filter((h) => found.every((x) => x.text !== h || x.run === null));
  const some = lead !== null && bare.length > 0;
  // (With backtracking linear in what an attempt reads, the attempts together read each text a bounded number of times.)
  // The stop: the first character of the most heads among those no unbounded repeat reads.
  const loops = program.linearBacktracking ? program.loops : null;
  const firsts = heads.map((h) => h.codePointAt(0)!).filter((c) => c <= 0xffff && loops !== null && loops.every((t) => !t.accepts(c)));
  const count = (c: number) => firsts.filter((x) => x === c).length;
  const best = firsts.reduce<number | null>((b, c) => (b === null || count(c) > count(b) ? c : b), null);
  const stop = best === null ? "" : String.fromCodePoint(best);
  const every = stop !== "" && heads.every((h) => h.startsWith(stop));
  const shown = (some ? found.map((h) => (h.run ? "a run of one class, then " : "") + JSON.stringify(h.text)) : found.map((h) => JSON.stringify(h.text))).join(" | ");
  return {
    kind: "guarded",
    heads,
    lead,
    bare: lead ? bare : [],
    stop,
    why:
      `every match begins with ${lead && !some ? "a run of one class, then " : ""}${shown}: indexOf for ${found.length > 1 ? "each" : "it"}${lead ? ", a backward loop over the run" : ""}, the shared matcher from there` +
      (every
        ? `; no unbounded repeat reads ${JSON.stringify(stop)}, so whole texts try every candidate natively`
        : stop
          ? `; no unbounded repeat reads ${JSON.stringify(stop)}, so whole texts try every candidate at one natively, and a few others between two`
          : ""),
  };
}
