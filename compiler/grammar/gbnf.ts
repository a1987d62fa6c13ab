// Prints the IR as GBNF text in the dialect llama.cpp and xgrammar both accept (measured with the
// engines in test/grammar/dialect.test.ts):
// - one rule per line, names [a-z0-9-], `root` first;
// - strings escape only `\\`, `\"` and control characters (xgrammar rejects `\[` inside strings);
// - no `.` (xgrammar has none) and no empty alternative `( a | )` (xgrammar rejects it): `""` instead;
// - character classes list ASCII characters only. xgrammar 0.1.27 matches classes holding non-ASCII
//   code points wrongly (a positive one accepts or refuses the wrong text, a negated one drops its
//   non-ASCII members), so a class is ASCII characters, optionally plus *every* non-ASCII character,
//   which both engines read the same way: `[^<\n]` (negated ASCII only) or `[^\x00-\x7f]`. Specific
//   non-ASCII characters are written as string alternatives. legalClass() builds such classes.

import { alt, cls, lit, MAX_CP, normalizeRanges, type G, type Ranges, type Rules } from "./ir.ts";

const ASCII_MAX = 0x7f;
const NON_ASCII: [number, number] = [ASCII_MAX + 1, MAX_CP];
/** A non-ASCII set this small is spelled out as string alternatives. */
const MAX_SPELLED = 64;

export interface LegalClass {
  g: G;
  /** Non-ASCII characters of the requested set that could not be expressed and were left out. */
  narrowed: boolean;
}

/**
 * A grammar for "one character in `ranges`" that both engines read correctly. A set with some but not
 * all non-ASCII characters keeps its ASCII part and its non-ASCII characters when there are few of them;
 * otherwise the non-ASCII part is left out (the grammar accepts less, never more).
 */
export function legalClass(ranges: Ranges): LegalClass | null {
  const r = normalizeRanges(ranges);
  const ascii: Ranges = [];
  const high: Ranges = [];
  for (const [a, b] of r) {
    if (a <= ASCII_MAX) ascii.push([a, Math.min(b, ASCII_MAX)]);
    if (b > ASCII_MAX) high.push([Math.max(a, ASCII_MAX + 1), b]);
  }
  const fullHigh = high.length === 1 && high[0]![0] === NON_ASCII[0] && high[0]![1] === NON_ASCII[1];
  const parts: G[] = [];
  let narrowed = false;
  if (fullHigh) parts.push({ t: "cls", ranges: [...ascii, NON_ASCII] });
  else {
    if (ascii.length) parts.push(cls(ascii));
    const count = high.reduce((n, [a, b]) => n + b - a + 1, 0);
    if (count > 0 && count <= MAX_SPELLED) {
      for (const [a, b] of high) for (let cp = a; cp <= b; cp++) parts.push(lit(String.fromCodePoint(cp)));
    } else if (count > 0) narrowed = true;
  }
  if (parts.length === 0) return null;
  return { g: alt(...parts), narrowed };
}

function hex(cp: number): string {
  return `\\x${cp.toString(16).padStart(2, "0")}`;
}

function escapeChar(cp: number, special: string): string {
  const c = String.fromCodePoint(cp);
  if (c === "\n") return "\\n";
  if (c === "\r") return "\\r";
  if (c === "\t") return "\\t";
  if (cp < 0x20 || cp === 0x7f) return hex(cp);
  if (special.includes(c)) return `\\${c}`;
  return c;
}

function printLiteral(s: string): string {
  let out = '"';
  for (const c of s) out += escapeChar(c.codePointAt(0)!, '"\\');
  return out + '"';
}

/** A class member: `^` as a hex escape (llama.cpp refuses `\\^` in a class, and a bare `^` first negates). */
const classChar = (cp: number): string => (cp === 0x5e ? hex(cp) : escapeChar(cp, "\\]-["));

function printRanges(ranges: Ranges): string {
  return ranges
    .map(([a, b]) => {
      const x = classChar(a);
      if (a === b) return x;
      return b === a + 1 ? x + classChar(b) : `${x}-${classChar(b)}`;
    })
    .join("");
}

function printClass(ranges: Ranges): string {
  const r = normalizeRanges(ranges);
  const last = r[r.length - 1]!;
  const hasHigh = last[1] > ASCII_MAX;
  if (!hasHigh) return `[${printRanges(r)}]`;
  if (!(last[0] <= ASCII_MAX + 1 && last[1] === MAX_CP) || r.some(([a, b]) => a > ASCII_MAX && !(a === last[0] && b === last[1]))) {
    throw new Error(`internal: class with a partial non-ASCII set reached the printer: ${JSON.stringify(r)}`);
  }
  // ASCII characters outside the class, written as a negated ASCII-only class.
  const missing: Ranges = [];
  let next = 0;
  for (const [a, b] of r) {
    if (a > next) missing.push([next, Math.min(a - 1, ASCII_MAX)]);
    next = b + 1;
    if (next > ASCII_MAX) break;
  }
  if (missing.length) return `[^${printRanges(missing)}]`;
  return "( [\\x00-\\x7f] | [^\\x00-\\x7f] )";
}

function atom(g: G): string {
  const s = print(g);
  return g.t === "seq" || g.t === "alt" ? `( ${s} )` : s;
}

export function print(g: G): string {
  switch (g.t) {
    case "lit":
      return printLiteral(g.s);
    case "cls":
      return printClass(g.ranges);
    case "ref":
      return g.name;
    case "seq":
      return g.items.map(atom).join(" ");
    case "alt":
      return g.alts.map(print).join(" | ");
    case "rep": {
      const body = g.body.t === "rep" ? `( ${print(g.body)} )` : atom(g.body);
      if (g.min === 0 && g.max === 1) return `${body}?`;
      if (g.min === 0 && g.max === Infinity) return `${body}*`;
      if (g.min === 1 && g.max === Infinity) return `${body}+`;
      if (g.max === Infinity) return `${body}{${g.min},}`;
      return g.min === g.max ? `${body}{${g.min}}` : `${body}{${g.min},${g.max}}`;
    }
  }
}

/**
 * The grammar text: `root ::= …` first, then every rule reachable from it, in first-use order. `prefix`
 * is put before every other rule name (grammar elements of one structural tag must not share names:
 * xgrammar 0.1.27 then mixes their rules up).
 */
export function printGrammar(rules: Rules, root: string, prefix = ""): string {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string): void => {
    if (seen.has(name)) return;
    seen.add(name);
    order.push(name);
    const body = rules.rules.get(name);
    if (!body) throw new Error(`internal: rule ${name} is not defined`);
    walkRefs(body, visit);
  };
  visit(root);
  const name = (n: string) => (n === root ? "root" : prefix + n);
  return order.map((n) => `${name(n)} ::= ${print(rename(rules.rules.get(n)!, name))}`).join("\n") + "\n";
}

function walkRefs(g: G, f: (name: string) => void): void {
  if (g.t === "ref") f(g.name);
  else if (g.t === "seq") g.items.forEach((i) => walkRefs(i, f));
  else if (g.t === "alt") g.alts.forEach((i) => walkRefs(i, f));
  else if (g.t === "rep") walkRefs(g.body, f);
}

function rename(g: G, name: (n: string) => string): G {
  switch (g.t) {
    case "ref":
      return { t: "ref", name: name(g.name) };
    case "seq":
      return { t: "seq", items: g.items.map((i) => rename(i, name)) };
    case "alt":
      return { t: "alt", alts: g.alts.map((i) => rename(i, name)) };
    case "rep":
      return { ...g, body: rename(g.body, name) };
    default:
      return g;
  }
}
