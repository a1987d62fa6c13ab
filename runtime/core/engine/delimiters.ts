// Delimiter search for the interpreter: one small interface over literals, literal lists and Python-syntax
// patterns. Partial search follows the `regex` module: a complete match anywhere wins; only when there is
// none does the earliest match that runs into the end of the text count (partial).
//
// Each parser searches through its own `DelimiterSearch` per delimiter (`searcher()`), which carries what
// one search proved to the next, so that a feed costs what its new text costs even while an earlier
// delimiter holds a long stretch back (the read position then stays where that pending match starts):
// - a literal (or each literal of a list): no occurrence starts before where the last search found one,
//   or before `end - length + 1` if it found none, so the next search starts there (O(new text + length));
// - a pattern: its matcher's threads continue over the new text (runtime/core/regex/pattern-stream.ts).

import type { PatternMatch, PyPattern } from "../regex/api.ts";
import { PatternMatcher } from "../regex/pattern.ts";
import { PatternStream } from "../regex/pattern-stream.ts";

/** One delimiter match; `start`/`end` are UTF-16 indices into the searched buffer, end exclusive. */
export interface DelimiterMatch {
  start: number;
  end: number;
  /** The match runs into the end of the buffer and could complete with more text (`end` is then the buffer's length). */
  partial: boolean;
  /** A pattern's named groups (null for a group that did not take part); null for literals. */
  groups: Record<string, string | null> | null;
}

/** One parser's searches for one delimiter: `search` answers what `Delimiter.search` answers. */
export interface DelimiterSearch {
  /**
   * `buf[0]` is stream offset `base`; see ScanResult for what may change between calls. `pos` may be
   * negative when the engine holds the text before buf (only after `readsFrom()` said it is not read);
   * `whole()` gives all of it.
   */
  search(buf: string, base: number, pos: number, partial: boolean, whole: Whole, upTo?: number): DelimiterMatch | null;
  /** The stream offset from which the next search (at the same read position) reads. */
  readsFrom(): number;
  /**
   * The search takes `upTo` (a buffer index): when something else starts there, an answer that would
   * start after it may come back null, which saves reading text that cannot matter yet.
   */
  readonly bounded?: boolean;
  /**
   * After the last search: nothing found, nothing pending, nothing under way that new text could continue
   * (so a match can only begin in new text where `Delimiter.begins()` says). Absent: never.
   */
  idle?(): boolean;
  /**
   * After an idle search, when the text's last code point `cp` (of `width` code units) is the only place a
   * match could begin: pending from there, nothing, or unknown (then search).
   */
  lastAnswer?(cp: number, width: number): "pending" | "none" | "unknown";
  /**
   * After an idle search, when `begins()` finds nothing in the new text: where a match is pending (a run of
   * the search's lead class ending the text, before any head), `buf.length` when none. Searches with this
   * leave such runs out of `begins()` (see GuardedPatternDelimiter), so whitespace does not defeat quiet scans.
   */
  quietHold?(buf: string, base: number, pos: number, whole: Whole): number;
  /**
   * After an idle search, at a position `i` of `text` (which ends where the stream does) that
   * `Delimiter.begins()` accepts: false when no match, complete or pending, begins there or in a run that
   * ends there (a `<` that begins no head), so quiet scans may read on. Absent: always true.
   */
  beginsAt?(text: string, i: number): boolean;
}

/** The whole retained text and the stream offset of its first character (for searches that read behind `buf`). */
export type Whole = () => { text: string; base: number };

/** An open, close or start-anchor delimiter as the interpreter searches it: a literal, a literal list or a pattern. */
export interface Delimiter {
  /**
   * The earliest match starting at or after `pos` (a UTF-16 index into `buf`), or null. With `partial`, and
   * only when no complete match exists, a match cut short by the end of `buf` counts (the `regex` module's
   * partial search). Stateless; parsers use `searcher()` to avoid re-reading text.
   */
  search(buf: string, pos: number, partial: boolean): DelimiterMatch | null;
  /** A new search state for one parser. */
  searcher(): DelimiterSearch;
  /**
   * JavaScript sources (flag v) of tests that find every position where a match, complete or pending, could
   * begin in new text, given an idle search before it (see DelimiterSearch.idle): `test` looks at a position
   * and the next code point, `first` at the position's code point alone; "" when none can, null when there
   * is no such test.
   */
  begins(): { test: string; first: string } | null;
  /**
   * With searchers that have `quietHold`: the class of the run a match may begin with (tested on UTF-16
   * code units); a run of it ending the text may be pending, any other last code unit leaves none.
   */
  readonly lead?: ((c: number) => boolean) | null;
  /** Whether a complete, non-empty match that ends at the buffer edge could still grow with more input. */
  readonly growsAtEdge: boolean;
  /** Characters before the search position the delimiter may inspect. */
  readonly lookbehind: number;
}

/** One literal string. */
export class LiteralDelimiter implements Delimiter {
  readonly growsAtEdge = false;
  readonly lookbehind = 0;
  constructor(readonly literal: string) {}

  searcher(): DelimiterSearch {
    return new LiteralsSearch([this.literal]);
  }
  begins(): { test: string; first: string } {
    const t = firstCharTest([this.literal]);
    return { test: t, first: t };
  }

  /** `buf.indexOf` of the literal; partially, the earliest proper prefix of it that ends `buf`. */
  search(buf: string, pos: number, partial: boolean): DelimiterMatch | null {
    const lit = this.literal;
    const at = buf.indexOf(lit, pos);
    if (at >= 0) return { start: at, end: at + lit.length, partial: false, groups: null };
    if (!partial) return null;
    const p = partialLiteralStart(buf, pos, lit);
    return p < 0 ? null : { start: p, end: buf.length, partial: true, groups: null };
  }
}

/** Literal alternatives, longest first, as the reference's escaped alternation. */
export class LiteralSetDelimiter implements Delimiter {
  readonly lookbehind = 0;
  constructor(
    readonly literals: readonly string[],
    readonly growsAtEdge: boolean,
  ) {}

  searcher(): DelimiterSearch {
    return new LiteralsSearch(this.literals);
  }
  begins(): { test: string; first: string } {
    const t = firstCharTest(this.literals);
    return { test: t, first: t };
  }

  /** The earliest occurrence of any literal, the longest at a tie; partially, the earliest literal prefix ending `buf`. */
  search(buf: string, pos: number, partial: boolean): DelimiterMatch | null {
    let best = -1;
    let bestLen = 0;
    for (const lit of this.literals) {
      // Longest first: a later (shorter) literal wins only by starting strictly earlier.
      const at = buf.indexOf(lit, pos);
      if (at >= 0 && (best < 0 || at < best)) {
        best = at;
        bestLen = lit.length;
      }
    }
    if (best >= 0) return { start: best, end: best + bestLen, partial: false, groups: null };
    if (!partial) return null;
    let p = -1;
    for (const lit of this.literals) {
      const q = partialLiteralStart(buf, pos, lit);
      if (q >= 0 && (p < 0 || q < p)) p = q;
    }
    return p < 0 ? null : { start: p, end: buf.length, partial: true, groups: null };
  }
}

/** A Python-syntax pattern; every complete match at the edge may grow. */
export class PatternDelimiter implements Delimiter {
  readonly growsAtEdge = true;
  readonly lookbehind: number;
  constructor(readonly pattern: PyPattern) {
    this.lookbehind = pattern.lookbehind;
  }
  /** The pattern's own search (Python `regex` semantics, DOTALL, partial as the `regex` module's `partial=True`). */
  search(buf: string, pos: number, partial: boolean): DelimiterMatch | null {
    const m: PatternMatch | null = this.pattern.search(buf, pos, partial);
    return m && { start: m.start, end: m.end, partial: m.partial, groups: m.groups };
  }
  searcher(): DelimiterSearch {
    const p = this.pattern;
    if (p instanceof PatternMatcher) return new PatternStream(p);
    return { search: (buf, _base, pos, partial) => this.search(buf, pos, partial), readsFrom: () => -Infinity };
  }
  begins(): { test: string; first: string } | null {
    return this.pattern instanceof PatternMatcher ? PatternStream.begins(this.pattern) : null;
  }
}

/**
 * One parser's search for literal alternatives (longest first, as LiteralSetDelimiter.search). Per literal:
 * where it was found (an occurrence stays the earliest as text is appended), or else the stream offset
 * before which it cannot occur; so a search reads only text that could hold a new occurrence.
 */
export class LiteralsSearch implements DelimiterSearch {
  private readonly found: number[];
  private readonly dead: number[];
  private readonly longest: number;
  private from = 0;
  private end = 0;
  private quiet = false;
  constructor(readonly literals: readonly string[]) {
    this.found = literals.map(() => -1);
    this.dead = literals.map(() => 0);
    this.longest = Math.max(...literals.map((l) => l.length));
  }

  search(buf: string, base: number, pos: number, partial: boolean): DelimiterMatch | null {
    const at = base + pos;
    const end = base + buf.length;
    if (at < this.from || end < this.end) {
      this.found.fill(-1);
      this.dead.fill(0);
    }
    this.from = at;
    this.end = end;
    const lits = this.literals;
    let best = Infinity; // an occurrence found before buf[0] (held by the engine, pos < 0) is negative
    let bestLen = 0;
    for (let i = 0; i < lits.length; i++) {
      const lit = lits[i]!;
      let k = this.found[i]! - base; // its occurrence, unless before the read position (or none): search again
      if (this.found[i]! < at) {
        k = buf.indexOf(lit, Math.max(pos, this.dead[i]! - base));
        this.found[i] = k < 0 ? -1 : base + k;
        this.dead[i] = k < 0 ? end - lit.length + 1 : base + k;
      }
      // Longest first: a later (shorter) literal wins only by starting strictly earlier.
      if (this.found[i]! >= 0 && k < best) {
        best = k;
        bestLen = lit.length;
      }
    }
    this.quiet = false;
    if (best !== Infinity) return { start: best, end: best + bestLen, partial: false, groups: null };
    if (!partial) return null;
    let p = -1;
    for (const lit of lits) {
      const q = partialLiteralStart(buf, pos, lit);
      if (q >= 0 && (p < 0 || q < p)) p = q;
    }
    // Idle: nothing pending, or only a literal's first character at the very end.
    this.quiet = p < 0 || p === buf.length - 1;
    return p < 0 ? null : { start: p, end: buf.length, partial: true, groups: null };
  }

  idle(): boolean {
    return this.quiet;
  }

  beginsAt(text: string, i: number): boolean {
    return beginsAt(this.literals, text, i);
  }

  lastAnswer(cp: number): "pending" | "none" | "unknown" {
    let pending = false;
    for (const lit of this.literals) {
      if (lit.codePointAt(0) !== cp) continue;
      if (lit.length === String.fromCodePoint(cp).length) return "unknown"; // a complete match
      pending = true;
    }
    return pending ? "pending" : "none";
  }

  readsFrom(): number {
    let from = this.end - this.longest + 1;
    for (let i = 0; i < this.literals.length; i++) if (this.found[i]! < 0 && this.dead[i]! < from) from = this.dead[i]!;
    return from;
  }
}

/** Whether one of `literals` occurs at `i` of `text`, or begins there and runs past its end. */
export function beginsAt(literals: readonly string[], text: string, i: number): boolean {
  const n = text.length;
  for (let k = 0; k < literals.length; k++) {
    const lit = literals[k]!;
    if (i + lit.length <= n ? text.startsWith(lit, i) : lit.startsWith(text.slice(i))) return true;
  }
  return false;
}

/** A test (JavaScript source, flag v) for the literals' first code points, for Delimiter.begins(). */
export function firstCharTest(literals: readonly string[]): string {
  const firsts = [...new Set(literals.map((l) => String.fromCodePoint(l.codePointAt(0)!)))];
  return firsts.map((c) => `\\u{${c.codePointAt(0)!.toString(16)}}`).join("|");
}

/**
 * Earliest p ≥ pos such that buf[p:] is a non-empty proper prefix of `lit`, or -1. Only the last
 * lit.length-1 characters can qualify, so this costs O(lit.length²) at worst, independent of buf.
 */
export function partialLiteralStart(buf: string, pos: number, lit: string): number {
  const n = buf.length;
  for (let p = Math.max(pos, n - lit.length + 1); p < n; p++) {
    let k = 0;
    while (p + k < n && buf.charCodeAt(p + k) === lit.charCodeAt(k)) k++;
    if (p + k === n) return p;
  }
  return -1;
}
