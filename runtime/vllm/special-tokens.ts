// specialTokensOnly (an rtc extension): a delimiter that is a single special token counts only when it
// arrives as that token. Ordinary-text occurrences are defused before the parser sees them — their first
// character becomes a noncharacter sentinel (U+FDD0 + k), so no delimiter matches there — and the
// character is put back in everything returned. A special token arrives whole within one delta, so an
// occurrence that spans deltas is ordinary text: the last characters of a delta that could begin a
// delimiter wait for the next delta.

const SENTINEL = 0xfdd0;

export class SpecialTokenGuard {
  private readonly texts: string[];
  private readonly byId = new Map<number, string>();
  private readonly sentinel = new Map<string, string>();
  private readonly original = new Map<string, string>();
  private held = "";
  private offset = 0;

  constructor(special: ReadonlyMap<string, number>) {
    // A first character that JSON escapes could not be put back inside argument text: such delimiters
    // (none in practice) are left to the parser as they are.
    const guarded = [...special].filter(([t]) => t.length > 0 && t.charCodeAt(0) >= 0x20 && t[0] !== '"' && t[0] !== "\\");
    this.texts = guarded.map(([t]) => t).sort((a, b) => b.length - a.length);
    for (const [t, id] of guarded) {
      this.byId.set(id, t);
      if (!this.sentinel.has(t[0]!)) {
        const s = String.fromCharCode(SENTINEL + this.sentinel.size);
        this.sentinel.set(t[0]!, s);
        this.original.set(s, t[0]!);
      }
    }
  }

  /** The text to feed the parser for one delta, given the delta's token ids. */
  push(delta: string, ids: readonly number[]): string {
    for (let i = 0; i < delta.length; i++) {
      const c = delta.charCodeAt(i);
      if (c >= SENTINEL && c < SENTINEL + 32) {
        throw new RangeError(
          `specialTokensOnly: the output has U+${c.toString(16).toUpperCase()} at stream offset ${this.offset + i}, a noncharacter this mode reserves`,
        );
      }
    }
    this.offset += delta.length;
    const available = new Map<string, number>();
    for (const id of ids) {
      const t = this.byId.get(id);
      if (t !== undefined) available.set(t, (available.get(t) ?? 0) + 1);
    }
    const heldLength = this.held.length;
    const text = this.held + delta;
    let out = "";
    let i = 0;
    for (;;) {
      let at = -1;
      let found = "";
      for (const t of this.texts) {
        const p = text.indexOf(t, i);
        if (p >= 0 && (at < 0 || p < at)) {
          at = p;
          found = t; // longest first: a shorter one wins only by starting earlier
        }
      }
      if (at < 0) break;
      const n = available.get(found) ?? 0;
      if (at >= heldLength && n > 0) {
        available.set(found, n - 1);
        out += text.slice(i, at + found.length);
      } else out += text.slice(i, at) + this.sentinel.get(found[0]!)! + found.slice(1);
      i = at + found.length;
    }
    const tail = this.pendingTail(text, i);
    out += text.slice(i, text.length - tail);
    this.held = text.slice(text.length - tail);
    return out;
  }

  /** What is still held at the end of the output (an incomplete delimiter: ordinary text). */
  flush(): string {
    const h = this.held;
    this.held = "";
    return h;
  }

  /** `s` with the defused characters put back. */
  restore(s: string): string {
    if (this.original.size === 0) return s;
    let out = "";
    let from = 0;
    for (let i = 0; i < s.length; i++) {
      const o = this.original.get(s[i]!);
      if (o !== undefined) {
        out += s.slice(from, i) + o;
        from = i + 1;
      }
    }
    return from === 0 ? s : out + s.slice(from);
  }

  /** Length of the longest end of text[from…] that is a proper prefix of a delimiter. */
  private pendingTail(text: string, from: number): number {
    let best = 0;
    for (const t of this.texts) {
      for (let k = Math.min(t.length - 1, text.length - from); k > best; k--) {
        if (text.endsWith(t.slice(0, k))) {
          best = k;
          break;
        }
      }
    }
    return best;
  }
}
