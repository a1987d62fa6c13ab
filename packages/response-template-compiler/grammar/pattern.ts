// Delimiters (literal lists and Python-regex patterns) as grammar expressions, from the pattern AST of
// compiler/regex. A delimiter is split into its top-level branches; each branch becomes an IR
// expression for what it consumes, plus what the grammar around it must know:
// - `startOnly`: the branch begins with `^` (it can only match where the kept prefix starts);
// - `lookahead`: a trailing `(?=Y)`: a close then ends right before the next region's open, and an
//   open requires the body to start with Y;
// - `atEnd`: a trailing `$` / `\Z`.
// The tool name's group `(?P<name>…)` is replaced by the tool's name when one is given; the branch is
// then checked so that the parser captures exactly that name (the group's pattern accepts the name, and
// a greedy group cannot run on into what follows). Leading lookaheads that repeat the consumed text
// (gpt-oss) are aligned with it, negative lookaheads before literal text are decided on that text.
// Any other construct (lookbehind, `\b`, backreferences, …) makes the branch unsupported: the caller
// leaves it out, which only ever makes the grammar accept less.

import { compilePattern, parse, type Node } from "response-template/translate";

type ClassItem = Extract<Node, { type: "class" }>["items"][number];
import { DIGIT, SPACE, WORD } from "response-template/runtime";
import type { DelimiterSpec } from "response-template/runtime";
import { legalClass } from "./gbnf.ts";
import { alt, ANY, complement, EMPTY, intersect, lit, normalizeRanges, nullable, rangesOf, rep, seq, subtract, WS, type G, type Ranges } from "./ir.ts";

export interface Branch {
  /** What the branch consumes. */
  g: G;
  startOnly: boolean;
  atEnd: boolean;
  /** A trailing positive lookahead: its expression, its source and, when it is literal text, that text. */
  lookahead: { g: G; literal: string | null; source: string } | null;
  /** A trailing negative lookahead: the branch is only known to match at the end of the text. */
  onlyAtEnd: boolean;
  /** Characters the text right after the branch may not start with (a greedy name group ends it). */
  notFollowedBy: Ranges | null;
}

export interface Delimiter {
  /** As written, for messages. */
  source: string;
  branches: Branch[];
  /** Branches left out, with the reason. */
  unsupported: string[];
  /**
   * Literals one of which every match of a branch not tied to the start contains (text a lookahead
   * inspects included); null when some branch has none. Free text excludes them.
   */
  required: string[] | null;
  /**
   * Text a `^` branch matches at the start: its first character after the whitespace it may begin with
   * ("any" when not known), and whether it may begin with whitespace. null: no such branch.
   */
  startFirst: { first: Ranges | "any"; space: boolean } | null;
}

export class UnsupportedBranch extends Error {}

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

/** The exact code-point set of a class node (or a char / any). */
export function nodeRanges(n: Node): Ranges | null {
  switch (n.type) {
    case "char":
      return normalizeRanges((n.ci ? caseVariants(n.cp) : [n.cp]).map((c) => [c, c]));
    case "any":
      return n.dotall ? ANY : complement([[10, 10]]);
    case "class": {
      let r = normalizeRanges(n.items.flatMap((i) => itemRanges(i, n.negated)));
      if (n.ci) r = normalizeRanges(r.flatMap(([a, b]) => (b - a < 512 ? Array.from({ length: b - a + 1 }, (_, k) => caseVariants(a + k).map((c): [number, number] => [c, c])).flat() : [[a, b] as [number, number]])));
      return n.negated ? complement(r) : r;
    }
    default:
      return null;
  }
}

function classG(r: Ranges): G {
  const l = legalClass(r);
  if (!l) throw new UnsupportedBranch("a character class with no character the engines can express");
  return l.g;
}

/** Flattens a sequence, inlining non-capturing groups whose body is a sequence. */
function items(n: Node): Node[] {
  if (n.type === "seq") return n.items.flatMap(items);
  if (n.type === "group" && n.name === null && n.body.type === "seq") return items(n.body);
  if (n.type === "empty") return [];
  return [n];
}

/**
 * Top-level alternatives, with an alternation group that starts or ends the branch distributed over the
 * rest: `(?:^|>>>)x` → `^x`, `>>>x`; `\\s*(?:</s>|(?=\\[))` → `\\s*</s>`, `\\s*(?=\\[)`.
 */
function branchesOf(n: Node): Node[][] {
  if (n.type === "alt") return n.alts.flatMap(branchesOf);
  if (n.type === "group" && n.name === null) return branchesOf(n.body);
  const its = items(n);
  const altOf = (x: Node | undefined): Node[] | null =>
    !x ? null : x.type === "alt" ? x.alts : x.type === "group" && x.name === null && x.body.type === "alt" ? x.body.alts : null;
  const head = altOf(its[0]);
  if (head) return head.flatMap((a) => branchesOf({ type: "seq", items: [a, ...its.slice(1)] }));
  const tail = its.length > 1 ? altOf(its[its.length - 1]) : null;
  if (tail) return tail.flatMap((a) => branchesOf({ type: "seq", items: [...its.slice(0, -1), a] }));
  return [its];
}

const same = (a: Node, b: Node): boolean => JSON.stringify(a) === JSON.stringify(b);

const holds = (n: Node, name: string): boolean => JSON.stringify(n).includes(`"name":${JSON.stringify(name)}`);

/**
 * A positive lookahead that only names what the pattern then consumes (gpt-oss):
 *   `(?=A(?P<name>X))A X rest` → `A (?P<name>X) rest` (item by item);
 *   `(?=A B? (?P<name>X))A C C* rest` → `A B? (?P<name>X) C* rest`, when a permissive run `C C*` of the
 *   consumed part takes what the lookahead spells out there (its first character, then the rest).
 * Items before the lookahead stay.
 */
function alignLookahead(its: Node[]): Node[] {
  const p = its.findIndex((n) => n.type === "look" && !n.behind && !n.negate);
  if (p < 0 || !holds(its[p]!, "name")) return its;
  const ahead = items((its[p] as Extract<Node, { type: "look" }>).body);
  const rest = its.slice(p + 1);
  const out: Node[] = [];
  let j = 0;
  for (let i = 0; i < ahead.length; i++, j++) {
    const a = ahead[i]!;
    const z = rest[j];
    if (!z) return its;
    if (same(a, z)) {
      out.push(a);
      continue;
    }
    if (a.type === "group" && a.name !== null && same(a.body, z)) {
      out.push(a);
      continue;
    }
    // A run `C C*` absorbs the lookahead's remaining items, if they only use characters the run takes.
    const run = rest[j + 1];
    const first = nodeRanges(z);
    const more = run?.type === "repeat" && run.min === 0 && run.max === Infinity ? nodeRanges(run.body) : null;
    const tail = ahead.slice(i);
    if (first && more && tail.every((t) => fitsRun(t, first, more))) {
      return [...its.slice(0, p), ...out, ...tail, ...rest.slice(j + 1)];
    }
    return its;
  }
  return [...its.slice(0, p), ...out, ...rest.slice(j)];
}

/** Can the characters `n` matches all stand in a run of `first` then `more` characters? (Sound: checks every character against both.) */
function fitsRun(n: Node, first: Ranges, more: Ranges): boolean {
  const within = (r: Ranges) => intersect(r, first).length === normalizeRanges(r).length && subtract(r, more).length === 0 && subtract(r, first).length === 0;
  switch (n.type) {
    case "char":
    case "class":
    case "any": {
      const r = nodeRanges(n);
      return r !== null && within(r);
    }
    case "look":
      return true;
    case "group":
      return fitsRun(n.body, first, more);
    case "repeat":
      return fitsRun(n.body, first, more);
    case "seq":
      return n.items.every((x) => fitsRun(x, first, more));
    case "alt":
      return n.alts.every((x) => fitsRun(x, first, more));
    default:
      return false;
  }
}

interface Ctx {
  name: string | undefined;
  source: string;
}

function tr(n: Node, ctx: Ctx): G {
  switch (n.type) {
    case "empty":
      return EMPTY;
    case "char":
    case "class":
    case "any": {
      const r = nodeRanges(n)!;
      return r.length === 1 && r[0]![0] === r[0]![1] ? lit(String.fromCodePoint(r[0]![0])) : classG(r);
    }
    case "seq":
      return seq(...n.items.map((i) => tr(i, ctx)));
    case "alt":
      return alt(...n.alts.map((a) => tr(a, ctx)));
    case "group":
      if (n.name === "name" && ctx.name !== undefined) throw new UnsupportedBranch("the name group is nested inside another construct");
      return tr(n.body, ctx);
    case "repeat":
      if (n.mode === "possessive") throw new UnsupportedBranch("a possessive quantifier");
      return rep(tr(n.body, ctx), n.min, n.max);
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
function literalOf(ns: Node[]): string | null {
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

function translateBranch(its0: Node[], ctx: Ctx): Branch {
  let its = alignLookahead(its0);
  let startOnly = false;
  let atEnd = false;
  let onlyAtEnd = false;
  if (its[0]?.type === "assert" && its[0].kind === "start") {
    startOnly = true;
    its = its.slice(1);
  }
  const last = its[its.length - 1];
  let lookahead: Branch["lookahead"] = null;
  if (last?.type === "assert" && (last.kind === "end" || last.kind === "textEnd")) {
    atEnd = true;
    its = its.slice(0, -1);
  } else if (last?.type === "look" && !last.behind && last.negate) {
    onlyAtEnd = true;
    its = its.slice(0, -1);
  } else if (last?.type === "look" && !last.behind && !last.negate) {
    const body = items(last.body);
    lookahead = { g: tr(last.body, ctx), literal: literalOf(body), source: regexSource(last.body) };
    its = its.slice(0, -1);
  }
  const parts: G[] = [];
  let notFollowedBy: Ranges | null = null;
  for (let i = 0; i < its.length; i++) {
    const n = its[i]!;
    if (n.type === "look" && !n.behind && n.negate) {
      // Decided on the literal text that follows (the tool's name included).
      const follow = substituteName(its.slice(i + 1), ctx);
      const strings = follow ? finiteStrings(follow) : null;
      if (!strings) throw new UnsupportedBranch("a negative lookahead before text that is not fixed");
      const p = compilePattern(`(?:${sourceOf(n.body, ctx.source)})`);
      if (strings.some((s) => p.search(s, 0, false)?.start === 0)) throw new UnsupportedBranch("the negative lookahead refuses this text");
      continue;
    }
    if (n.type === "group" && n.name === "name" && ctx.name !== undefined) {
      const name = ctx.name;
      checkNameGroup(n, name, ctx.source);
      parts.push(lit(name));
      // The name's own pattern, past any lookahead it starts with (`(?!python[\s<])[^<\s]+`).
      const core = items(n.body).filter((x) => x.type !== "look");
      const repeat = core.length === 1 ? innerRepeat(core[0]!) : null;
      const cls = nodeRanges(repeat?.body ?? (core.length === 1 ? core[0]! : n.body));
      const lazy = repeat?.mode === "lazy";
      const follow = tr({ type: "seq", items: its.slice(i + 1) }, ctx);
      if (cls === null) throw new UnsupportedBranch("the name group is not a repeated character class");
      if (lazy) {
        // The shortest capture wins: what follows must not be able to start inside the name.
        const starts = firstChars(follow);
        if (starts === "any" || [...name].some((c) => intersect(starts, rangesOf(c)).length)) {
          throw new UnsupportedBranch(`what follows the name group could start inside the name "${name}"`);
        }
        parts.push(follow);
      } else {
        // The longest capture wins: what follows must not start with a character the group takes.
        const restricted = notStartingWith(follow, cls);
        if (restricted === null) throw new UnsupportedBranch(`the name group would run on past "${name}"`);
        parts.push(restricted);
        if (nullable(follow)) notFollowedBy = cls;
      }
      return { g: seq(...parts), startOnly, atEnd, onlyAtEnd, lookahead, notFollowedBy };
    }
    parts.push(tr(n, ctx));
  }
  return { g: seq(...parts), startOnly, atEnd, onlyAtEnd, lookahead, notFollowedBy };
}

function innerRepeat(n: Node): Extract<Node, { type: "repeat" }> | null {
  if (n.type === "repeat") return n;
  if (n.type === "group" && n.name === null) return innerRepeat(n.body);
  return null;
}

/** The name must be what the group captures on its own: check it with the real pattern. */
function checkNameGroup(n: Extract<Node, { type: "group" }>, name: string, source: string): void {
  const p = compilePattern(`(?:${sourceOf(n.body, source)})\\Z`);
  const m = p.search(name, 0, false);
  if (!m || m.start !== 0) throw new UnsupportedBranch(`the name group's pattern does not accept the tool name "${name}"`);
}

/** Source text of an AST node, regenerated (the AST does not keep offsets). */
function sourceOf(n: Node, _whole: string): string {
  return regexSource(n);
}

function escapeCp(cp: number): string {
  const c = String.fromCodePoint(cp);
  if (cp < 0x20 || cp === 0x7f || c === " ") return `\\x${cp.toString(16).padStart(2, "0")}`;
  if (cp < 0x80 && !/[A-Za-z0-9_]/.test(c)) return `\\${c}`;
  return c;
}

function regexSource(n: Node): string {
  switch (n.type) {
    case "empty":
      return "";
    case "char":
      return n.ci ? `(?i:${escapeCp(n.cp)})` : escapeCp(n.cp);
    case "any":
      return n.dotall ? "." : "[^\\n]";
    case "class": {
      const r = nodeRanges(n)!;
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

/** Items after a point with the name group replaced by the name, as an expression (null if it has none). */
function substituteName(its: Node[], ctx: Ctx): G | null {
  const parts: G[] = [];
  for (const n of its) {
    if (n.type === "group" && n.name === "name") {
      if (ctx.name === undefined) return null;
      parts.push(lit(ctx.name));
    } else parts.push(tr(n, ctx));
  }
  return seq(...parts);
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

/**
 * The strings of `g` whose first character is outside `not` (the empty string stays when `g` has it):
 * null when no such string exists or `g` holds a rule reference.
 */
export function notStartingWith(g: G, not: Ranges): G | null {
  const nonEmpty = (x: G): G | null => {
    switch (x.t) {
      case "lit": {
        if (x.s === "") return null;
        return intersect(rangesOf([...x.s][0]!), not).length ? null : x;
      }
      case "cls": {
        const r = subtract(x.ranges, not);
        return r.length ? classG(r) : null;
      }
      case "ref":
        throw new UnsupportedBranch("a rule reference after a name group");
      case "alt": {
        const as = x.alts.map(nonEmpty).filter((a): a is G => a !== null);
        return as.length ? alt(...as) : null;
      }
      case "rep": {
        const head = nonEmpty(x.body);
        if (!head || x.max === 0) return null;
        return x.max === 1 ? head : seq(head, rep(x.body, Math.max(0, x.min - 1), x.max - 1));
      }
      case "seq": {
        const [first, ...rest] = x.items;
        if (!first) return null;
        const options: G[] = [];
        const h = nonEmpty(first);
        if (h) options.push(seq(h, ...rest));
        if (nullable(first)) {
          const r = nonEmpty(seq(...rest));
          if (r) options.push(r);
        }
        return options.length ? alt(...options) : null;
      }
    }
  };
  const ne = nonEmpty(g);
  if (nullable(g)) return ne ? alt(ne, EMPTY) : EMPTY;
  return ne;
}

/** Literals one of which every match of `n` contains (text a lookahead inspects included). */
function required(n: Node): string[] | null {
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

export interface TranslateOptions {
  /** The tool name that replaces the `name` group. */
  name?: string;
}

/** A delimiter as grammar branches. */
export function translateDelimiter(d: DelimiterSpec, o: TranslateOptions = {}): Delimiter {
  if (d.kind === "eos") return { source: '"eos"', branches: [], unsupported: [], required: null, startFirst: null };
  if (d.kind === "literal") {
    const branches = d.literals.map((l): Branch => ({ g: lit(l), startOnly: false, atEnd: false, onlyAtEnd: false, lookahead: null, notFollowedBy: null }));
    return { source: JSON.stringify(d.literals.length === 1 ? d.literals[0] : d.literals), branches, unsupported: [], required: [...d.literals], startFirst: null };
  }
  const ast = parse(d.source);
  const ctx: Ctx = { name: o.name, source: d.source };
  const branches: Branch[] = [];
  const unsupported: string[] = [];
  let req: string[] | null = [];
  let startFirst: Delimiter["startFirst"] = null;
  const addFirst = (r: Ranges | "any", space: boolean) => {
    const before = startFirst?.first ?? [];
    startFirst = { first: before === "any" || r === "any" ? "any" : normalizeRanges([...before, ...r]), space: space || (startFirst?.space ?? false) };
  };
  for (const [i, its] of branchesOf(ast.root).entries()) {
    const startOnly = its[0]?.type === "assert" && its[0].kind === "start";
    if (!startOnly && req !== null) {
      const r = required({ type: "seq", items: its });
      req = r ? [...new Set([...req, ...r])] : null;
    }
    try {
      const b = translateBranch(its, ctx);
      branches.push(b);
      if (b.startOnly) {
        const its = b.g.t === "seq" ? b.g.items : [b.g];
        const space = its[0]?.t === "rep" && its[0].min === 0 && its[0].body.t === "cls" && subtract(its[0].body.ranges, WS).length === 0;
        const g = space ? seq(...its.slice(1)) : b.g;
        addFirst(b.lookahead ? firstChars(seq(g, b.lookahead.g)) : nullable(g) ? "any" : firstChars(g), space);
      }
    } catch (e) {
      if (!(e instanceof UnsupportedBranch)) throw e;
      unsupported.push(`branch ${i + 1} of ${JSON.stringify(d.source)} (${e.message})`);
      if (startOnly) addFirst("any", true);
    }
  }
  return { source: d.source, branches, unsupported, required: req, startFirst };
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

/** One way a tag pattern writes a parameter: cut at its `key` and `value` groups. */
export interface TagForm {
  /** Before the key. */
  prefix: G;
  /** Between key and value; other named groups are filled with `fill(name)`. */
  middle(fill: (group: string) => G): G;
  /** After the value. */
  suffix: G;
  /** Literals one of which every suffix contains: a raw value must not hold them. */
  suffixRequired: string[] | null;
  /** Characters a raw value may not start with (a negative lookahead before it). */
  valueFirstNot: Ranges | null;
}

/** An xml-inline style `tag_pattern`: its forms (one per alternative holding the value) and its groups. */
export interface TagPattern {
  forms: TagForm[];
  /** Does the key group's pattern accept this parameter name? */
  acceptsKey(key: string): boolean;
  /** Does a named group's pattern accept this text? */
  groupAccepts(group: string, text: string): boolean;
}


/** The item lists of a tag pattern with every alternation that holds the value group distributed. */
function tagForms(its: Node[]): Node[][] {
  const i = its.findIndex((n) => holds(n, "value") && !(n.type === "group" && n.name === "value"));
  if (i < 0) return [its];
  const n = its[i]!;
  const body = n.type === "group" && n.name === null ? n.body : n;
  if (body.type !== "alt") throw new UnsupportedBranch("the value group sits in a construct other than an alternation");
  return body.alts.flatMap((a) => tagForms([...its.slice(0, i), ...items(a), ...its.slice(i + 1)]));
}

export function splitTagPattern(source: string): TagPattern {
  const ast = parse(source);
  const ctx: Ctx = { name: undefined, source };
  const groups = new Map<string, Node>();
  const collect = (n: Node): void => {
    if (n.type === "group" && n.name && !groups.has(n.name)) groups.set(n.name, n.body);
    for (const c of n.type === "seq" ? n.items : n.type === "alt" ? n.alts : "body" in n ? [n.body as Node] : []) collect(c);
  };
  collect(ast.root);
  const accepts = (group: string, text: string): boolean => {
    const body = groups.get(group);
    if (!body) return false;
    const m = compilePattern(`(?:${regexSource(body)})\\Z`).search(text, 0, false);
    return m !== null && m.start === 0;
  };
  const forms: TagForm[] = [];
  for (const its of tagForms(items(ast.root))) {
    const k = its.findIndex((n) => n.type === "group" && n.name === "key");
    const v = its.findIndex((n) => n.type === "group" && n.name === "value");
    if (k < 0 || v < 0 || v < k) continue;
    let middle = its.slice(k + 1, v);
    // `(?!Y)` right before the value (and an optional newline): the value may not start like Y.
    let valueFirstNot: Ranges | null = null;
    const look = middle.findIndex((n) => n.type === "look" && n.negate && !n.behind);
    if (look >= 0) {
      const y = items((middle[look] as Extract<Node, { type: "look" }>).body).filter((n) => !(n.type === "repeat" && n.min === 0));
      const first = y[0] && nodeRanges(y[0]);
      if (!first) continue;
      valueFirstNot = first;
      middle = [...middle.slice(0, look), ...middle.slice(look + 1)];
    }
    // The suffix's ways to end: only those that consume fixed text (a lookahead or `$` end is left out).
    const suffixNodes: Node = { type: "seq", items: its.slice(v + 1) };
    const ends = branchesOf(suffixNodes).filter((b) => !b.some((n) => n.type === "look" || n.type === "assert"));
    if (!ends.length) continue;
    try {
      forms.push({
        prefix: tr({ type: "seq", items: its.slice(0, k) }, ctx),
        middle: (fill) => seq(...middle.map((n) => (n.type === "group" && n.name ? fill(n.name) : tr(n, ctx)))),
        suffix: alt(...ends.map((b) => tr({ type: "seq", items: b }, ctx))),
        suffixRequired: required({ type: "alt", alts: ends.map((b): Node => ({ type: "seq", items: b })) }),
        valueFirstNot,
      });
    } catch (e) {
      if (!(e instanceof UnsupportedBranch)) throw e;
    }
  }
  if (!forms.length) throw new UnsupportedBranch("no form of the tag pattern can be written");
  return { forms, acceptsKey: (key) => accepts("key", key), groupAccepts: accepts };
}
