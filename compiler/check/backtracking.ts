// Patterns whose backtracking is super-linear: on some input a single match attempt takes time polynomial
// (or exponential) in the length of the text. A JavaScript regex cannot be interrupted once it runs, so
// such a pattern can stall a server on hostile or unlucky model output; `rtc check` warns (`--strict` fails).
//
// The analysis runs on the JavaScript translation of each Python pattern (the regex rtc actually executes),
// with maintained analysers rather than a hand-written one:
// - scslre finds repeats that trade characters with each other or reach themselves (`(a+)+`, `\s*\s*x`);
// - refa checks the one shape scslre leaves out, an ambiguous repeated alternation (`(a|aa)+`, `(\w|\d)+`):
//   two alternatives match a common word, or a word of the body also splits into several body words.
// Positions: the analysers report JS quantifiers; the translation keeps every unbounded Python repeat as one
// unbounded JS quantifier in the same order, so the n-th one (by where its quantifier ends) maps to the n-th
// `*`, `+` or `{m,}` in the Python source (found by a small lexical scan that skips escapes, classes and group
// openers). The mapping is used only when the three counts agree (scan, Python AST, JS AST); otherwise the
// diagnostic names the pattern without a column.

import type { AST } from "@eslint-community/regexpp";
import { JS, NFA, isDisjointWith } from "refa";
import { analyse, type Report } from "scslre";
import { children, parse, translatePattern, type Node } from "response-template/translate";
import { dictKeys, isDict } from "response-template/runtime";
import type { JsonValue, TemplateSpec } from "response-template/runtime";
import type { Diagnostic } from "./diagnostics.ts";

/** Every pattern of a template with its JSON path: delimiters and content parsers' `tag_pattern`s. */
export function templatePatterns(spec: TemplateSpec): { path: string; source: string }[] {
  const out: { path: string; source: string }[] = [];
  if (spec.anchor.kind === "pattern") out.push({ path: "start_anchor_pattern", source: spec.anchor.source });
  for (const f of spec.fields) {
    if (f.open?.kind === "pattern") out.push({ path: `fields.${f.name}.open_pattern`, source: f.open.source });
    if (f.close?.kind === "pattern") out.push({ path: `fields.${f.name}.close_pattern`, source: f.close.source });
    const walk = (v: JsonValue, path: string) => {
      if (!isDict(v)) return;
      for (const k of dictKeys(v)) {
        const x = v[k]!;
        if (k === "tag_pattern" && typeof x === "string") out.push({ path: `${path}.${k}`, source: x });
        else walk(x, `${path}.${k}`);
      }
    };
    walk(f.contentArgs, `fields.${f.name}.content_args`);
  }
  return out;
}

export function backtrackingHazards(spec: TemplateSpec): Diagnostic[] {
  return templatePatterns(spec).flatMap(({ path, source }) => diagnostics(path, patternHazards(source)));
}

export interface Hazard {
  exponential: boolean;
  /** Python columns of the repeats involved (null where they could not be placed), first the one reported. */
  columns: (number | null)[];
  /** A string whose repetition (followed by a character that makes the match fail) triggers it. */
  attack: string;
  kind: "nested" | "trade" | "alternation";
}

/** The super-linear backtracking hazards of one Python pattern (none when it does not translate). */
export function patternHazards(source: string): Hazard[] {
  let js: string;
  let flags: string;
  try {
    const t = translatePattern(source);
    js = analysable(t.js);
    flags = t.flags.replace("d", "");
  } catch {
    return []; // not translatable: the validator reports it
  }
  let result: ReturnType<typeof analyse>;
  try {
    result = analyse({ source: js, flags }, { reportTypes: { Move: false } });
  } catch {
    return [];
  }
  const column = quantifierColumns(source, result.parsed.pattern);
  const hazards = result.reports.map((r) => fromReport(r, column));
  const reported = new Set(result.reports.flatMap((r) => (r.type === "Trade" ? [r.startQuant, r.endQuant] : r.type === "Self" ? [r.quant, r.parentQuant] : [])));
  hazards.push(...ambiguousAlternations(result.parsed as JS.RegexppAst, reported, column));
  return hazards;
}

/** The runtime's `\p{rtcX}` table placeholders as the nearest JS classes (close enough to analyse). */
function analysable(js: string): string {
  const table: Record<string, string> = { Word: "\\w", Space: "\\s", Digit: "\\d", G: "(?!)" };
  return js.replace(/\\\\|\\p\{rtc(\w+)\}/g, (m, name: string | undefined) => (name === undefined ? m : (table[name] ?? m)));
}

type ColumnOf = (q: AST.Quantifier) => number | null;

function fromReport(r: Report, column: ColumnOf): Hazard {
  const attack = r.character.pick;
  if (r.type === "Self") return { exponential: r.exponential, columns: [column(r.quant), column(r.parentQuant)], attack, kind: "nested" };
  if (r.type === "Trade") return { exponential: r.exponential, columns: [column(r.startQuant), column(r.endQuant)], attack, kind: "trade" };
  return { exponential: r.exponential, columns: [column(r.quant)], attack, kind: "trade" };
}

/** `(A|B|…)` repeated without bound where the body can match some text in two ways. */
function ambiguousAlternations(ast: JS.RegexppAst, reported: Set<AST.Quantifier>, column: ColumnOf): Hazard[] {
  const out: Hazard[] = [];
  const parser = JS.Parser.fromAst(ast);
  // refa 0.12 sizes the alphabet from the `u` flag only; the translation's `v` flag builds full Unicode sets.
  const full = ast.flags.unicode || ast.flags.unicodeSets;
  const nfa = (el: AST.Element | AST.Alternative): NFA | null => {
    try {
      const { expression, maxCharacter } = parser.parseElement(el, { assertions: "disable", backreferences: "disable", maxNodes: 10_000 });
      const a = NFA.fromRegex(expression, { maxCharacter: full ? 0x10ffff : maxCharacter }, {}, new NFA.LimitedNodeFactory(10_000));
      a.withoutEmptyWord();
      return a;
    } catch {
      return null; // too large or unsupported: no claim
    }
  };
  const firstWord = (a: NFA, b: NFA): string | null => {
    if (isDisjointWith(a, b, 10_000)) return null;
    const w = NFA.fromIntersection(a, b, new NFA.LimitedNodeFactory(10_000)).words()[Symbol.iterator]().next();
    return w.done ? null : String.fromCodePoint(...w.value);
  };
  const visit = (n: AST.Node) => {
    if (n.type === "Quantifier" && n.max === Infinity && !reported.has(n)) {
      const body = unwrap(n.element);
      let found: string | null = null;
      try {
        if ((body.type === "Group" || body.type === "CapturingGroup") && body.alternatives.length > 1) {
          const alts = body.alternatives.map(nfa);
          for (let i = 0; i < alts.length && found === null; i++) {
            for (let j = i + 1; j < alts.length && found === null; j++) if (alts[i] && alts[j]) found = firstWord(alts[i]!, alts[j]!);
          }
        }
        if (found === null) {
          const one = nfa(n.element);
          const many = one?.copy();
          if (one && many) {
            many.append(one.copy());
            many.quantify(1, Infinity);
            found = firstWord(one, many);
          }
        }
      } catch {
        found = null;
      }
      if (found !== null) out.push({ exponential: true, columns: [column(n)], attack: found, kind: "alternation" });
    }
    for (const c of astChildren(n)) visit(c);
  };
  visit(ast.pattern);
  return out;
}

function unwrap(el: AST.Element): AST.Element {
  while ((el.type === "Group" || el.type === "CapturingGroup") && el.alternatives.length === 1 && el.alternatives[0]!.elements.length === 1) {
    el = el.alternatives[0]!.elements[0]!;
  }
  return el;
}

function astChildren(n: AST.Node): AST.Node[] {
  switch (n.type) {
    case "Pattern":
    case "Group":
    case "CapturingGroup":
      return n.alternatives;
    case "Alternative":
      return n.elements;
    case "Quantifier":
      return [n.element];
    case "Assertion":
      return n.kind === "lookahead" || n.kind === "lookbehind" ? n.alternatives : [];
    default:
      return [];
  }
}

/** Maps a JS quantifier of the translation to the column of its `*`, `+` or `{m,}` in the Python source. */
function quantifierColumns(source: string, pattern: AST.Pattern): ColumnOf {
  const js: AST.Quantifier[] = [];
  const collect = (n: AST.Node) => {
    if (n.type === "Quantifier" && n.max === Infinity) js.push(n);
    for (const c of astChildren(n)) collect(c);
  };
  collect(pattern);
  js.sort((a, b) => a.end - b.end);
  const py = unboundedRepeatColumns(source);
  let astCount = 0;
  try {
    const walk = (n: Node) => {
      if (n.type === "repeat" && n.max === Infinity) astCount++;
      for (const c of children(n)) walk(c);
    };
    walk(parse(source).root);
  } catch {
    astCount = -1;
  }
  const agree = py.length === js.length && astCount === js.length;
  return (q) => (agree ? (py[js.indexOf(q)] ?? null) : null);
}

/** Columns of the unbounded quantifiers (`*`, `+`, `{m,}`) of a Python pattern, in source order. */
export function unboundedRepeatColumns(source: string): number[] {
  const out: number[] = [];
  let i = 0;
  const skipModifier = () => {
    if (source[i] === "?" || source[i] === "+") i++; // lazy or possessive
  };
  while (i < source.length) {
    const c = source[i]!;
    if (c === "\\") i += 2;
    else if (c === "[") {
      i++;
      if (source[i] === "^") i++;
      if (source[i] === "]") i++; // a leading ] is literal
      while (i < source.length && source[i] !== "]") i += source[i] === "\\" ? 2 : 1;
      i++;
    } else if (c === "(" && source[i + 1] === "?") {
      if (source[i + 2] === "#") i = source.indexOf(")", i) < 0 ? source.length : source.indexOf(")", i) + 1;
      else i += 2; // a group opener: its ? is not a quantifier
    } else if (c === "*" || c === "+" || c === "?") {
      if (c !== "?") out.push(i);
      i++;
      skipModifier();
    } else if (c === "{") {
      const m = /^\{(\d*)(,?)(\d*)\}/.exec(source.slice(i));
      if (m && (m[1] || m[3])) {
        if (m[2] && !m[3]) out.push(i);
        i += m[0].length;
        skipModifier();
      } else i++;
    } else i++;
  }
  return out;
}

/** One diagnostic per pattern and severity of cost: exponential (`redos`) or polynomial. */
function diagnostics(path: string, hazards: Hazard[]): Diagnostic[] {
  return [true, false].flatMap((exponential) => {
    const hs = hazards.filter((h) => h.exponential === exponential);
    if (!hs.length) return [];
    const col = (c: number | null) => (c === null ? "?" : String(c));
    const list = (cs: (number | null)[]) => {
      const u = [...new Set(cs.map(col))].sort((a, b) => Number(a) - Number(b));
      return u.length === 1 ? `column ${u[0]}` : `columns ${u.slice(0, -1).join(", ")} and ${u.at(-1)}`;
    };
    const quote = (xs: string[]) => [...new Set(xs)].map((x) => JSON.stringify(x)).join(" or ");
    const phrases: string[] = [];
    for (const h of hs.filter((x) => x.kind === "nested")) {
      phrases.push(`the quantifier at column ${col(h.columns[0]!)} repeats inside the group the quantifier at column ${col(h.columns[1]!)} repeats, and both match runs of ${quote([h.attack])}`);
    }
    const trades = hs.filter((x) => x.kind === "trade");
    if (trades.length) {
      phrases.push(`the quantifiers at ${list(trades.flatMap((t) => t.columns))} can split runs of ${quote(trades.map((t) => t.attack))} between them in many ways`);
    }
    for (const h of hs.filter((x) => x.kind === "alternation")) {
      phrases.push(`the quantifier at column ${col(h.columns[0]!)} repeats alternatives that match ${quote([h.attack])} in more than one way`);
    }
    const first = hs.flatMap((h) => h.columns).find((c): c is number => c !== null);
    const d: Diagnostic = {
      severity: "warning",
      code: exponential ? "redos" : "polynomial-backtracking",
      path,
      message:
        `${exponential ? "exponential" : "polynomial"} backtracking: ${phrases.join("; ")}. On such text followed by something ` +
        `the pattern does not accept, one match attempt takes ${exponential ? "time exponential in its length" : "time quadratic or worse in its length"}, ` +
        `and a JavaScript regex cannot be interrupted: rewrite so that each character can be matched one way only (e.g. (a+)+ → a+)`,
    };
    if (first !== undefined) d.patternColumn = first;
    return [d];
  });
}
