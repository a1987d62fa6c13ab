// The grammar IR every emitter reads: expressions over code points plus a set of named rules. Built by
// the pattern translator, the exclusion builder, the JSON-schema translator and the turn assembler;
// printed as GBNF (gbnf.ts) and, inside structural tags, as xgrammar EBNF (the same text).

/** Inclusive code-point ranges, sorted and merged. */
export type Ranges = [number, number][];

export type G =
  | { t: "lit"; s: string }
  | { t: "cls"; ranges: Ranges }
  | { t: "seq"; items: G[] }
  | { t: "alt"; alts: G[] }
  | { t: "rep"; body: G; min: number; max: number }
  | { t: "ref"; name: string };

export const MAX_CP = 0x10ffff;
export const EMPTY: G = { t: "lit", s: "" };

export const lit = (s: string): G => ({ t: "lit", s });
export const ref = (name: string): G => ({ t: "ref", name });

export function seq(...items: G[]): G {
  const flat: G[] = [];
  for (const i of items) {
    if (i.t === "seq") flat.push(...i.items);
    else if (!(i.t === "lit" && i.s === "")) flat.push(i);
  }
  // Adjacent literals print as one string.
  const merged: G[] = [];
  for (const i of flat) {
    const last = merged[merged.length - 1];
    if (last?.t === "lit" && i.t === "lit") merged[merged.length - 1] = lit(last.s + i.s);
    else merged.push(i);
  }
  return merged.length === 0 ? EMPTY : merged.length === 1 ? merged[0]! : { t: "seq", items: merged };
}

export function alt(...alts: G[]): G {
  const flat: G[] = [];
  const seen = new Set<string>();
  for (const a of alts) {
    for (const x of a.t === "alt" ? a.alts : [a]) {
      const key = JSON.stringify(x);
      if (!seen.has(key)) {
        seen.add(key);
        flat.push(x);
      }
    }
  }
  if (flat.length === 0) throw new Error("alt() needs at least one alternative");
  return flat.length === 1 ? flat[0]! : { t: "alt", alts: flat };
}

export const rep = (body: G, min: number, max: number): G => ({ t: "rep", body, min, max });
export const opt = (body: G): G => rep(body, 0, 1);
export const star = (body: G): G => rep(body, 0, Infinity);

export function normalizeRanges(ranges: Ranges): Ranges {
  const sorted = ranges.filter(([a, b]) => a <= b).sort((x, y) => x[0] - y[0]);
  const out: Ranges = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

export function complement(ranges: Ranges): Ranges {
  const out: Ranges = [];
  let next = 0;
  for (const [a, b] of normalizeRanges(ranges)) {
    if (a > next) out.push([next, a - 1]);
    next = b + 1;
  }
  if (next <= MAX_CP) out.push([next, MAX_CP]);
  return out;
}

export function intersect(a: Ranges, b: Ranges): Ranges {
  const out: Ranges = [];
  for (const [x1, y1] of a) for (const [x2, y2] of b) if (Math.max(x1, x2) <= Math.min(y1, y2)) out.push([Math.max(x1, x2), Math.min(y1, y2)]);
  return normalizeRanges(out);
}

export const subtract = (a: Ranges, b: Ranges): Ranges => intersect(a, complement(b));
export const rangesOf = (chars: string): Ranges => normalizeRanges([...chars].map((c) => [c.codePointAt(0)!, c.codePointAt(0)!]));

export const ANY: Ranges = [[0, MAX_CP]];
/** The whitespace delimiter patterns' `\s` stands for here: ASCII only (a subset of Python's, so sound). */
export const WS: Ranges = rangesOf(" \t\n\r\x0b\x0c");

/** A character class. Empty classes are not representable: callers check. */
export function cls(ranges: Ranges): G {
  const r = normalizeRanges(ranges);
  if (r.length === 1 && r[0]![0] === r[0]![1]) return lit(String.fromCodePoint(r[0]![0]));
  return { t: "cls", ranges: r };
}

/** Does `g` (ignoring rule references) accept the empty string? References count as non-empty. */
export function nullable(g: G): boolean {
  switch (g.t) {
    case "lit":
      return g.s === "";
    case "cls":
    case "ref":
      return false;
    case "seq":
      return g.items.every(nullable);
    case "alt":
      return g.alts.some(nullable);
    case "rep":
      return g.min === 0 || nullable(g.body);
  }
}

/**
 * Named rules. `add` interns a rule under a readable, unique name (the same expression gets the same
 * name), `define` fills a name reserved with `reserve` (for recursion).
 */
export class Rules {
  readonly rules = new Map<string, G>();
  private readonly byBody = new Map<string, string>();

  private unique(hint: string): string {
    const base = hint.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "r";
    let name = base;
    for (let i = 2; this.rules.has(name); i++) name = `${base}-${i}`;
    return name;
  }

  add(hint: string, body: G): string {
    const key = JSON.stringify(body);
    const known = this.byBody.get(key);
    if (known) return known;
    const name = this.unique(hint);
    this.rules.set(name, body);
    this.byBody.set(key, name);
    return name;
  }

  reserve(hint: string): string {
    const name = this.unique(hint);
    this.rules.set(name, EMPTY);
    return name;
  }

  define(name: string, body: G): void {
    this.rules.set(name, body);
  }
}
