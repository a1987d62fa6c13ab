// The pattern as a program for the backtracking matcher (runtime/core/regex/backtrack.ts), which
// reproduces the module's repeat guard where a JS RegExp cannot (guarded-repeat.ts says when).
// Leaves become JS sources; structure stays a tree the matcher walks.
import type { Program } from "../core/regex/backtrack.ts";
import type { Ast, Node, NodeOf } from "./ast.ts";
import type { Numbered } from "./placeholders.ts";
import { unsupported, UnsupportedPatternError } from "./unsupported-pattern-error.ts";
import { find, visit } from "./walk.ts";

/** Emits one node as JS, capturing the given Python groups. */
type Leaf = (n: Node, captured?: Set<number>) => Numbered;

/** `ast` names the pattern (and its backreferences' columns) in errors. */
export function toProgram(n: Node, leaf: Leaf, ast: Ast): Program {
  const rec = (m: Node) => toProgram(m, leaf, ast);
  const source = ast.source;
  switch (n.type) {
    case "char":
    case "class":
    case "any":
    case "newline":
    case "grapheme":
      return { t: "test", js: leaf(n).js };
    case "assert":
      return { t: "assert", js: leaf(n).js };
    case "empty":
      return { t: "empty" };
    case "fail":
      return { t: "fail" };
    case "seq":
      return { t: "seq", items: n.items.map(rec) };
    case "alt":
      return { t: "alt", alts: n.alts.map(rec) };
    case "group":
      return { t: "group", index: n.index, body: rec(n.body) };
    case "atomic":
      return { t: "atomic", body: rec(n.body) };
    case "repeat":
      return { t: "repeat", min: n.min, max: n.max === Infinity ? null : n.max, mode: n.mode, body: rec(n.body) };
    case "backref":
      return { t: "backref", index: n.index, ci: n.ci };
    case "look":
      if (!n.behind) return { t: "look", negate: n.negate, body: rec(n.body) };
      return lookbehind(n, leaf, ast);
    case "keep":
    case "call":
    case "fuzzy":
      return unsupported(source, `${n.type} next to a repeat of a backreference`);
  }
}

/**
 * A lookbehind runs as one JS assertion (JS matches it backwards, as the module does; the matcher only
 * goes forwards). The groups inside a positive one capture there and the matcher takes their spans. A
 * backreference inside would need the matcher's captures, which the JS assertion cannot see: refused.
 */
function lookbehind(n: NodeOf<"look">, leaf: Leaf, ast: Ast): Program {
  const ref = find(n.body, (m) => m.type === "backref");
  if (ref) throw new UnsupportedPatternError(ast.source, ast.columns.get(ref) ?? 0, "backreference inside a lookbehind next to a repeat of a backreference");
  const captured = new Set<number>();
  if (!n.negate) visit(n.body, (m) => void (m.type === "group" && captured.add(m.index)));
  const { js, slots } = leaf(n, captured);
  return captured.size === 0 ? { t: "assert", js } : { t: "assert", js, groups: [...slots] };
}
