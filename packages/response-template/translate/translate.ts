// AST → JavaScript RegExp source (flag `v`) with the same meaning as the Python `regex` pattern.
// What JS cannot say directly is rewritten here:
// - `\w \d \s` use the regex module's tables (placeholders `\p{rtcWord}` … expanded by the runtime,
//   see runtime/regex/pattern.ts, so specs stay small); `\b \B \m \M` become lookarounds on them;
// - `^` `\A` → start of text, `$` → before an optional final `\n` at the end, `\Z` → end;
// - atomic groups and possessive quantifiers → `(?=(X))\N` (lookahead capture + backreference);
// - scoped case-insensitivity → classes of case variants (Node 20 has no `(?i:…)`);
// - only groups that are named or referenced capture in JS; `slots` maps Python group numbers to JS ones;
// - AST passes first: backreferences to unset groups fail (backrefs.ts), the module's merge of
//   single-character alternatives (merge-alternatives.ts).
// - a bounded repeat whose item holds a backreference also gets a program for the backtracking
//   matcher (runtime/regex/backtrack.ts), which reproduces the module's repeat guard.
// Anything without an exact JS equivalent throws UnsupportedPatternError rather than approximating
// (documented exceptions: `\X` is UAX #29 without Prepend/GB9c).
import type { Program } from "../runtime/regex/backtrack.ts";
import { canMatchEmpty, maxLength } from "./analysis.ts";
import type { Ast, ClassItem, Node, NodeOf } from "./ast.ts";
import { guardBackrefs } from "./backrefs.ts";
import { mergeAlternations } from "./merge-alternatives.ts";
import { caseCloseRanges, caseVariants } from "./casefold.ts";
import { UnsupportedPatternError } from "./parser.ts";
import { patternClosure } from "./partial.ts";
import { partialAtEnd } from "./search-loop.ts";
import { children, containsCall, findGroup } from "./walk.ts";

// Re-exported for other compiler passes that walk the AST.
export { children, findGroup };

export const ANY = "[\\s\\S]";
export const END = "(?![\\s\\S])";
const NEWLINE_CHARS = "\\n\\u{B}\\f\\r\\u{85}\\u{2028}\\u{2029}";
const HORIZ = "\\t\\u{20}\\u{A0}\\u{1680}\\u{2000}-\\u{200A}\\u{202F}\\u{205F}\\u{3000}";
// \X: an extended grapheme cluster per UAX #29, approximated: Hangul syllable sequences are joined
// (a precomposed LVT syllable may also take trailing V jamo), Prepend marks and the Indic conjunct
// rule (GB9c) are not modelled.
const HANGUL_L = "\\u{1100}-\\u{115F}\\u{A960}-\\u{A97C}";
const HANGUL_V = "\\u{1160}-\\u{11A7}\\u{D7B0}-\\u{D7C6}";
const HANGUL_T = "\\u{11A8}-\\u{11FF}\\u{D7CB}-\\u{D7FB}";
const HANGUL = `[${HANGUL_L}]*(?:[${HANGUL_V}]+|[\\u{AC00}-\\u{D7A3}][${HANGUL_V}]*)[${HANGUL_T}]*|[${HANGUL_L}]+|[${HANGUL_T}]+`;
const GRAPHEME =
  `(?:\\r\\n|\\p{RI}\\p{RI}|[\\p{Cc}\\p{Zl}\\p{Zp}]|(?:${HANGUL}|[^\\p{Cc}\\p{Zl}\\p{Zp}])` +
  "(?:[\\p{Grapheme_Extend}\\p{Mc}\\p{Emoji_Modifier}]|\\u{200D}\\p{Extended_Pictographic}?)*)";

/** JS escape of one code point, valid inside and outside `v`-mode classes. */
export function esc(cp: number): string {
  return /[A-Za-z0-9_]/.test(String.fromCodePoint(cp)) ? String.fromCodePoint(cp) : `\\u{${cp.toString(16).toUpperCase()}}`;
}

function quantifier(min: number, max: number): string {
  if (max === Infinity) return min === 0 ? "*" : min === 1 ? "+" : `{${min},}`;
  if (min === 0 && max === 1) return "?";
  return min === max ? `{${min}}` : `{${min},${max}}`;
}

export interface Translation {
  js: string;
  flags: string;
  /** slots[k] = JS group numbers capturing Python group k. */
  slots: Map<number, number[]>;
  keep: number | null;
  searchAnchor: boolean;
  partial: { js: string; checks: { capture: number; refs: number[] }[]; uncut: string | null } | null;
  /** With no partial match found earlier, the reference reports one at the end of the text. */
  partialAtEnd: boolean;
  /** For patterns a JS RegExp cannot run like the module (see runtime/regex/backtrack.ts). */
  program: Program | null;
}

/** Shared state for emitting one JS regex (the pattern, or its prefix closure). */
export class Emitter {
  groupCount = 0;
  readonly slots = new Map<number, number[]>();
  keep: number | null = null;
  searchAnchor = false;
  private noCapture = 0;
  private readonly pendingChecks: { capture: number; ref: number }[] = [];

  constructor(
    readonly ast: Ast,
    /** The whole pattern is case-insensitive: the JS `i` flag is used and nothing is expanded. */
    readonly globalCi: boolean,
    private readonly captured: Set<number>,
    /** Named groups capture too (the pattern itself, for groupdict; not its prefix closure). */
    private readonly captureNamed: boolean,
    /** Prefix closure: whether a backreference may be cut (see partial.ts). */
    private readonly cutBackrefs = true,
  ) {}

  unsupported(reason: string): never {
    throw new UnsupportedPatternError(this.ast.source, 0, reason);
  }

  newGroup(): number {
    return ++this.groupCount;
  }

  emit(n: Node): string {
    switch (n.type) {
      case "empty":
        return "(?:)";
      case "char":
        return this.char(n.cp, n.ci);
      case "class":
        return this.cls(n);
      case "any":
        return n.dotall ? ANY : "[^\\n]";
      case "assert":
        return this.assertion(n);
      case "seq":
        return n.items.map((i) => this.emit(i)).join("");
      case "alt": {
        return `(?:${n.alts.map((a) => this.emit(a)).join("|")})`;
      }
      case "group": {
        if (this.noCapture > 0 || !((this.captureNamed && n.name !== null) || this.captured.has(n.index))) return `(?:${this.emit(n.body)})`;
        const id = this.newGroup();
        const list = this.slots.get(n.index) ?? [];
        list.push(id);
        this.slots.set(n.index, list);
        return `${open(id)}${this.emit(n.body)})`;
      }
      case "look":
        return `(?${n.behind ? "<" : ""}${n.negate ? "!" : "="}${this.emit(n.body)})`;
      case "atomic":
        return this.atomic(() => this.emit(n.body));
      case "repeat": {
        // JS rejects an empty iteration of an optional item; Python accepts it: `X?` → `(?:X|)`.
        if (n.min === 0 && n.max === 1 && n.mode !== "possessive") {
          const body = this.emit(n.body);
          return n.mode === "lazy" ? `(?:|${body})` : `(?:${body}|)`;
        }
        if (n.max > 1 && canMatchEmpty(n.body) && prefersEmpty(n.body)) return this.unrolled(n);
        const q = quantifier(n.min, n.max);
        if (n.mode === "possessive") return this.atomic(() => `(?:${this.emit(n.body)})${q}`);
        return `(?:${this.emit(n.body)})${q}${n.mode === "lazy" ? "?" : ""}`;
      }
      case "backref":
        if (n.ci && !this.globalCi) this.unsupported("case-insensitive backreference in a partly case-sensitive pattern");
        return `\u0000${n.index}\u0000`;
      case "call":
        return this.call(n);
      case "keep":
        this.keep = this.newGroup();
        return `${open(this.keep)})`;
      case "fail":
        return "(?!)";
      case "fuzzy":
        return this.fuzzy(n);
      case "newline":
        return `(?:\\r\\n|(?!\\r\\n)[${NEWLINE_CHARS}])`;
      case "grapheme":
        return this.atomic(() => GRAPHEME);
    }
  }

  /** `(?=(X))\N`: X matches once, as it would first; backtracking never re-enters it. */
  atomic(body: () => string): string {
    const g = this.newGroup();
    return `(?=${open(g)}${body()}))${ref(g)}`;
  }

  char(cp: number, ci: boolean): string {
    if (!ci || this.globalCi) return esc(cp);
    const variants = caseVariants(cp);
    return variants.length === 1 ? esc(cp) : `[${variants.map(esc).join("")}]`;
  }

  cls(n: NodeOf<"class">): string {
    let items: ClassItem[] = n.items;
    if (n.ci && !this.globalCi) {
      const ranges = items.filter((i) => i.type === "range").map((i) => [i.from, i.to] as [number, number]);
      const closed = caseCloseRanges(ranges);
      if (!closed) this.unsupported("case-insensitive range too wide to expand");
      items = [...items.filter((i) => i.type !== "range"), ...closed.map(([from, to]) => ({ type: "range" as const, from, to }))];
    }
    return `[${n.negated ? "^" : ""}${items.map(classItem).join("")}]`;
  }

  assertion(n: NodeOf<"assert">): string {
    const w = n.ascii ? "[A-Za-z0-9_]" : "[\\p{rtcWord}]";
    switch (n.kind) {
      case "start":
        return `(?<!${ANY})`;
      case "end":
        return `(?=\\n?${END})`;
      case "lineStart":
        return "(?<![^\\n])";
      case "lineEnd":
        return "(?![^\\n])";
      case "textEnd":
        return END;
      case "wordBoundary":
        return `(?:(?<=${w})(?!${w})|(?<!${w})(?=${w}))`;
      case "notWordBoundary":
        return `(?:(?<=${w})(?=${w})|(?<!${w})(?!${w}))`;
      case "wordStart":
        return `(?<!${w})(?=${w})`;
      case "wordEnd":
        return `(?<=${w})(?!${w})`;
      case "searchAnchor":
        this.searchAnchor = true;
        return "\\p{rtcG}";
    }
  }

  /** `(?1)`, `(?&name)`: the called group's pattern, inlined without capturing. */
  call(n: NodeOf<"call">): string {
    const target = findGroup(this.ast.root, n.index);
    if (!target) this.unsupported(`call to group ${n.index}`);
    if (containsCall(target.body, n.index)) this.unsupported("recursive group call");
    return this.inline(() => `(?:${this.emit(target.body)})`);
  }

  /** Emits without creating captures (for inlined group calls). */
  inline<T>(f: () => T): T {
    this.noCapture++;
    try {
      return f();
    } finally {
      this.noCapture--;
    }
  }

  /** `X{e<=1}` on one character: X itself, else any one character (a substitution), else nothing (a deletion). */
  fuzzy(n: NodeOf<"fuzzy">): string {
    const b = n.body;
    if (n.maxErrors !== 1 || !(b.type === "char" || b.type === "class" || b.type === "any")) {
      this.unsupported("fuzzy matching beyond {e<=1} on one character");
    }
    return `(?:${this.emit(b)}|${ANY}|)`;
  }

  /** A capture of the rest of the text, checked by the runtime to be a proper prefix of group `ref`. */
  backrefPrefixCheck(ref: number): string | null {
    if (!this.cutBackrefs) return null;
    const capture = this.newGroup();
    this.pendingChecks.push({ capture, ref });
    return `${open(capture)}${ANY}*)${END}`;
  }

  /**
   * A repeat whose item prefers matching empty (`(?:a??)+`, `(?:\B|x){1,2}`): Python stops after an
   * empty iteration, JS rejects it and backtracks into the item. Nested alternatives have no such
   * check, so bounded repeats are unrolled: X{1,3} → X(?:X(?:X|)|).
   */
  unrolled(n: NodeOf<"repeat">): string {
    if (n.max - n.min > 10) {
      // Unbounded: exact when the item is "nothing, else Y" (`Y??`, `Y*?`, `(?:|Y)`): Python exits
      // the loop on each empty iteration first, so X{m,} walks Y one at a time, fewest first.
      const y = emptyElse(n.body);
      if (y === null) this.unsupported("unbounded repeat of an item that prefers matching empty");
      return n.mode === "possessive" ? "(?:)" : `(?:${this.emit(y)})*?`;
    }
    let optional = "";
    for (let i = n.min; i < n.max; i++) {
      const body = this.emit(n.body);
      optional = n.mode === "lazy" ? `(?:|${body}${optional})` : `(?:${body}${optional}|)`;
    }
    const mandatory = n.min > 0 ? `(?:${this.emit(n.body)}){${n.min}}` : "";
    const all = () => mandatory + optional;
    return n.mode === "possessive" ? this.atomic(all) : all();
  }

  /**
   * Numbers the captures in the order they appear in `js` (emission order may differ: the prefix
   * closure builds and drops pieces), then resolves group references.
   */
  finish(js: string): { js: string; checks: { capture: number; refs: number[] }[]; slots: Map<number, number[]>; keep: number | null } {
    const number = new Map<number, number>();
    let out = js.replace(/\u0001(\d+)\u0001/g, (_, id: string) => {
      number.set(Number(id), number.size + 1);
      return "";
    });
    const numbers = (ids: number[]) => ids.map((id) => number.get(id)).filter((k): k is number => k !== undefined);
    const slots = new Map([...this.slots].map(([py, ids]) => [py, numbers(ids)]));
    out = out.replace(/\u0000(\d+)\u0000/g, (_, py: string) => {
      const refs = slots.get(Number(py)) ?? [];
      return refs.length ? `(?:${refs.map((k) => `\\${k}`).join("")})` : "(?!)";
    });
    out = out.replace(/\u0002(\d+)\u0002/g, (_, id: string) => `(?:\\${number.get(Number(id))})`);
    const checks = this.pendingChecks
      .filter((c) => number.has(c.capture))
      .map((c) => ({ capture: number.get(c.capture)!, refs: slots.get(c.ref) ?? [] }));
    return { js: out, checks, slots, keep: this.keep === null ? null : (number.get(this.keep) ?? null) };
  }
}

const open = (id: number) => `(\u0001${id}\u0001`;
const ref = (id: number) => `\u0002${id}\u0002`;

/** Y when `n` is "match nothing, else Y" with Y unable to match nothing: `Y??`, `Y*?`, `(?:|Y)`. */
function emptyElse(n: Node): Node | null {
  if (n.type === "group" && !(n.name !== null)) return null;
  if (n.type === "repeat" && n.mode === "lazy" && n.min === 0 && !canMatchEmpty(n.body)) return n.body;
  if (n.type === "alt" && n.alts.length === 2 && n.alts[0]!.type === "empty" && !canMatchEmpty(n.alts[1]!)) return n.alts[1]!;
  return null;
}

/** Whether `n` tries a path matching nothing before a path matching something (JS and Python differ there). */
function prefersEmpty(n: Node): boolean {
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

function classItem(item: ClassItem): string {
  switch (item.type) {
    case "range":
      return item.from === item.to ? esc(item.from) : `${esc(item.from)}-${esc(item.to)}`;
    case "set": {
      const body = setBody(item.kind, item.ascii);
      return item.negated ? `[^${body}]` : body;
    }
    case "prop":
      return `\\${item.negated ? "P" : "p"}{${item.name}}`;
    case "posix": {
      const body = POSIX[item.name];
      if (body === undefined) throw new Error(`POSIX class [:${item.name}:] is not supported`);
      return item.negated ? `[^${body}]` : body;
    }
  }
}

function setBody(kind: "word" | "digit" | "space" | "horiz", ascii: boolean): string {
  switch (kind) {
    case "word":
      return ascii ? "A-Za-z0-9_" : "\\p{rtcWord}";
    case "digit":
      return ascii ? "0-9" : "\\p{rtcDigit}";
    case "space":
      return ascii ? "\\t\\n\\u{B}\\f\\r\\u{20}" : "\\p{rtcSpace}";
    case "horiz":
      return HORIZ;
  }
}

// The regex module's POSIX classes (Unicode, not ASCII, except digit/xdigit).
const POSIX: Record<string, string> = {
  alpha: "\\p{Alphabetic}",
  alnum: "\\p{Alphabetic}\\p{Nd}",
  digit: "0-9",
  xdigit: "0-9A-Fa-f",
  lower: "\\p{Lowercase}",
  upper: "\\p{Uppercase}",
  space: "\\p{White_Space}",
  blank: "\\t\\p{Zs}",
  cntrl: "\\p{Cc}",
  word: "\\p{rtcWord}",
  ascii: "\\u{0}-\\u{7F}",
  punct: "\\p{P}",
};

function collect(n: Node, f: (n: Node) => void): void {
  f(n);
  for (const c of children(n)) collect(c, f);
}

/** Translates the pattern and derives its prefix closure (see partial.ts). */
export function translate(ast: Ast): Translation {
  const referenced = new Set<number>();
  let ciNodes = 0;
  let csNodes = 0;
  collect(ast.root, (n) => {
    if (n.type === "backref") referenced.add(n.index);
    if (n.type === "char" || n.type === "class" || n.type === "backref") n.ci ? ciNodes++ : csNodes++;
  });
  const globalCi = ciNodes > 0 && csNodes === 0;

  const merged = mergeAlternations(ast.root);
  const root = guardBackrefs(merged);
  const full = new Emitter(ast, globalCi, referenced, true);
  const { js, slots, keep } = full.finish(full.emit(root));
  const flags = `${globalCi ? "i" : ""}${keep !== null ? "d" : ""}v`;

  const p = new Emitter(ast, globalCi, referenced, false);
  const pre = patternClosure(p, root);
  // When a cut inside a backreference fails the runtime's prefix check, other paths from the same
  // start are tried with the closure that never cuts a backreference.
  const p0 = new Emitter(ast, globalCi, referenced, false, false);
  const pre0 = referenced.size > 0 ? patternClosure(p0, root) : null;
  return {
    js,
    flags,
    slots,
    keep,
    searchAnchor: full.searchAnchor,
    partial: pre === null ? null : (({ js, checks }) => ({ js, checks, uncut: pre0 === null ? null : p0.finish(pre0).js }))(p.finish(pre)),
    partialAtEnd: partialAtEnd(new Emitter(ast, globalCi, new Set(), false), root),
    // The matcher fails unset backreferences itself: it runs the pattern before guardBackrefs.
    program: guardedRepeat(merged) ? toProgram(merged, (n) => {
      const em = new Emitter(ast, globalCi, new Set(), false);
      return em.finish(em.emit(n)).js;
    }, (reason) => new Emitter(ast, globalCi, new Set(), false).unsupported(reason)) : null,
  };
}

/** A bounded repeat whose item holds a backreference: the module's repeat guard is observable. */
function guardedRepeat(n: Node): boolean {
  const hasRef = (m: Node): boolean => m.type === "backref" || children(m).some(hasRef);
  return (n.type === "repeat" && n.max !== Infinity && hasRef(n.body)) || children(n).some(guardedRepeat);
}

/** The pattern as a program for the backtracking matcher; leaves become JS sources. */
function toProgram(n: Node, leaf: (n: Node) => string, unsupported: (reason: string) => never): Program {
  const rec = (m: Node) => toProgram(m, leaf, unsupported);
  switch (n.type) {
    case "char":
    case "class":
    case "any":
    case "newline":
    case "grapheme":
      return { t: "test", js: leaf(n) };
    case "assert":
      return { t: "assert", js: leaf(n) };
    case "empty":
      return { t: "empty" };
    case "fail":
      return { t: "fail" };
    case "seq":
      return { t: "seq", items: n.items.map(rec) };
    case "alt":
      return { t: "alt", alts: n.alts.map(rec) };
    case "group":
      return { t: "group", index: n.index, body: rec(n.body) };
    case "atomic":
      return { t: "atomic", body: rec(n.body) };
    case "repeat":
      return { t: "repeat", min: n.min, max: n.max === Infinity ? null : n.max, mode: n.mode, body: rec(n.body) };
    case "backref":
      return { t: "backref", index: n.index, ci: n.ci };
    case "look":
      if (!n.behind) return { t: "look", negate: n.negate, body: rec(n.body) };
      if (findGroup(n.body, -1) === null && !JSON.stringify(n.body).includes('"backref"')) return { t: "assert", js: leaf(n) };
      return unsupported("lookbehind with a backreference next to a guarded repeat");
    case "keep":
    case "call":
    case "fuzzy":
      return unsupported(`${n.type} next to a repeat of a backreference`);
  }
}
