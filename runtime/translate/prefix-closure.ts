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
// where END = `(?![\s\S])`. The reference's start scan (start-scan.ts) and its shortcuts for lazy
// repeats (lazy-shortcuts.ts) add a few alternatives to P.
//
// Cost: the runtime searches R once and, only if that finds nothing, P once from the same position;
// the first P match is the earliest partial start. Two ordinary left-to-right JS searches — no
// re-scan from every start, so the work is that of the regex itself on the text examined.
//
// Known over-approximation: inside an atomic group or possessive quantifier, the reference only
// tries the paths before the body's first success; P also accepts cuts on later paths. Exact for
// possessive repeats of a single character set and atomic lazy repeats.
import type { Ast, Node } from "./ast.ts";
import { Emitter, type Scope } from "./emitter.ts";
import { ANY, END, alternation, type Source } from "./js-source.ts";
import { isLazySingle } from "./lazy-single.ts";
import { lazyPeek, leadingLazyClosure } from "./lazy-shortcuts.ts";
import { minLength } from "./lengths.ts";
import { openGroup, type Numbered, type PendingCheck } from "./placeholders.ts";
import { scanFirst } from "./start-scan.ts";
import { findGroup, topLevelItems } from "./walk.ts";

/**
 * P for the pattern `root` (null when it can never be partial). With `cutBackrefs` false, a path
 * is never cut inside a backreference (the closure the runtime falls back to when a check fails).
 */
export function emitPrefixClosure(
  ast: Ast,
  root: Node,
  scope: Scope,
  cutBackrefs: boolean,
): Pick<Numbered, "js" | "checks"> | null {
  const closure = new PrefixClosure(new Emitter(ast, { ...scope, captureNamed: false }), cutBackrefs);
  const pre = closure.ofPattern(root);
  return pre === null ? null : closure.finish(pre);
}

class PrefixClosure {
  private readonly checks: PendingCheck[] = [];

  constructor(
    private readonly e: Emitter,
    private readonly cutBackrefs: boolean,
  ) {}

  finish(pre: string): Pick<Numbered, "js" | "checks"> {
    const { js, checks } = this.e.finish(pre, this.checks);
    return { js, checks };
  }

  ofPattern(root: Node): Source {
    const e = this.e;
    const items = topLevelItems(root);
    // Assertions and lookbehinds in front are checked where the match starts and never cut.
    let k = 0;
    while (k < items.length - 1 && isCheckedAtStart(items[k]!)) k++;
    const first = items[k]!;
    if (first.type === "repeat" && isLazySingle(first) && first.min === 0) {
      const lead = items.slice(0, k).map((i) => e.emit(i)).join("");
      const rest = items.slice(k + 1);
      const body = leadingLazyClosure(e, first, rest, rest.length === 0 ? null : this.ofSeq(rest, 0));
      return body === null ? null : `${lead}${body}`;
    }
    const pre = this.of(root);
    // The reference's start scan only tries positions where the pattern's first character can occur.
    const starts = minLength(root) > 0 ? scanFirst(items) : null;
    return pre === null || starts === null || starts.length === 0 ? pre : `(?=${starts.map((n) => e.emit(n)).join("|")}|${END})${pre}`;
  }

  /** P for `n`; `follow` is what comes after `n` in enclosing sequences. */
  private of(n: Node, follow: Node[] = []): Source {
    const e = this.e;
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
        return this.ofSeq(n.items, 0, follow);
      case "alt":
        return alternation(n.alts.map((a) => this.of(a, follow)));
      case "group":
        return this.of(n.body, follow);
      case "atomic": {
        // Only paths tried before the body's first success count; a lazy repeat succeeds at once.
        let body = n.body;
        while (body.type === "group") body = body.body;
        if (body.type === "repeat" && body.mode === "lazy") {
          const inner = this.of(body.body);
          return body.min === 0 || inner === null ? null : `(?:${e.emit(body.body)}){0,${body.min - 1}}${inner}`;
        }
        return this.of(n.body, follow);
      }
      case "look": {
        if (n.behind) return null;
        const body = this.of(n.body);
        return body === null ? null : `(?=${body})`;
      }
      case "repeat": {
        if (n.max === 0) return null;
        // A lazy single-character repeat running into the end is partial only on its first optional
        // iteration (the reference's shortcut checks the end before looping).
        if (isLazySingle(n)) return alternation([`(?:${e.emit(n.body)}){0,${n.min}}${END}`, lazyPeek(e, n, follow)]);
        // Emit the leading repetitions before the cut body, in source order (group numbering).
        const lead = n.max === 1 ? "" : `(?:${e.emit(n.body)})${n.max === Infinity ? "*" : `{0,${n.max - 1}}`}`;
        const body = this.of(n.body);
        return body === null ? null : `${lead}${body}`;
      }
      case "backref":
        return this.backrefCheck(n.index);
      case "call": {
        const target = findGroup(e.ast.root, n.index);
        return target === null ? null : e.inline(() => this.of(target.body));
      }
    }
  }

  private ofSeq(items: Node[], i: number, follow: Node[] = []): Source {
    if (i >= items.length) return null;
    const next = [...items.slice(i + 1), ...follow];
    const head = this.of(items[i]!, next);
    if (i === items.length - 1) return head;
    const full = this.e.emit(items[i]!);
    const rest = this.ofSeq(items, i + 1, follow);
    return alternation([head, rest === null ? null : `${full}${rest}`]);
  }

  /** A capture of the rest of the text, checked by the runtime to be a proper prefix of group `ref`. */
  private backrefCheck(ref: number): Source {
    if (!this.cutBackrefs) return null;
    const capture = this.e.newGroup();
    this.checks.push({ capture, ref });
    return `${openGroup(capture)}${ANY}*)${END}`;
  }
}

const isCheckedAtStart = (n: Node): boolean => n.type === "assert" || (n.type === "look" && n.behind);
