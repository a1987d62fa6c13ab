/**
 * Python `regex` patterns for rtc: a pipeline of passes over the pattern AST (README.md lists them),
 * producing a PatternSpec that runtime/core/regex/pattern.ts runs.
 *
 * @packageDocumentation
 * @module response-template/translate
 */
import type { PyPattern } from "../core/regex/api.ts";
import { CompiledPattern, type PatternSpec } from "../core/regex/pattern.ts";
import { analyze } from "./analysis.ts";
import { toProgram } from "./backtrack-program.ts";
import { caseInsensitiveThroughout } from "./case-insensitive-throughout.ts";
import { emitAlone, emitPattern } from "./emitter.ts";
import { guardBackrefs } from "./guard-backrefs.ts";
import { hasGuardedRepeat } from "./guarded-repeat.ts";
import { mergeAlternations } from "./merge-alternatives.ts";
import { parse } from "./parser.ts";
import { partialAtEnd } from "./partial-at-end.ts";
import { emitPrefixClosure } from "./prefix-closure.ts";
import { referencedGroups } from "./referenced-groups.ts";

export { parse } from "./parser.ts";
export { UnsupportedPatternError } from "./unsupported-pattern-error.ts";
export { analyze, type PatternAnalysis } from "./analysis.ts";
export { children } from "./walk.ts";
export type { Ast, Node, NodeOf } from "./ast.ts";
export type { PatternSpec } from "../core/regex/pattern.ts";

const finite = (n: number): number | null => (n === Infinity ? null : n);

/** The serializable spec of a pattern (for generated parsers to embed). Throws PatternError or UnsupportedPatternError. */
export function translatePattern(source: string): PatternSpec {
  const ast = parse(source);
  // Questions on the pattern as written.
  const scope = { globalCi: caseInsensitiveThroughout(ast.root), captured: referencedGroups(ast.root) };
  // Transformations reproducing the reference's matcher.
  const merged = mergeAlternations(ast.root);
  const root = guardBackrefs(merged);
  // Emission: the pattern, its prefix closure for partial matches and, when a cut inside a
  // backreference fails the runtime's check, the closure that never cuts one.
  const pattern = emitPattern(ast, root, scope);
  const closure = emitPrefixClosure(ast, root, scope, true);
  const uncut = scope.captured.size > 0 ? emitPrefixClosure(ast, root, scope, false) : null;
  // The backtracking matcher fails unset backreferences itself: it runs the pattern before guardBackrefs.
  const program = hasGuardedRepeat(merged) ? toProgram(merged, (n, captured) => emitAlone(ast, scope.globalCi, n, captured), ast) : null;
  const a = analyze(ast.root);
  return {
    source,
    js: pattern.js,
    flags: `${scope.globalCi ? "i" : ""}${pattern.keep !== null ? "d" : ""}v`,
    partial: closure?.js ?? null,
    partialChecks: closure?.checks ?? [],
    partialUncut: closure?.checks.length ? (uncut?.js ?? null) : null,
    partialAtEnd: partialAtEnd(root),
    groupNames: ast.names.map((n) => n.name),
    groupSlots: ast.names.map((n) => pattern.slots.get(n.index) ?? []),
    keep: pattern.keep,
    searchAnchor: pattern.searchAnchor,
    lookbehind: a.maxLookbehind === Infinity ? null : 2 * a.maxLookbehind, // code points → UTF-16 units
    backtrack: program === null ? null : { program, groupIndex: ast.names.map((n) => n.index) },
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
