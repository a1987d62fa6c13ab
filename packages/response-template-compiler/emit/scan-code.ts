// emit (scanners): one straight-line `scan` function per state of the plan. Literal searches are inlined
// (indexOf, then the literal's hold-back table), patterns call the shared regex runtime after skipping
// to their literal prefix, and several literals are found in one pass that dispatches on first characters.
// The code computes exactly what interpret/build-plan.ts `scanWatched` computes.

import type { DelimiterPlan, DispatchChar, LiteralFacts, PatternPlan, StatePlan, TemplatePlan, WatchPlan } from "../plan/ir.ts";
import { DISPATCH_INDEXOF_MAX } from "../plan/build-plan.ts";
import { str } from "./values.ts";
import { literalFacts } from "../plan/literal-facts.ts";
import { SPACE } from "response-template/runtime";

/** The regex module's \\s (runtime/regex/unicode-tables.ts) as a code-unit test; every range is in the BMP. */
function exactSpaceFunction(): string {
  const ranges = [...SPACE.matchAll(/\\u\{([0-9A-Fa-f]+)\}(?:-\\u\{([0-9A-Fa-f]+)\})?/g)].map((m) => [
    parseInt(m[1]!, 16),
    parseInt(m[2] ?? m[1]!, 16),
  ]);
  if (ranges.some(([, b]) => b! > 0xffff)) throw new Error("\\s table has astral ranges: update exactSpaceFunction");
  const tests = ranges.map(([a, b]) => (a === b ? `c === ${a}` : `(c >= ${a} && c <= ${b})`));
  return `/** The regex module's \\s, exactly (from runtime/regex/unicode-tables.ts at build time). */
function pySpace(c: number): boolean {
  return ${tests.join(" || ")};
}`;
}

/** The generated module's per-parser plan class, which holds the scan memos. */
export const MEMO_CLASS = "ParserPlan";

/** Names shared by all scanners of one module: hold-back functions, pattern searches, memo slots. */
export class ScanNames {
  readonly holdFns: string[] = [];
  readonly findFns: string[] = [];
  /** Memo fields of the plan class (one plan per parser), and the state functions that read them. */
  readonly memoDecls: string[] = [];
  readonly memoUsers = new Set<string>();
  private readonly holds = new Map<string, string>();
  private readonly finds = new Map<number, string>();
  private spaceFn = false;
  constructor(private readonly plan: TemplatePlan) {}

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

  /** Name of the search function of pattern `i` (skips to the literal prefix when there is one). */
  find(i: number): string {
    let name = this.finds.get(i);
    if (!name) {
      name = `find${i}`;
      this.finds.set(i, name);
      const p = this.plan.patterns[i]!;
      if (!p.literalPrefix && (p.spaceThenLiteral || p.starts?.leadingSpace) && !this.spaceFn) {
        this.spaceFn = true;
        this.findFns.push(SPACE_FUNCTION, exactSpaceFunction());
      }
      this.findFns.push(findFunction(name, i, p.literalPrefix, p.spaceThenLiteral, p.starts, p.source, p.groupNames, (t) => this.hold(literalFacts(t))));
    }
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

/** A superset of Python's Unicode \s (plus JavaScript's \uFEFF): backing up too far is harmless. */
const SPACE_FUNCTION = `/** Whitespace for skipping (a superset of Python's \\s: backing up over more is always safe). */
function spaceLike(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || (c >= 0x1c && c <= 0x1f) || c === 0x85 || c === 0xa0 || c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}`;

function findFunction(
  name: string,
  i: number,
  prefix: string,
  spaceThen: string,
  starts: PatternPlan["starts"],
  source: string,
  groupNames: readonly string[],
  hold: (text: string) => string | null,
): string {
  const out: string[] = [];
  if (!prefix && spaceThen) {
    const h = hold(spaceThen);
    out.push(
      `/** Pattern ${show(source)}: whitespace then ${show(spaceThen)}, so a match starts in the whitespace before that text's first occurrence; without one, only a pending match can exist, at the end. */`,
    );
    out.push(`const NO_GROUPS_${i}: Record<string, string | null> = { ${groupNames.map((g) => `${str(g)}: null`).join(", ")} };`);
    out.push(`function ${name}(buf: string, pos: number, eos: boolean, n: number): PatternMatch | null {`);
    out.push(`let j = buf.indexOf(${str(spaceThen)}, pos);`);
    out.push("if (j < 0) {");
    out.push("if (eos) return null;");
    out.push("if (n <= pos) return null;");
    if (h) {
      out.push(`if (${h}(buf, pos, n) < 0) {`);
    } else out.push("{");
    out.push("// No start of the literal is arriving: only trailing whitespace can be a pending match (from its start).");
    out.push("if (!pySpace(buf.charCodeAt(n - 1))) return null;");
    out.push("let p = n - 1;");
    out.push("while (p > pos && pySpace(buf.charCodeAt(p - 1))) p--;");
    out.push(`return { start: p, end: n, partial: true, groups: NO_GROUPS_${i} };`);
    out.push("}");
    if (h) out.push(`j = Math.max(pos, n - ${spaceThen.length - 1});`);
    out.push("}");
    out.push("while (j > pos && spaceLike(buf.charCodeAt(j - 1))) j--;");
    out.push(`return P${i}.search(buf, j, !eos);`);
  } else if (prefix) {
    const h = hold(prefix);
    out.push(`/** Pattern ${show(source)}: every match starts with ${show(prefix)}, so search from its first occurrence, or from where it may be arriving. */`);
    out.push(`function ${name}(buf: string, pos: number, eos: boolean, n: number): PatternMatch | null {`);
    out.push(`const j = buf.indexOf(${str(prefix)}, pos);`);
    out.push(`if (j >= 0) return P${i}.search(buf, j, !eos);`);
    if (h) {
      out.push("if (eos) return null;");
      out.push(`const p = ${h}(buf, pos, n);`);
      out.push(`return p < 0 ? null : P${i}.search(buf, p, true);`);
    } else {
      out.push("void eos; void n;");
      out.push("return null; // a one-character prefix cannot be pending");
    }
  } else if (starts) {
    const lits = starts.literals;
    out.push(
      `/** Pattern ${show(source)}: a match begins ${starts.atStart ? "at the start of the text or " : ""}${
        starts.leadingSpace ? "in the whitespace before " : "at "
      }the first of ${lits.map(show).join(", ")}, or is pending at the end. */`,
    );
    out.push(`function ${name}(buf: string, pos: number, eos: boolean, n: number): PatternMatch | null {`);
    if (starts.atStart) out.push(`if (pos === 0) return P${i}.search(buf, 0, !eos);`);
    out.push("let j = -1;");
    if (lits.length) out.push("let t = 0;");
    for (const l of lits) out.push(`t = buf.indexOf(${str(l)}, pos); if (t >= 0 && (j < 0 || t < j)) j = t;`);
    out.push("if (j < 0) {");
    out.push("if (eos) return null;");
    for (const l of lits) {
      const h = hold(l);
      if (h) out.push(`t = ${h}(buf, pos, n); if (t >= 0 && (j < 0 || t < j)) j = t;`);
    }
    if (starts.leadingSpace) out.push("if (j < 0 && n > pos && spaceLike(buf.charCodeAt(n - 1))) j = n - 1;");
    out.push("if (j < 0) return null;");
    out.push("}");
    if (starts.leadingSpace) out.push("while (j > pos && spaceLike(buf.charCodeAt(j - 1))) j--;");
    out.push(`return P${i}.search(buf, j, !eos);`);
  } else {
    out.push(`/** Pattern ${show(source)}: no literal prefix to skip to. */`);
    out.push(`function ${name}(buf: string, pos: number, eos: boolean, n: number): PatternMatch | null {`);
    out.push(`void n;`);
    out.push(`return P${i}.search(buf, pos, !eos);`);
  }
  out.push(`}`);
  return out.join("\n");
}

export function stateFunctionName(s: StatePlan): string {
  return s.state < 0 ? "scanOutside" : `scanField${s.state}`;
}

function describeWatch(w: WatchPlan, plan: TemplatePlan): string {
  const d = w.delimiter;
  const what =
    d.kind === "eos"
      ? "end of stream"
      : d.kind === "pattern"
        ? `pattern ${show(plan.patterns[d.pattern]!.source)}`
        : d.literals.map((l) => show(l.text)).join(" | ");
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
    case "single":
      return [[header, sig, ...singleBody(state.watch[0]!, plan, names), "}"].join("\n")];
    case "general":
      // The exact search reuses its results through memo fields of the parser's own plan (`m`).
      names.memoUsers.add(fn);
      return [[header, sig.replace("out: ScanResult)", `out: ScanResult, m: ${MEMO_CLASS})`), ...quietText(state, plan), ...exactBody(state, plan, names, true), "}"].join("\n")];
    case "dispatch": {
      const exact = `${fn}Exact`;
      return [
        [header, sig, ...quietText(state, plan), ...dispatchBody(state, st.chars, st.maxLength, exact), "}"].join("\n"),
        [
          `/** ${safe(state.label)}: the exact search, for the last characters of the buffer where delimiters may be pending. */`,
          `function ${exact}(buf: string, pos: number, eos: boolean, out: ScanResult): void {`,
          ...exactBody(state, plan, names, false),
          "}",
        ].join("\n"),
      ];
    }
  }
}

function singleBody(w: WatchPlan, plan: TemplatePlan, names: ScanNames): string[] {
  const d = w.delimiter;
  const out = ["const n = buf.length;"];
  if (d.kind === "eos") {
    // A zero-width match at the end is held before end of stream and never precedes the hold after it.
    out.push("void pos; void eos;", "out.field = -1;", "out.hold = n;");
    return out;
  }
  if (d.kind === "literal" && d.literals.length === 1) {
    const lit = d.literals[0]!;
    const hold = names.hold(lit);
    out.push(`const s = buf.indexOf(${str(lit.text)}, pos);`);
    out.push(`if (s >= 0) { ${COMMIT(w, "s", `s + ${lit.text.length}`, "null")} return; }`);
    out.push("out.field = -1;");
    if (hold) {
      out.push(`const p = eos ? -1 : ${hold}(buf, pos, n);`);
      out.push("out.hold = p >= 0 ? p : n;");
    } else out.push("out.hold = n;");
    return out;
  }
  if (d.kind === "pattern") {
    out.push(`const r = ${names.find(d.pattern)}(buf, pos, eos, n);`);
    out.push("out.field = -1;");
    out.push("out.hold = n;");
    out.push("if (r === null) return;");
    out.push("if (!eos && (r.partial || r.end === n)) { out.hold = r.start; return; }");
    out.push("if (r.start >= n) return;");
    out.push(`out.field = ${w.field}; out.open = ${w.open}; out.start = r.start; out.end = r.end; out.groups = r.groups;`);
    return out;
  }
  return exactBody({ state: -2, label: "", watch: [w], strategy: { kind: "single" } }, plan, names, false);
}

/**
 * Streaming through plain text: when every watched delimiter is a literal, a pattern with a literal
 * prefix, or a `\\s*literal` pattern, none can match or be pending unless the first character of one of
 * those texts occurs in the unread text — except the `\\s*literal` patterns, which are pending from the
 * start of trailing whitespace. One indexOf per distinct first character then settles the scan, with
 * exactly the result of the full search below (whose find functions take the same branches), so that a
 * text region watched by several patterns costs about what one literal costs. Empty when not applicable.
 */
function quietText(state: StatePlan, plan: TemplatePlan): string[] {
  const firsts = new Set<string>();
  let space = false;
  for (const w of state.watch) {
    const d = w.delimiter;
    if (d.kind === "eos") continue;
    if (d.kind === "literal") {
      for (const l of d.literals) {
        if (!l.text) return [];
        firsts.add(l.text[0]!);
      }
      continue;
    }
    const p = plan.patterns[d.pattern]!;
    if (p.literalPrefix) firsts.add(p.literalPrefix[0]!);
    else if (p.spaceThenLiteral) {
      firsts.add(p.spaceThenLiteral[0]!);
      space = true;
    } else return [];
  }
  if (firsts.size === 0 || firsts.size > 3) return [];
  const absent = [...firsts].map((c) => `buf.indexOf(${str(c)}, pos) < 0`).join(" && ");
  const out = [
    `// Plain text: no watched text (${[...firsts].map(charComment).join(", ")}) starts in the unread text, so nothing matches${
      space ? ";\n// only trailing whitespace is pending (the \\s* patterns), from where it starts" : ""
    }.`,
    `if (!eos && ${absent}) {`,
    "out.field = -1;",
  ];
  if (space) {
    out.push("let p = buf.length;", "while (p > pos && pySpace(buf.charCodeAt(p - 1))) p--;", "out.hold = p;");
  } else out.push("out.hold = buf.length;");
  out.push("return;", "}");
  return out;
}

/** The reference's scan over every watched delimiter, specialised per delimiter. */
function exactBody(state: StatePlan, plan: TemplatePlan, names: ScanNames, memo: boolean): string[] {
  const out = [
    "const n = buf.length;",
    "let hold = n;",
    "let bf = -1;",
    "let bo = false;",
    "let bs = 0;",
    "let be = 0;",
    "let bg: Record<string, string | null> | null = null;",
  ];
  const better = (s: string, e: string) => `bf < 0 || ${s} < bs || (${s} === bs && ${e} - ${s} > be - bs)`;
  const take = (w: WatchPlan, s: string, e: string, g: string) =>
    `bf = ${w.field}; bo = ${w.open}; bs = ${s}; be = ${e}; bg = ${g};`;
  state.watch.forEach((w, k) => {
    const d: DelimiterPlan = w.delimiter;
    out.push(`// [${k}] ${describeWatch(w, plan)}`);
    if (d.kind === "eos") {
      out.push("// zero-width at the end: held before end of stream, never ahead of the hold after it");
      return;
    }
    const slot = `m${state.state < 0 ? "O" : state.state}_${k}`;
    if (d.kind === "pattern") {
      const find = names.find(d.pattern);
      const reusable = memo && !plan.patterns[d.pattern]!.dependsOnSearchStart;
      out.push("{");
      if (reusable) {
        names.memoDecls.push(
          `${slot}Buf: string | null = null;`,
          `${slot}From = 0;`,
          `${slot}Eos = false;`,
          `${slot}Hit: PatternMatch | null = null;`,
        );
        out.push(`let r: PatternMatch | null;`);
        out.push(
          `if (buf === m.${slot}Buf && eos === m.${slot}Eos && pos >= m.${slot}From && (m.${slot}Hit === null || m.${slot}Hit.start >= pos)) r = m.${slot}Hit;`,
        );
        out.push(`else { r = ${find}(buf, pos, eos, n); m.${slot}Buf = buf; m.${slot}From = pos; m.${slot}Eos = eos; m.${slot}Hit = r; }`);
      } else out.push(`const r = ${find}(buf, pos, eos, n);`);
      out.push("if (r !== null) {");
      out.push("if (!eos && (r.partial || r.end === n)) { if (r.start < hold) hold = r.start; }");
      out.push(`else if (${better("r.start", "r.end")}) { ${take(w, "r.start", "r.end", "r.groups")} }`);
      out.push("}");
      out.push("}");
      return;
    }
    // Literals: s = start of the earliest complete match (longest first at equal starts), e its end;
    // otherwise p = start of the earliest pending prefix.
    out.push("{");
    if (memo) {
      names.memoDecls.push(
        `${slot}Buf: string | null = null;`,
        `${slot}From = 0;`,
        `${slot}Eos = false;`,
        `${slot}S = -1;`,
        `${slot}E = 0;`,
        `${slot}P = false;`,
      );
      out.push("let s = -1;", "let e = 0;", "let part = false;");
      out.push(
        `if (buf === m.${slot}Buf && eos === m.${slot}Eos && pos >= m.${slot}From && (m.${slot}S < 0 || m.${slot}S >= pos)) { s = m.${slot}S; e = m.${slot}E; part = m.${slot}P; }`,
      );
      out.push("else {");
      out.push(...literalSearch(d.literals, names));
      out.push(`m.${slot}Buf = buf; m.${slot}From = pos; m.${slot}Eos = eos; m.${slot}S = s; m.${slot}E = e; m.${slot}P = part;`);
      out.push("}");
    } else {
      out.push("let s = -1;", "let e = 0;", "let part = false;");
      out.push(...literalSearch(d.literals, names));
    }
    const held = d.canExtend ? "part || (!eos && e === n)" : "part";
    out.push(`if (s >= 0) {`);
    out.push(`if (${held}) { if (s < hold) hold = s; }`);
    out.push(`else if (${better("s", "e")}) { ${take(w, "s", "e", "null")} }`);
    out.push("}");
    out.push("}");
  });
  out.push("out.hold = hold;");
  out.push("if (bf < 0 || bs >= hold) { out.field = -1; return; }");
  out.push("out.field = bf; out.open = bo; out.start = bs; out.end = be; out.groups = bg;");
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
function dispatchBody(state: StatePlan, chars: DispatchChar[], maxLength: number, exact: string): string[] {
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
  return out;
}
