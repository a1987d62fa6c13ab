// Nodes of the pattern AST (response-template/translate) as the grammar sees them: the code points a
// character or class matches, a node as an IR expression, a node as regex source again (to run parts of
// a pattern with the real matcher), the literals every match contains, and the top-level alternatives
// of a pattern. A construct the grammar cannot express throws UnsupportedBranch: the caller leaves that
// branch out, which only ever makes the grammar accept less.

import { compilePattern, type Node } from "response-template/translate";
import { DIGIT, SPACE, WORD } from "response-template/runtime";
import { legalClass } from "./gbnf.ts";
import { alt, ANY, cls, complement, EMPTY, lit, normalizeRanges, rangesOf, rep, seq, type G, type Ranges } from "./ir.ts";

export class UnsupportedBranch extends Error {}

/** A branch that cannot name this tool at all (the parser could not read the name there either). */
export class NotThisName extends UnsupportedBranch {}

type ClassItem = Extract<Node, { type: "class" }>["items"][number];

function parseRanges(table: string): Ranges {
  const out: Ranges = [];
  for (const m of table.matchAll(/\\u\{([0-9A-F]+)\}(?:-\\u\{([0-9A-F]+)\})?/gi)) {
    const a = parseInt(m[1]!, 16);
    out.push([a, m[2] ? parseInt(m[2], 16) : a]);
  }
  return normalizeRanges(out);
}
const SETS = {
  word: parseRanges(WORD),
  digit: parseRanges(DIGIT),
  space: parseRanges(SPACE),
  horiz: normalizeRanges([[9, 9], [0x20, 0x20], [0xa0, 0xa0], [0x1680, 0x1680], [0x2000, 0x200a], [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000]]),
};
const ASCII_SETS = { word: rangesOf("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"), digit: rangesOf("0123456789"), space: rangesOf(" \t\n\r\x0b\x0c"), horiz: rangesOf(" \t") };

function caseVariants(cp: number): number[] {
  const c = String.fromCodePoint(cp);
  return [...new Set([c, c.toLowerCase(), c.toUpperCase()].filter((x) => [...x].length === 1).map((x) => x.codePointAt(0)!))];
}

/**
 * A class item's characters. A set (`\\s`, `\\w`, `\\d`) used positively is narrowed to ASCII (the grammar
 * accepts less, and a delimiter's `\\s*` stays readable); inside a negated class, and negated itself
 * (`\\S`), the exact Unicode set is used, so that the complement never grows.
 */
function itemRanges(i: ClassItem, exact: boolean): Ranges {
  switch (i.type) {
    case "range":
      return [[i.from, i.to]];
    case "set":
      if (i.negated) return complement(SETS[i.kind]);
      return exact && !i.ascii ? SETS[i.kind] : ASCII_SETS[i.kind];
    default:
      throw new UnsupportedBranch(`character property ${i.name}`);
  }
}

/** The code points a char, class or `.` node matches: exact when `wide`, else as itemRanges narrows them. */
export function nodeRanges(n: Node, wide = false): Ranges | null {
  switch (n.type) {
    case "char":
      return normalizeRanges((n.ci ? caseVariants(n.cp) : [n.cp]).map((c) => [c, c]));
    case "any":
      return n.dotall ? ANY : complement([[10, 10]]);
    case "class": {
      let r = normalizeRanges(n.items.flatMap((i) => itemRanges(i, n.negated || wide)));
      if (n.ci) r = normalizeRanges(r.flatMap(([a, b]) => (b - a < 512 ? Array.from({ length: b - a + 1 }, (_, k) => caseVariants(a + k).map((c): [number, number] => [c, c])).flat() : [[a, b] as [number, number]])));
      return n.negated ? complement(r) : r;
    }
    default:
      return null;
  }
}

export function classG(r: Ranges): G {
  const l = legalClass(r);
  if (!l) throw new UnsupportedBranch("a character class with no character the engines can express");
  return l.g;
}

/** Flattens a sequence, inlining non-capturing groups whose body is a sequence. */
export function items(n: Node): Node[] {
  if (n.type === "seq") return n.items.flatMap(items);
  if (n.type === "group" && n.name === null && n.body.type === "seq") return items(n.body);
  if (n.type === "empty") return [];
  return [n];
}

/**
 * Top-level alternatives, with an alternation group that starts or ends the branch distributed over the
 * rest: `(?:^|>>>)x` → `^x`, `>>>x`; `\\s*(?:</s>|(?=\\[))` → `\\s*</s>`, `\\s*(?=\\[)`; and the name
 * group brought to the top level (distribute).
 */
export function branchesOf(n: Node): Node[][] {
  if (n.type === "alt") return n.alts.flatMap(branchesOf);
  if (n.type === "group" && n.name === null) return branchesOf(n.body);
  const its = items(n);
  const head = choicesOf(its[0]);
  if (head?.alt) return head.alt.flatMap((a) => branchesOf({ type: "seq", items: [a, ...its.slice(1)] }));
  const tail = its.length > 1 ? choicesOf(its[its.length - 1]) : null;
  if (tail?.alt) return tail.alt.flatMap((a) => branchesOf({ type: "seq", items: [...its.slice(0, -1), a] }));
  return distribute(its, "name");
}

/**
 * The item lists with every alternation (or optional part) that holds the named group distributed, so
 * that the group stands at the top level of each: `a(?:(?P<name>x)b|(?P<name>y))` → `a(?P<name>x)b`,
 * `a(?P<name>y)`. A group held by another construct stays inside it.
 */
export function distribute(its: Node[], group: string): Node[][] {
  const i = its.findIndex((n) => holds(n, group) && !(n.type === "group" && n.name === group) && choicesOf(n) !== null);
  if (i < 0) return [its];
  const c = choicesOf(its[i])!;
  return (c.alt ?? c.optional!).flatMap((a) => distribute([...its.slice(0, i), ...items(a), ...its.slice(i + 1)], group));
}

/** The choices a node offers, in the matcher's order: an alternation's, or an optional part's (it or nothing). */
function choicesOf(n: Node | undefined): { alt?: Node[]; optional?: Node[] } | null {
  const x = n?.type === "group" && n.name === null ? n.body : n;
  if (x?.type === "alt") return { alt: x.alts };
  if (x?.type === "repeat" && x.min === 0 && x.max === 1 && x.mode !== "possessive") {
    const none: Node = { type: "empty" };
    return { optional: x.mode === "lazy" ? [none, x.body] : [x.body, none] };
  }
  return null;
}

export const same = (a: Node, b: Node): boolean => JSON.stringify(a) === JSON.stringify(b);

export const holds = (n: Node, name: string): boolean => JSON.stringify(n).includes(`"name":${JSON.stringify(name)}`);

export interface NodeOptions {
  /** The tool name the `name` group stands for (it must then be at the top level of the branch). */
  name: string | undefined;
  /** Sets over their full Unicode extent and classes as they are (for checks, not for engines). */
  wide?: boolean;
}

/** A node as an IR expression; what the grammar cannot express throws UnsupportedBranch. */
export function asGrammar(n: Node, ctx: NodeOptions): G {
  switch (n.type) {
    case "empty":
      return EMPTY;
    case "char":
    case "class":
    case "any": {
      const r = nodeRanges(n, ctx.wide)!;
      if (ctx.wide) return cls(r);
      return r.length === 1 && r[0]![0] === r[0]![1] ? lit(String.fromCodePoint(r[0]![0])) : classG(r);
    }
    case "seq":
      return seq(...n.items.map((i) => asGrammar(i, ctx)));
    case "alt":
      return alt(...n.alts.map((a) => asGrammar(a, ctx)));
    case "group":
      if (n.name === "name" && ctx.name !== undefined) throw new UnsupportedBranch("the name group is nested inside another construct");
      return asGrammar(n.body, ctx);
    case "repeat":
      if (n.mode === "possessive") throw new UnsupportedBranch("a possessive quantifier");
      return rep(asGrammar(n.body, ctx), n.min, n.max);
    case "newline":
      return alt(lit("\r\n"), classG([[10, 13], [0x85, 0x85], [0x2028, 0x2029]]));
    default:
      throw new UnsupportedBranch(describe(n));
  }
}

function describe(n: Node): string {
  switch (n.type) {
    case "assert":
      return `the assertion ${n.kind}`;
    case "look":
      return `a ${n.negate ? "negative " : ""}look${n.behind ? "behind" : "ahead"} the grammar cannot place`;
    default:
      return `the construct ${n.type}`;
  }
}

/** Literal text of a node made only of case-sensitive characters, else null. */
export function literalOf(ns: Node[]): string | null {
  let s = "";
  for (const n of ns) {
    if (n.type === "char" && !n.ci) s += String.fromCodePoint(n.cp);
    else if (n.type === "group" && n.name === null) {
      const inner = literalOf(items(n.body));
      if (inner === null) return null;
      s += inner;
    } else return null;
  }
  return s;
}

function escapeCp(cp: number): string {
  const c = String.fromCodePoint(cp);
  if (cp < 0x20 || cp === 0x7f || c === " ") return `\\x${cp.toString(16).padStart(2, "0")}`;
  if (cp < 0x80 && !/[A-Za-z0-9_]/.test(c)) return `\\${c}`;
  return c;
}

/** Does the real matcher match all of `text` with `n`? */
export function matchesWhole(n: Node, text: string): boolean {
  const m = compilePattern(`(?:${regexSource(n)})\\Z`).search(text, 0, false);
  return m !== null && m.start === 0;
}

/** Literal text as regex source. */
export const literalSource = (s: string): string => [...s].map((c) => escapeCp(c.codePointAt(0)!)).join("");

/** A node as regex source again, with its classes exact (to run part of a pattern with the real matcher). */
export function regexSource(n: Node): string {
  switch (n.type) {
    case "empty":
      return "";
    case "char":
      return n.ci ? `(?i:${escapeCp(n.cp)})` : escapeCp(n.cp);
    case "any":
      return n.dotall ? "." : "[^\\n]";
    case "class": {
      const r = nodeRanges(n, true)!;
      const cp = (x: number) => `\\U${x.toString(16).padStart(8, "0")}`;
      return `[${r.map(([a, b]) => (a === b ? cp(a) : `${cp(a)}-${cp(b)}`)).join("")}]`;
    }
    case "seq":
      return n.items.map(regexSource).join("");
    case "alt":
      return n.alts.map(regexSource).join("|");
    case "group":
      return `(?:${regexSource(n.body)})`;
    case "repeat": {
      const q = n.max === Infinity ? `{${n.min},}` : `{${n.min},${n.max}}`;
      return `(?:${regexSource(n.body)})${q}${n.mode === "lazy" ? "?" : n.mode === "possessive" ? "+" : ""}`;
    }
    case "look":
      return `(?${n.behind ? "<" : ""}${n.negate ? "!" : "="}${regexSource(n.body)})`;
    case "assert":
      if (n.kind === "start") return "^";
      if (n.kind === "end") return "$";
      if (n.kind === "textEnd") return "\\Z";
      throw new UnsupportedBranch(describe(n));
    default:
      throw new UnsupportedBranch(describe(n));
  }
}

/** Literals one of which every match of `n` contains (text a lookahead inspects included). */
export function required(n: Node): string[] | null {
  const its = items(n);
  if (its.length !== 1 || its[0] !== n) {
    let best: string[] | null = null;
    const score = (s: string[]) => Math.min(...s.map((x) => [...x].length));
    let run = "";
    const consider = (s: string[] | null) => {
      if (s && s.length && s.every((x) => x.length > 0) && (!best || score(s) > score(best))) best = s;
    };
    for (const i of its) {
      if (i.type === "char" && !i.ci) {
        run += String.fromCodePoint(i.cp);
        continue;
      }
      consider(run ? [run] : null);
      run = "";
      consider(required(i));
    }
    consider(run ? [run] : null);
    return best;
  }
  switch (n.type) {
    case "char":
      return n.ci ? null : [String.fromCodePoint(n.cp)];
    case "alt": {
      const out: string[] = [];
      for (const a of n.alts) {
        const r = required(a);
        if (!r) return null;
        out.push(...r);
      }
      return [...new Set(out)];
    }
    case "group":
    case "atomic":
      return required(n.body);
    case "look":
      return n.behind || n.negate ? null : required(n.body);
    case "repeat":
      return n.min >= 1 ? required(n.body) : null;
    default:
      return null;
  }
}

export function innerRepeat(n: Node): Extract<Node, { type: "repeat" }> | null {
  if (n.type === "repeat") return n;
  if (n.type === "group" && n.name === null) return innerRepeat(n.body);
  return null;
}
