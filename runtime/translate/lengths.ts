// How many code points a node can consume: the length question other passes and the facts share.
import type { Node } from "./ast.ts";

/** Inclusive [min, max] length of what `n` consumes. */
export function lengthRange(n: Node): [number, number] {
  switch (n.type) {
    case "char":
    case "class":
    case "any":
      return [1, 1];
    case "fuzzy":
      return [0, 2];
    case "newline":
      return [1, 2];
    case "grapheme":
      return [1, Infinity];
    case "empty":
    case "assert":
    case "look":
    case "keep":
      return [0, 0];
    case "fail":
      return [Infinity, 0];
    case "backref":
    case "call":
      return [0, Infinity];
    case "seq":
      return n.items.map(lengthRange).reduce(([a, b], [c, d]) => [a + c, b + d], [0, 0]);
    case "alt": {
      const rs = n.alts.map(lengthRange);
      return [Math.min(...rs.map((r) => r[0])), Math.max(...rs.map((r) => r[1]))];
    }
    case "group":
    case "atomic":
      return lengthRange(n.body);
    case "repeat": {
      const [a, b] = lengthRange(n.body);
      return [a * n.min, b === 0 ? 0 : b * n.max];
    }
  }
}

export const minLength = (n: Node): number => lengthRange(n)[0];
export const maxLength = (n: Node): number => lengthRange(n)[1];
export const canMatchEmpty = (n: Node): boolean => minLength(n) === 0;
