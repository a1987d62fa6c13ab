// A pattern delimiter whose every match begins, after an optional run of one character class (`\s*`),
// with one of a few literals (its "heads", found at build time: compiler/plan/pattern-strategy.ts). Such a
// pattern is searched by native indexOf for the heads, a short backward loop over the run before one, and
// the pattern's own exact search only from there: no match (complete or pending) can begin earlier, since
// the run cannot cross the head's first character. Text with no head costs an indexOf; the shared
// resumable matcher (PatternStream) reads only from a candidate on. Exact: every answer is the inner
// search's, or (no head in the text) a pending run/head prefix at the end, which is a prefix of a match.

import type { Delimiter, DelimiterMatch, DelimiterSearch, Whole } from "./delimiters.ts";
import { PatternDelimiter, beginsAt, firstCharTest } from "./delimiters.ts";
import type { PatternMatcher } from "../regex/pattern.ts";

/** A test on one UTF-16 code unit (the run's class has no astral or surrogate members). */
export type LeadTest = (c: number) => boolean;

export class GuardedPatternDelimiter implements Delimiter {
  readonly growsAtEdge = true;
  readonly lookbehind = 0;
  readonly inner: PatternDelimiter;
  readonly maxHead: number;
  /** The pattern's own search may answer from a candidate: it reads nothing before it, nor depends on the search position. */
  readonly native: boolean;
  /** The heads by first character: one indexOf per distinct first character. */
  readonly byFirst: readonly { first: string; heads: readonly string[] }[];
  constructor(
    readonly pattern: PatternMatcher,
    readonly heads: readonly string[],
    readonly lead: LeadTest | null,
    /** Heads no run precedes on any path of the pattern (`(?:<|channel|>…)?\s*to=` has `<|channel|>`). */
    readonly bare: readonly string[] = [],
    /**
     * A head's first character that no unbounded repeat of the pattern reads, "" for none (compiler/plan/
     * pattern-strategy.ts): a failed native attempt reads past a bounded number of these stops, each the
     * start of at most one candidate. So whole texts try candidates natively, up to WHOLE_TRIES from
     * one stop to the next, in linear time (with no stop, WHOLE_TRIES in all).
     */
    readonly stop: string = "",
  ) {
    this.inner = new PatternDelimiter(pattern);
    const spec = pattern.spec;
    this.native = !spec.backtrack && !spec.searchAnchor && spec.lookbehind === 0;
    this.maxHead = Math.max(...heads.map((h) => h.length));
    const by = new Map<string, string[]>();
    for (const h of heads) by.set(h[0]!, [...(by.get(h[0]!) ?? []), h]);
    this.byFirst = [...by].map(([first, hs]) => ({ first, heads: hs }));
  }
  search(buf: string, pos: number, partial: boolean): DelimiterMatch | null {
    return this.inner.search(buf, pos, partial);
  }
  searcher(): DelimiterSearch {
    return new GuardedSearch(this);
  }
  /**
   * The heads' first characters: with no run before it, a match begins only there. A pending run before a
   * head (whitespace at the end of a chunk) is the search's `quietHold`, which quiet scans ask instead.
   */
  begins(): { test: string; first: string } {
    const t = firstCharTest(this.heads);
    return { test: t, first: t };
  }
}

/** Whole text: the candidates the RegExp tries from one stop to the next before the inner search reads on
 * (bounds the native attempts, each of which may read far: the inner search reads every character once). */
const WHOLE_TRIES = 16;
/** Whole text: the longest run at another match's start that bounds the heads looked for (see runEnd). */
const RUN_LIMIT = 64;
/** Streaming: how far from the end a candidate may start for the native search to answer (re-read per feed). */
const NEAR = 128;

class GuardedSearch implements DelimiterSearch {
  readonly bounded = true;
  /** The shared matcher's search, made when first needed (most whole texts never need it). */
  private inner: DelimiterSearch | null = null;
  /** Stream offsets: no head starts in [read position, skip). */
  private skip = 0;
  /** [runFrom, runTo): a stretch known to be all run characters, runFrom its start (or the read position then). */
  private runFrom = 0;
  private runTo = -1;
  /** While ≥ 0: the inner search answers (its last answer starts there); until the read position passes it. */
  private engaged = -1;
  /** The stream offset the inner search was first asked from: nothing begins between the read position and it. */
  private engagedFrom = 0;
  private from = 0;
  private end = 0;
  /** heads()'s answer. */
  private q = -1;
  private t = 0;
  private stopped = -1;
  /** The last search found no head and no head's prefix: at most a run is pending (see idle()). */
  private quiet = false;
  constructor(private readonly d: GuardedPatternDelimiter) {}

  search(buf: string, base: number, pos: number, partial: boolean, whole: Whole, upTo = Infinity): DelimiterMatch | null {
    const at = base + pos;
    const n = buf.length;
    if (at < this.from || base + n < this.end) {
      this.skip = 0;
      this.runTo = -1;
      this.engaged = -1;
    }
    this.from = at;
    this.end = base + n;
    this.quiet = false;
    if (this.engaged >= 0 && at <= this.engaged) return this.delegate(buf, base, Math.max(pos, this.engagedFrom - base), partial, whole, upTo);
    this.engaged = -1;
    const d = this.d;
    // Whole text, something else starting at upTo: no head after the run there (if any) can begin a match
    // that starts by upTo, so heads are looked for only up to it (a tool call's body is not read for the
    // closes of the text around it). The answer is then null, and the search picks up from there later.
    const limit = partial || upTo === Infinity ? Infinity : this.runEnd(buf, upTo);
    this.heads(buf, Math.max(pos, this.skip - base), limit);
    let q = this.q;
    const t = this.t;
    if (q >= 0) {
      this.skip = base + q;
      // A head's prefix pending before it (only when one head occurs inside another): the inner search decides from there.
      let p = this.runStart(buf, base, pos, partial && t < q ? t : q, whole);
      if (p > upTo) return null; // something else starts first: this one cannot win yet
      if (!partial) {
        // The text is whole: a match begins at a head or in the run before one, so the RegExp tries the
        // run's start and the head, candidate after candidate, up to WHOLE_TRIES from one stop to the next
        // (`next`: the first stop from the head that began the count, -1 for none; a head at a stop begins
        // one). Then, or when a run longer than one character fails, the inner search reads on from there,
        // since a match could begin inside the run.
        let tries = 0;
        let next = -2;
        for (;;) {
          if (next < q && next !== -1) {
            next = d.stop ? buf.indexOf(d.stop, q) : -1;
            tries = 0;
          }
          if (++tries > WHOLE_TRIES) break;
          const m = d.pattern.matchAt(buf, p) ?? (q > p ? d.pattern.matchAt(buf, q) : null);
          if (m !== null) return m;
          if (q - p > 1) break;
          // The next candidates: no match begins after q but at a head or in the run before it.
          const tried = q + 1;
          this.heads(buf, tried, limit);
          if (this.q < 0) {
            this.skip = this.stopped >= 0 ? base + this.stopped : Math.max(at, base + n - d.maxHead + 1);
            return null;
          }
          q = this.q;
          this.skip = base + q;
          p = this.runStart(buf, base, tried, q, whole);
          if (p > upTo) return null;
        }
      }
      // Streaming, a candidate near the end (a header the chunk ends inside): the pattern's own search from
      // it, on native RegExps, answers what the shared matcher would (this text's leftmost complete match,
      // else its earliest cut path), reading at most NEAR characters. It runs again on the next feed, until
      // the candidate lies further back (or in text set aside before buf), when the shared matcher takes over
      // and reads each character once.
      if (partial && p >= 0 && n - p <= NEAR && d.native) return d.pattern.search(buf, p, true);
      this.engagedFrom = base + p;
      return this.delegate(buf, base, p, partial, whole, upTo);
    }
    this.skip = this.stopped >= 0 ? base + this.stopped : Math.max(at, base + n - d.maxHead + 1);
    if (!partial) return null;
    // Pending: a run, then a proper prefix of a head (or nothing), up to the end; no run before a prefix
    // of bare heads only.
    const p = t < n && this.barePrefix(buf.slice(t)) ? t : this.runStart(buf, base, pos, t, whole);
    this.quiet = t === n;
    return p < n ? { start: p, end: n, partial: true, groups: null } : null;
  }

  /** Nothing found, and at most a run is pending before the end: new text without a head's first character keeps it so. */
  idle(): boolean {
    return this.quiet;
  }

  /** A match begins at a head, or in the run before one: a head at `i`, or the start of one running past the end. */
  beginsAt(text: string, i: number): boolean {
    return beginsAt(this.d.heads, text, i);
  }

  /** The last code point is a head's first character: the run before it decides, so the search runs. */
  lastAnswer(): "unknown" {
    return "unknown";
  }

  /**
   * After an idle search, with no head's first character in the new text: where the pending run ending the
   * text starts (`buf.length` when none), as search() would answer, in O(new text) (the run is remembered).
   */
  quietHold(buf: string, base: number, pos: number, whole: Whole): number {
    const n = buf.length;
    this.from = base + pos;
    this.end = this.skip = base + n;
    return this.runStart(buf, base, pos, n, whole);
  }

  /**
   * The earliest head from `from` up to `limit` (q, or -1), else the earliest proper prefix of one that runs
   * into the end (t). `stopped`: the first head's first character past `limit` (where no head was read), or -1.
   * (One indexOf per distinct first character: an indexOf per head would read the text once per head.)
   */
  private heads(buf: string, from: number, limit = Infinity): void {
    const n = buf.length;
    let q = -1;
    let t = n;
    let stopped = -1;
    const byFirst = this.d.byFirst;
    for (let f = 0; f < byFirst.length; f++) {
      const { first, heads } = byFirst[f]!;
      for (let k = buf.indexOf(first, from); k >= 0 && (q < 0 || k < q); k = buf.indexOf(first, k + 1)) {
        if (k > limit) {
          if (stopped < 0 || k < stopped) stopped = k;
          break;
        }
        let part = false;
        for (let i = 0; i < heads.length; i++) {
          const h = heads[i]!;
          if (k + h.length <= n) {
            // The second character first: most occurrences of the first begin no head.
            if ((h.length < 2 || buf.charCodeAt(k + 1) === h.charCodeAt(1)) && buf.startsWith(h, k)) {
              q = k;
              break;
            }
          } else if (!part && h.startsWith(buf.slice(k))) part = true;
        }
        if (q === k) break;
        if (part && k < t) t = k;
      }
    }
    this.q = q;
    this.t = t;
    this.stopped = q >= 0 ? -1 : stopped;
  }

  /**
   * Where the run of lead characters at `at` ends (`at` itself when there is none), or Infinity past
   * RUN_LIMIT characters (then heads are looked for without a limit: the walk stays bounded).
   */
  private runEnd(buf: string, at: number): number {
    const lead = this.d.lead;
    if (lead === null) return at;
    const stop = Math.min(buf.length, at + RUN_LIMIT);
    let i = at;
    while (i < stop && lead(buf.charCodeAt(i))) i++;
    return i < stop || i === buf.length ? i : Infinity;
  }

  /** Whether `tail` (a proper prefix of some head) begins only heads that no run precedes. */
  private barePrefix(tail: string): boolean {
    const d = this.d;
    if (d.bare.length === 0) return false;
    for (const h of d.heads) if (h.startsWith(tail) && !d.bare.includes(h)) return false;
    return true;
  }

  /**
   * Where the run of lead characters ending at `t` starts (not before `pos`); remembers it for the next
   * call, which jumps over it instead of reading it again. Text before buf (dropped by the engine: `pos` < 0)
   * is read through `whole` in the rare case a run reaches buf's start.
   */
  private runStart(buf: string, base: number, pos: number, t: number, whole: Whole): number {
    const lead = this.d.lead;
    if (lead === null) {
      this.runFrom = this.runTo = base + t; // nothing remembered before t
      return t;
    }
    let p = t;
    let text = buf;
    let off = 0; // text[i] is buf[i - off]
    for (;;) {
      if (p <= pos) break;
      if (base + p === this.runTo) {
        p = Math.max(this.runFrom - base, pos);
        break;
      }
      if (p + off === 0) {
        if (text !== buf) break;
        const w = whole();
        off = base - w.base;
        text = w.text;
        if (p + off <= 0) break;
      }
      if (!lead(text.charCodeAt(p + off - 1))) break;
      p--;
    }
    this.runFrom = base + p;
    this.runTo = base + t;
    return p;
  }

  private delegate(buf: string, base: number, pos: number, partial: boolean, whole: Whole, upTo: number): DelimiterMatch | null {
    const m = (this.inner ??= this.d.inner.searcher()).search(buf, base, pos, partial, whole, upTo);
    if (m === null) {
      this.engaged = -1;
      // Unbounded, nothing matches or is pending from pos: no head before the end can begin one. (Bounded,
      // null may only mean "not before upTo": the head stays the next candidate.)
      if (upTo === Infinity) this.skip = this.runFrom = this.runTo = base + buf.length;
      return null;
    }
    const last = buf.charCodeAt(buf.length - 1);
    // (Not after a lone leading surrogate: the matcher reads it only tentatively, with the next code unit.)
    if (m.partial && m.start === buf.length && upTo === Infinity && !(last >= 0xd800 && last <= 0xdbff)) {
      // The matcher's "nothing pending" answer: as null, the candidate failed; the next search starts fresh.
      this.engaged = -1;
      this.skip = this.runFrom = this.runTo = base + buf.length;
      return m;
    }
    this.engaged = base + m.start;
    return m;
  }

  readsFrom(): number {
    // A remembered run is jumped over, never read again: only text from its end on is read.
    if (this.engaged >= 0) return this.inner!.readsFrom();
    return this.runTo >= 0 ? Math.min(this.skip, this.runTo) : this.skip;
  }
}
