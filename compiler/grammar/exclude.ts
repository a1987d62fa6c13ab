// "Text that does not contain any of these literals" as grammar rules: the states of the literals'
// Aho–Corasick automaton (the trie of the literals, each state one rule), with transitions that
// complete a literal left out. Used for free text between regions (no open delimiter may start there),
// region bodies (no close may match inside), and strings inside arguments (no close may hide in them).
//
// Characters are code points. A state whose next expected character is non-ASCII cannot say "any other
// non-ASCII character" in the two engines' shared dialect (see gbnf.ts), so there other non-ASCII
// characters are refused: `<é` is not allowed where `<｜` starts a literal. `narrowed` reports it.

import { legalClass } from "./gbnf.ts";
import { alt, lit, opt, ref, Rules, seq, star, subtract, intersect, rangesOf, type G, type Ranges } from "./ir.ts";

export interface ExcludeOptions {
  /** Characters the text may hold at all (default: any). */
  base: Ranges;
  /** Multi-character units allowed anywhere, which contain no literal's characters (JSON escapes). */
  atoms?: G[];
  /** The text is not empty. */
  nonEmpty?: boolean;
  /** Characters the text may not start with. */
  firstNot?: Ranges;
  /** Text already written before this text (the prompt's end): the literals are searched across it. */
  after?: string;
  /** The text may not end with the beginning of a literal (what follows could not complete it). */
  endClean?: boolean;
}

export interface Excluded {
  g: G;
  narrowed: boolean;
}

interface Built {
  excluded: Excluded;
  /** The rule for the state the automaton is in after `text`; null when `text` holds a literal. */
  after(text: string): G | null;
}

const cache = new WeakMap<Rules, Map<string, Built>>();

/** Null only when `o.after` already holds one of the literals (no text can follow unnoticed). */
export function excludeText(rules: Rules, hint: string, literals: readonly string[], o: ExcludeOptions & { after: string }): Excluded | null;
export function excludeText(rules: Rules, hint: string, literals: readonly string[], o: ExcludeOptions): Excluded;
export function excludeText(rules: Rules, hint: string, literals: readonly string[], o: ExcludeOptions): Excluded | null {
  const markers = [...new Set(literals.filter((l) => l.length > 0))].sort();
  const { after, ...rest } = o;
  if (after && (o.nonEmpty || o.firstNot)) throw new Error("internal: `after` combines with neither nonEmpty nor firstNot");
  // The same text rules serve every place that excludes the same literals (the hint only names them).
  const key = JSON.stringify([markers, rest]);
  let byKey = cache.get(rules);
  if (!byKey) cache.set(rules, (byKey = new Map()));
  let built = byKey.get(key);
  if (!built) byKey.set(key, (built = build(rules, hint, markers, rest)));
  if (!after) return built.excluded;
  const g = built.after(after);
  return g && { g, narrowed: built.excluded.narrowed };
}

function build(rules: Rules, hint: string, markers: string[], o: ExcludeOptions): Built {
  let narrowed = false;
  const chars = (cs: Iterable<number>): Ranges => rangesOf(String.fromCodePoint(...cs));
  const klass = (r: Ranges): G | null => {
    const l = legalClass(intersect(r, o.base));
    if (!l) return null;
    narrowed ||= l.narrowed;
    return l.g;
  };
  const atoms = o.atoms ?? [];

  if (markers.length === 0) {
    const one = klass(o.base);
    const unit = alt(...(one ? [one] : []), ...atoms);
    const first = o.firstNot ? klass(subtract(o.base, o.firstNot)) : one;
    const head = first ? alt(first, ...atoms) : null;
    const g = o.nonEmpty ? (head ? seq(head, star(unit)) : null) : head ? opt(seq(head, star(unit))) : lit("");
    if (!g) throw new Error(`internal: no character allowed for ${hint}`);
    const excluded = { g: ref(rules.add(hint, g)), narrowed };
    return { excluded, after: () => excluded.g };
  }

  // The literals' Aho–Corasick automaton over code points: trie nodes with failure links. A node whose
  // text ends with a literal is dead; the others are the states.
  const children: Map<number, number>[] = [new Map()];
  const fail: number[] = [0];
  const dead: boolean[] = [false];
  for (const m of markers) {
    let n = 0;
    for (const c of m) {
      const cp = c.codePointAt(0)!;
      let k = children[n]!.get(cp);
      if (k === undefined) {
        k = children.length;
        children.push(new Map());
        fail.push(0);
        dead.push(false);
        children[n]!.set(cp, k);
      }
      n = k;
    }
    dead[n] = true;
  }
  const order: number[] = [0];
  for (let i = 0; i < order.length; i++) {
    const n = order[i]!;
    for (const [cp, k] of children[n]!) {
      if (n !== 0) {
        let f = fail[n]!;
        while (f !== 0 && !children[f]!.has(cp)) f = fail[f]!;
        fail[k] = children[f]!.get(cp) ?? 0;
      }
      dead[k] ||= dead[fail[k]!]!;
      order.push(k);
    }
  }
  const step = (n: number, cp: number): number => {
    let cur = n;
    while (cur !== 0 && !children[cur]!.has(cp)) cur = fail[cur]!;
    return children[cur]!.get(cp) ?? 0;
  };
  const states = order.filter((n) => !dead[n]);
  const markerChars = new Set<number>();
  for (const m of markers) for (const c of m) markerChars.add(c.codePointAt(0)!);
  const others = subtract(o.base, chars(markerChars));

  /** The state after reading `cp` in state `n`, or null when a literal completes. */
  const next = (n: number, cp: number): number | null => {
    const k = step(n, cp);
    return dead[k] ? null : k;
  };

  const names = new Map<number, string>();
  const base = rules.reserve(`${hint}`);
  states.forEach((n, i) => names.set(n, i === 0 ? base : rules.reserve(`${hint}-${i}`)));

  const transitions = (n: number, firstNot?: Ranges) => {
    const byTarget = new Map<number, number[]>();
    for (const cp of markerChars) {
      if (firstNot && intersect([[cp, cp]], firstNot).length) continue;
      const t = next(n, cp);
      if (t !== null) byTarget.set(t, [...(byTarget.get(t) ?? []), cp]);
    }
    // Characters in no literal always lead back to the start state.
    const toStart = [...(firstNot ? subtract(others, firstNot) : others), ...chars(byTarget.get(0) ?? [])];
    const moves: G[] = [];
    for (const [t, cps] of byTarget) {
      if (t === 0) continue;
      const c = klass(chars(cps));
      if (c) moves.push(seq(c, ref(names.get(t)!)));
    }
    return { stay: klass(toStart), moves };
  };

  for (const p of states) {
    const { stay, moves } = transitions(p);
    const loop = [...(stay ? [stay] : []), ...atoms];
    if (p === 0) {
      // The start state loops over ordinary characters, then may begin a literal.
      const body = seq(loop.length ? star(alt(...loop)) : lit(""), moves.length ? opt(alt(...moves)) : lit(""));
      rules.define(names.get(p)!, body);
    } else {
      const steps = [...loop.map((l) => seq(l, ref(base))), ...moves];
      if (!steps.length) throw new Error(`internal: a state of ${hint} with no way on`);
      rules.define(names.get(p)!, o.endClean ? alt(...steps) : opt(alt(...steps)));
    }
  }

  const after = (text: string): G | null => {
    let n = 0;
    for (const c of text) {
      const k = next(n, c.codePointAt(0)!);
      if (k === null) return null;
      n = k;
    }
    return ref(names.get(n)!);
  };
  if (!o.nonEmpty && !o.firstNot) return { excluded: { g: ref(base), narrowed }, after };
  // A first character read by its own rule: required (nonEmpty) and/or restricted (firstNot).
  const { stay, moves } = transitions(0, o.firstNot);
  const firsts = [...(stay ? [seq(stay, ref(base))] : []), ...atoms.map((a) => seq(a, ref(base))), ...moves];
  if (!firsts.length) throw new Error(`internal: no first character allowed for ${hint}`);
  const first = alt(...firsts);
  return { excluded: { g: ref(rules.add(`${hint}-first`, o.nonEmpty ? first : opt(first))), narrowed }, after };
}
