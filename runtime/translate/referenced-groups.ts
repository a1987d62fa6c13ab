// Which groups are backreferenced: only those (and named ones) capture in the emitted JS.
import type { Node } from "./ast.ts";
import { visit } from "./walk.ts";

/** Python group numbers that a backreference in `n` names. */
export function referencedGroups(n: Node): Set<number> {
  const out = new Set<number>();
  visit(n, (m) => {
    if (m.type === "backref") out.add(m.index);
  });
  return out;
}
