// Python `regex` patterns for rtc: parse (python-regex.peggy) → translate (translate.ts, with the
// prefix closure of partial.ts) → a PatternSpec that runtime/regex/pattern.ts runs.
import type { PyPattern } from "../runtime/regex/api.ts";
import { CompiledPattern, type PatternSpec } from "../runtime/regex/pattern.ts";
import { analyze } from "./analysis.ts";
import { parse } from "./parser.ts";
import { translate } from "./translate.ts";

export { UnsupportedPatternError, parse } from "./parser.ts";
export { analyze, type PatternAnalysis } from "./analysis.ts";
export { children } from "./walk.ts";
export type { Ast, Node, NodeOf } from "./ast.ts";
export type { PatternSpec } from "../runtime/regex/pattern.ts";

const finite = (n: number): number | null => (n === Infinity ? null : n);

/** The serializable spec of a pattern (for generated parsers to embed). Throws PatternError or UnsupportedPatternError. */
export function translatePattern(source: string): PatternSpec {
  const ast = parse(source);
  const t = translate(ast);
  const a = analyze(ast.root);
  const slotsOf = (index: number) => t.slots.get(index) ?? [];
  return {
    source,
    js: t.js,
    flags: t.flags,
    partial: t.partial?.js ?? null,
    partialChecks: t.partial?.checks ?? [],
    partialUncut: t.partial?.checks.length ? t.partial.uncut : null,
    partialAtEnd: t.partialAtEnd,
    groupNames: ast.names.map((n) => n.name),
    groupSlots: ast.names.map((n) => slotsOf(n.index)),
    keep: t.keep,
    searchAnchor: t.searchAnchor,
    lookbehind: a.maxLookbehind === Infinity ? null : 2 * a.maxLookbehind, // code points → UTF-16 units
    backtrack: t.program === null ? null : { program: t.program, groupIndex: ast.names.map((n) => n.index) },
    analysis: {
      literalPrefix: a.literalPrefix,
      firstChars: a.firstChars,
      minLength: a.minLength,
      maxLength: finite(a.maxLength),
      canMatchEmpty: a.canMatchEmpty,
      captureNames: a.captureNames,
    },
  };
}

const cache = new Map<string, PyPattern>();

/** `regex.compile(source, regex.DOTALL)`, cached by source. */
export function compilePattern(source: string): PyPattern {
  let p = cache.get(source);
  if (!p) {
    p = new CompiledPattern(translatePattern(source));
    cache.set(source, p);
  }
  return p;
}
