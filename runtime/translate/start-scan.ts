// The regex module's start scan: it only tries positions where the pattern's first character can
// occur, when that set is "scannable" (literals, `\w`-like sets, sets of several members; not any
// character, a single range `[a-z]`, or one excluded character/range `[^a]`, `[^a-b]`).
// Found on the "lazy family" conformance rows, checked on random haystacks (test/regex/oracle.test.ts).
import type { Node } from "./ast.ts";
import { minLength } from "./lengths.ts";

/** Whether the start scan can skip by this single-character item. */
export function scannable(n: Node): boolean {
  if (n.type === "char") return true;
  if (n.type !== "class") return false;
  const only = n.items.length === 1 ? n.items[0]! : null;
  return !(only !== null && (n.negated || (only.type === "range" && only.from < only.to)));
}

/** The characters (as char/class nodes) a match of `items` can start with; null if not all scannable. */
export function scanFirst(items: Node[]): Node[] | null {
  const out: Node[] = [];
  for (const item of items) {
    const r = first(item);
    if (r === null) return null;
    out.push(...r.parts);
    if (!r.nullable) return out;
  }
  return out;
}

function first(n: Node): { parts: Node[]; nullable: boolean } | null {
  switch (n.type) {
    case "char":
    case "class":
      return scannable(n) ? { parts: [n], nullable: false } : null;
    case "assert":
    case "look":
    case "keep":
    case "empty":
      return { parts: [], nullable: true };
    case "group":
    case "atomic":
      return first(n.body);
    case "repeat": {
      const r = first(n.body);
      return r === null ? null : { parts: r.parts, nullable: r.nullable || n.min === 0 };
    }
    case "seq": {
      const parts = scanFirst(n.items);
      return parts === null ? null : { parts, nullable: n.items.every((i) => minLength(i) === 0) };
    }
    case "alt": {
      const rs = n.alts.map(first);
      if (rs.some((r) => r === null)) return null;
      return { parts: rs.flatMap((r) => r!.parts), nullable: rs.some((r) => r!.nullable) };
    }
    default:
      return null;
  }
}
