// One pattern searched over a stream by one parser: `search` answers exactly what
// `pattern.search(text, pos, partial)` answers, but carries its work from one call to the next (the
// matcher's threads, resumable.ts), so that a pending match (a partial one, or a complete one that may
// still grow at the end) costs only the new text on each call instead of being searched again from its
// start.
//
// Contract (the engine's buffer, runtime/core/engine/stream.ts): `text[i]` is stream offset `base + i`; the
// stream only grows at the end and is dropped only at the front, never past the read position minus the
// pattern's lookbehind; the read position never moves back. Text at a stream offset never changes. The
// read position may lie before `text` (`pos` < 0) once `readsFrom()` has said that text is not read;
// `whole()` then gives it, for a search that must start over or a match whose groups lie there.
import type { PatternMatch } from "./api.ts";
import type { PatternMatcher } from "./pattern.ts";
import { Run, lastCodePointAnswer, type Found, type View } from "./resumable.ts";
import type { Program } from "./program.ts";

type Whole = () => { text: string; base: number };

/**
 * One parser's resumable search for one pattern: answers what `pattern.search(text, pos, partial)` answers, but
 * continues its matcher threads over appended text, so a pending match costs only the new text per feed. The
 * caller must keep the stream contract in this file's header (text only appended, read position never backwards).
 */
export class PatternStream {
  private full: Run | null = null;
  private partial: Run | null = null;
  private last: { end: number; at: number; partial: boolean; found: Found | null; kind: Kind; upTo: number } | null = null;
  /** Reused for every call (searches run on every feed: no garbage per feed). */
  private readonly view: View = { text: "", base: 0, end: 0 };
  private readonly out: PatternMatch = { start: 0, end: 0, partial: false, groups: {} };
  private at = 0;
  /** The read position (stream offset) the runs answer from; native searches are not tried there. */
  private runFrom = -1;
  /** The read position (stream offset) of the last window search (nativeSearch): tried once per position. */
  private tried = -1;
  /** After a native search (nativeSearch): whether it left the search idle; null after the runs answered. */
  private nativeIdle: boolean | null = null;
  readonly bounded = true;
  /** Answers that the RegExp had to correct (the matcher and the RegExp disagree: tests assert there are none). */
  static disagreements = 0;

  constructor(readonly pattern: PatternMatcher) {}

  /** Where a match could begin after an idle search (Delimiter.begins), or null: flag v only. */
  static begins(pattern: PatternMatcher): { test: string; first: string } | null {
    const programs = pattern.programs();
    if (programs === null || !/^d?v$/.test(pattern.spec.flags)) return null;
    const runs = [programs.full, programs.partial].filter((p) => p !== null).map((p) => p!);
    if (runs.some((p) => p.firstChars === null)) return null;
    return {
      test: [...new Set(runs.map((p) => p.firstChars!.source))].join("|"),
      first: [...new Set(runs.map((p) => p.firstTest!))].join("|"),
    };
  }

  /**
   * See DelimiterSearch.idle: no thread beyond one started at the end (or just before the last code point,
   * waiting for the next), and nothing found but that.
   */
  idle(): boolean {
    if (this.nativeIdle !== null) return this.nativeIdle;
    const last = this.last;
    if (last === null || !this.runsIdle()) return false;
    if (last.found === null || (last.found.start === last.end && last.found.end === last.end)) return true;
    // Pending only from the last code point, which the partial run stands before, unread.
    return last.kind === "partial" && this.partial !== null && this.partial.lastUnreadAt() === last.found.start;
  }

  private runsIdle(): boolean {
    return (this.full === null || this.full.idleBeforeLast()) && (this.partial === null || this.partial.idleBeforeLast());
  }

  /**
   * See DelimiterSearch.lastAnswer: after an idle search, with the text's last code point `cp` the only place
   * a match could begin, whether it is pending from there, nothing, or unknown (a match, or not tabled yet).
   */
  lastAnswer(cp: number, width: number): "pending" | "none" | "unknown" {
    const programs = this.pattern.programs();
    if (programs === null) return "unknown";
    const full = lastCodePointAnswer(programs.full, cp);
    if (full !== null) return "unknown";
    if (programs.partial === null) return "none";
    const partial = lastCodePointAnswer(programs.partial, cp);
    if (partial === undefined) return "unknown";
    return partial !== null && partial.start < width ? "pending" : "none";
  }

  /**
   * `pattern.search(text, pos, partial)` (the result object is valid until the next call), except that in
   * partial mode a complete match that ends at the end of the text (a pending one: the engine holds it
   * back) comes without its groups, and that with `upTo` (an offset into `text`) an answer that would start
   * after it may be null: the caller has something that starts at `upTo` and only needs to know what
   * starts before or there.
   */
  search(text: string, base: number, pos: number, partial: boolean, whole?: Whole, upTo = Infinity): PatternMatch | null {
    const pattern = this.pattern;
    const programs = pattern.programs();
    if (programs === null) {
      if (pos >= 0 || !whole) return pattern.search(text, pos, partial);
      const w = whole();
      const m = pattern.search(w.text, base + pos - w.base, partial);
      return m && { ...m, start: m.start + w.base - base, end: m.end + w.base - base };
    }
    const start = base + pos;
    if (pos >= 0 && this.runFrom !== start && pattern.windowable()) {
      const m = this.nativeSearch(text, start, pos, partial, upTo);
      if (m !== undefined) {
        this.last = null;
        this.at = start;
        return m;
      }
    }
    this.runFrom = start;
    this.nativeIdle = null;
    let view = this.view;
    view.text = text;
    view.base = base;
    view.end = base + text.length;
    // Like a RegExp with flag v, a search from between the halves of a surrogate pair starts at the pair.
    const at = base + (pos > 0 && pos < text.length && isTrail(text.charCodeAt(pos)) && isLead(text.charCodeAt(pos - 1)) ? pos - 1 : pos);
    const bound = base + upTo;
    this.at = at;
    const last = this.last;
    if (
      last &&
      last.end === view.end &&
      last.partial === partial &&
      last.at <= at &&
      (last.found === null ? last.upTo >= bound : last.found.start >= at && (last.kind !== "none" || last.upTo >= bound))
    ) {
      return this.result(view, base, pos, partial, last.found, last.kind, whole);
    }
    // A lone leading surrogate at the end may pair with the next code unit: read it only tentatively.
    const tail = partial && text.length > Math.max(pos, 0) && isLead(text.charCodeAt(text.length - 1));
    const limit = view.end - (tail ? 1 : 0);
    // Starting over from the read position: it may lie in text the engine holds.
    if (!continues(this.full, at, limit)) {
      if (at < base && whole) view = wholeView(whole, view.end);
      this.full = restart(this.full, programs.full, at, view);
    }
    const full = this.full!;
    let found: Found | null = null;
    let kind: Kind = "none";
    full.advance(view, limit, bound);
    if (full.readTo(limit)) {
      found = full.answer(view, tail);
      if (found) kind = partial && found.end === view.end ? "edge" : "full";
    }
    if (found === null && partial && programs.partial !== null) {
      if (!continues(this.partial, at, limit)) {
        if (at < base && whole && view.base === base) view = wholeView(whole, view.end);
        this.partial = restart(this.partial, programs.partial, at, view);
      }
      const p = this.partial!;
      p.advance(view, limit, bound);
      if (p.readTo(limit)) {
        found = p.answer(view, tail);
        if (found) {
          kind = "partial";
          // A complete match anywhere wins over a partial one: the whole text must be read for that.
          if (!full.readTo(limit)) {
            full.advance(view, limit);
            const f = full.answer(view, tail);
            if (f) [found, kind] = [f, partial && f.end === view.end ? "edge" : "full"];
          }
        }
      }
    }
    if (found !== null) found = { start: found.start, end: found.end }; // runs reuse theirs
    // A complete match (read for sure: no tentative tail) stays the answer from this read position as text
    // grows, so the partial run is not asked again here. Dropped, its frontier no longer keeps the text
    // after it in the engine's buffer (readsFrom): a pending name that grows without end would otherwise
    // pin it. A later read position starts a new one, reading held text through `whole` if need be.
    if ((kind === "full" || kind === "edge") && !tail) this.partial = null;
    this.last = { end: view.end, at, partial, found, kind, upTo: bound };
    return this.result(view, base, pos, partial, found, kind, whole);
  }

  /**
   * The common case by the pattern's RegExp (see PatternMatcher.windowable), at a cost bounded per call:
   * only where little text must be read, that is when another delimiter was found close after `pos`
   * (`upTo`) or, for a text known whole (`partial` false), little follows `pos`. Up to WINDOW after `upTo`,
   * `pattern.search` itself when the text ends there; else, once per read position, the search over that
   * window: a path that does not reach the window's end runs alike in the text, so the answer holds
   * unless a path from a start up to it reached a later cut (the partial-match closure, `cutStart`).
   * Undefined: the runs answer, and keep answering from this read position.
   */
  private nativeSearch(text: string, start: number, pos: number, partial: boolean, upTo: number): PatternMatch | null | undefined {
    const p = this.pattern;
    const n = text.length;
    if (upTo - pos > WINDOW && (partial || n - pos > WINDOW)) return;
    const end = codePointEnd(text, upTo + WINDOW);
    if (end >= n || n - pos <= WINDOW) {
      const m = p.search(text, pos, partial);
      // Idle as the runs' answer would be: nothing, or nothing but from the last code point.
      this.nativeIdle = partial && (!m || (m.partial && m.start >= codePointEnd(text, n - 1)));
      return m;
    }
    if (this.tried === start) return;
    this.tried = start;
    this.nativeIdle = false;
    const m = p.search(text.slice(0, end), pos, false);
    // Decided for the starts up to the match found (ending CUT before the window's end) or up to `upTo`.
    const found = m && m.start <= upTo ? m : null;
    const cutEnd = (found ? found.end : upTo) + CUT;
    if (cutEnd > end) return;
    const cut = p.cutStart(text.slice(0, codePointEnd(text, cutEnd)), pos);
    if (cut < 0 || cut > (found ? found.start : upTo)) return found;
  }

  /** The stream offset from which the next search (from the same read position) reads. */
  readsFrom(): number {
    const programs = this.pattern.programs();
    if (programs === null) return -Infinity;
    if (this.nativeIdle !== null) return this.at - this.pattern.lookbehind;
    // A full run that does not exist yet would start at the read position; a partial one is absent only
    // while a complete match makes it unnecessary (see search), and one started later reads through `whole`.
    const full = this.full ? this.full.at : this.at;
    const partial = this.partial ? this.partial.at : Infinity;
    return Math.min(full, partial) - this.pattern.lookbehind;
  }

  private result(view: View, base: number, pos: number, partial: boolean, found: Found | null, kind: Kind, whole?: Whole): PatternMatch | null {
    const p = this.pattern;
    const n = view.end - base;
    const out = this.out;
    if (found === null) {
      if (!(partial && p.spec.partialAtEnd && pos <= n)) return null;
      [out.start, out.end, out.partial, out.groups] = [n, n, true, p.noGroups()];
      return out;
    }
    if (kind !== "full") {
      [out.start, out.end, out.partial, out.groups] = [found.start - base, kind === "partial" ? n : found.end - base, kind === "partial", p.noGroups()];
      return out;
    }
    let w = { text: view.text, base: view.base };
    if (found.start < w.base && whole) w = whole();
    const m = p.matchAt(w.text, found.start - w.base);
    if (m !== null && m.end === found.end - w.base) return { ...m, start: found.start - base, end: found.end - base };
    PatternStream.disagreements++;
    const r = p.search(w.text, Math.max(0, base + pos - w.base), partial);
    return r && { ...r, start: r.start + w.base - base, end: r.end + w.base - base };
  }
}

type Kind = "full" | "partial" | "edge" | "none";

/** Native searches (nativeSearch): text read after `upTo` (a window), and after what a window search decides. */
const WINDOW = 256;
const CUT = 64;

/** `end`, or one less when it would split a surrogate pair. */
function codePointEnd(text: string, end: number): number {
  return end > 0 && end < text.length && isLead(text.charCodeAt(end - 1)) ? end - 1 : end;
}

/**
 * Whether a run can go on for a search from `at`: it depends on nothing before `at` and has not read past
 * `limit` (an idle run that stands before `at` moves there).
 */
function continues(r: Run | null, at: number, limit: number): r is Run {
  if (r === null || at < r.from || r.at > limit) return false;
  return r.at >= at ? r.earliest() >= at : r.moveTo(at);
}

/** A run from `at`: the old one started over, or a new one. */
function restart(run: Run | null, program: Program, at: number, view: View): Run {
  if (run === null) return new Run(program, at, view);
  run.reset(at, view);
  return run;
}

function wholeView(whole: Whole, end: number): View {
  const w = whole();
  return { text: w.text, base: w.base, end };
}

function isLead(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isTrail(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}
