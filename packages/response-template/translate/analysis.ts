// Static questions about a pattern, answered on the AST by small pure functions (for the compiler:
// fast pre-filters, hold-back bounds, field validation). Lengths count code points.
import type { ClassItem, Node } from "./ast.ts";
import { children } from "./walk.ts";

/** Inclusive code-point ranges, or "any" when a set is too complex to enumerate. */
export type CharSet = [number, number][] | "any";

export interface PatternAnalysis {
  literalPrefix: string;
  /** Characters the first consumed character may be (a match may also be empty: see canMatchEmpty). */
  firstChars: CharSet;
  minLength: number;
  maxLength: number;
  canMatchEmpty: boolean;
  captureNames: string[];
  /** How far before the search position a match may look (lookbehinds, `\b`, `^`); Infinity if unbounded. */
  maxLookbehind: number;
}

/** Inclusive [min, max] length of what `n` consumes. */
export function lengthRange(n: Node): [number, number] {
  switch (n.type) {
    case "char":
    case "class":
    case "any":
      return [1, 1];
    case "fuzzy":
      return [0, 2];
    case "newline":
      return [1, 2];
    case "grapheme":
      return [1, Infinity];
    case "empty":
    case "assert":
    case "look":
    case "keep":
      return [0, 0];
    case "fail":
      return [Infinity, 0];
    case "backref":
    case "call":
      return [0, Infinity];
    case "seq":
      return n.items.map(lengthRange).reduce(([a, b], [c, d]) => [a + c, b + d], [0, 0]);
    case "alt": {
      const rs = n.alts.map(lengthRange);
      return [Math.min(...rs.map((r) => r[0])), Math.max(...rs.map((r) => r[1]))];
    }
    case "group":
    case "atomic":
      return lengthRange(n.body);
    case "repeat": {
      const [a, b] = lengthRange(n.body);
      return [a * n.min, b === 0 ? 0 : b * n.max];
    }
  }
}

export const minLength = (n: Node): number => lengthRange(n)[0];
export const maxLength = (n: Node): number => lengthRange(n)[1];
export const canMatchEmpty = (n: Node): boolean => minLength(n) === 0;

/** The literal text every match starts with (case-sensitive characters only). */
export function literalPrefix(n: Node): string {
  switch (n.type) {
    case "char":
      return n.ci ? "" : String.fromCodePoint(n.cp);
    case "group":
    case "atomic":
      return literalPrefix(n.body);
    case "repeat":
      if (n.min === 0) return "";
      return isLiteral(n.body) ? literalPrefix(n.body).repeat(Math.min(n.min, 64)) : literalPrefix(n.body);
    case "seq": {
      let out = "";
      for (const item of n.items) {
        if (item.type === "assert" || item.type === "look" || item.type === "keep") return out;
        const p = literalPrefix(item);
        out += p;
        // Only continue past an item that is exactly its literal text.
        if (!isLiteral(item) || p === "") return out;
      }
      return out;
    }
    default:
      return "";
  }
}

function isLiteral(n: Node): boolean {
  if (n.type === "char") return !n.ci;
  if (n.type === "group") return isLiteral(n.body);
  if (n.type === "seq") return n.items.every(isLiteral);
  if (n.type === "repeat") return n.min === n.max && isLiteral(n.body);
  return false;
}

/** Characters the first consumed character of a match may be. */
export function firstChars(n: Node): CharSet {
  const r = first(n);
  return r.set;
}

interface First {
  set: CharSet;
  /** `n` may consume nothing, so what follows contributes too. */
  nullable: boolean;
}

const union = (a: CharSet, b: CharSet): CharSet => (a === "any" || b === "any" ? "any" : normalize([...a, ...b]));

function normalize(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

function classSet(negated: boolean, ci: boolean, items: ClassItem[]): CharSet {
  if (negated || ci || items.some((i) => i.type !== "range")) return "any";
  return normalize(items.map((i) => (i.type === "range" ? [i.from, i.to] : [0, 0])));
}

function first(n: Node): First {
  switch (n.type) {
    case "char":
      return { set: n.ci ? "any" : [[n.cp, n.cp]], nullable: false };
    case "class":
      return { set: classSet(n.negated, n.ci, n.items), nullable: false };
    case "any":
    case "grapheme":
    case "call":
    case "backref":
      return { set: "any", nullable: n.type === "backref" || n.type === "call" };
    case "newline":
      return { set: [[10, 13], [0x85, 0x85], [0x2028, 0x2029]], nullable: false };
    case "fuzzy":
      return { set: "any", nullable: true };
    case "empty":
    case "assert":
    case "look":
    case "keep":
    case "fail":
      return { set: [], nullable: true };
    case "group":
    case "atomic":
      return first(n.body);
    case "repeat": {
      const f = first(n.body);
      return { set: f.set, nullable: f.nullable || n.min === 0 };
    }
    case "alt":
      return n.alts.map(first).reduce((a, b) => ({ set: union(a.set, b.set), nullable: a.nullable || b.nullable }), {
        set: [],
        nullable: false,
      });
    case "seq": {
      let set: CharSet = [];
      for (const item of n.items) {
        const f = first(item);
        set = union(set, f.set);
        if (!f.nullable) return { set, nullable: false };
      }
      return { set, nullable: true };
    }
  }
}

/** How many characters before the match start the pattern may inspect. */
export function maxLookbehind(n: Node): number {
  let worst = 0;
  const visit = (m: Node): void => {
    if (m.type === "assert") {
      if (m.kind !== "textEnd" && m.kind !== "end" && m.kind !== "lineEnd") worst = Math.max(worst, m.kind === "searchAnchor" ? Infinity : 1);
    } else if (m.type === "look" && m.behind) {
      worst = Math.max(worst, maxLength(m.body));
    }
    for (const c of children(m)) visit(c);
  };
  visit(n);
  return worst;
}

export function captureNames(n: Node): string[] {
  const out: string[] = [];
  const visit = (m: Node): void => {
    if (m.type === "group" && m.name !== null && !out.includes(m.name)) out.push(m.name);
    for (const c of children(m)) visit(c);
  };
  visit(n);
  return out;
}

export function analyze(n: Node): PatternAnalysis {
  const [min, max] = lengthRange(n);
  return {
    literalPrefix: literalPrefix(n),
    firstChars: firstChars(n),
    minLength: min,
    maxLength: max,
    canMatchEmpty: min === 0,
    captureNames: captureNames(n),
    maxLookbehind: maxLookbehind(n),
  };
}
