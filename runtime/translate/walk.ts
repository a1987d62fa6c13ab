// Generic traversal of the pattern AST.
import type { Node, NodeOf } from "./ast.ts";

/** The direct child nodes of `n` (none for leaves), for generic walks over the AST. */
export function children(n: Node): Node[] {
  switch (n.type) {
    case "seq":
      return n.items;
    case "alt":
      return n.alts;
    case "group":
    case "look":
    case "atomic":
    case "repeat":
    case "fuzzy":
      return [n.body];
    default:
      return [];
  }
}

export function mapChildren(n: Node, f: (n: Node) => Node): Node {
  switch (n.type) {
    case "seq":
      return { ...n, items: n.items.map(f) };
    case "alt":
      return { ...n, alts: n.alts.map(f) };
    case "group":
    case "look":
    case "atomic":
    case "repeat":
    case "fuzzy":
      return { ...n, body: f(n.body) };
    default:
      return n;
  }
}

/** Visits `n` and everything below it, parents first. */
export function visit(n: Node, f: (n: Node) => void): void {
  f(n);
  for (const c of children(n)) visit(c, f);
}

/** Whether `n` or anything below it satisfies `test`. */
export function contains(n: Node, test: (n: Node) => boolean): boolean {
  return test(n) || children(n).some((c) => contains(c, test));
}

/** The first node, parents first, that satisfies `test`, or null. */
export function find(n: Node, test: (n: Node) => boolean): Node | null {
  if (test(n)) return n;
  for (const c of children(n)) {
    const hit = find(c, test);
    if (hit) return hit;
  }
  return null;
}

export function findGroup(n: Node, index: number): NodeOf<"group"> | null {
  if (n.type === "group" && n.index === index) return n;
  for (const c of children(n)) {
    const g = findGroup(c, index);
    if (g) return g;
  }
  return null;
}

/** `n` contains a call to group `index` (a recursive call when `n` is that group's body). */
export function containsCall(n: Node, index: number): boolean {
  return contains(n, (m) => m.type === "call" && m.index === index);
}

/** The items of a sequence, or the node alone. */
export const topLevelItems = (root: Node): Node[] => (root.type === "seq" ? root.items : [root]);
