// A translated pattern's JavaScript source (see translate/, after table expansion) as a program for the
// resumable matcher (resumable.ts): single-character tests, splits (in priority order), assertions and
// lookaheads. Only the constructs that translation emits for a pattern are recognised; anything else
// (backreferences, which also emulate atomic groups and possessive repeats) yields null and the
// pattern is searched with its RegExp alone.
//
// Single characters, classes and lookbehinds are never interpreted here: each keeps its JavaScript
// source and is run by a RegExp built with the pattern's own flags, so a test means exactly what it
// means inside the pattern.

export const Op = {
  /** Consumes one code point that `test` accepts. */
  Char: 0,
  /** Goes on at `next` first, then at `alt` (the order a backtracking matcher tries them). */
  Split: 1,
  /** The whole program (or a lookahead's body) has matched. */
  Match: 2,
  /** Zero-width: at the end of the text. */
  End: 3,
  /** Zero-width: a lookbehind (or `^`), decided by `re` at the position; it only looks back. */
  Behind: 4,
  /** Zero-width: the body at `body` must (or, `negate`, must not) match here. */
  Ahead: 5,
  Fail: 6,
} as const;
export type Op = (typeof Op)[keyof typeof Op];

export interface Inst {
  op: Op;
  next: number;
  alt: number;
  test: CharTest | null;
  re: RegExp | null;
  body: number;
  negate: boolean;
}

/** A one-code-point test: a literal code point by comparison, anything else by its RegExp, remembered per code point. */
export class CharTest {
  private readonly re: RegExp;
  /** The code point of a literal test (`\u{…}` without flag i), else -1. */
  private readonly only: number;
  private latin: Uint8Array | null = null;
  private other: Map<number, boolean> | null = null;
  constructor(readonly source: string, flags: string) {
    this.re = new RegExp(`^(?:${source})$`, flags);
    const m = /^\\u\{([0-9a-fA-F]+)\}$/.exec(source);
    this.only = m && !flags.includes("i") ? parseInt(m[1]!, 16) : -1;
  }
  accepts(cp: number): boolean {
    if (this.only >= 0) return cp === this.only;
    if (cp < 0x100) {
      const t = (this.latin ??= new Uint8Array(0x100));
      let v = t[cp]!;
      if (v === 0) t[cp] = v = this.re.test(String.fromCharCode(cp)) ? 2 : 1;
      return v === 2;
    }
    const m = (this.other ??= new Map());
    let v = m.get(cp);
    if (v === undefined) {
      if (m.size > 4096) m.clear(); // many distinct code points: memory stays bounded
      m.set(cp, (v = this.re.test(String.fromCodePoint(cp))));
    }
    return v;
  }
}

export interface Program {
  insts: Inst[];
  start: number;
  /**
   * Where a match (or a pending match) can begin when it does not begin at the end of the text: a RegExp
   * (flag g) finding the next such position, or null when any position may begin one (see candidates()).
   */
  firstChars: RegExp | null;
  /** The first tests alone (JavaScript source, flag v): a code point no match can begin with fails it. Null with firstChars. */
  firstTest: string | null;
  /** Some repeat's body can match empty: leftmost-first priorities among its paths are not modelled. */
  emptyLoop: boolean;
  /** A lookahead body contains a lookbehind: what the body does after a character depends on the text before. */
  lookbackInAhead: boolean;
  /** Some instruction is a lookbehind: what a thread does at a position may depend on the text before it. */
  lookback: boolean;
  /** The pattern's RegExp backtracks at most linearly from a start (see backtracksLinearly). */
  linearBacktracking: boolean;
  /** The tests of repeats without an upper bound (lookahead bodies included), or null when one repeats more than one character. */
  loops: CharTest[] | null;
}

type Node =
  | { t: "char"; src: string }
  | { t: "seq"; items: Node[] }
  | { t: "alt"; alts: Node[] }
  | { t: "rep"; body: Node; min: number; max: number; lazy: boolean }
  | { t: "ahead"; negate: boolean; body: Node }
  | { t: "behind"; src: string }
  | { t: "end" }
  | { t: "fail" };

class Unsupported extends Error {}

/** Most instructions a program may have (counted repeats are unrolled). */
const MAX_INSTS = 20000;

/** The program for a translated JavaScript source with its flags, or null when it uses what it cannot run. */
export function compileProgram(source: string, flags: string): Program | null {
  const plain = flags.replace(/[dgy]/g, "");
  let root: Node;
  try {
    root = new SourceParser(source).parse();
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
  const insts: Inst[] = [];
  const tests = new Map<string, CharTest>();
  let emptyLoop = false;
  let loops: CharTest[] | null = [];
  let aheadDepth = 0;
  let lookbackInAhead = false;
  const emit = (i: Partial<Inst> & { op: Op }): number => {
    if (insts.length >= MAX_INSTS) throw new Unsupported("program too large");
    insts.push({ next: -1, alt: -1, test: null, re: null, body: -1, negate: false, ...i });
    return insts.length - 1;
  };
  const match = emit({ op: Op.Match });
  // Compiles `n` so that it continues at `next`; returns its entry.
  const c = (n: Node, next: number): number => {
    switch (n.t) {
      case "char": {
        let test = tests.get(n.src);
        if (!test) tests.set(n.src, (test = new CharTest(n.src, plain)));
        return emit({ op: Op.Char, test, next });
      }
      case "seq": {
        let at = next;
        for (let k = n.items.length - 1; k >= 0; k--) at = c(n.items[k]!, at);
        return at;
      }
      case "alt": {
        const entries = n.alts.map((a) => c(a, next));
        let at = entries[entries.length - 1]!;
        for (let k = entries.length - 2; k >= 0; k--) at = emit({ op: Op.Split, next: entries[k]!, alt: at });
        return at;
      }
      case "rep": {
        if (nullable(n.body)) emptyLoop = true;
        let at = next;
        if (n.max === Infinity) {
          if (n.body.t !== "char") loops = null;
          else if (loops !== null) loops.push(new CharTest(n.body.src, plain));
          const loop = emit({ op: Op.Split });
          const body = c(n.body, loop);
          insts[loop]!.next = n.lazy ? next : body;
          insts[loop]!.alt = n.lazy ? body : next;
          at = loop;
        } else {
          for (let k = n.min; k < n.max; k++) {
            const body = c(n.body, at);
            at = n.lazy ? emit({ op: Op.Split, next, alt: body }) : emit({ op: Op.Split, next: body, alt: next });
          }
        }
        for (let k = 0; k < n.min; k++) at = c(n.body, at);
        return at;
      }
      case "ahead": {
        aheadDepth++;
        const body = c(n.body, match);
        aheadDepth--;
        return emit({ op: Op.Ahead, body, negate: n.negate, next });
      }
      case "behind":
        if (aheadDepth > 0) lookbackInAhead = true;
        return emit({ op: Op.Behind, re: new RegExp(n.src, plain + "y"), next });
      case "end":
        return emit({ op: Op.End, next });
      case "fail":
        return emit({ op: Op.Fail });
    }
  };
  let start: number;
  try {
    start = c(root, match);
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
  // With a repeat of a body that can match empty the walk below could miss a way to match without reading.
  const lookback = insts.some((i) => i.op === Op.Behind);
  const cand = emptyLoop ? null : candidates(insts, start, plain);
  const linearBacktracking = backtracksLinearly(root, [], plain);
  return { insts, start, firstChars: cand && cand.re, firstTest: cand && cand.first, emptyLoop, lookbackInAhead, lookback, linearBacktracking, loops };
}

/**
 * What may come first: literal code points and character tests (none: the end of the pattern), or null:
 * anything may.
 */
type First = (number | CharTest)[] | null;

/** What `n` followed by `follow` may begin with. */
function first(n: Node, follow: First, flags: string): First {
  const t = n.t;
  if (t === "char") {
    if (flags.includes("i")) return null;
    const m = /^\\u\{([0-9a-fA-F]+)\}$/.exec(n.src);
    return m ? [parseInt(m[1]!, 16)] : [new CharTest(n.src, flags)];
  }
  if (t === "seq") return n.items.reduceRight((f, item) => first(item, f, flags), follow);
  if (t === "alt") return n.alts.reduce<First>((acc, a) => union(acc, first(a, follow, flags)), []);
  if (t === "rep") return n.min > 0 ? first(n.body, follow, flags) : union(first(n.body, follow, flags), follow);
  return t === "end" || t === "fail" ? [] : null; // lookarounds: not modelled
}

function union(a: First, b: First): First {
  return a && b && [...a, ...b];
}

/**
 * Whether a backtracking matcher (the pattern's RegExp) does at most linear work from one start: every
 * repeat that chooses among more than two counts repeats one character test that rejects whatever may
 * follow it (literal code points, or the end of the pattern), so giving back a character fails at once.
 * Optional items and alternatives multiply the work by a constant of the pattern, never by the text.
 */
function backtracksLinearly(n: Node, follow: First, flags: string): boolean {
  if (n.t === "seq") {
    let f = follow;
    for (let k = n.items.length - 1; k >= 0; k--) {
      if (!backtracksLinearly(n.items[k]!, f, flags)) return false;
      f = first(n.items[k]!, f, flags);
    }
    return true;
  }
  if (n.t === "alt") return n.alts.every((a) => backtracksLinearly(a, follow, flags));
  if (n.t === "ahead") return backtracksLinearly(n.body, [], flags);
  if (n.t !== "rep") return true;
  if (n.max <= 1) return backtracksLinearly(n.body, follow, flags);
  if (n.body.t !== "char" || (n.max > n.min && !follow)) return false;
  if (n.max === n.min) return true;
  const src = n.body.src;
  const test = new CharTest(src, flags);
  let members: number[] | null | undefined;
  return follow!.every((f) => {
    if (typeof f === "number") return !test.accepts(f);
    // A class may follow: the repeat's own class must be small enough to list, and disjoint from it.
    members ??= classMembers(src);
    return members !== null && members.every((cp) => !f.accepts(cp));
  });
}

/** The code points of a class written as `[…]` of `\u{…}` escapes and ranges (no negation), at most 64; else null. */
function classMembers(src: string): number[] | null {
  const m = /^\[((?:\\u\{[0-9A-Fa-f]+\}(?:-\\u\{[0-9A-Fa-f]+\})?)+)\]$/.exec(src);
  if (!m) return null;
  const out: number[] = [];
  for (const r of m[1]!.matchAll(/\\u\{([0-9A-Fa-f]+)\}(?:-\\u\{([0-9A-Fa-f]+)\})?/g)) {
    const a = parseInt(r[1]!, 16);
    const b = r[2] === undefined ? a : parseInt(r[2], 16);
    if (b - a + out.length >= 64) return null;
    for (let cp = a; cp <= b; cp++) out.push(cp);
  }
  return out;
}

function nullable(n: Node): boolean {
  switch (n.t) {
    case "char":
    case "fail":
      return false;
    case "seq":
      return n.items.every(nullable);
    case "alt":
      return n.alts.some(nullable);
    case "rep":
      return n.min === 0 || nullable(n.body);
    default:
      return true;
  }
}

/**
 * Where a thread started away from the end of the text can survive, as one RegExp (flag g) that finds the
 * next such position: its first code point must pass one of the first tests, and the next ones (unless the
 * text ends there) tests that can follow, three code points deep. Null when a thread can match without
 * reading anything (any position may then begin a match). The RegExp over-approximates: lookbehinds and
 * negative lookaheads are taken as passing, and of a positive lookahead and what follows it (both must
 * survive) only what follows is tested, or the body when nothing needs to follow; `End` fails (the
 * position at the end of the text is always searched).
 */
function candidates(insts: Inst[], start: number, flags: string): { re: RegExp; first: string } | null {
  // The Char instructions a thread at `pc` waits at first, and whether it can match without reading.
  const memo = new Map<number, { pcs: Set<number>; free: boolean }>();
  const reach = (pc: number): { pcs: Set<number>; free: boolean } => {
    let r = memo.get(pc);
    if (r) return r;
    const i = insts[pc]!;
    const both = (a: { pcs: Set<number>; free: boolean }, b: { pcs: Set<number>; free: boolean }, free: boolean) => ({
      pcs: new Set([...a.pcs, ...b.pcs]),
      free,
    });
    if (i.op === Op.Char) r = { pcs: new Set([pc]), free: false };
    else if (i.op === Op.Split) {
      const a = reach(i.next);
      const b = reach(i.alt);
      r = both(a, b, a.free || b.free);
    } else if (i.op === Op.Behind || (i.op === Op.Ahead && i.negate)) r = reach(i.next);
    else if (i.op === Op.Ahead) {
      // Both must survive: either one bounds where a thread can; what follows, unless it needs nothing.
      const then = reach(i.next);
      r = then.free ? reach(i.body) : then;
    } else r = { pcs: new Set(), free: i.op === Op.Match };
    memo.set(pc, r);
    return r;
  };
  const first = reach(start);
  if (first.free) return null;
  // What may follow a position's code point: from the Char instructions waiting there, grouped by test,
  // the tests of the next code point (null: a thread can match there, anything may follow).
  const grouped = (pcs: Iterable<number>): Map<string, Set<number> | null> => {
    const by = new Map<string, Set<number> | null>();
    for (const pc of pcs) {
      const src = insts[pc]!.test!.source;
      const then = reach(insts[pc]!.next);
      const known = by.get(src);
      if (known === null) continue;
      by.set(src, then.free ? null : new Set([...(known ?? []), ...then.pcs]));
    }
    return by;
  };
  // Tests `depth` code points deep (a shorter text may end anywhere: `$`).
  const test = (pcs: Iterable<number>, depth: number): string => {
    const alts: string[] = [];
    for (const [src, next] of grouped(pcs)) {
      if (depth === 1 || next === null) alts.push(`(?:${src})`);
      else alts.push(`(?:${src})(?:${next.size ? `${test(next, depth - 1)}|` : ""}$)`);
    }
    return alts.length ? alts.join("|") : "(?!)";
  };
  // Three code points deep unless that makes a large RegExp; then two.
  let source = test(first.pcs, 3);
  if (source.length > 4000) source = test(first.pcs, 2);
  return { re: new RegExp(source, flags + "g"), first: test(first.pcs, 1) };
}

/** A recursive-descent parser for the JavaScript pattern syntax that translation emits (flag `v`). */
class SourceParser {
  private i = 0;
  constructor(private readonly s: string) {}

  parse(): Node {
    const n = this.alternation();
    if (this.i !== this.s.length) throw new Unsupported(`unexpected ${this.s[this.i]}`);
    return n;
  }

  private alternation(): Node {
    const alts = [this.sequence()];
    while (this.s[this.i] === "|") {
      this.i++;
      alts.push(this.sequence());
    }
    return alts.length === 1 ? alts[0]! : { t: "alt", alts };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.i < this.s.length && this.s[this.i] !== "|" && this.s[this.i] !== ")") items.push(this.quantified(this.atom()));
    return items.length === 1 ? items[0]! : { t: "seq", items };
  }

  private quantified(atom: Node): Node {
    const s = this.s;
    let min: number;
    let max: number;
    const ch = s[this.i];
    if (ch === "*") [min, max] = [0, Infinity];
    else if (ch === "+") [min, max] = [1, Infinity];
    else if (ch === "?") [min, max] = [0, 1];
    else if (ch === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(s.slice(this.i));
      if (!m) throw new Unsupported("brace");
      min = Number(m[1]);
      max = m[2] === undefined ? min : m[3] === "" ? Infinity : Number(m[3]);
      this.i += m[0].length - 1;
    } else return atom;
    this.i++;
    let lazy = false;
    if (s[this.i] === "?") {
      lazy = true;
      this.i++;
    }
    if (atom.t === "ahead" || atom.t === "behind" || atom.t === "end") throw new Unsupported("quantified assertion");
    return { t: "rep", body: atom, min, max, lazy };
  }

  private atom(): Node {
    const s = this.s;
    const start = this.i;
    const ch = s[this.i]!;
    if (ch === "(") {
      this.i++;
      let kind: "group" | "ahead" | "notAhead" | "behind" = "group";
      if (s.startsWith("?:", this.i)) this.i += 2;
      else if (s.startsWith("?=", this.i)) [kind, this.i] = ["ahead", this.i + 2];
      else if (s.startsWith("?!", this.i)) [kind, this.i] = ["notAhead", this.i + 2];
      else if (s.startsWith("?<=", this.i) || s.startsWith("?<!", this.i)) [kind, this.i] = ["behind", this.i + 3];
      else if (s.startsWith("?<", this.i)) this.i = s.indexOf(">", this.i) + 1;
      else if (s[this.i] === "?") throw new Unsupported("group kind");
      const body = this.alternation();
      if (s[this.i] !== ")") throw new Unsupported("unclosed group");
      this.i++;
      const src = s.slice(start, this.i);
      if (kind === "behind") return { t: "behind", src };
      if (kind === "notAhead" && src === "(?![\\s\\S])") return { t: "end" };
      if (kind === "notAhead" && src === "(?!)") return { t: "fail" };
      if (kind === "group") return body;
      return { t: "ahead", negate: kind === "notAhead", body };
    }
    if (ch === "[") {
      this.classEnd();
      return { t: "char", src: s.slice(start, this.i) };
    }
    if (ch === "\\") {
      const e = s[this.i + 1];
      if (e === undefined || /[1-9bBk]/.test(e)) throw new Unsupported("backreference or word boundary");
      const m = /^\\(?:u\{[0-9A-Fa-f]+\}|u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2}|[pP]\{[^}]*\}|c[A-Za-z]|[\s\S])/u.exec(s.slice(this.i));
      this.i += m![0].length;
      return { t: "char", src: m![0] };
    }
    if (ch === "^") {
      this.i++;
      return { t: "behind", src: "^" };
    }
    if (ch === "$") {
      this.i++;
      return { t: "end" };
    }
    if ("*+?{)|".includes(ch)) throw new Unsupported(`stray ${ch}`);
    const cp = s.codePointAt(this.i)!;
    this.i += cp > 0xffff ? 2 : 1;
    return { t: "char", src: ch === "." ? "." : `\\u{${cp.toString(16)}}` };
  }

  /** Moves past a class, nested classes (flag `v`) included. */
  private classEnd(): void {
    const s = this.s;
    let depth = 0;
    for (; this.i < s.length; this.i++) {
      const ch = s[this.i];
      if (ch === "\\") this.i++;
      else if (ch === "[") depth++;
      else if (ch === "]" && --depth === 0) {
        this.i++;
        return;
      }
    }
    throw new Unsupported("unclosed class");
  }
}
