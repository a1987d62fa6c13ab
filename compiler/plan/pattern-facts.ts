// The plan's view of a pattern: the regex translator's serialisable spec plus the analysis facts that the
// explain output shows, and whether the resumable matcher runs it.

import { parse, translatePattern, type Node } from "response-template/translate";
import { CompiledPattern, type JsonValue } from "response-template/runtime";
import type { PatternPlan } from "./ir.ts";
import { patternStrategy, type PatternStrategy } from "./pattern-strategy.ts";
import { pythonAlternatives } from "./python-source.ts";

function showRanges(r: [number, number][] | "any"): string | null {
  if (r === "any") return null;
  return r
    .map(([a, b]) => (a === b ? String.fromCodePoint(a) : `${String.fromCodePoint(a)}-${String.fromCodePoint(b)}`))
    .join("");
}

export function analysePattern(source: string): Omit<PatternPlan, "source"> {
  const spec = translatePattern(source);
  const programs = new CompiledPattern(spec).programs();
  const resumable = programs !== null;
  const strategy = patternStrategy(spec, programs?.full ?? null);
  return {
    spec: spec as unknown as JsonValue,
    groupNames: [...spec.groupNames],
    firstChars: showRanges(spec.analysis.firstChars),
    canMatchEmpty: spec.analysis.canMatchEmpty,
    resumable,
    strategy: strategy.kind === "resumable" ? (startStrategy(source) ?? strategy) : strategy,
  };
}

/**
 * `<think>|^\s*(?=</think>)`: past stream offset 0 the alternatives that begin with `^` cannot match, and
 * the others may be guarded. Not when a dropped alternative has a group (the groups of a match would change).
 */
function startStrategy(source: string): PatternStrategy | null {
  const alts = pythonAlternatives(source);
  if (alts === null || alts.length < 2) return null;
  const anchored = alts.filter((a) => a.startsWith("^"));
  const others = alts.filter((a) => !a.startsWith("^"));
  if (anchored.length === 0 || others.length === 0 || anchored.some((a) => /\((?!\?[:=!<])|\(\?P</.test(a.replace(/\\./g, "")))) return null;
  const rest = others.join("|");
  // The split, checked against the translator's parser: the same top-level alternatives, `^` (start)
  // beginning exactly the dropped ones, and the rest parsing to the others unchanged.
  const root = parse(source).root;
  if (root.type !== "alt" || root.alts.length !== alts.length) return null;
  const startsAnchored = (n: Node) => {
    const first = n.type === "seq" && n.items.length > 0 ? n.items[0]! : n;
    return first.type === "assert" && first.kind === "start";
  };
  if (root.alts.some((n, i) => startsAnchored(n) !== alts[i]!.startsWith("^"))) return null;
  const restRoot = parse(rest).root;
  const kept = root.alts.filter((n) => !startsAnchored(n));
  if (JSON.stringify(restRoot.type === "alt" ? restRoot.alts : [restRoot]) !== JSON.stringify(kept)) return null;
  let facts: Omit<PatternPlan, "source">;
  try {
    facts = analysePattern(rest);
  } catch {
    return null;
  }
  if (facts.strategy.kind !== "guarded") return null;
  return {
    kind: "start",
    rest: { source: rest, spec: facts.spec, strategy: facts.strategy },
    why: `alternatives with ^ match only at the stream's start: the shared matcher there, then ${JSON.stringify(rest)} guarded — ${facts.strategy.why}`,
  };
}
