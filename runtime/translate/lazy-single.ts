// Which repeats the regex module runs by its lazy single-character shortcut (lazy-shortcuts.ts).
import type { Node } from "./ast.ts";

/** A lazy repeat S{m,n}? (n > m) of one character per match. */
export function isLazySingle(n: Node): boolean {
  return n.type === "repeat" && n.mode === "lazy" && n.max > n.min && oneCharPerMatch(n.body);
}

/** One character per match: the module compiles `b|[\w-]` to a set too (not when `.` is a branch). */
function oneCharPerMatch(n: Node): boolean {
  return n.type === "char" || n.type === "class" || n.type === "any" || (n.type === "alt" && n.alts.every(setMember));
}

function setMember(n: Node): boolean {
  return n.type === "char" || n.type === "class" || (n.type === "alt" && n.alts.every(setMember));
}
