// Repeats whose item would rather match nothing: Python stops the loop after an empty iteration,
// JS rejects the iteration and backtracks into the item, so the emitter unrolls these repeats.
import type { Node } from "./ast.ts";
import { canMatchEmpty, maxLength } from "./lengths.ts";

/** Whether `n` tries a path matching nothing before a path matching something (JS and Python differ there). */
export function prefersEmpty(n: Node): boolean {
  switch (n.type) {
    case "alt":
      return n.alts.some(prefersEmpty) || n.alts.some((a, i) => canMatchEmpty(a) && n.alts.slice(i + 1).some((b) => maxLength(b) > 0));
    case "repeat":
      return (n.mode === "lazy" && n.min === 0 && maxLength(n.body) > 0) || prefersEmpty(n.body);
    case "seq":
      return canMatchEmpty(n) && n.items.some(prefersEmpty);
    case "group":
    case "atomic":
      return prefersEmpty(n.body);
    default:
      return false;
  }
}

/** Y when `n` is "match nothing, else Y" with Y unable to match nothing: `Y??`, `Y*?`, `(?:|Y)`. */
export function emptyElse(n: Node): Node | null {
  if (n.type === "repeat" && n.mode === "lazy" && n.min === 0 && !canMatchEmpty(n.body)) return n.body;
  if (n.type === "alt" && n.alts.length === 2 && n.alts[0]!.type === "empty" && !canMatchEmpty(n.alts[1]!)) return n.alts[1]!;
  return null;
}
