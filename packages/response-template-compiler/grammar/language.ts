// Questions about the strings an IR expression accepts, each a small pure function: its finite set of
// strings, its first characters, the fixed text it starts with.

import { normalizeRanges, rangesOf, seq, subtract, WS, type G, type Ranges } from "./ir.ts";

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

/** First characters of what `g` consumes ("any" when unknown: references). */
export function firstChars(g: G): Ranges | "any" {
  const f = (x: G): { r: Ranges | "any"; empty: boolean } => {
    switch (x.t) {
      case "lit":
        return x.s === "" ? { r: [], empty: true } : { r: rangesOf([...x.s][0]!), empty: false };
      case "cls":
        return { r: x.ranges, empty: false };
      case "ref":
        return { r: "any", empty: true };
      case "alt": {
        let r: Ranges | "any" = [];
        let empty = false;
        for (const a of x.alts) {
          const s = f(a);
          r = r === "any" || s.r === "any" ? "any" : normalizeRanges([...r, ...s.r]);
          empty ||= s.empty;
        }
        return { r, empty };
      }
      case "rep": {
        const s = f(x.body);
        return { r: s.r, empty: s.empty || x.min === 0 };
      }
      case "seq": {
        let r: Ranges | "any" = [];
        for (const i of x.items) {
          const s = f(i);
          r = r === "any" || s.r === "any" ? "any" : normalizeRanges([...r, ...s.r]);
          if (!s.empty) return { r, empty: false };
        }
        return { r, empty: true };
      }
    }
  };
  return f(g).r;
}

/** `\s*` / `\s+` style prefix of an expression: leading whitespace repeats are skipped. */
export function skipLeadingSpace(items: G[]): G[] {
  let i = 0;
  while (i < items.length) {
    const x = items[i]!;
    if (x.t === "rep" && x.min === 0 && x.body.t === "cls" && subtract(x.body.ranges, WS).length === 0) i++;
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
