// The regex module's shortcuts for lazy single-character repeats S{m,n}? (lazy-single.ts), written
// as alternatives of the prefix closure P (prefix-closure.ts). Found on the "lazy family"
// conformance rows and checked against the module on random haystacks (test/regex/oracle.test.ts).
//
// Rule 1. S{m,n}? followed by a literal (or a one-character class like `[^a]`) c: where the repeat
//   stops, on a character that is neither S nor c, the module peeks at the next position; if that
//   is the end of the text the match is partial. Followed by a literal string of two or more
//   characters, it searches for the string to the end: always partial.
// Rule 3. A pattern that starts with a lazy `S*?` is run by the start scan (start-scan.ts) itself:
//   for a non-scannable S every iteration running into the end is partial; a bounded `S{0,n}?`
//   before a literal first looks for the literal within reach.
import type { Node, NodeOf } from "./ast.ts";
import type { Emitter } from "./emitter.ts";
import { ANY, END, alternation, esc, type Source } from "./js-source.ts";
import { minLength } from "./lengths.ts";
import { charAhead, literalAhead } from "./literal-ahead.ts";
import { scanFirst, scannable } from "./start-scan.ts";

type Repeat = NodeOf<"repeat">;

/** `s` repeated `q` times, stopping on a character other than `c`, then the end of the text. */
const stopThenEnd = (s: string, q: string, c: string) => `${s}${q}(?!${c})${ANY}${END}`;

/** Rule 1 for a lazy repeat followed by `next`, or null. */
export function lazyPeek(e: Emitter, lazy: Repeat, next: Node[]): Source {
  const lit = literalAhead(next);
  const c = emitCharAhead(e, next);
  const s = `(?:${e.emit(lazy.body)})`;
  if (lit.length > 1) return `${s}{${lazy.min}}${ANY}*${END}`;
  if (c === null) return null;
  return stopThenEnd(s, `{${lazy.min},${lazy.max === Infinity ? "" : lazy.max}}`, c);
}

/** Rule 3: P for a pattern that starts with `lazy` (min 0) followed by `rest`, whose P is `tail`. */
export function leadingLazyClosure(e: Emitter, lazy: Repeat, rest: Node[], tail: Source): Source {
  const s = `(?:${e.emit(lazy.body)})`;
  const full = (q: string) => (tail === null ? null : `${s}${q}?${tail}`);
  const lit = literalAhead(rest);
  const c = emitCharAhead(e, rest);
  const noSkip = !scannable(lazy.body) || minLength({ type: "seq", items: rest }) === 0;
  const starts = scanFirst(rest);
  const guard = noSkip || starts === null ? "" : `(?=${[s, ...starts.map((n) => e.emit(n))].join("|")}|${END})`;
  if (lazy.max !== Infinity) {
    const endIter = noSkip ? `${s}{0,${lazy.max - 1}}${END}` : END;
    const plain = alternation([endIter, full(`{0,${lazy.max}}`)]);
    // Before a string, partial where a proper prefix of it ends the text within reach.
    const prefixes = [...lit].map((_, i) => [...lit].slice(0, i).map((ch) => esc(ch.codePointAt(0)!)).join(""));
    const peek = lit.length > 1 ? `${ANY}{0,${lazy.max}}(?:${prefixes.join("|")})${END}` : c !== null ? stopThenEnd(s, `{0,${lazy.max}}`, c) : null;
    const reach = c === null ? "" : `(?=${ANY}{0,${lazy.max}}(?:${c}|${END}))`;
    const body = alternation([plain, peek]);
    return body === null ? null : `${guard}${reach}${body}`;
  }
  const peek = lit.length > 1 ? `${ANY}*${END}` : c !== null ? stopThenEnd(s, "*", c) : null;
  if (noSkip) return alternation([`${s}*${END}`, peek, full("*")]);
  const body = alternation([END, peek, full("*")]);
  return body === null ? null : `${guard}${body}`;
}

function emitCharAhead(e: Emitter, items: Node[]): string | null {
  const c = charAhead(items);
  return c === null ? null : e.emit(c);
}
