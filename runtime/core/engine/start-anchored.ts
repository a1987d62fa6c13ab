// A delimiter pattern some of whose top-level alternatives begin with `^` (`<think>|^\s*(?=</think>)`: the
// reasoning may start without its open). `^` matches only at stream offset 0, the start of the kept prefix,
// so once the read position has left it those alternatives cannot match anywhere, and the pattern is its
// other alternatives (`rest`), which the build found guarded (compiler/plan/pattern-facts.ts). The full
// pattern's own search answers while the read position is at 0; it never counts as idle there, so quiet
// scans and the engine's fast feed only ever ask `rest`.

import type { Delimiter, DelimiterMatch, DelimiterSearch, Whole } from "./delimiters.ts";

/** A pattern delimiter searched in full at stream offset 0 and, past it, through its alternatives without `^`. */
export class StartAnchoredDelimiter implements Delimiter {
  readonly growsAtEdge = true;
  readonly lookbehind: number;
  readonly lead: ((c: number) => boolean) | null;
  constructor(
    /** The whole pattern (its resumable search). */
    readonly full: Delimiter,
    /** Its alternatives without `^`: the same matches from any position past 0. */
    readonly rest: Delimiter,
  ) {
    this.lookbehind = Math.max(full.lookbehind, rest.lookbehind);
    this.lead = rest.lead ?? null;
  }
  search(buf: string, pos: number, partial: boolean): DelimiterMatch | null {
    return this.full.search(buf, pos, partial);
  }
  searcher(): DelimiterSearch {
    return new StartAnchoredSearch(this.full.searcher(), this.rest.searcher());
  }
  /** Asked only after idle searches, which are past the start (see idle()). */
  begins(): { test: string; first: string } | null {
    return this.rest.begins();
  }
}

class StartAnchoredSearch implements DelimiterSearch {
  readonly bounded = true;
  /** The last search was at stream offset 0 (the full pattern's). */
  private atStart = true;
  constructor(
    private readonly full: DelimiterSearch,
    private readonly rest: DelimiterSearch,
  ) {}
  search(buf: string, base: number, pos: number, partial: boolean, whole: Whole, upTo?: number): DelimiterMatch | null {
    this.atStart = base + pos <= 0;
    return (this.atStart ? this.full : this.rest).search(buf, base, pos, partial, whole, upTo);
  }
  readsFrom(): number {
    return (this.atStart ? this.full : this.rest).readsFrom();
  }
  idle(): boolean {
    return !this.atStart && this.rest.idle?.() === true;
  }
  lastAnswer(cp: number, width: number): "pending" | "none" | "unknown" {
    return this.atStart ? "unknown" : (this.rest.lastAnswer?.(cp, width) ?? "unknown");
  }
  quietHold(buf: string, base: number, pos: number, whole: Whole): number {
    // Only after an idle search: past the start, where `rest` is guarded (it has quietHold).
    return this.rest.quietHold!(buf, base, pos, whole);
  }
  beginsAt(text: string, i: number): boolean {
    return this.atStart || (this.rest.beginsAt?.(text, i) ?? true);
  }
}
