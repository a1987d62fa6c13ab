// Runs a translated Python `regex` pattern (see translate/index.ts) on JS RegExps.
// A PatternSpec is plain JSON-safe data, so generated parsers embed it as a literal; this file
// imports nothing from the compiler.
import type { PatternMatch, PyPattern } from "./api.ts";
import { Backtracker, type Program } from "./backtrack.ts";
import { DIGIT, SPACE, WORD } from "./unicode-tables.ts";
import { compileProgram, type Program as MatcherProgram } from "./program.ts";

/** What a pattern needs at run time; produced by `translatePattern` in translate/index.ts. */
export interface PatternSpec {
  /** The Python pattern. */
  source: string;
  /** JS source of the pattern (flag `v`), with `\p{rtcWord}`-style table placeholders. */
  js: string;
  flags: string;
  /** JS source of the prefix closure (matches where a match runs into the end of the text), or null. */
  partial: string | null;
  /** Partial matches cut inside a backreference: capture `capture` must be a proper prefix of a `refs` group. */
  partialChecks: { capture: number; refs: number[] }[];
  /** The prefix closure without cuts inside backreferences, tried where a check fails (or null). */
  partialUncut?: string | null;
  /** A partial search that finds nothing earlier reports a partial match at the end of the text. */
  partialAtEnd: boolean;
  /** Python group names in group-number order, and the JS groups that capture each. */
  groupNames: string[];
  groupSlots: number[][];
  /** JS group marking a `\K` (the reported match start), or null. */
  keep: number | null;
  /** The pattern uses `\G` (the search position): its RegExp is rebuilt per position. */
  searchAnchor: boolean;
  /** UTF-16 units before the search position a match may inspect (2 per code point); null when unbounded. */
  lookbehind: number | null;
  /** Static facts for the compiler (translate/analysis.ts); null stands for unbounded. */
  analysis: PatternFacts;
  /** Complete matches by the backtracking matcher instead of `js` (see backtrack.ts), when needed. */
  backtrack?: { program: Program; groupIndex: number[] } | null;
}

/** What the translator proved about a pattern, for the compiler's choice of matcher. Lengths count code points. */
export interface PatternFacts {
  /** Literal text every match starts with ("" when none, or when case-insensitive). */
  literalPrefix: string;
  /** Inclusive code-point ranges the first consumed character may be in, or "any". */
  firstChars: [number, number][] | "any";
  minLength: number;
  /** Longest match in code points; null when unbounded. */
  maxLength: number | null;
  canMatchEmpty: boolean;
  captureNames: string[];
}

/**
 * Character-class bodies for the `\p{rtcWord}`, `\p{rtcSpace}`, `\p{rtcDigit}` placeholders, by name. A
 * generated module passes only the tables its patterns use (`tablesUsed`), so a bundle carries no table
 * it does not need (\w is the big one: 800 ranges).
 */
export type UnicodeTables = Readonly<Record<string, string>>;

const PLACEHOLDER = /\\\\|\\p\{rtc(\w+)\}/g;

/** Expands `\p{rtcX}` placeholders (leaving escaped backslashes alone); `\p{rtcG}` needs `anchor`. */
function expand(js: string, tables: UnicodeTables, anchor?: number): string {
  return js.replace(PLACEHOLDER, (m, name: string | undefined) => {
    if (name === undefined) return m;
    if (name === "G") return anchor === undefined ? "(?!)" : `(?<=^[\\s\\S]{${anchor}})`;
    const table = Object.prototype.hasOwnProperty.call(tables, name) ? tables[name] : undefined;
    if (table === undefined) throw new Error(`pattern ${JSON.stringify(js)} uses \\p{rtc${name}}, but its table was not passed in`);
    return table;
  });
}

/** The table names a spec's placeholders use, sorted: what a generated module passes to PatternMatcher. */
export function tablesUsed(spec: PatternSpec): string[] {
  const used = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === "string") {
      for (const m of v.matchAll(PLACEHOLDER)) if (m[1] !== undefined && m[1] !== "G") used.add(m[1]);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === "object") Object.values(v).forEach(walk);
  };
  // The JS sources only (the backtracker's program holds JS snippets too), not the Python `source`.
  walk([spec.js, spec.partial, spec.partialUncut, spec.backtrack]);
  return [...used].sort();
}

function codePointCount(text: string, end: number): number {
  let n = 0;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (!isLead(c) || i + 1 >= end || !isTrail(text.charCodeAt(i + 1))) n++;
  }
  return n;
}

/**
 * A translated pattern, run with the Unicode tables it is given (generated modules: the ones it uses), and
 * the backtracking matcher when its spec needs one (given, not imported, so that a bundle without such a
 * pattern does not carry it).
 */
export class PatternMatcher implements PyPattern {
  readonly source: string;
  readonly groupNames: readonly string[];
  readonly lookbehind: number;
  private readonly re: RegExp;
  private readonly partialRe: RegExp | null;
  private nonEmptyRe: RegExp | undefined;
  private readonly backtracker: Backtracker | null;
  private anchored: { pos: number; re: RegExp; partial: RegExp | null; bt: Backtracker | null } | undefined;
  private stickyRe: RegExp | undefined;
  private resumable: { full: MatcherProgram; partial: MatcherProgram | null } | null | undefined;

  constructor(
    readonly spec: PatternSpec,
    private readonly tables: UnicodeTables,
    private readonly matcher?: typeof Backtracker,
  ) {
    this.source = spec.source;
    this.groupNames = spec.groupNames;
    this.lookbehind = spec.lookbehind ?? Infinity;
    this.re = new RegExp(expand(spec.js, tables), spec.flags + "g");
    this.partialRe = spec.partial === null ? null : new RegExp(expand(spec.partial, tables), spec.flags.replace("d", "") + "g");
    if (spec.backtrack && !matcher) throw new Error(`pattern ${JSON.stringify(spec.source)} needs the backtracking matcher (Backtracker)`);
    this.backtracker = spec.backtrack ? new matcher!(spec.backtrack.program, spec.flags, (js) => expand(js, tables)) : null;
  }

  /** The first complete match from `pos` by the backtracking matcher (`notEmptyAt`: no empty match there). */
  private backtrackSearch(text: string, pos: number, notEmptyAt = -1): PatternMatch | null {
    const bt = this.regexps(text, pos).bt!;
    for (let start = pos; start <= text.length; start += start < text.length ? stepAt(text, start) : 1) {
      const m = bt.matchAt(text, start, start === notEmptyAt);
      if (!m) continue;
      const groups: Record<string, string | null> = {};
      this.groupNames.forEach((name, i) => {
        const span = m.caps[this.spec.backtrack!.groupIndex[i]!];
        groups[name] = span ? text.slice(span[0], span[1]) : null;
      });
      return { start, end: m.end, partial: false, groups };
    }
    return null;
  }

  search(text: string, pos: number, partial: boolean): PatternMatch | null {
    const { re, partialRe } = this.regexps(text, pos);
    const m = this.backtracker ? this.backtrackSearch(text, pos) : this.exec(re, text, pos, 0);
    if (m || !partial) return m;
    return partialRe ? this.partialSearch(partialRe, text, pos) : this.atEnd(text, pos);
  }

  /**
   * Whether a search over a prefix of the text (a window) can tell which of its answers hold for the
   * whole text: its RegExp runs alike on both up to the window's end, where only a path that reads past
   * it differs, which the partial-match closure finds (prefix-closure.ts). Not with assertions that see
   * the end without reading (`$`, `\b`, `\B`), nor with what only the RegExp does (see programs()).
   */
  windowable(): boolean {
    return (this.windowOk ??= this.programs() !== null && this.partialRe !== null && !/\$|\\[bB]/.test(this.spec.js) && this.resumable!.full.linearBacktracking && this.resumable!.partial!.linearBacktracking);
  }
  private windowOk: boolean | undefined;

  /** The earliest start from `pos` of a path cut at the end of `text`, or -1 (windowable patterns only). */
  cutStart(text: string, pos: number): number {
    const m = execAtBoundary(this.partialRe!, text, pos);
    return m ? m.index : -1;
  }

  /** The match starting exactly at `pos`, with its groups (patterns with `programs()` only). */
  matchAt(text: string, pos: number): PatternMatch | null {
    this.stickyRe ??= new RegExp(expand(this.spec.js, this.tables), this.spec.flags + "y");
    return this.exec(this.stickyRe, text, pos, 0);
  }

  /**
   * The programs of the pattern and of its partial-match closure for resumable search (resumable.ts),
   * or null when the pattern needs what only its RegExp does: `\G`, `\K`, backreferences (which also
   * stand for atomic groups and possessive repeats), a repeat of something that can match empty.
   */
  programs(): { full: MatcherProgram; partial: MatcherProgram | null } | null {
    if (this.resumable !== undefined) return this.resumable;
    const s = this.spec;
    this.resumable = null;
    if (s.searchAnchor || s.keep !== null || s.backtrack || s.partialChecks.length || s.partialUncut) return null;
    const full = compileProgram(expand(s.js, this.tables), s.flags);
    if (full === null || full.emptyLoop) return null;
    const partial = s.partial === null ? null : compileProgram(expand(s.partial, this.tables), s.flags);
    if (s.partial !== null && partial === null) return null;
    return (this.resumable = { full, partial });
  }

  finditer(text: string): PatternMatch[] {
    const out: PatternMatch[] = [];
    let pos = 0;
    let emptyAt = -1; // after an empty match at p, the next match may not be empty at p
    while (pos <= text.length) {
      let m: PatternMatch | null;
      if (this.backtracker) {
        m = this.backtrackSearch(text, pos, emptyAt);
      } else if (emptyAt === pos) {
        m = this.nonEmptyAt(text, pos);
        if (!m) {
          if (pos >= text.length) break;
          m = this.exec(this.regexps(text, pos).re, text, pos + stepAt(text, pos), 0);
        }
      } else {
        m = this.exec(this.regexps(text, pos).re, text, pos, 0);
      }
      if (!m) break;
      out.push(m);
      emptyAt = m.end === m.start ? m.end : -1;
      pos = m.end;
    }
    return out;
  }

  private regexps(text: string, pos: number): { re: RegExp; partialRe: RegExp | null; bt: Backtracker | null } {
    if (!this.spec.searchAnchor) return { re: this.re, partialRe: this.partialRe, bt: this.backtracker };
    const anchor = codePointCount(text, pos);
    if (this.anchored?.pos !== anchor) {
      const s = this.spec;
      const partial = s.partial === null ? null : new RegExp(expand(s.partial, this.tables, anchor), s.flags.replace("d", "") + "g");
      const bt = s.backtrack ? new this.matcher!(s.backtrack.program, s.flags, (js) => expand(js, this.tables, anchor)) : null;
      this.anchored = { pos: anchor, re: new RegExp(expand(s.js, this.tables, anchor), s.flags + "g"), partial, bt };
    }
    return { re: this.anchored.re, partialRe: this.anchored.partial, bt: this.anchored.bt };
  }

  /**
   * A non-empty match starting exactly at `pos`: `(?=(rest))R(?!\rest)` ends anywhere but `pos`.
   * Capturing the rest costs O(text) per call, so positions where no match can start are skipped.
   */
  private nonEmptyAt(text: string, pos: number): PatternMatch | null {
    if (pos >= text.length) return null;
    const first = this.spec.analysis.firstChars;
    const cp = text.codePointAt(pos)!;
    if (first !== "any" && !first.some(([a, b]) => cp >= a && cp <= b)) return null;
    const anchor = this.spec.searchAnchor ? codePointCount(text, pos) : undefined; // `\G`: built per position, as in regexps()
    const re = anchor === undefined ? (this.nonEmptyRe ??= nonEmptyRegExp(expand(this.spec.js, this.tables), this.spec.flags)) : nonEmptyRegExp(expand(this.spec.js, this.tables, anchor), this.spec.flags);
    return this.exec(re, text, pos, 1);
  }

  private exec(re: RegExp, text: string, pos: number, shift: number): PatternMatch | null {
    const m = execAtBoundary(re, text, pos);
    if (!m) return null;
    const s = this.spec;
    const start = s.keep !== null ? (m.indices![s.keep + shift]?.[0] ?? m.index) : m.index; // a `\K` not passed: the match's start
    const groups: Record<string, string | null> = {};
    s.groupNames.forEach((name, i) => {
      let value: string | null = null;
      for (const slot of s.groupSlots[i]!) if (m[slot + shift] !== undefined) value = m[slot + shift]!;
      groups[name] = value;
    });
    return { start, end: m.index + m[0].length, partial: false, groups };
  }

  private partialSearch(re: RegExp, text: string, pos: number): PatternMatch | null {
    const checks = this.spec.partialChecks;
    for (let from = pos; from <= text.length; ) {
      const m = execAtBoundary(re, text, from);
      if (!m) break;
      const ok = checks.every(({ capture, refs }) => {
        const rest = m[capture];
        if (rest === undefined) return true;
        const ref = refs.map((r) => m[r]).filter((v) => v !== undefined).pop();
        return ref !== undefined && ref.length > rest.length && ref.startsWith(rest);
      });
      if (ok || this.uncutAt(text, pos, m.index)) return { start: m.index, end: text.length, partial: true, groups: this.noGroups() };
      // Limitation: another cut inside a backreference from the same start is not tried.
      if (m.index >= text.length) break;
      from = m.index + stepAt(text, m.index);
    }
    return this.atEnd(text, pos);
  }

  /** Like the reference, a partial search that finds nothing earlier reports a partial match at the end. */
  private atEnd(text: string, pos: number): PatternMatch | null {
    return this.spec.partialAtEnd && pos <= text.length ? { start: text.length, end: text.length, partial: true, groups: this.noGroups() } : null;
  }

  private uncutRe: RegExp | undefined;

  /** Whether the closure without backreference cuts matches at `at` (see PatternSpec.partialUncut); `\G` is `pos`. */
  private uncutAt(text: string, pos: number, at: number): boolean {
    const src = this.spec.partialUncut;
    if (!src) return false;
    const re = this.spec.searchAnchor ? new RegExp(expand(src, this.tables, codePointCount(text, pos)), this.spec.flags.replace("d", "") + "y") : (this.uncutRe ??= new RegExp(expand(src, this.tables), this.spec.flags.replace("d", "") + "y"));
    re.lastIndex = at;
    return re.test(text);
  }

  private unset: Record<string, string | null> | undefined;

  /** Every group unset (one shared, frozen object). */
  noGroups(): Record<string, string | null> {
    return (this.unset ??= Object.freeze(Object.fromEntries(this.groupNames.map((n) => [n, null]))));
  }
}

/** A pattern with every table: for patterns translated at run time (the interpreter), which may use any. */
export class CompiledPattern extends PatternMatcher {
  constructor(spec: PatternSpec) {
    super(spec, { Word: WORD, Space: SPACE, Digit: DIGIT }, Backtracker);
  }
}

const isLead = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isTrail = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/**
 * `re.exec` from `pos`, skipping matches V8 reports inside a surrogate pair: with the `u`/`v` flag
 * a pattern that starts with a lookaround (`(?![\s\S])`) can match between the two halves.
 */
function execAtBoundary(re: RegExp, text: string, pos: number): RegExpExecArray | null {
  for (let from = pos; ; ) {
    re.lastIndex = from;
    const m = re.exec(text);
    if (!m || m.index === 0 || !isTrail(text.charCodeAt(m.index)) || !isLead(text.charCodeAt(m.index - 1))) return m;
    if (re.sticky) return null;
    from = m.index + 1;
  }
}

/** The UTF-16 length of the code point at `pos`: 2 for a surrogate pair, 1 for anything else (a lone surrogate too). */
function stepAt(text: string, pos: number): number {
  return isLead(text.charCodeAt(pos)) && isTrail(text.charCodeAt(pos + 1)) ? 2 : 1;
}

/** `(?=(rest))R(?!\rest)` for nonEmptyAt: `js` with its backreferences renumbered past the rest's group. */
function nonEmptyRegExp(js: string, flags: string): RegExp {
  return new RegExp(`(?=([\\s\\S]*))(?:${js.replace(/\\(\d+)/g, (_, d: string) => `\\${Number(d) + 1}`)})(?!\\1)`, flags + "y");
}
