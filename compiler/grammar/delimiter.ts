// Delimiters (literal lists and Python-regex patterns) as grammar expressions, from the pattern AST of
// response-template/translate. A delimiter is split into its top-level branches; each branch becomes an IR
// expression for what it consumes, plus what the grammar around it must know:
// - `startOnly`: the branch begins with `^` (it can only match where the kept prefix starts);
// - `lookahead`: a trailing `(?=Y)`: a close then ends right before the next region's open, and an
//   open requires the body to start with Y;
// - `atEnd`: a trailing `$` / `\Z`.
// The tool name's group `(?P<name>…)`, brought to the top level of each branch (pattern-nodes.ts
// distribute), is replaced by the tool's name when one is given, so that the parser captures exactly
// that name (name-group.ts); a branch that cannot capture it is left out. Leading lookaheads that
// repeat the consumed text (gpt-oss) are aligned with it, negative lookaheads before literal text are
// decided on that text.
// Any other construct (lookbehind, `\b`, backreferences, …) makes the branch unsupported: the caller
// leaves it out, which only ever makes the grammar accept less.

import { compilePattern, parse, type Node } from "response-template/translate";
import type { DelimiterSpec } from "response-template/runtime";
import { intersect, lit, normalizeRanges, nullable, seq, subtract, type G, type Ranges } from "./ir.ts";
import { finiteStrings, firstChars, isSpaceRun } from "./language.ts";
import { writeName } from "./name-group.ts";
import { asGrammar, branchesOf, holds, items, literalOf, nodeRanges, NotThisName, regexSource, required, same, UnsupportedBranch, type NodeOptions } from "./pattern-nodes.ts";

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

function translateBranch(its0: Node[], ctx: NodeOptions): Branch {
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
  let lookaheadNode: Node | null = null;
  if (last?.type === "assert" && (last.kind === "end" || last.kind === "textEnd")) {
    atEnd = true;
    its = its.slice(0, -1);
  } else if (last?.type === "look" && !last.behind && last.negate) {
    onlyAtEnd = true;
    its = its.slice(0, -1);
  } else if (last?.type === "look" && !last.behind && !last.negate) {
    const body = items(last.body);
    lookahead = { g: asGrammar(last.body, ctx), literal: literalOf(body), source: regexSource(last.body) };
    lookaheadNode = last.body;
    its = its.slice(0, -1);
  }
  if (ctx.name !== undefined && !its.some((n) => holds(n, "name"))) throw new NotThisName("the branch does not capture the name");
  const parts: G[] = [];
  for (let i = 0; i < its.length; i++) {
    const n = its[i]!;
    if (n.type === "look" && !n.behind && n.negate) {
      // Decided on the literal text that follows (the tool's name included).
      const follow = substituteName(its.slice(i + 1), ctx);
      const strings = follow ? finiteStrings(follow) : null;
      if (!strings) throw new UnsupportedBranch("a negative lookahead before text that is not fixed");
      const p = compilePattern(`(?:${regexSource(n.body)})`);
      if (strings.some((s) => p.search(s, 0, false)?.start === 0)) throw new UnsupportedBranch("the negative lookahead refuses this text");
      continue;
    }
    if (n.type === "group" && n.name === "name" && ctx.name !== undefined) {
      const written = writeName(n, ctx.name, its.slice(i + 1), lookaheadNode);
      return { g: seq(...parts, written.g), startOnly, atEnd, onlyAtEnd, lookahead, notFollowedBy: written.notFollowedBy };
    }
    parts.push(asGrammar(n, ctx));
  }
  return { g: seq(...parts), startOnly, atEnd, onlyAtEnd, lookahead, notFollowedBy: null };
}

/** Items after a point with the name group replaced by the name, as an expression (null if it has none). */
function substituteName(its: Node[], ctx: NodeOptions): G | null {
  const parts: G[] = [];
  for (const n of its) {
    if (n.type === "group" && n.name === "name") {
      if (ctx.name === undefined) return null;
      parts.push(lit(ctx.name));
    } else parts.push(asGrammar(n, ctx));
  }
  return seq(...parts);
}

export interface TranslateOptions {
  /** The tool name that replaces the `name` group. */
  name?: string;
}

/** A delimiter as grammar branches. */
export function translateDelimiter(d: DelimiterSpec, o: TranslateOptions = {}): Delimiter {
  if (d.kind === "literal") {
    const branches = d.literals.map((l): Branch => ({ g: lit(l), startOnly: false, atEnd: false, onlyAtEnd: false, lookahead: null, notFollowedBy: null }));
    return { source: JSON.stringify(d.literals.length === 1 ? d.literals[0] : d.literals), branches, unsupported: [], required: [...d.literals], startFirst: null };
  }
  const ast = parse(d.source);
  const ctx: NodeOptions = { name: o.name };
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
        const space = its[0] !== undefined && isSpaceRun(its[0]);
        const g = space ? seq(...its.slice(1)) : b.g;
        addFirst(b.lookahead ? firstChars(seq(g, b.lookahead.g)) : nullable(g) ? "any" : firstChars(g), space);
      }
    } catch (e) {
      if (!(e instanceof UnsupportedBranch)) throw e;
      if (e instanceof NotThisName) continue;
      unsupported.push(`branch ${i + 1} of ${JSON.stringify(d.source)} (${e.message})`);
      if (startOnly) addFirst("any", true);
    }
  }
  return { source: d.source, branches, unsupported, required: req, startFirst };
}
