// The whole assistant turn as one grammar. Regions may come in any order and any number of times — as
// the parser reads them — except what would be lost: a field that does not repeat is written at most
// once (a second block would replace the first), and so is the text of an implicit field that does not
// repeat (text after a region reopens it and replaces what it held). The rules are the states of that
// bookkeeping: which once-only items were written, and whether a call was (`required`, no parallel).
//
// Between regions: when the implicit field repeats (or there is none), free text (`T`) that contains no
// open delimiter and no end marker; otherwise nothing, and the text is itself a once-only item (`C`).
// The turn ends with an optional end-of-turn marker (servers usually stop on it).

import { excludeText } from "./exclude.ts";
import { alt, ANY, EMPTY, normalizeRanges, opt, ref, rep, Rules, seq, star, WS, type G, type Ranges } from "./ir.ts";
import { derive, splitLeading } from "./language.ts";
import { buildItems, type Item, type Then } from "./regions.ts";
import { shortest } from "./sample.ts";
import { GrammarInputError, type Calls } from "./tool-choice.ts";
import type { Turn } from "./turn.ts";

/** Where generation starts, read off the prompt. */
export interface Start {
  /** Nothing was kept after the start anchor: `^` branches can match. */
  atTurnStart: boolean;
  /** The prompt left this field's region open (a prefilled `<think>`). */
  inside: string | null;
  /** Once-only fields the prompt already wrote. */
  used: string[];
  /** The prompt ends with this text, which may begin an open delimiter (`>>>`). */
  tail: string;
  /** Does the parser, given the prompt, open this field's region when `text` follows? */
  opensAfter(field: string, text: string): boolean;
}

export interface TurnGrammar {
  rules: Rules;
  root: string;
  /**
   * Where a lazy grammar starts (at a trigger, outside every region): the root, or, when the prompt left
   * a region open, the state after it closes.
   */
  lazyRoot: string;
  /** Free text between regions (no open delimiter, no end marker in it). */
  free: G;
  /** The same, not ending with the beginning of one (what follows it need not be a region). */
  freeClean: G;
  items: Item[];
  unconstrained: string[];
  notes: string[];
}

const TEXT = "#text";
const DEAD: G = { t: "cls", ranges: [] };

/** Drops alternatives that lead into dead ends (rules that derive no string). */
function prune(rules: Rules): void {
  const live = new Set<string>();
  const productive = (g: G): boolean => {
    switch (g.t) {
      case "lit":
        return true;
      case "cls":
        return g.ranges.length > 0;
      case "ref":
        return live.has(g.name);
      case "seq":
        return g.items.every(productive);
      case "alt":
        return g.alts.some(productive);
      case "rep":
        return g.min === 0 || productive(g.body);
    }
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, body] of rules.rules) if (!live.has(name) && productive(body)) live.add(name), (changed = true);
  }
  const keep = (g: G): G => {
    switch (g.t) {
      case "seq":
        return { t: "seq", items: g.items.map(keep) };
      case "alt":
        return alt(...g.alts.filter(productive).map(keep));
      case "rep":
        return productive(g.body) ? { ...g, body: keep(g.body) } : EMPTY;
      default:
        return g;
    }
  };
  for (const [name, body] of rules.rules) if (live.has(name)) rules.define(name, keep(body));
}

export function assembleTurn(turn: Turn, calls: Calls, start: Start, stop: string[] = []): TurnGrammar {
  const rules = new Rules();
  const unconstrained = new Set<string>();
  const notes = [...turn.notes];
  const items = buildItems(turn, { rules, calls, unconstrained, notes, stops: [...turn.endLiterals, ...stop] });
  const textMode = turn.implicit !== null && !turn.implicit.repeats;
  if (calls.mode === "required" && !items.some((i) => i.isCall)) {
    throw new GrammarInputError("tool_choice requires a call, but this template has no tool call the grammar can write");
  }
  const exclude = turn.freeExclude;
  const free = excludeText(rules, "free-text", exclude, { base: ANY });
  if (free.narrowed) notes.push("free text: after the start of a marker whose next character is not ASCII, other non-ASCII characters are refused");
  // End markers in a row (a section end, then the end of the turn) hold no text between them: harmless.
  // Whitespace after them reopens the implicit field with nothing: harmless when it repeats (joins).
  // (Only after a marker: a region running to the end would take it into its body.)
  const markers = turn.end.length ? rep(alt(...turn.end.map((b) => b.g)), 1, Infinity) : null;
  const eot = markers ? opt(seq(markers, textMode ? EMPTY : star({ t: "cls", ranges: WS }))) : EMPTY;
  const required = calls.mode === "required";
  // Under tool_choice required, nothing but reasoning and whitespace comes before the first call.
  const beforeCall = (called: boolean) => required && !called;
  // (Text outside regions is content when there is an implicit field; otherwise the parser drops it.)
  const gap = (called: boolean): G => (beforeCall(called) && turn.implicit ? star({ t: "cls", ranges: WS }) : free.g);

  const key = (used: Set<string>, called: boolean) => [...used].sort().join("+") + (called ? "|called" : "");
  const names = new Map<string, string>();
  const pending: [string, Set<string>, boolean, string | null][] = [];

  /** Rule for "in this state": optional free text, then the next item or the end. */
  const state = (used: Set<string>, called: boolean, chain: string | null = null): G => {
    const k = key(used, called) + (chain ? `|chain:${chain}` : "");
    let name = names.get(k);
    if (!name) {
      name = rules.reserve(chain ? "chain" : `after-${[...used].sort().join("-") || "start"}${called ? "-called" : ""}`);
      names.set(k, name);
      pending.push([name, used, called, chain]);
    }
    return ref(name);
  };

  const allowed = (it: Item, used: Set<string>, called: boolean) => (!it.once || !used.has(it.id)) && (!it.isCall || calls.parallel || !called);
  const next = (it: Item, used: Set<string>, called: boolean): [Set<string>, boolean] => [it.once ? new Set([...used, it.id]) : used, called || it.isCall];
  const canChain = (literal: string, used: Set<string>, called: boolean) => items.some((it) => allowed(it, used, called) && it.leading.some((l) => l.startsWith(literal)));

  /** What follows a region that ended with `then`; null when nothing may. */
  const after = (used: Set<string>, called: boolean, then: Then): G | null => {
    if (then.kind === "continue") return state(used, called);
    if (then.kind === "chain") return canChain(then.literal, used, called) ? state(used, called, then.literal) : null;
    return required && !called ? null : eot;
  };

  const textItem = excludeText(rules, "content-text", exclude, { base: ANY, nonEmpty: true }).g;

  interface MoveOptions {
    /** Only the regions that begin with this literal (after a close that is a lookahead for it). */
    chain?: string | null;
    /** The `^` variants instead of the others. */
    startOnly?: boolean;
    /** The text item to offer (null: none). */
    text?: G | null;
  }

  /** The ways to go on from a state: a region, the text item, or the end. */
  const moves = (used: Set<string>, called: boolean, o: MoveOptions = {}): G[] => {
    const out: G[] = [];
    for (const it of items) {
      if (!allowed(it, used, called)) continue;
      if (beforeCall(called) && !it.isCall && it.field.kind !== "reasoning") continue;
      if (o.chain && !it.leading.some((l) => l.startsWith(o.chain!))) continue;
      const [u2, c2] = next(it, used, called);
      for (const v of it.variants) {
        if (v.startOnly !== (o.startOnly ?? false)) continue;
        const rest = after(u2, c2, v.then);
        if (rest) out.push(seq(v.open, v.tail, rest));
      }
    }
    if (o.chain || o.startOnly) return out;
    // When the implicit field repeats, its close may come mid-turn too (templates close it on the markers
    // around an answer, `<|START_RESPONSE|>` … `<|END_RESPONSE|>`): the text after it joins what it held.
    if (!textMode && turn.implicit) for (const b of turn.end) out.push(seq(b.g, state(used, called)));
    const text = o.text === undefined ? textItem : o.text;
    if (textMode && text && !used.has(TEXT) && !beforeCall(called)) out.push(seq(text, state(new Set([...used, TEXT]), called)));
    if (!required || called) out.push(eot);
    return out;
  };

  const used0 = new Set(start.used);
  const root = rules.reserve("root");
  const starts: G[] = [];
  const inside = start.inside ? items.find((i) => i.id === start.inside) : undefined;
  if (start.inside && !inside) notes.push(`the prompt leaves fields.${start.inside} open, but the grammar does not write that region`);
  if (inside) {
    // The prompt opened a region (a prefilled `<think>`): the turn starts with its body.
    const [u2, c2] = next(inside, used0, false);
    for (const v of inside.variants) {
      const rest = after(u2, c2, v.then);
      if (rest) starts.push(seq(v.tail, rest));
    }
  } else {
    // The prompt may end with the beginning of an open delimiter (functionary's `>>>`).
    for (const it of items) {
      if (!allowed(it, used0, false) || !start.tail) continue;
      if (beforeCall(false) && !it.isCall && it.field.kind !== "reasoning") continue;
      const [u2, c2] = next(it, used0, false);
      for (const v of it.variants) {
        if (v.startOnly) continue;
        for (let i = 0; i < start.tail.length; i++) {
          const consumed = start.tail.slice(i);
          if (!splitLeading(v.open)?.some((l) => l.literal.startsWith(consumed) || consumed.startsWith(l.literal))) continue;
          const d = derive(v.open, consumed);
          const sample = d && shortest(d, rules);
          const rest = d && after(u2, c2, v.then);
          if (d && rest && sample !== null && start.opensAfter(it.id, sample)) starts.push(seq(d, v.tail, rest));
          break;
        }
      }
    }
    // `^` branches: their regions can open at the very start, and text there must not look like them:
    // after the whitespace a branch may begin with, its first character is restricted.
    let firstNot: Ranges | "any" | null = null;
    let spaceFirst = false;
    if (start.atTurnStart) {
      for (const f of turn.fields) {
        const r = f.open.startFirst;
        if (r === null) continue;
        firstNot = firstNot === "any" || r.first === "any" ? "any" : normalizeRanges([...(firstNot ?? []), ...r.first]);
        spaceFirst ||= r.space;
      }
    }
    if (firstNot === null) {
      // Text right after the prompt continues what the prompt ended with (a marker may span both).
      const tail = start.atTurnStart ? "" : start.tail;
      // When the prompt's end already holds a whole marker, only the region it opens can follow.
      if (textMode) {
        const text = tail ? excludeText(rules, "content-text", exclude, { base: ANY, after: tail }) : { g: textItem, narrowed: false };
        if (text) {
          starts.push(...moves(used0, false, { text: null }));
          if (!beforeCall(false)) starts.push(seq(text.g, state(new Set([...used0, TEXT]), false)));
        }
      } else {
        const text = tail ? excludeText(rules, "free-text", exclude, { base: ANY, after: tail }) : free;
        const ms = moves(used0, false);
        if (text && ms.length) starts.push(seq(beforeCall(false) && turn.implicit ? gap(false) : text.g, alt(...ms)));
      }
    } else {
      starts.push(...moves(used0, false, { startOnly: true }));
      const not = firstNot === "any" ? null : spaceFirst ? normalizeRanges([...firstNot, ...WS]) : firstNot;
      // A `^` branch that matches anything (an empty one) leaves no room for text at the start.
      const lead = spaceFirst && not ? star({ t: "cls", ranges: WS }) : EMPTY;
      if (textMode) {
        // Non-empty: whitespace then (restricted) text, or restricted text at once.
        const ne = not && excludeText(rules, "content-text-start", exclude, { base: ANY, nonEmpty: true, firstNot: not }).g;
        const any = not && excludeText(rules, "content-text-start", exclude, { base: ANY, firstNot: not }).g;
        const first = ne && any ? (spaceFirst ? alt(seq({ t: "cls", ranges: WS }, lead, any), ne) : ne) : null;
        starts.push(...moves(used0, false, { text: first }));
      } else {
        const rest = not && !beforeCall(false) ? excludeText(rules, "free-text-start", exclude, { base: ANY, firstNot: not }).g : EMPTY;
        const ms = moves(used0, false);
        if (ms.length) starts.push(seq(beforeCall(false) ? gap(false) : lead, rest, alt(...ms)));
      }
    }
  }
  if (!starts.length) throw new Error("internal: the turn has no way to start");
  rules.define(root, alt(...starts));
  let lazyRoot = root;
  if (inside) {
    const [u2] = next(inside, used0, false);
    lazyRoot = rules.add("lazy-root", state(u2, false));
  }

  while (pending.length) {
    const [name, used, called, chain] = pending.shift()!;
    const ms = moves(used, called, { chain });
    // No way on (a call is required but none can come any more): a dead end, pruned below.
    rules.define(name, !ms.length ? DEAD : chain || textMode ? alt(...ms) : seq(gap(called), alt(...ms)));
  }
  prune(rules);
  const freeClean = excludeText(rules, "free-text-clean", exclude, { base: ANY, endClean: true }).g;
  return { rules, root, lazyRoot, free: free.g, freeClean, items, unconstrained: [...unconstrained], notes };
}
