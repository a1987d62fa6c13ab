// Whether the pattern needs the backtracking matcher (runtime/core/regex/backtrack.ts): a bounded
// repeat whose item holds a backreference, where the module's repeat guard is observable.
import type { Node } from "./ast.ts";
import { children, contains } from "./walk.ts";

const containsBackref = (n: Node): boolean => contains(n, (m) => m.type === "backref");

export function hasGuardedRepeat(n: Node): boolean {
  return (n.type === "repeat" && n.max !== Infinity && containsBackref(n.body)) || children(n).some(hasGuardedRepeat);
}
