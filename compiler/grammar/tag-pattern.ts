// An xml-inline `tag_pattern` (one parameter: `(?P<key>…)` … `(?P<value>…)` …) cut into the forms a
// grammar writes: the text before the key, between key and value, and after the value, per alternative
// that holds the value group.

import { parse, type Node } from "response-template/translate";
import { alt, seq, type G, type Ranges } from "./ir.ts";
import { asGrammar, branchesOf, distribute, holds, items, matchesWhole, nodeRanges, required, UnsupportedBranch, type NodeOptions } from "./pattern-nodes.ts";

/** One way a tag pattern writes a parameter: cut at its `key` and `value` groups. */
export interface TagForm {
  /** Before the key. */
  prefix: G;
  /** Between key and value; other named groups are filled with `fill(name)`. */
  middle(fill: (group: string) => G): G;
  /** After the value. */
  suffix: G;
  /** Literals one of which every suffix contains: a raw value must not hold them. */
  suffixRequired: string[] | null;
  /** Characters a raw value may not start with (a negative lookahead before it). */
  valueFirstNot: Ranges | null;
}

/** An xml-inline style `tag_pattern`: its forms (one per alternative holding the value) and its groups. */
export interface TagPattern {
  forms: TagForm[];
  /** Does the key group's pattern accept this parameter name? */
  acceptsKey(key: string): boolean;
  /** Does a named group's pattern accept this text? */
  groupAccepts(group: string, text: string): boolean;
}

export function splitTagPattern(source: string): TagPattern {
  const ast = parse(source);
  const ctx: NodeOptions = { name: undefined };
  const groups = new Map<string, Node>();
  const collect = (n: Node): void => {
    if (n.type === "group" && n.name && !groups.has(n.name)) groups.set(n.name, n.body);
    for (const c of n.type === "seq" ? n.items : n.type === "alt" ? n.alts : "body" in n ? [n.body as Node] : []) collect(c);
  };
  collect(ast.root);
  const accepts = (group: string, text: string): boolean => {
    const body = groups.get(group);
    return body !== undefined && matchesWhole(body, text);
  };
  const forms: TagForm[] = [];
  // One form per alternative holding the value group.
  for (const its of distribute(items(ast.root), "value")) {
    if (its.some((n) => holds(n, "value") && !(n.type === "group" && n.name === "value"))) throw new UnsupportedBranch("the value group sits in a construct other than an alternation");
    const k = its.findIndex((n) => n.type === "group" && n.name === "key");
    const v = its.findIndex((n) => n.type === "group" && n.name === "value");
    if (k < 0 || v < 0 || v < k) continue;
    let middle = its.slice(k + 1, v);
    // `(?!Y)` right before the value (and an optional newline): the value may not start like Y.
    let valueFirstNot: Ranges | null = null;
    const look = middle.findIndex((n) => n.type === "look" && n.negate && !n.behind);
    if (look >= 0) {
      const y = items((middle[look] as Extract<Node, { type: "look" }>).body).filter((n) => !(n.type === "repeat" && n.min === 0));
      const first = y[0] && nodeRanges(y[0]);
      if (!first) continue;
      valueFirstNot = first;
      middle = [...middle.slice(0, look), ...middle.slice(look + 1)];
    }
    // The suffix's ways to end: only those that consume fixed text (a lookahead or `$` end is left out).
    const suffixNodes: Node = { type: "seq", items: its.slice(v + 1) };
    const ends = branchesOf(suffixNodes).filter((b) => !b.some((n) => n.type === "look" || n.type === "assert"));
    if (!ends.length) continue;
    try {
      forms.push({
        prefix: asGrammar({ type: "seq", items: its.slice(0, k) }, ctx),
        middle: (fill) => seq(...middle.map((n) => (n.type === "group" && n.name ? fill(n.name) : asGrammar(n, ctx)))),
        suffix: alt(...ends.map((b) => asGrammar({ type: "seq", items: b }, ctx))),
        suffixRequired: required({ type: "alt", alts: ends.map((b): Node => ({ type: "seq", items: b })) }),
        valueFirstNot,
      });
    } catch (e) {
      if (!(e instanceof UnsupportedBranch)) throw e;
    }
  }
  if (!forms.length) throw new UnsupportedBranch("no form of the tag pattern can be written");
  return { forms, acceptsKey: (key) => accepts("key", key), groupAccepts: accepts };
}
