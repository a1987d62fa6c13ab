// Delimiter search for the interpreter: one small interface over literals, literal lists, end of stream
// and Python-syntax patterns. Partial search follows the `regex` module: a complete match anywhere wins;
// only when there is none does the earliest match that runs into the end of the text count (partial).

import type { PatternMatch, PyPattern } from "../regex/api.ts";

export interface DelimiterMatch {
  start: number;
  end: number;
  partial: boolean;
  groups: Record<string, string | null> | null;
}

export interface Delimiter {
  search(buf: string, pos: number, partial: boolean): DelimiterMatch | null;
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

/** The literal "eos": a zero-width match at the end of the buffer. It is only real at end of stream;
 * before that the engine holds it as a zero-width match that could still move. */
export class EosDelimiter implements Delimiter {
  readonly growsAtEdge = true;
  readonly lookbehind = 0;
  search(buf: string, pos: number): DelimiterMatch | null {
    return pos <= buf.length ? { start: buf.length, end: buf.length, partial: false, groups: null } : null;
  }
}

/** A Python-syntax pattern; every complete match at the edge may grow. */
export class PatternDelimiter implements Delimiter {
  readonly growsAtEdge = true;
  readonly lookbehind: number;
  constructor(readonly pattern: PyPattern) {
    this.lookbehind = pattern.lookbehind;
  }
  search(buf: string, pos: number, partial: boolean): DelimiterMatch | null {
    const m: PatternMatch | null = this.pattern.search(buf, pos, partial);
    return m && { start: m.start, end: m.end, partial: m.partial, groups: m.groups };
  }
}

/**
 * Earliest p ≥ pos such that buf[p:] is a non-empty proper prefix of `lit`, or -1. Only the last
 * lit.length-1 characters can qualify, so this costs O(lit.length²) at worst, independent of buf.
 */
export function partialLiteralStart(buf: string, pos: number, lit: string): number {
  const n = buf.length;
  for (let p = Math.max(pos, n - lit.length + 1); p < n; p++) {
    if (lit.startsWith(buf.slice(p))) return p;
  }
  return -1;
}
