// Generic traversal of the pattern AST.
import type { Node, NodeOf } from "./ast.ts";

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
  return (n.type === "call" && n.index === index) || children(n).some((c) => containsCall(c, index));
}
