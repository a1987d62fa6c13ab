// Questions about the strings an IR expression accepts, each a small pure function: its finite set of
// strings, its first characters, its derivative after some text, the fixed text it starts with.

import { alt, ANY, EMPTY, intersect, lit, normalizeRanges, nullable, rangesOf, rep, seq, subtract, WS, type G, type Ranges, type Rules } from "./ir.ts";

/** The set of strings a finite expression (literals only) can produce, or null. */
export function finiteStrings(g: G, limit = 64): string[] | null {
  switch (g.t) {
    case "lit":
      return [g.s];
    case "alt": {
      const out: string[] = [];
      for (const a of g.alts) {
        const s = finiteStrings(a, limit);
        if (!s) return null;
        out.push(...s);
      }
      return out.length <= limit ? out : null;
    }
    case "seq": {
      let acc = [""];
      for (const i of g.items) {
        const s = finiteStrings(i, limit);
        if (!s) return null;
        acc = acc.flatMap((a) => s.map((b) => a + b));
        if (acc.length > limit) return null;
      }
      return acc;
    }
    case "rep": {
      if (g.max === Infinity || g.max > 4) return null;
      const body = finiteStrings(g.body, limit);
      if (!body) return null;
      let acc = g.min === 0 ? [""] : [];
      let cur = [""];
      for (let k = 1; k <= g.max; k++) {
        cur = cur.flatMap((a) => body.map((b) => a + b));
        if (k >= g.min) acc = [...acc, ...cur];
        if (acc.length > limit) return null;
      }
      return acc;
    }
    default:
      return null;
  }
}

/**
 * First characters of what `g` consumes. Rule references are followed through `rules` when given;
 * otherwise, and where a reference recurses before a character, "any".
 */
export function firstChars(g: G, rules?: Rules): Ranges | "any" {
  const visit = (x: G, seen: Set<string>): { r: Ranges | "any"; empty: boolean } => {
    switch (x.t) {
      case "lit":
        return x.s === "" ? { r: [], empty: true } : { r: rangesOf([...x.s][0]!), empty: false };
      case "cls":
        return { r: x.ranges, empty: false };
      case "ref": {
        const body = rules?.rules.get(x.name);
        if (!body || seen.has(x.name)) return { r: "any", empty: true };
        return visit(body, new Set([...seen, x.name]));
      }
      case "rep": {
        const b = visit(x.body, seen);
        return { r: b.r, empty: b.empty || x.min === 0 };
      }
      case "alt":
      case "seq": {
        let r: Ranges | "any" = [];
        let empty = x.t === "seq";
        for (const i of x.t === "alt" ? x.alts : x.items) {
          const v = visit(i, seen);
          r = r === "any" || v.r === "any" ? "any" : normalizeRanges([...r, ...v.r]);
          if (x.t === "alt") empty ||= v.empty;
          else if (!v.empty) return { r, empty: false };
        }
        return { r, empty };
      }
    }
  };
  return visit(g, new Set()).r;
}

/** `g` after reading `s` (Brzozowski derivative), or null when `g` cannot start with `s`. References: null. */
export function derive(g: G, s: string): G | null {
  let cur: G | null = g;
  for (const ch of s) {
    if (!cur) return null;
    cur = deriveChar(cur, ch.codePointAt(0)!);
  }
  return cur;
}

function deriveChar(g: G, cp: number): G | null {
  switch (g.t) {
    case "lit": {
      const [first, ...rest] = [...g.s];
      return first !== undefined && first.codePointAt(0) === cp ? lit(rest.join("")) : null;
    }
    case "cls":
      return g.ranges.some(([a, b]) => cp >= a && cp <= b) ? EMPTY : null;
    case "ref":
      return null;
    case "alt": {
      const as = g.alts.map((a) => deriveChar(a, cp)).filter((a): a is G => a !== null);
      return as.length ? alt(...as) : null;
    }
    case "rep": {
      if (g.max === 0) return null;
      const d = deriveChar(g.body, cp);
      return d ? seq(d, rep(g.body, Math.max(0, g.min - 1), g.max - 1)) : null;
    }
    case "seq": {
      const [first, ...rest] = g.items;
      if (!first) return null;
      const options: G[] = [];
      const d = deriveChar(first, cp);
      if (d) options.push(seq(d, ...rest));
      if (nullable(first)) {
        const r = deriveChar(seq(...rest), cp);
        if (r) options.push(r);
      }
      return options.length ? alt(...options) : null;
    }
  }
}

/**
 * Can a non-empty string of `a` be the start of a text made of a string of `b` and anything after it?
 * Explored over pairs of derivatives, one character per class of characters both treat alike; true
 * when the exploration grows past `limit` pairs or meets a rule reference.
 */
export function reachesInto(a: G, b: G, limit = 500): boolean {
  // null: past the end of `b`, where any text may follow.
  const queue: [G, G | null][] = [[a, b]];
  const seen = new Set<string>();
  while (queue.length) {
    const [x, y] = queue.shift()!;
    const free = y === null || nullable(y);
    const fx = firstChars(x);
    const fy = free ? ANY : firstChars(y);
    if (fx === "any" || fy === "any") return true;
    for (const c of representatives(intersect(fx, fy), y === null ? [x] : [x, y])) {
      const ch = String.fromCodePoint(c);
      const x2 = derive(x, ch);
      if (!x2) continue;
      if (nullable(x2)) return true;
      const y2 = free ? null : derive(y, ch);
      if (!free && y2 === null) continue;
      const k = JSON.stringify([x2, y2]);
      if (seen.has(k)) continue;
      if (seen.size >= limit) return true;
      seen.add(k);
      queue.push([x2, y2]);
    }
  }
  return false;
}

/** One character of each class of `within` that the characters of `gs` do not split. */
function representatives(within: Ranges, gs: G[]): number[] {
  const cuts = new Set<number>();
  const visit = (g: G): void => {
    if (g.t === "lit") for (const ch of g.s) cuts.add(ch.codePointAt(0)!).add(ch.codePointAt(0)! + 1);
    else if (g.t === "cls") for (const [x, y] of g.ranges) cuts.add(x).add(y + 1);
    else if (g.t === "seq" || g.t === "alt") (g.t === "seq" ? g.items : g.alts).forEach(visit);
    else if (g.t === "rep") visit(g.body);
  };
  gs.forEach(visit);
  const out: number[] = [];
  for (const [x, y] of within) {
    out.push(x);
    for (const c of [...cuts].filter((c) => c > x && c <= y).sort((p, q) => p - q)) out.push(c);
  }
  return out;
}

/** A `\s*`-like run: optional repeats of ASCII whitespace. */
export const isSpaceRun = (g: G): boolean => g.t === "rep" && g.min === 0 && g.body.t === "cls" && subtract(g.body.ranges, WS).length === 0;

/** `\s*` / `\s+` style prefix of an expression: leading whitespace repeats are skipped. */
export function skipLeadingSpace(items: G[]): G[] {
  let i = 0;
  while (i < items.length) {
    const x = items[i]!;
    if (isSpaceRun(x)) i++;
    else break;
  }
  return items.slice(i);
}

/**
 * The literal text a branch starts with, after optional leading whitespace, as alternatives with what
 * follows each: `\s*(?:A\s*)?B x` → [{A, \s* B x}, {B, x}]. Null when some match starts otherwise.
 */
export function splitLeading(g: G, o: { skipOptional?: boolean } = {}): { literal: string; rest: G }[] | null {
  let its = skipLeadingSpace(g.t === "seq" ? g.items : [g]);
  // Optional leading parts (gpt-oss's `(?:<|start|>assistant)?`) may be left to the text before.
  if (o.skipOptional) while (its.length > 1 && its[0]!.t === "rep" && its[0]!.min === 0) its = skipLeadingSpace(its.slice(1));
  const [first, ...rest] = its;
  if (!first) return null;
  if (first.t === "lit") return first.s ? [{ literal: first.s, rest: seq(...rest) }] : rest.length ? splitLeading(seq(...rest)) : null;
  if (first.t === "alt") {
    const out: { literal: string; rest: G }[] = [];
    for (const a of first.alts) {
      const s = splitLeading(seq(a, ...rest));
      if (!s) return null;
      out.push(...s);
    }
    return out;
  }
  if (first.t === "rep" && first.min === 0 && first.max === 1) {
    const a = splitLeading(seq(first.body, ...rest));
    const b = splitLeading(seq(...rest));
    return a && b ? [...a, ...b] : null;
  }
  return null;
}
