// The regex module merges an alternation of single characters into one set and gets negated
// members wrong: `[^a]|[^b]` behaves as `[^ab]` (recorded conformance rows depend on it). This AST
// pass reproduces that before translation.
import type { Node, NodeOf } from "./ast.ts";
import { mapChildren } from "./walk.ts";

/** The single character a branch matches (`a`), or that it excludes (`[^a]`, `[^a-a]`), if any. */
function singleChar(n: Node): { cp: number; negated: boolean } | null {
  if (n.type === "char" && !n.ci) return { cp: n.cp, negated: false };
  if (n.type !== "class" || n.ci || n.items.length !== 1) return null;
  const cps = new Set<number>();
  for (const i of n.items) {
    if (i.type !== "range" || i.from !== i.to) return null;
    cps.add(i.from);
  }
  return cps.size === 1 ? { cp: [...cps][0]!, negated: n.negated } : null;
}

/**
 * The module's set for alternatives that are all single characters, some of them negated: every
 * character except the excluded ones that no positive branch names.
 */
function mergedSingles(alts: Node[]): NodeOf<"class"> | null {
  const flat = (a: Node): Node[] => (a.type === "alt" ? a.alts.flatMap(flat) : [a]);
  const singles = alts.flatMap(flat).map(singleChar);
  if (singles.some((x) => x === null) || !singles.some((x) => x!.negated)) return null;
  const positive = new Set(singles.filter((x) => !x!.negated).map((x) => x!.cp));
  const excluded = [...new Set(singles.filter((x) => x!.negated).map((x) => x!.cp))].filter((cp) => !positive.has(cp));
  return { type: "class", negated: true, ci: false, items: excluded.map((cp) => ({ type: "range", from: cp, to: cp })) };
}

/**
 * AST pass applying the merge to every alternation, also after a common leading item:
 * `\b[^a]|\b[^b]` → `\b[^ab]`, `x[^a]|x[^b]` → `x[^ab]`.
 */
export function mergeAlternations(n: Node): Node {
  const m = mapChildren(n, mergeAlternations);
  if (m.type !== "alt") return m;
  const merged = mergedSingles(m.alts);
  if (merged) return merged;
  const lead = m.alts.every((a) => a.type === "seq" && a.items.length === 2) ? m.alts.map((a) => (a as NodeOf<"seq">).items) : null;
  if (lead && lead.every((items) => JSON.stringify(items[0]) === JSON.stringify(lead[0]![0]))) {
    const tail = mergedSingles(lead.map((items) => items[1]!));
    if (tail) return { type: "seq", items: [lead[0]![0]!, tail] };
  }
  return m;
}
