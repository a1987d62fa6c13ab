// Shortcuts of the regex module's matcher that decide which partial matches it reports, written as
// extra alternatives of the prefix closure P (partial.ts). Found on the "lazy family" conformance
// rows and checked against the module on random haystacks (test/regex/oracle.test.ts).
//
// 1. Lazy repeat of one character S{m,n}? followed by a literal (or a one-character class like
//    `[^a]`) c: where the repeat stops, on a character that is neither S nor c, the module peeks at
//    the next position; if that is the end of the text the match is partial. Followed by a literal
//    string of two or more characters, it searches for the string to the end: always partial.
// 2. Its start scan: it only tries positions where the pattern's first character can occur, when
//    that set is "scannable" (literals, `\w`-like sets, sets of several members; not any character,
//    a single range `[a-z]`, or one excluded character/range `[^a]`, `[^a-b]`). If it finds none, it
//    reports a partial match at the end of the text without trying the pattern there.
// 3. A pattern that starts with a lazy `S*?` is run by the scan itself: for a non-scannable S every
//    iteration running into the end is partial; a bounded `S{0,n}?` before a literal first looks for
//    the literal within reach.
import { minLength } from "./analysis.ts";
import type { Node } from "./ast.ts";
import { alt, type Pre } from "./partial.ts";
import { ANY, END, esc, type Emitter } from "./translate.ts";

export type Repeat = Extract<Node, { type: "repeat" }>;

export function isLazySingle(n: Node): boolean {
  return n.type === "repeat" && n.mode === "lazy" && n.max > n.min && singleChar(n.body);
}

/** One character per match: the module compiles `b|[\w-]` to a set too (not when `.` is a branch). */
function singleChar(n: Node): boolean {
  return n.type === "char" || n.type === "class" || n.type === "any" || (n.type === "alt" && n.alts.every(setMember));
}

function setMember(n: Node): boolean {
  return n.type === "char" || n.type === "class" || (n.type === "alt" && n.alts.every(setMember));
}

/** Rule 1 for a lazy repeat followed by `next`, or null. */
export function lazyPeek(e: Emitter, lazy: Repeat, next: Node[]): Pre {
  const lit = tailLiteral(next);
  const c = tailChar(e, next);
  const s = `(?:${e.emit(lazy.body)})`;
  if (lit.length > 1) return `${s}{${lazy.min}}${ANY}*${END}`;
  if (c === null) return null;
  return `${s}{${lazy.min},${lazy.max === Infinity ? "" : lazy.max}}(?!${c})${ANY}${END}`;
}

/** Rule 3: P for a pattern that starts with `lazy` (min 0); `closure` gives P of the rest. */
export function leadingLazyClosure(e: Emitter, lazy: Repeat, rest: Node[], closure: (rest: Node[]) => Pre): Pre {
  const s = `(?:${e.emit(lazy.body)})`;
  const tail = rest.length === 0 ? null : closure(rest);
  const full = (q: string) => (tail === null ? null : `${s}${q}?${tail}`);
  const lit = tailLiteral(rest);
  const c = tailChar(e, rest);
  const noSkip = !scannable(lazy.body) || minLength({ type: "seq", items: rest }) === 0;
  const starts = scanFirst(e, rest);
  const guard = noSkip || starts === null ? "" : `(?=${[s, ...starts].join("|")}|${END})`;
  if (lazy.max !== Infinity) {
    const endIter = noSkip ? `${s}{0,${lazy.max - 1}}${END}` : END;
    const plain = alt([endIter, full(`{0,${lazy.max}}`)]);
    // Before a string, partial where a proper prefix of it ends the text within reach.
    const prefixes = [...lit].map((_, i) => [...lit].slice(0, i).map((ch) => esc(ch.codePointAt(0)!)).join(""));
    const peek =
      lit.length > 1 ? `${ANY}{0,${lazy.max}}(?:${prefixes.join("|")})${END}` : c !== null ? `${s}{0,${lazy.max}}(?!${c})${ANY}${END}` : null;
    const reach = c === null ? "" : `(?=${ANY}{0,${lazy.max}}(?:${c}|${END}))`;
    const body = alt([plain, peek]);
    return body === null ? null : `${guard}${reach}${body}`;
  }
  const peek = lit.length > 1 ? `${ANY}*${END}` : c !== null ? `${s}*(?!${c})${ANY}${END}` : null;
  if (noSkip) return alt([`${s}*${END}`, peek, full("*")]);
  const body = alt([END, peek, full("*")]);
  return body === null ? null : `${guard}${body}`;
}

/** Whether the start scan can skip by this single-character item (rule 2). */
function scannable(n: Node): boolean {
  if (n.type === "char") return true;
  if (n.type !== "class") return false;
  const only = n.items.length === 1 ? n.items[0]! : null;
  return !(only !== null && (n.negated || (only.type === "range" && only.from < only.to)));
}

/** JS alternatives for the characters a match of `items` can start with; null if not all scannable. */
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
 * Rule 2's end case: with nothing found earlier, a partial match at the end of the text is
 * reported when the pattern starts with scannable characters, or with `$` / `\Z`; not when it is
 * anchored by `^` / `\A` / `\G`.
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
 * The literal text the shortcut sees next: consecutive case-sensitive characters; a counted
 * repeat contributes one character and ends it (`é{2}` is not a string).
 */
function tailLiteral(items: Node[]): string {
  let out = "";
  for (const item of items) {
    if (item.type === "char" && !item.ci) {
      out += String.fromCodePoint(item.cp);
      continue;
    }
    if (item.type === "group" || item.type === "atomic") return out + tailLiteral([item.body]);
    if (item.type === "seq") return out + tailLiteral(item.items);
    if (item.type === "repeat" && item.min > 0) return out + tailLiteral([item.body]).slice(0, 1);
    return out;
  }
  return out;
}

/** The single-character item the shortcut peeks for: a literal or a one-character class, as JS. */
function tailChar(e: Emitter, items: Node[]): string | null {
  const n = items[0];
  if (n === undefined) return null;
  if (n.type === "char") return e.inline(() => e.emit(n));
  if (n.type === "class") {
    const only = n.items.length === 1 ? n.items[0]! : null;
    return only?.type === "range" && only.from === only.to ? e.inline(() => e.emit(n)) : null;
  }
  if (n.type === "group" || n.type === "atomic") return tailChar(e, [n.body, ...items.slice(1)]);
  if (n.type === "seq") return tailChar(e, [...n.items, ...items.slice(1)]);
  if (n.type === "repeat" && n.min > 0) return tailChar(e, [n.body]);
  return null;
}
