// Where can a match of a pattern begin? For many delimiter patterns the answer is "at one of a few
// literals, possibly after whitespace, or at the very start of the text": `\s*(?:<a>\s*)?<b>…`,
// `<think>|^\s*(?=</think>)`, `(?=(?:<x>)?\s*to=f\.)…`. The scanner then skips to the first occurrence
// of any of those literals (indexOf), backs up over whitespace, and lets the regex search from there.
// Every answer is an over-approximation: a position outside it can start neither a match nor a
// pending (partial) match, so searching from the first position inside it gives the same result.

import type { Node } from "response-template/translate";
import { parse } from "response-template/translate";
import { isSpaceRun } from "./space-then-literal.ts";

export interface MatchStarts {
  /** Every match that is not anchored at the start begins with one of these (after whitespace if leadingSpace). */
  literals: string[];
  /** Whitespace (Unicode \s) may come before the literal. */
  leadingSpace: boolean;
  /** Some branch matches only at the start of the text (`^`). */
  atStart: boolean;
}

function union(a: MatchStarts | null, b: MatchStarts | null): MatchStarts | null {
  if (a === null || b === null) return null;
  return {
    literals: [...new Set([...a.literals, ...b.literals])],
    leadingSpace: a.leadingSpace || b.leadingSpace,
    atStart: a.atStart || b.atStart,
  };
}

/** The exact text a node matches, if it matches exactly one string (case-sensitive). */
function exactText(n: Node): string | null {
  switch (n.type) {
    case "char":
      return n.ci ? null : String.fromCodePoint(n.cp);
    case "group":
      return exactText(n.body);
    case "seq": {
      let out = "";
      for (const i of n.items) {
        const t = exactText(i);
        if (t === null) return null;
        out += t;
      }
      return out;
    }
    case "repeat": {
      if (n.min !== n.max || n.min > 16) return null;
      const t = exactText(n.body);
      return t === null ? null : t.repeat(n.min);
    }
    default:
      return null;
  }
}

const asItems = (n: Node): readonly Node[] => (n.type === "seq" ? n.items : [n]);

/** At most this many literals (beyond that, indexOf per literal costs more than it saves). */
const MAX_LITERALS = 6;

/**
 * Starts of a match of items[i:] followed by whatever `cont` describes (what comes after these items).
 * `budget` bounds the work on deeply nested patterns.
 */
function seqStarts(items: readonly Node[], i: number, cont: () => MatchStarts | null, budget: { n: number }): MatchStarts | null {
  if (--budget.n < 0) return null;
  if (i >= items.length) return cont();
  const it = items[i]!;
  const next = () => seqStarts(items, i + 1, cont, budget);
  if (it.type === "assert" && it.kind === "start") return { literals: [], leadingSpace: false, atStart: true };
  if (isSpaceRun(it)) {
    const rest = next();
    return rest && { ...rest, leadingSpace: rest.leadingSpace || rest.literals.length > 0 };
  }
  // A run of exact text: the literal every match of this branch starts with.
  let text = "";
  for (let k = i; k < items.length; k++) {
    const t = exactText(items[k]!);
    if (t === null) break;
    text += t;
  }
  if (text) return { literals: [text], leadingSpace: false, atStart: false };
  let out: MatchStarts | null;
  switch (it.type) {
    case "empty":
      return next();
    case "group":
    case "atomic":
      out = seqStarts(asItems(it.body), 0, next, budget);
      break;
    case "alt": {
      out = { literals: [], leadingSpace: false, atStart: false };
      for (const a of it.alts) out = union(out, seqStarts(asItems(a), 0, next, budget));
      break;
    }
    case "repeat":
      out = seqStarts(asItems(it.body), 0, next, budget);
      if (it.min === 0) out = union(out, next());
      break;
    case "look":
      // Zero-width: a positive lookahead constrains the start like its body does; the others do not
      // constrain it in a way used here, so the rest of the pattern decides.
      out = !it.behind && !it.negate ? seqStarts(asItems(it.body), 0, next, budget) : next();
      break;
    case "assert":
      out = next();
      break;
    default:
      return null;
  }
  return out && out.literals.length > MAX_LITERALS ? null : out;
}

/** Where matches of `source` can begin, or null when the pattern gives no usable answer. */
export function matchStarts(source: string): MatchStarts | null {
  let root: Node;
  try {
    root = parse(source).root;
  } catch {
    return null;
  }
  const s = seqStarts(asItems(root), 0, () => null, { n: 2000 });
  if (s === null || (s.literals.length === 0 && !s.atStart) || s.literals.some((l) => l === "")) return null;
  return { ...s, literals: [...s.literals].sort() };
}
