// Partial matching as `regex.search(text, pos, partial=True)` does it, without re-scanning.
//
// What the reference does (pinned down by the conformance rows): it first runs an ordinary search;
// if that finds a match, that match is the answer (never partial, even when a partial one would start
// earlier). Only when there is no complete match does it search again, returning the earliest start
// from which the matcher *tried to read a character past the end of the text* — a partial match,
// spanning from that start to the end of the text. Assertions are evaluated normally at the end
// (`\B`, `\b`, `$`, `(?!x)` do not make a match partial), but a lookahead (positive or negative)
// whose body reads past the end does.
//
// So we derive, on the AST, the "prefix closure" P of the pattern R: P matches exactly the paths of
// R that are cut at the end of the text just as a character-consuming atom is about to read.
//   pre(c)            = END                      for any atom that consumes a character
//   pre(x1 x2 … xn)   = pre(x1) | x1 (pre(x2) | x2 (… pre(xn)))   (right-nested: linear size)
//   pre(A | B)        = pre(A) | pre(B)
//   pre(X{m,n})       = X{0,n-1} pre(X)
//   pre((?=X)), pre((?!X)) = (?=pre(X))
//   pre(assertion), pre(lookbehind), pre(empty) = never
//   pre(\k)           = the rest of the text is a proper prefix of group k (checked by the runtime)
// where END = `(?![\s\S])`. The runtime searches R once; if it finds nothing it searches P once from
// the same position: the first P match is the earliest partial start. Both are single left-to-right
// JS searches, so the cost is that of two ordinary searches (no quadratic re-scan from every start).
//
// Lazy repeats of a single character S{m,n}? follow the reference's own shortcuts (rows of the
// "lazy family"; checked against the regex module):
//   - running into the end is partial only for the first optional iteration: pre = S{0,m} END;
//   - when the rest starts with a literal character c, the reference peeks one character past
//     where the repeat stops, so S{m,n-1} (?!c) ANY END is partial too; when the rest starts with a
//     literal string of two or more characters it searches for it to the end: S{m} ANY* END.
//
// Known over-approximation: inside an atomic group or possessive quantifier, the reference only
// tries the paths before the body's first success; P also accepts cuts on later paths. Exact for the
// common case of a possessive repeat of a single character set.
import type { Node } from "./ast.ts";
import { minLength } from "./analysis.ts";
import { ANY, END, esc, findGroup, type Emitter } from "./translate.ts";

type Pre = string | null;

const alt = (parts: Pre[]): Pre => {
  const ok = parts.filter((p): p is string => p !== null);
  return ok.length === 0 ? null : ok.length === 1 ? ok[0]! : `(?:${ok.join("|")})`;
};

/** JS source of P for `n`, or null when no path through `n` can be cut at the end. */
export function prefixClosure(e: Emitter, n: Node, follow: Node[] = []): Pre {
  switch (n.type) {
    case "char":
    case "class":
    case "any":
    case "grapheme":
    case "fuzzy":
      return END;
    case "newline":
      return `(?:${END}|\\r${END})`;
    case "empty":
    case "assert":
    case "keep":
    case "fail":
      return null;
    case "seq":
      return seqClosure(e, n.items, 0, follow);
    case "alt":
      return alt(n.alts.map((a) => prefixClosure(e, a, follow)));
    case "group":
    case "atomic":
      return prefixClosure(e, n.body, follow);
    case "look": {
      if (n.behind) return null;
      const body = prefixClosure(e, n.body);
      return body === null ? null : `(?=${body})`;
    }
    case "repeat": {
      if (n.max === 0) return null;
      if (isLazySingle(n)) return `(?:${e.emit(n.body)}){0,${n.min}}${END}`;
      // Emit the leading repetitions before the cut body, in source order (group numbering).
      const lead = n.max === 1 ? "" : `(?:${e.emit(n.body)})${n.max === Infinity ? "*" : `{0,${n.max - 1}}`}`;
      const body = prefixClosure(e, n.body);
      return body === null ? null : `${lead}${body}`;
    }
    case "backref":
      return e.backrefPrefixCheck(n.index);
    case "call": {
      const target = findGroup(e.ast.root, n.index);
      return target === null ? null : e.inline(() => prefixClosure(e, target.body));
    }
  }
}

type Repeat = Extract<Node, { type: "repeat" }>;

/**
 * P for the whole pattern. A lazy `S*?` that starts the pattern is run by the reference's search
 * loop differently (observed on the lazy-family rows and checked against the regex module):
 * - when S is a set its start-position scan can skip (a character, `\w`, `\s`, `\d`, a set of
 *   several members), only positions where S or the rest can start are tried, and the rules of
 *   seqClosure (first optional iteration, one-character peek) apply there;
 * - for any character, negated sets and single ranges (`[a-z]`) every position is tried, running
 *   into the end is partial at every iteration, and the peek applies.
 * With a bounded `S{0,n}?` it behaves as a plain repeat (no peek).
 */
export function patternClosure(e: Emitter, root: Node): Pre {
  const items = root.type === "seq" ? root.items : [root];
  const first = items[0]!;
  if (!(isLazySingle(first) && (first as Repeat).min === 0)) {
    // The start scan only tries positions where the pattern's first character can occur.
    const pre = prefixClosure(e, root);
    const starts = minLength(root) > 0 ? scanFirst(e, items) : null;
    return pre === null || starts === null || starts.length === 0 ? pre : `(?=${starts.join("|")}|${END})${pre}`;
  }
  const lazy = first as Repeat;
  const s = `(?:${e.emit(lazy.body)})`;
  const rest = items.slice(1);
  const tail = rest.length === 0 ? null : seqClosure(e, rest, 0);
  const full = (q: string) => (tail === null ? null : `${s}${q}?${tail}`);
  const lit = tailLiteral({ type: "seq", items: rest });
  const noSkip = !scannable(lazy.body) || minLength({ type: "seq", items: rest }) === 0;
  const starts = scanFirst(e, rest);
  const guard = noSkip || starts === null ? "" : `(?=${[s, ...starts].join("|")}|${END})`;
  if (lazy.max !== Infinity) {
    // Bounded: with a literal next, the loop looks for it within reach (or the end) first.
    const endIter = noSkip ? `${s}{0,${lazy.max - 1}}${END}` : END;
    const plain = alt([endIter, full(`{0,${lazy.max}}`)]);
    const c = tailChar(e, rest);
    const peek = lit.length <= 1 && c !== null ? `${s}{0,${lazy.max}}(?!${c})${ANY}${END}` : lit.length > 1 ? `${ANY}{0,${lazy.max}}(?:${[...lit].map((_, i) => [...lit].slice(0, i).map((ch) => esc(ch.codePointAt(0)!)).join("")).join("|")})${END}` : null;
    const reach = c === null ? "" : `(?=${ANY}{0,${lazy.max}}(?:${c}|${END}))`;
    const body = alt([plain, peek]);
    return body === null ? null : `${guard}${reach}${body}`;
  }
  const c = tailChar(e, rest);
  const peek = lit.length > 1 ? `${ANY}*${END}` : c !== null ? `${s}*(?!${c})${ANY}${END}` : null;
  if (noSkip) return alt([`${s}*${END}`, peek, full("*")]);
  const body = alt([END, peek, full("*")]);
  return body === null ? null : `${guard}${body}`;
}

function isLazySingle(n: Node): boolean {
  return n.type === "repeat" && n.mode === "lazy" && n.max > n.min && ["char", "class", "any"].includes(n.body.type);
}

/**
 * Whether the reference's start-position scan can skip by this single-character item: a literal,
 * `\w`-like sets and sets of several members can; any character, one range (`[a-z]`) and one
 * excluded character or range (`[^a]`, `[^a-b]`) cannot.
 */
function scannable(n: Node): boolean {
  if (n.type === "char") return true;
  if (n.type !== "class") return false;
  const only = n.items.length === 1 ? n.items[0]! : null;
  return !(only !== null && (n.negated || (only.type === "range" && only.from < only.to)));
}

/** JS alternatives for the characters a match of `items` can start with, or null if not all scannable. */
export function scanFirst(e: Emitter, items: Node[]): string[] | null {
  const out: string[] = [];
  for (const item of items) {
    const r = first(e, item);
    if (r === null) return null;
    out.push(...r.parts);
    if (!r.nullable) return out;
  }
  return out;
}

function first(e: Emitter, n: Node): { parts: string[]; nullable: boolean } | null {
  switch (n.type) {
    case "char":
    case "class":
      return scannable(n) ? { parts: [e.inline(() => e.emit(n))], nullable: false } : null;
    case "assert":
    case "look":
    case "keep":
    case "empty":
      return { parts: [], nullable: true };
    case "group":
    case "atomic":
      return first(e, n.body);
    case "repeat": {
      const r = first(e, n.body);
      return r === null ? null : { parts: r.parts, nullable: r.nullable || n.min === 0 };
    }
    case "seq": {
      const parts = scanFirst(e, n.items);
      return parts === null ? null : { parts, nullable: n.items.every((i) => minLength(i) === 0) };
    }
    case "alt": {
      const rs = n.alts.map((a) => first(e, a));
      if (rs.some((r) => r === null)) return null;
      return { parts: rs.flatMap((r) => r!.parts), nullable: rs.some((r) => r!.nullable) };
    }
    default:
      return null;
  }
}

/**
 * A partial search that finds nothing earlier reports a partial match at the end of the text when
 * the reference scans for the pattern's first character (it then stops at the end without trying
 * the pattern there): the pattern starts with scannable characters, or with `$` / `\Z`.
 */
export function partialAtEnd(e: Emitter, root: Node): boolean {
  const items = root.type === "seq" ? root.items : [root];
  let head = items[0];
  while (head?.type === "seq") head = head.items[0];
  if (head?.type === "assert" && (head.kind === "start" || head.kind === "searchAnchor")) return false;
  if (head?.type === "assert" && (head.kind === "end" || head.kind === "textEnd")) return true;
  const parts = scanFirst(e, items);
  return parts !== null && parts.length > 0 && minLength(root) > 0;
}

/**
 * The literal text the reference's lazy-repeat shortcut sees next: consecutive case-sensitive
 * characters; a counted repeat contributes one character and ends it (`é{2}` is not a string).
 */
function tailLiteral(n: Node): string {
  switch (n.type) {
    case "char":
      return n.ci ? "" : String.fromCodePoint(n.cp);
    case "group":
    case "atomic":
      return tailLiteral(n.body);
    case "repeat":
      return n.min > 0 ? tailLiteral(n.body).slice(0, 1) : "";
    case "seq": {
      let out = "";
      for (const item of n.items) {
        if (item.type !== "char" && item.type !== "group") return out + tailLiteral(item);
        const t = tailLiteral(item);
        out += t;
        if (item.type === "group" || t === "") return out;
      }
      return out;
    }
    default:
      return "";
  }
}

/**
 * The single-character item the shortcut peeks for: a literal, or a one-character class such as
 * `[^a]` (the reference treats both as character nodes), as JS; null when the rest starts otherwise.
 */
function tailChar(e: Emitter, items: Node[]): string | null {
  const n = items[0];
  if (n === undefined) return null;
  if (n.type === "char") return n.ci ? null : esc(n.cp);
  if (n.type === "class") {
    const only = n.items.length === 1 ? n.items[0]! : null;
    return !n.ci && only?.type === "range" && only.from === only.to ? e.inline(() => e.emit(n)) : null;
  }
  if (n.type === "group" || n.type === "atomic") return tailChar(e, [n.body, ...items.slice(1)]);
  if (n.type === "seq") return tailChar(e, [...n.items, ...items.slice(1)]);
  if (n.type === "repeat" && n.min > 0) return tailChar(e, [n.body]);
  return null;
}

/** A lazy single-character repeat, possibly wrapped in groups. */
function lazySingle(n: Node): Repeat | null {
  if (n.type === "group" || n.type === "atomic") return lazySingle(n.body);
  return isLazySingle(n) ? (n as Repeat) : null;
}

/** `follow` is what comes after `items` in enclosing sequences (the lazy shortcut looks past groups). */
function seqClosure(e: Emitter, items: Node[], i: number, follow: Node[] = []): Pre {
  if (i >= items.length) return null;
  let head = prefixClosure(e, items[i]!, [...items.slice(i + 1), ...follow]);
  const lazy = lazySingle(items[i]!);
  if (lazy) {
    const next = [...items.slice(i + 1), ...follow];
    const lit = tailLiteral({ type: "seq", items: next });
    const c = tailChar(e, next);
    const s = `(?:${e.emit(lazy.body)})`;
    const upto = lazy.max === Infinity ? "" : String(lazy.max);
    if (lit.length > 1) head = alt([head, `${s}{${lazy.min}}${ANY}*${END}`]);
    else if (c !== null) head = alt([head, `${s}{${lazy.min},${upto}}(?!${c})${ANY}${END}`]);
  }
  if (i === items.length - 1) return head;
  const full = e.emit(items[i]!);
  const rest = seqClosure(e, items, i + 1, follow);
  return alt([head, rest === null ? null : `${full}${rest}`]);
}
