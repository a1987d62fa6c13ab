// Static questions about a pattern, answered on the AST by small pure functions (for the compiler:
// fast pre-filters, hold-back bounds, field validation). Lengths count code points.
import type { ClassItem, Node } from "./ast.ts";
import { lengthRange, maxLength } from "./lengths.ts";
import { visit } from "./walk.ts";

/** Inclusive code-point ranges, or "any" when a set is too complex to enumerate. */
export type CharSet = [number, number][] | "any";

/** Static facts about a parsed pattern, in code points (`analyze`). */
export interface PatternAnalysis {
  /** Literal text every match starts with (case-sensitive characters only). */
  literalPrefix: string;
  /** Characters the first consumed character may be (a match may also be empty: see canMatchEmpty). */
  firstChars: CharSet;
  minLength: number;
  /** Infinity when unbounded. */
  maxLength: number;
  canMatchEmpty: boolean;
  captureNames: string[];
  /** How far before the search position a match may look (lookbehinds, `\b`, `^`); Infinity if unbounded. */
  maxLookbehind: number;
}

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
  return first(n).set;
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
  visit(n, (m) => {
    if (m.type === "assert") {
      if (m.kind !== "textEnd" && m.kind !== "end" && m.kind !== "lineEnd") worst = Math.max(worst, m.kind === "searchAnchor" ? Infinity : 1);
    } else if (m.type === "look" && m.behind) {
      worst = Math.max(worst, maxLength(m.body));
    }
  });
  return worst;
}

export function captureNames(n: Node): string[] {
  const out: string[] = [];
  visit(n, (m) => {
    if (m.type === "group" && m.name !== null && !out.includes(m.name)) out.push(m.name);
  });
  return out;
}

/** The facts the compiler and PatternFacts use, computed from a pattern's AST root (`parse(source).root`). */
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
