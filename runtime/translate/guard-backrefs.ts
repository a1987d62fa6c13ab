// Python: a backreference to a group that has not captured fails. JS: it matches the empty string.
// This AST pass makes the difference disappear: where a group is certainly unset the backreference
// becomes a failure, and where an alternation or optional item before a backreference may or may
// not set the group, the rest of the sequence is distributed into each branch
// (`(?:A|B) R` ≡ `(?:A R|B R)`, `X? R` ≡ `(?:X R|R)`: same backtracking order), so every branch
// knows. Inside loops nothing is assumed unset (an earlier iteration may have set it).
import type { Node } from "./ast.ts";
import { referencedGroups } from "./referenced-groups.ts";
import { visit } from "./walk.ts";

function groupsIn(n: Node): Set<number> {
  const out = new Set<number>();
  visit(n, (m) => {
    if (m.type === "group") out.add(m.index);
  });
  return out;
}

/** Groups set on every path through `n`. */
function definitelySets(n: Node): Set<number> {
  switch (n.type) {
    case "group":
      return new Set([n.index, ...definitelySets(n.body)]);
    case "seq":
      return new Set(n.items.flatMap((i) => [...definitelySets(i)]));
    case "alt": {
      const sets = n.alts.map(definitelySets);
      return new Set([...sets[0]!].filter((g) => sets.every((s) => s.has(g))));
    }
    case "atomic":
      return definitelySets(n.body);
    case "repeat":
      return n.min > 0 ? definitelySets(n.body) : new Set();
    default:
      return new Set();
  }
}

/** Branches of `n` in matching order, when `n` may leave some group unset. */
function branches(n: Node): Node[] | null {
  if (n.type === "alt") return n.alts;
  if (n.type === "repeat" && n.min === 0 && n.max === 1 && n.mode !== "possessive") {
    return n.mode === "lazy" ? [{ type: "empty" }, n.body] : [n.body, { type: "empty" }];
  }
  return null;
}

export function guardBackrefs(root: Node): Node {
  if (referencedGroups(root).size === 0) return root;
  return guard(root, groupsIn(root));
}

function guard(n: Node, unset: Set<number>): Node {
  switch (n.type) {
    case "backref":
      return unset.has(n.index) ? { type: "fail" } : n;
    case "group":
      return { ...n, body: guard(n.body, unset) };
    case "alt":
      return { ...n, alts: n.alts.map((a) => guard(a, unset)) };
    case "look":
    case "atomic":
    case "fuzzy":
      return { ...n, body: guard(n.body, unset) };
    case "repeat":
      return { ...n, body: guard(n.body, n.max > 1 ? new Set() : unset) };
    case "seq":
      return guardSeq(n.items, unset);
    default:
      return n;
  }
}

function guardSeq(items: Node[], unset: Set<number>): Node {
  const out: Node[] = [];
  let state = new Set(unset);
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const rest = items.slice(i + 1);
    const later = referencedGroups({ type: "seq", items: rest });
    const opts = branches(item);
    const uncertain = [...groupsIn(item)].filter((g) => state.has(g) && later.has(g) && !definitelySets(item).has(g));
    if (opts && uncertain.length > 0) {
      // Distribute the rest of the sequence into each branch.
      const alts = opts.map((b) => guardSeq([b, ...rest], state));
      out.push({ type: "alt", alts });
      return out.length === 1 ? out[0]! : { type: "seq", items: out };
    }
    out.push(guard(item, state));
    state = new Set([...state].filter((g) => !definitelySets(item).has(g)));
  }
  return out.length === 1 ? out[0]! : { type: "seq", items: out };
}
