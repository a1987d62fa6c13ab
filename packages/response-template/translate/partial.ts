// Partial matching as `regex.search(text, pos, partial=True)` does it, without re-scanning.
//
// What the reference does (pinned down by the conformance rows and a recorded sample, see
// test/regex/oracle.test.ts): it first runs an ordinary search; if that finds a match, that match
// is the answer (never partial, even when a partial one would start earlier). Only when there is no
// complete match does it search again, returning the earliest start from which the matcher *tried
// to read a character past the end of the text* — a partial match, spanning from that start to the
// end of the text. Assertions are evaluated normally at the end (`\B`, `\b`, `$`, `(?!x)` do not
// make a match partial), but a lookahead (positive or negative) whose body reads past the end does.
//
// Approach: derive on the AST the "prefix closure" P of the pattern R, a regex that matches exactly
// the paths of R that are cut at the end of the text just as a character-consuming atom would read:
//   pre(c)            = END                      for any atom that consumes a character
//   pre(x1 x2 … xn)   = pre(x1) | x1 (pre(x2) | x2 (… pre(xn)))   (right-nested: linear size)
//   pre(A | B)        = pre(A) | pre(B)
//   pre(X{m,n})       = X{0,n-1} pre(X)
//   pre((?=X)), pre((?!X)) = (?=pre(X))
//   pre(assertion), pre(lookbehind), pre(empty) = never
//   pre(\k)           = the rest of the text is a proper prefix of group k (checked by the runtime)
// where END = `(?![\s\S])`. The reference's own shortcuts for lazy repeats and its start-position
// scan add a few alternatives to P; they live in search-loop.ts.
//
// Cost: the runtime searches R once and, only if that finds nothing, P once from the same position;
// the first P match is the earliest partial start. Two ordinary left-to-right JS searches — no
// re-scan from every start, so the work is that of the regex itself on the text examined.
//
// Known over-approximation: inside an atomic group or possessive quantifier, the reference only
// tries the paths before the body's first success; P also accepts cuts on later paths. Exact for
// possessive repeats of a single character set and atomic lazy repeats.
import { minLength } from "./analysis.ts";
import type { Node } from "./ast.ts";
import { isLazySingle, lazyPeek, leadingLazyClosure, scanFirst, type Repeat } from "./search-loop.ts";
import { END, type Emitter } from "./translate.ts";
import { findGroup } from "./walk.ts";

export type Pre = string | null;

export const alt = (parts: Pre[]): Pre => {
  const ok = parts.filter((p): p is string => p !== null);
  return ok.length === 0 ? null : ok.length === 1 ? ok[0]! : `(?:${ok.join("|")})`;
};

/** P for the whole pattern (null when it can never be partial). */
export function patternClosure(e: Emitter, root: Node): Pre {
  const items = root.type === "seq" ? root.items : [root];
  // Assertions and lookbehinds in front are checked where the match starts and never cut.
  let k = 0;
  while (k < items.length - 1 && (items[k]!.type === "assert" || (items[k]!.type === "look" && (items[k] as { behind: boolean }).behind))) k++;
  const first = items[k]!;
  if (isLazySingle(first) && (first as Repeat).min === 0) {
    const lead = items.slice(0, k).map((i) => e.emit(i)).join("");
    const body = leadingLazyClosure(e, first as Repeat, items.slice(k + 1), (rest) => seqClosure(e, rest, 0));
    return body === null ? null : `${lead}${body}`;
  }
  // The reference's start scan only tries positions where the pattern's first character can occur.
  const pre = prefixClosure(e, root);
  const starts = minLength(root) > 0 ? scanFirst(e, items) : null;
  return pre === null || starts === null || starts.length === 0 ? pre : `(?=${starts.join("|")}|${END})${pre}`;
}

/** JS source of P for `n`; `follow` is what comes after `n` in enclosing sequences. */
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
      return prefixClosure(e, n.body, follow);
    case "atomic": {
      // Only paths tried before the body's first success count; a lazy repeat succeeds at once.
      let body = n.body;
      while (body.type === "group") body = body.body;
      if (body.type === "repeat" && body.mode === "lazy") {
        const inner = prefixClosure(e, body.body);
        return body.min === 0 || inner === null ? null : `(?:${e.emit(body.body)}){0,${body.min - 1}}${inner}`;
      }
      return prefixClosure(e, n.body, follow);
    }
    case "look": {
      if (n.behind) return null;
      const body = prefixClosure(e, n.body);
      return body === null ? null : `(?=${body})`;
    }
    case "repeat": {
      if (n.max === 0) return null;
      // A lazy single-character repeat running into the end is partial only on its first optional
      // iteration (the reference's shortcut checks the end before looping).
      if (isLazySingle(n)) return alt([`(?:${e.emit(n.body)}){0,${n.min}}${END}`, lazyPeek(e, n, follow)]);
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

function seqClosure(e: Emitter, items: Node[], i: number, follow: Node[] = []): Pre {
  if (i >= items.length) return null;
  const next = [...items.slice(i + 1), ...follow];
  const head = prefixClosure(e, items[i]!, next);
  if (i === items.length - 1) return head;
  const full = e.emit(items[i]!);
  const rest = seqClosure(e, items, i + 1, follow);
  return alt([head, rest === null ? null : `${full}${rest}`]);
}
