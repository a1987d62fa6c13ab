// The tool name's group `(?P<name>B)` of an open delimiter, written as one tool's name. The grammar
// writes the name, then what follows the group in the branch (F, before the branch's trailing lookahead
// L), narrowed so that the parser captures exactly that name, whatever B is:
// - B accepts the name (checked with the real matcher);
// - no longer capture: when B, after the name, could go on into F·L and what follows it, F keeps only
//   the text that does not start with a character B could continue the name with; when F may be
//   empty, the text after the branch may not start with one either (`notFollowedBy`);
// - no shorter capture: the proper prefixes of the name that B accepts and from which F·L could match
//   (derivatives of F·L over the rest of the name) must all come after the whole name in the order the
//   matcher tries B's ways to match (asked of the real matcher).
// A lone lazy repeat of a class (`[^<\n]+?`) skips the first check: its shortest capture wins.
// B and F·L are read over their full Unicode sets here, so that both checks over-approximate what the
// parser can match; what the grammar writes keeps the engines' narrowing (pattern-nodes.ts).
// Not checked: when the group was brought up from an alternation, whether an earlier alternative could
// match a later one's text with another capture (in the library only GLM's and Laguna's opens have
// such alternatives, and the second takes only a one-character blank name, which the first refuses).

import { compilePattern, type Node } from "response-template/translate";
import { alt, EMPTY, intersect, lit, nullable, rangesOf, rep, seq, subtract, type G, type Ranges } from "./ir.ts";
import { derive, firstChars, reachesInto } from "./language.ts";
import { asGrammar, classG, innerRepeat, items, literalSource, matchesWhole, nodeRanges, NotThisName, regexSource, UnsupportedBranch } from "./pattern-nodes.ts";

type Group = Extract<Node, { type: "group" }>;

export interface WrittenName {
  /** The name, then what follows it up to the branch's trailing lookahead. */
  g: G;
  notFollowedBy: Ranges | null;
}

/** The name group as `name`, with `follow` (the items after it) and the branch's trailing lookahead body. */
export function writeName(group: Group, name: string, follow: Node[], lookahead: Node | null): WrittenName {
  if (!matchesWhole(group.body, name)) throw new NotThisName(`the name group's pattern does not accept the tool name "${name}"`);
  // The group's own pattern, past any lookahead it starts with (`(?!python[\s<])[^<\s]+`): it matches
  // at least what the group does.
  const core = items(group.body).filter((x) => x.type !== "look");
  const body = wide({ type: "seq", items: core });
  const lone = core.length === 1 ? innerRepeat(core[0]!) : null;
  const lazyClass = lone?.mode === "lazy" && nodeRanges(lone.body) !== null;
  const chars = [...name];
  let after = asGrammar({ type: "seq", items: follow }, { name });
  let notFollowedBy: Ranges | null = null;
  const rest = wide({ type: "seq", items: lookahead ? [...follow, lookahead] : follow });
  const more = derive(body, name);
  if (!lazyClass && more && reachesInto(more, rest)) {
    // B could go on into what follows: keep only what does not start with a character it continues with.
    const next = firstChars(more);
    if (next === "any") throw new UnsupportedBranch("the name group's continuation is not known");
    const restricted = notStartingWith(after, next);
    if (restricted === null) throw new UnsupportedBranch(`the name group would run on past "${name}"`);
    if (nullable(after)) notFollowedBy = next;
    after = restricted;
  }
  // Proper prefixes of the name that B accepts and from which F·L could match: which capture does the
  // matcher try first, among those and the whole name? (Asked of the real matcher, the text after the
  // name standing as \0.)
  const shorter: number[] = [];
  for (let k = 0; k < chars.length; k++) {
    const prefix = derive(body, chars.slice(0, k).join(""));
    if (prefix && nullable(prefix) && matchesFrom(rest, chars.slice(k))) shorter.push(k);
  }
  if (shorter.length) {
    const ends = [...shorter.map((k) => literalSource(chars.slice(k).join(""))), ""].join("|");
    const first = compilePattern(`(?:${regexSource(group.body)})(?=(?:${ends})\\x00)`).search(`${name}\0`, 0, false);
    if (first?.start !== 0 || first.end !== name.length) {
      throw new UnsupportedBranch(`the name group could capture "${name.slice(0, first?.end ?? 0)}" of "${name}"`);
    }
  }
  return { g: seq(lit(name), after), notFollowedBy };
}

/** A node over the full Unicode sets, for the checks. */
const wide = (n: Node): G => asGrammar(n, { name: undefined, wide: true });

/**
 * Can `g` match text that starts with `chars`: a prefix of them, or all of them and possibly more (what
 * comes after the name is not known here, so that counts)?
 */
function matchesFrom(g: G, chars: string[]): boolean {
  let cur: G | null = g;
  for (const c of chars) {
    if (nullable(cur)) return true;
    cur = derive(cur, c);
    if (!cur) return false;
  }
  return true;
}

/**
 * The strings of `g` whose first character is outside `not` (the empty string stays when `g` has it):
 * null when no such string exists.
 */
export function notStartingWith(g: G, not: Ranges): G | null {
  const nonEmpty = (x: G): G | null => {
    switch (x.t) {
      case "lit": {
        if (x.s === "") return null;
        return intersect(rangesOf([...x.s][0]!), not).length ? null : x;
      }
      case "cls": {
        const r = subtract(x.ranges, not);
        return r.length ? classG(r) : null;
      }
      case "ref":
        throw new Error("a rule reference in a delimiter");
      case "alt": {
        const as = x.alts.map(nonEmpty).filter((a): a is G => a !== null);
        return as.length ? alt(...as) : null;
      }
      case "rep": {
        const head = nonEmpty(x.body);
        if (!head || x.max === 0) return null;
        return x.max === 1 ? head : seq(head, rep(x.body, Math.max(0, x.min - 1), x.max - 1));
      }
      case "seq": {
        const [first, ...rest] = x.items;
        if (!first) return null;
        const options: G[] = [];
        const h = nonEmpty(first);
        if (h) options.push(seq(h, ...rest));
        if (nullable(first)) {
          const r = nonEmpty(seq(...rest));
          if (r) options.push(r);
        }
        return options.length ? alt(...options) : null;
      }
    }
  };
  const ne = nonEmpty(g);
  if (nullable(g)) return ne ? alt(ne, EMPTY) : EMPTY;
  return ne;
}
