// emit (scanners): one `scan` function per state of the plan. A state that watches only literals gets
// straight-line code: indexOf, then the literal's hold-back table, and several literals found in one pass
// that dispatches on first characters; its read position never lags more than a literal behind the end,
// so searching from it costs what the new text costs. A state that watches a pattern uses the runtime's
// scan (runtime/core/engine/scan.ts) with each parser's resumable searches, as the interpreter does: a pending
// pattern match can hold a long stretch back, and only resumable searches keep each feed linear in its
// new text. A pattern whose matches all begin with known literals (plan/pattern-strategy.ts) is watched
// through GuardedPatternDelimiter (runtime/core/engine/guarded.ts): indexOf for the literals, the resumable
// search only from a candidate on. The code computes exactly what the interpreter's scan computes.

import type { DelimiterPlan, DispatchChar, LiteralFacts, StatePlan, TemplatePlan, WatchPlan } from "../plan/ir.ts";
import type { GuardedStrategy, PatternStrategy } from "../plan/pattern-strategy.ts";
import { DISPATCH_INDEXOF_MAX } from "../plan/build-plan.ts";
import { plainValue, str } from "./values.ts";

/** The generated module's plan class (one object per parser; each parser's search state lives in its ScanResult). */
export const PLAN_CLASS = "ParserPlan";

/** Names shared by all scanners of one module: hold-back functions and the watch tables of pattern states. */
export class ScanNames {
  readonly holdFns: string[] = [];
  readonly watchTables: string[] = [];
  /** Runtime values the scanners use. */
  readonly runtime = new Set<string>();
  private readonly holds = new Map<string, string>();
  private slots = 0;

  /** Name of the hold-back function of a literal, or null for a one-character literal (it cannot be pending). */
  hold(lit: LiteralFacts): string | null {
    if (lit.text.length < 2) return null;
    let name = this.holds.get(lit.text);
    if (!name) {
      name = `hold${this.holds.size}`;
      this.holds.set(lit.text, name);
      this.holdFns.push(holdFunction(name, lit));
    }
    return name;
  }

  /** Name of the code-unit test of a guarded pattern's leading run (one function per distinct class). */
  lead(ranges: [number, number][]): string {
    const key = JSON.stringify(ranges);
    let name = this.leads.get(key);
    if (!name) {
      name = `lead${this.leads.size}`;
      this.leads.set(key, name);
      // Most text is ASCII: ranges below 0x80 first.
      const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
      const test = sorted.map(([a, b]) => (a === b ? `c === ${a}` : `(c >= ${a} && c <= ${b})`)).join(" || ");
      this.holdFns.push(`/** The leading run's class, on one code unit. */\nfunction ${name}(c: number): boolean {\nreturn ${test};\n}`);
    }
    return name;
  }
  private readonly leads = new Map<string, string>();

  /**
   * Name of a literal state's quiet memo (ScanResult.quiet), set only by a scan that found nothing and
   * held nothing (the read position is then at the end): appended text in which no literal's first
   * character occurs cannot begin one either, so the engine may take it as region text without the scan.
   * One object per set of first characters.
   */
  quiet(firsts: string[]): string {
    const key = [...new Set(firsts)].sort().join("");
    let name = this.quiets.get(key);
    if (!name) {
      name = `quiet${this.quiets.size}`;
      this.quiets.set(key, name);
      const absent = [...key].map((c) => `chunk.indexOf(${str(c)}) < 0`).join(" && ");
      this.holdFns.push(
        `/** After a scan that held nothing: text without ${[...key].map(charComment).join(", ")} begins no delimiter. */
` +
          `const ${name} = { fastHold: (_at: number, end: number, chunk: string): number => (${absent} ? end + chunk.length : -1) };`,
      );
    }
    return name;
  }
  private readonly quiets = new Map<string, string>();

  /** A guarded pattern delimiter over the pattern constant `p`. */
  private guarded(p: string, st: GuardedStrategy): string {
    this.runtime.add("GuardedPatternDelimiter");
    const bare = st.bare.length || st.stop ? `, [${st.bare.map(str).join(", ")}]` : "";
    const stop = st.stop ? `, ${str(st.stop)}` : "";
    return `new GuardedPatternDelimiter(${p}, [${st.heads.map(str).join(", ")}], ${st.lead ? this.lead(st.lead) : "null"}${bare}${stop})`;
  }

  /** Name of the constant for pattern `i`'s alternatives without `^` (declared once, with the helpers). */
  private restPattern(i: number, st: Extract<PatternStrategy, { kind: "start" }>): string {
    const name = `P${i}rest`;
    if (!this.rests.has(i)) {
      this.rests.add(i);
      this.holdFns.push(`/** Pattern ${show(st.rest.source)}: P${i} past the stream's start. */
const ${name}: PatternMatcher = new PatternMatcher(${plainValue(st.rest.spec)}, tables);`);
    }
    return name;
  }
  private readonly rests = new Set<number>();

  /** A memo slot of its own (a state's, for the runtime scan's quiet test). */
  slot(): number {
    return this.slots++;
  }

  /** Declares the watch table of a state (each row with its own memo slot) and returns its name. */
  watchTable(state: StatePlan, plan: TemplatePlan): string {
    const name = `W${state.state < 0 ? "O" : state.state}`;
    this.runtime.add("scanWatched");
    const rows = state.watch.map((w) => {
      const d = w.delimiter;
      let delim: string;
      if (d.kind === "pattern") {
        const st = plan.patterns[d.pattern]!.strategy;
        if (st.kind === "guarded") {
          delim = this.guarded(`P${d.pattern}`, st);
        } else if (st.kind === "start") {
          this.runtime.add("StartAnchoredDelimiter");
          this.runtime.add("PatternDelimiter");
          delim = `new StartAnchoredDelimiter(new PatternDelimiter(P${d.pattern}), ${this.guarded(this.restPattern(d.pattern, st), st.rest.strategy)})`;
        } else {
          this.runtime.add("PatternDelimiter");
          delim = `new PatternDelimiter(P${d.pattern})`;
        }
      } else if (d.literals.length === 1) {
        this.runtime.add("LiteralDelimiter");
        delim = `new LiteralDelimiter(${str(d.literals[0]!.text)})`;
      } else {
        this.runtime.add("LiteralSetDelimiter");
        delim = `new LiteralSetDelimiter([${d.literals.map((l) => str(l.text)).join(", ")}], ${d.canExtend})`;
      }
      return `  // ${describeWatch(w, plan)}\n  { field: ${w.field}, open: ${w.open}, delim: ${delim}, slot: ${this.slots++} },`;
    });
    this.watchTables.push(
      `/** ${safe(state.label)}: the watched delimiters in the reference's tie-break order. */\nconst ${name}: Watched[] = [\n${rows.join("\n")}\n];`,
    );
    return name;
  }
}

/** Text safe inside any comment: no line terminators (they would end a // comment) and no "*\/". */
export function safe(s: string): string {
  return s.replace(/[\r\n\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).replace(/\*\//g, "*\\/");
}

/** Delimiter text for a comment: quoted and escaped. */
export function show(s: string): string {
  return safe(JSON.stringify(s));
}

function charComment(c: string): string {
  return show(c);
}

function holdFunction(name: string, lit: LiteralFacts): string {
  const L = lit.text;
  const out: string[] = [];
  out.push(`/** Earliest p ≥ from with buf[p:] a proper prefix of ${show(L)} (-1 if none); candidates by last character. */`);
  out.push(`function ${name}(buf: string, from: number, n: number): number {`);
  out.push(`switch (buf.charCodeAt(n - 1)) {`);
  for (const { char, lengths } of lit.holdBack) {
    out.push(`case ${char.charCodeAt(0)}: // ${charComment(char)}`);
    for (const k of lengths) {
      const before = L.slice(0, k - 1);
      let cond = `n - ${k} >= from`;
      if (before.length === 1) cond += ` && buf.charCodeAt(n - ${k}) === ${before.charCodeAt(0)}`;
      else if (before.length > 1) cond += ` && buf.startsWith(${str(before)}, n - ${k})`;
      out.push(`if (${cond}) return n - ${k};`);
    }
    out.push(`return -1;`);
  }
  out.push(`}`);
  out.push(`return -1;`);
  out.push(`}`);
  return out.join("\n");
}

export function stateFunctionName(s: StatePlan): string {
  return s.state < 0 ? "scanOutside" : `scanField${s.state}`;
}

function describeWatch(w: WatchPlan, plan: TemplatePlan): string {
  const d = w.delimiter;
  const what = d.kind === "pattern" ? `pattern ${show(plan.patterns[d.pattern]!.source)}` : d.literals.map((l) => show(l.text)).join(" | ");
  return `${w.open ? "open" : "close"} ${safe(w.fieldName)}: ${what}`;
}

const COMMIT = (w: WatchPlan, start: string, end: string, groups: string) =>
  `out.hold = n; out.field = ${w.field}; out.open = ${w.open}; out.start = ${start}; out.end = ${end}; out.groups = ${groups};`;


/** Emits the scanner of one state (and its helpers). */
export function stateFunctions(state: StatePlan, plan: TemplatePlan, names: ScanNames): string[] {
  const fn = stateFunctionName(state);
  const header = `/** ${safe(state.label)}: ${state.watch.length ? state.watch.map((w) => describeWatch(w, plan)).join("; ") : "nothing to search"}. */`;
  const sig = `function ${fn}(buf: string, pos: number, eos: boolean, out: ScanResult): void {`;
  const st = state.strategy;
  switch (st.kind) {
    case "none":
      return [[header, sig, "void pos; void eos;", "out.field = -1;", "out.hold = buf.length;", "}"].join("\n")];
    case "resumable":
      return [[header, sig, `scanWatched(${names.watchTable(state, plan)}, buf, pos, eos, out, ${names.slot()});`, "}"].join("\n")];
    case "single":
      return [[header, sig, ...singleBody(state, plan, names), "}"].join("\n")];
    case "dispatch": {
      const exact = `${fn}Exact`;
      return [
        [header, sig, ...dispatchBody(state, st.chars, st.maxLength, exact, names.quiet(st.chars.map((c) => c.char))), "}"].join("\n"),
        [
          `/** ${safe(state.label)}: the exact search, for the last characters of the buffer where delimiters may be pending. */`,
          `function ${exact}(buf: string, pos: number, eos: boolean, out: ScanResult): void {`,
          ...exactBody(state, plan, names),
          "}",
        ].join("\n"),
      ];
    }
  }
}

function singleBody(state: StatePlan, plan: TemplatePlan, names: ScanNames): string[] {
  const w = state.watch[0]!;
  const d = w.delimiter;
  const out = ["const n = buf.length;"];
  if (state.watch.length === 1 && d.kind === "literal" && d.literals.length === 1) {
    const lit = d.literals[0]!;
    const hold = names.hold(lit);
    out.push(`const s = buf.indexOf(${str(lit.text)}, pos);`);
    out.push(`if (s >= 0) { ${COMMIT(w, "s", `s + ${lit.text.length}`, "null")} return; }`);
    out.push("out.field = -1;");
    const quiet = names.quiet([lit.text[0]!]);
    if (hold) {
      out.push(`const p = eos ? -1 : ${hold}(buf, pos, n);`);
      out.push(`if (p >= 0) out.hold = p; else { out.hold = n; out.quiet = ${quiet}; }`);
    } else out.push(`out.hold = n; out.quiet = ${quiet};`);
    return out;
  }
  return exactBody(state, plan, names);
}

/** The reference's scan over the watched literals, specialised per delimiter. */
function exactBody(state: StatePlan, plan: TemplatePlan, names: ScanNames): string[] {
  const out = ["const n = buf.length;", "let hold = n;", "let bf = -1;", "let bo = false;", "let bs = 0;", "let be = 0;"];
  const better = (s: string, e: string) => `bf < 0 || ${s} < bs || (${s} === bs && ${e} - ${s} > be - bs)`;
  const take = (w: WatchPlan, s: string, e: string) => `bf = ${w.field}; bo = ${w.open}; bs = ${s}; be = ${e};`;
  state.watch.forEach((w, k) => {
    const d: DelimiterPlan = w.delimiter;
    out.push(`// [${k}] ${describeWatch(w, plan)}`);
    if (d.kind === "pattern") throw new Error("a state that watches a pattern is scanned by the runtime");
    // Literals: s = start of the earliest complete match (longest first at equal starts), e its end;
    // otherwise p = start of the earliest pending prefix.
    out.push("{", "let s = -1;", "let e = 0;", "let part = false;", ...literalSearch(d.literals, names));
    const held = d.canExtend ? "part || (!eos && e === n)" : "part";
    out.push(`if (s >= 0) {`);
    out.push(`if (${held}) { if (s < hold) hold = s; }`);
    out.push(`else if (${better("s", "e")}) { ${take(w, "s", "e")} }`);
    out.push("}", "}");
  });
  out.push("out.hold = hold;");
  out.push("if (bf < 0 || bs >= hold) { out.field = -1; return; }");
  out.push("out.field = bf; out.open = bo; out.start = bs; out.end = be; out.groups = null;");
  return out;
}

/** Sets s/e (complete match) or s/part (pending prefix) for a literal or a list of literals. */
function literalSearch(literals: LiteralFacts[], names: ScanNames): string[] {
  const out: string[] = [];
  if (literals.length === 1) {
    const lit = literals[0]!;
    out.push(`s = buf.indexOf(${str(lit.text)}, pos);`);
    out.push(`if (s >= 0) e = s + ${lit.text.length};`);
    const hold = names.hold(lit);
    if (hold) out.push(`else if (!eos) { s = ${hold}(buf, pos, n); part = s >= 0; }`);
    return out;
  }
  out.push("let t = 0;");
  literals.forEach((lit, i) => {
    out.push(`t = buf.indexOf(${str(lit.text)}, pos);`);
    out.push(i === 0 ? `if (t >= 0) { s = t; e = t + ${lit.text.length}; }` : `if (t >= 0 && (s < 0 || t < s)) { s = t; e = t + ${lit.text.length}; }`);
  });
  const holds = literals.map((l) => names.hold(l)).filter((h): h is string => h !== null);
  if (holds.length) {
    out.push("if (s < 0 && !eos) {");
    for (const h of holds) out.push(`t = ${h}(buf, pos, n); if (t >= 0 && (s < 0 || t < s)) s = t;`);
    out.push("part = s >= 0;");
    out.push("}");
  }
  return out;
}

/**
 * First-character dispatch: the earliest complete literal (longest, then watch order) in one pass. It is
 * committed at once when no delimiter can be pending before it (it starts more than maxLength characters
 * before the end, or the stream has ended); otherwise the exact search settles the last characters.
 */
function dispatchBody(state: StatePlan, chars: DispatchChar[], maxLength: number, exact: string, quiet: string): string[] {
  const out = ["const n = buf.length;", "let i = -1;", "let w = -1;", "let len = 0;"];
  const tests = (c: DispatchChar, at: string): string[] => {
    const lines: string[] = [];
    for (const t of c.tests) {
      const assign = `{ i = ${at}; w = ${t.watch}; len = ${t.literal.length}; break; }`;
      if (t.literal.length === 1) {
        lines.push(assign);
        break; // always matches: later tests are unreachable
      }
      // The second character first: most occurrences of the first are not delimiters.
      lines.push(`if (buf.charCodeAt(${at} + 1) === ${t.literal.charCodeAt(1)} && buf.startsWith(${str(t.literal)}, ${at})) ${assign}`);
    }
    return lines;
  };
  if (chars.length === 1) {
    const c = chars[0]!;
    out.push(`// dispatch on ${charComment(c.char)}`);
    out.push(`for (let at = buf.indexOf(${str(c.char)}, pos); at >= 0; at = buf.indexOf(${str(c.char)}, at + 1)) {`);
    out.push(...tests(c, "at"));
    out.push("}");
  } else if (chars.length <= DISPATCH_INDEXOF_MAX) {
    out.push(`// dispatch on ${chars.map((c) => charComment(c.char)).join(", ")}: next occurrence of each`);
    chars.forEach((c, k) => out.push(`let c${k} = buf.indexOf(${str(c.char)}, pos);`));
    out.push("for (;;) {");
    chars.forEach((c, k) => {
      const others = chars.map((_, j) => j).filter((j) => j !== k).map((j) => `(c${j} < 0 || c${k} < c${j})`);
      out.push(`${k === 0 ? "if" : "else if"} (c${k} >= 0 && ${others.join(" && ")}) {`);
      out.push(`const at = c${k};`);
      out.push(...tests(c, "at"));
      out.push(`c${k} = buf.indexOf(${str(c.char)}, at + 1);`);
      out.push("}");
    });
    out.push("else break;");
    out.push("}");
  } else {
    out.push(`// dispatch on the first characters of ${chars.length} literals`);
    out.push("scan: for (let at = pos; at < n; at++) {");
    out.push("switch (buf.charCodeAt(at)) {");
    for (const c of chars) {
      out.push(`case ${c.char.charCodeAt(0)}: // ${charComment(c.char)}`);
      out.push(...tests(c, "at").map((l) => l.replace("break; }", "break scan; }")));
      out.push("break;");
    }
    out.push("}");
    out.push("}");
  }
  out.push(`if (w >= 0 && (eos || i < n - ${maxLength})) {`);
  out.push("switch (w) {");
  state.watch.forEach((wp, k) => {
    if (wp.delimiter.kind !== "literal") return;
    out.push(`case ${k}: ${COMMIT(wp, "i", "i + len", "null")} return;`);
  });
  out.push("}");
  out.push("}");
  out.push("if (eos) { out.field = -1; out.hold = n; return; }");
  out.push(`${exact}(buf, Math.max(pos, w >= 0 ? Math.min(i, n - ${maxLength}) : n - ${maxLength}), false, out);`);
  out.push(`if (out.field < 0 && out.hold === n) out.quiet = ${quiet};`);
  return out;
}
