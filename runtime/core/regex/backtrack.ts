// A small backtracking matcher for the few patterns a JS RegExp cannot run like the regex module:
// a bounded repeat whose item holds a backreference (`(?P<k>x)?y(?:\1)?z`). The module guards such
// a repeat: once its item has failed at a position, it is not tried there again in the same match
// attempt, even after backtracking has set the group (so it reports no match for `xyxz` after a
// greedy prefix). Leaves are single-character tests and assertions given as JS sources, so this
// file knows nothing of Python syntax.

/**
 * A pattern as the backtracking matcher runs it: leaves are JavaScript RegExp sources, groups are Python group
 * numbers. Built by translate/backtrack-program.ts for patterns that need the `regex` module's repeat guards.
 */
export type Program =
  | { t: "test"; js: string } // consumes what the (atomic) JS source matches, or fails
  // zero-width JS source; `groups` (a lookbehind that captures): Python group → its JS groups, last set wins
  | { t: "assert"; js: string; groups?: [number, number[]][] }
  | { t: "seq"; items: Program[] }
  | { t: "alt"; alts: Program[] }
  | { t: "group"; index: number; body: Program }
  | { t: "repeat"; min: number; max: number | null; mode: "greedy" | "lazy" | "possessive"; body: Program }
  | { t: "backref"; index: number; ci: boolean }
  | { t: "look"; negate: boolean; body: Program } // lookahead
  | { t: "atomic"; body: Program }
  | { t: "empty" }
  | { t: "fail" };

type Caps = (readonly [number, number] | undefined)[];
type Next = (pos: number, caps: Caps) => boolean;

/**
 * Runs a Program with the `regex` module's guard on bounded repeats whose item holds a backreference (an item
 * that failed at a position is not retried there in the same attempt). Used only for such patterns; the rest
 * run as JavaScript RegExps.
 */
export class Backtracker {
  private readonly sticky = new Map<string, RegExp>();

  constructor(
    private readonly program: Program,
    private readonly flags: string,
    /** Expands table placeholders in leaf sources (see pattern.ts). */
    private readonly expand: (js: string) => string,
  ) {}

  /** The first match starting at `start` (`notEmpty`: not an empty one), as end position and captures. */
  matchAt(text: string, start: number, notEmpty: boolean): { end: number; caps: Caps } | null {
    const guards = new Map<Program, Set<number>>();
    let result: { end: number; caps: Caps } | null = null;
    const done: Next = (pos, caps) => {
      if (notEmpty && pos === start) return false;
      result = { end: pos, caps };
      return true;
    };
    return this.m(this.program, text, start, [], guards, done) ? result : null;
  }

  /** The sticky RegExp for a leaf (`indices`: with capture spans). */
  private re(js: string, indices = false): RegExp {
    const key = indices ? `d${js}` : js;
    let r = this.sticky.get(key);
    if (!r) {
      r = new RegExp(this.expand(js), this.flags.replace(/[dgy]/g, "") + (indices ? "dy" : "y"));
      this.sticky.set(key, r);
    }
    return r;
  }

  private m(p: Program, text: string, pos: number, caps: Caps, guards: Map<Program, Set<number>>, k: Next): boolean {
    switch (p.t) {
      case "test": {
        const r = this.re(p.js);
        r.lastIndex = pos;
        const hit = r.exec(text);
        return hit !== null && k(pos + hit[0].length, caps);
      }
      case "assert": {
        const r = this.re(p.js, p.groups !== undefined);
        r.lastIndex = pos;
        if (!p.groups) return r.test(text) && k(pos, caps);
        const hit = r.exec(text);
        if (!hit) return false;
        const next = caps.slice();
        for (const [index, slots] of p.groups) {
          for (const slot of slots) if (hit.indices![slot]) next[index] = hit.indices![slot]!;
        }
        return k(pos, next);
      }
      case "empty":
        return k(pos, caps);
      case "fail":
        return false;
      case "seq": {
        const step = (i: number, at: number, c: Caps): boolean =>
          i === p.items.length ? k(at, c) : this.m(p.items[i]!, text, at, c, guards, (q, c2) => step(i + 1, q, c2));
        return step(0, pos, caps);
      }
      case "alt":
        return p.alts.some((a) => this.m(a, text, pos, caps, guards, k));
      case "group":
        return this.m(p.body, text, pos, caps, guards, (q, c) => {
          const next = c.slice();
          next[p.index] = [pos, q];
          return k(q, next);
        });
      case "backref": {
        const span = caps[p.index];
        if (!span) return false;
        const value = text.slice(span[0], span[1]);
        if (!p.ci) return text.startsWith(value, pos) && k(pos + value.length, caps);
        const r = new RegExp(value.replace(/[^\p{L}\p{N}_]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`), "iuy");
        r.lastIndex = pos;
        const hit = r.exec(text);
        return hit !== null && k(pos + hit[0].length, caps);
      }
      case "look": {
        let found: Caps | null = null;
        this.m(p.body, text, pos, caps, guards, (_q, c) => ((found = c), true));
        if (p.negate) return found === null && k(pos, caps);
        return found !== null && k(pos, found);
      }
      case "atomic": {
        let found: { q: number; c: Caps } | null = null;
        this.m(p.body, text, pos, caps, guards, (q, c) => ((found = { q, c }), true));
        return found !== null && k((found as { q: number; c: Caps }).q, (found as { q: number; c: Caps }).c);
      }
      case "repeat":
        return this.repeat(p, text, pos, caps, guards, k, 0);
    }
  }

  private repeat(
    p: Extract<Program, { t: "repeat" }>,
    text: string,
    pos: number,
    caps: Caps,
    guards: Map<Program, Set<number>>,
    k: Next,
    count: number,
    lastEmpty = false,
  ): boolean {
    if (p.mode === "possessive") {
      let found: { q: number; c: Caps } | null = null;
      this.repeat({ ...p, mode: "greedy" }, text, pos, caps, guards, (q, c) => ((found = { q, c }), true), count);
      return found !== null && k((found as { q: number; c: Caps }).q, (found as { q: number; c: Caps }).c);
    }
    const max = p.max ?? Infinity;
    const guarded = p.max !== null; // the module guards bounded repeats only
    const iterate = (): boolean => {
      if (count >= max) return false;
      const failed = guards.get(p);
      if (guarded && failed?.has(pos)) return false;
      let matched = false;
      const ok = this.m(p.body, text, pos, caps, guards, (q, c) => {
        matched = true;
        // An empty iteration ends the loop; in a bounded repeat only the second in a row (the module goes on
        // after the first: it may set a group the body reads).
        if (q === pos && (lastEmpty || !guarded)) return count + 1 >= p.min ? k(q, c) : this.repeat(p, text, q, c, guards, k, p.min, true);
        return this.repeat(p, text, q, c, guards, k, count + 1, q === pos);
      });
      if (!matched && guarded) guards.set(p, (failed ?? new Set()).add(pos));
      return ok;
    };
    if (count < p.min) return iterate();
    return p.mode === "lazy" ? k(pos, caps) || iterate() : iterate() || k(pos, caps);
  }
}
