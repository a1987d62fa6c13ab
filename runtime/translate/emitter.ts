// AST → JavaScript RegExp source (flag `v`) with the same meaning as the Python `regex` pattern.
// What JS cannot say directly is rewritten here (assertions in assertions.ts, class members in
// class-items.ts):
// - atomic groups and possessive quantifiers → `(?=(X))\N` (lookahead capture + backreference);
// - scoped case-insensitivity → classes of case variants (casefold.ts; Node 20 has no `(?i:…)`);
// - only groups that are named or referenced capture in JS; group numbers are placeholders until
//   `finish` (placeholders.ts), which maps Python group numbers to JS ones;
// - `X?` → `(?:X|)`, and repeats of items that prefer matching empty are unrolled (prefers-empty.ts).
// Anything without an exact JS equivalent throws UnsupportedPatternError rather than approximating
// (documented exceptions: `\X` is UAX #29 without Prepend/GB9c, see grapheme.ts).
import { assertion } from "./assertions.ts";
import type { Ast, ClassItem, Node, NodeOf } from "./ast.ts";
import { caseCloseRanges, caseVariants } from "./casefold.ts";
import { classItem } from "./class-items.ts";
import { GRAPHEME } from "./grapheme.ts";
import { ANY, NOT_NEWLINE, esc, notIn, quantifier } from "./js-source.ts";
import { canMatchEmpty } from "./lengths.ts";
import { numberGroups, openGroup, pythonBackref, sameAsGroup, type Numbered, type PendingCheck } from "./placeholders.ts";
import { emptyElse, prefersEmpty } from "./prefers-empty.ts";
import { unsupported } from "./unsupported-pattern-error.ts";
import { containsCall, findGroup } from "./walk.ts";

const NEWLINE_CHARS = "\\n\\u{B}\\f\\r\\u{85}\\u{2028}\\u{2029}";

/** What the pipeline found out about the pattern before emitting it. */
export interface Scope {
  /** The whole pattern is case-insensitive: the JS `i` flag is used and nothing is expanded. */
  globalCi: boolean;
  /** Python groups that capture in JS (the backreferenced ones). */
  captured: Set<number>;
}

export interface EmitOptions extends Scope {
  /** Named groups capture too (the pattern itself, for groupdict; not its prefix closure). */
  captureNamed: boolean;
}

/** Shared state for emitting one JS regex (the pattern, or its prefix closure): group ids, `\K`, `\G`. */
export class Emitter {
  private groupCount = 0;
  private readonly slots = new Map<number, number[]>();
  private keep: number | null = null;
  private noCapture = 0;
  /** The emitted source uses `\G`. */
  searchAnchor = false;

  constructor(
    /** The pattern as parsed: group calls inline their target from it. */
    readonly ast: Ast,
    private readonly options: EmitOptions,
  ) {}

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
        return n.dotall ? ANY : NOT_NEWLINE;
      case "assert":
        if (n.kind === "searchAnchor") this.searchAnchor = true;
        return assertion(n);
      case "seq":
        return n.items.map((i) => this.emit(i)).join("");
      case "alt":
        return `(?:${n.alts.map((a) => this.emit(a)).join("|")})`;
      case "group":
        return this.group(n);
      case "look":
        return `(?${n.behind ? "<" : ""}${n.negate ? "!" : "="}${this.emit(n.body)})`;
      case "atomic":
        return this.atomic(() => this.emit(n.body));
      case "repeat":
        return this.repeat(n);
      case "backref":
        if (n.ci && !this.options.globalCi) unsupported(this.ast.source, "case-insensitive backreference in a partly case-sensitive pattern");
        return pythonBackref(n.index);
      case "call":
        return this.call(n);
      case "keep":
        this.keep = this.newGroup();
        return `${openGroup(this.keep)})`;
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
  private atomic(body: () => string): string {
    const g = this.newGroup();
    return `(?=${openGroup(g)}${body()}))${sameAsGroup(g)}`;
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

  /** Numbers the groups of `js` (emitted by this emitter) and resolves references; see placeholders.ts. */
  finish(js: string, checks: PendingCheck[] = []): Numbered {
    return numberGroups(js, { slots: this.slots, keep: this.keep, checks });
  }

  private group(n: NodeOf<"group">): string {
    const { captured, captureNamed } = this.options;
    if (this.noCapture > 0 || !((captureNamed && n.name !== null) || captured.has(n.index))) return `(?:${this.emit(n.body)})`;
    const id = this.newGroup();
    const list = this.slots.get(n.index) ?? [];
    list.push(id);
    this.slots.set(n.index, list);
    return `${openGroup(id)}${this.emit(n.body)})`;
  }

  private repeat(n: NodeOf<"repeat">): string {
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

  private char(cp: number, ci: boolean): string {
    if (!ci || this.options.globalCi) return esc(cp);
    const variants = caseVariants(cp);
    return variants.length === 1 ? esc(cp) : `[${variants.map(esc).join("")}]`;
  }

  private cls(n: NodeOf<"class">): string {
    let items: ClassItem[] = n.items;
    if (n.ci && !this.options.globalCi) {
      const ranges = items.filter((i) => i.type === "range").map((i) => [i.from, i.to] as [number, number]);
      const closed = caseCloseRanges(ranges);
      if (!closed) unsupported(this.ast.source, "case-insensitive range too wide to expand");
      items = [...items.filter((i) => i.type !== "range"), ...closed.map(([from, to]) => ({ type: "range" as const, from, to }))];
    }
    const body = items.map(classItem).join("");
    return n.negated ? notIn(body) : `[${body}]`;
  }

  /** `(?1)`, `(?&name)`: the called group's pattern, inlined without capturing. */
  private call(n: NodeOf<"call">): string {
    const target = findGroup(this.ast.root, n.index);
    if (!target) unsupported(this.ast.source, `call to group ${n.index}`);
    if (containsCall(target.body, n.index)) unsupported(this.ast.source, "recursive group call");
    return this.inline(() => `(?:${this.emit(target.body)})`);
  }

  /** `X{e<=1}` on one character: X itself, else any one character (a substitution), else nothing (a deletion). */
  private fuzzy(n: NodeOf<"fuzzy">): string {
    const b = n.body;
    if (n.maxErrors !== 1 || !(b.type === "char" || b.type === "class" || b.type === "any")) {
      unsupported(this.ast.source, "fuzzy matching beyond {e<=1} on one character");
    }
    return `(?:${this.emit(b)}|${ANY}|)`;
  }

  /**
   * A repeat whose item prefers matching empty (`(?:a??)+`, `(?:\B|x){1,2}`): Python stops after an
   * empty iteration, JS rejects it and backtracks into the item. Nested alternatives have no such
   * check, so bounded repeats are unrolled: X{1,3} → X(?:X(?:X|)|).
   */
  private unrolled(n: NodeOf<"repeat">): string {
    if (n.max - n.min > 10) {
      // Unbounded: exact when the item is "nothing, else Y" (`Y??`, `Y*?`, `(?:|Y)`): Python exits
      // the loop on each empty iteration first, so X{m,} walks Y one at a time, fewest first.
      const y = emptyElse(n.body);
      if (y === null) unsupported(this.ast.source, "unbounded repeat of an item that prefers matching empty");
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
}

/** The pattern itself: named and backreferenced groups capture. */
export function emitPattern(ast: Ast, root: Node, scope: Scope): Numbered & { searchAnchor: boolean } {
  const e = new Emitter(ast, { ...scope, captureNamed: true });
  return { ...e.finish(e.emit(root)), searchAnchor: e.searchAnchor };
}

/** One node on its own (the leaves of the backtracking program), capturing the Python groups `captured`. */
export function emitAlone(ast: Ast, globalCi: boolean, n: Node, captured = new Set<number>()): Numbered {
  const e = new Emitter(ast, { globalCi, captured, captureNamed: false });
  return e.finish(e.emit(n));
}
