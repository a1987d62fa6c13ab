// What the lazy single-character shortcut (lazy-shortcuts.ts) sees after the repeat: the literal
// string it searches for, or the one character it peeks at.
import type { Node, NodeOf } from "./ast.ts";

/**
 * The literal text next: consecutive case-sensitive characters; a counted repeat contributes one
 * character and ends it (`é{2}` is not a string).
 */
export function literalAhead(items: Node[]): string {
  let out = "";
  for (const item of items) {
    if (item.type === "char" && !item.ci) {
      out += String.fromCodePoint(item.cp);
      continue;
    }
    if (item.type === "group" || item.type === "atomic") return out + literalAhead([item.body]);
    if (item.type === "seq") return out + literalAhead(item.items);
    if (item.type === "repeat" && item.min > 0) return out + literalAhead([item.body]).slice(0, 1);
    return out;
  }
  return out;
}

/** The single-character item peeked at next: a literal or a one-character class (`[a]`, `[^a]`). */
export function charAhead(items: Node[]): NodeOf<"char" | "class"> | null {
  const n = items[0];
  if (n === undefined) return null;
  if (n.type === "char") return n;
  if (n.type === "class") {
    const only = n.items.length === 1 ? n.items[0]! : null;
    return only?.type === "range" && only.from === only.to ? n : null;
  }
  if (n.type === "group" || n.type === "atomic") return charAhead([n.body, ...items.slice(1)]);
  if (n.type === "seq") return charAhead([...n.items, ...items.slice(1)]);
  if (n.type === "repeat" && n.min > 0) return charAhead([n.body]);
  return null;
}
