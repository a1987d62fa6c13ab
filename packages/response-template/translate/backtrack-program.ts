// The pattern as a program for the backtracking matcher (runtime/regex/backtrack.ts), which
// reproduces the module's repeat guard where a JS RegExp cannot (guarded-repeat.ts says when).
// Leaves become JS sources; structure stays a tree the matcher walks.
import type { Program } from "../runtime/regex/backtrack.ts";
import type { Node } from "./ast.ts";
import { unsupported } from "./unsupported-pattern-error.ts";

/** `leaf` emits one node as JS; `source` names the pattern in errors. */
export function toProgram(n: Node, leaf: (n: Node) => string, source: string): Program {
  const rec = (m: Node) => toProgram(m, leaf, source);
  switch (n.type) {
    case "char":
    case "class":
    case "any":
    case "newline":
    case "grapheme":
      return { t: "test", js: leaf(n) };
    case "assert":
      return { t: "assert", js: leaf(n) };
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
      // Run as one JS assertion: groups inside it do not capture there (unlike the module). The
      // text test below is also true for a group named "backref", which is refused with it.
      if (!JSON.stringify(n.body).includes('"backref"')) return { t: "assert", js: leaf(n) };
      return unsupported(source, "lookbehind with a backreference next to a guarded repeat");
    case "keep":
    case "call":
    case "fuzzy":
      return unsupported(source, `${n.type} next to a repeat of a backreference`);
  }
}
