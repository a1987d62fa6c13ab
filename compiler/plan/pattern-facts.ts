// The plan's view of a pattern: the regex translator's serialisable spec plus the analysis facts that the
// explain output shows, and whether the resumable matcher runs it.

import { translatePattern } from "response-template/translate";
import { CompiledPattern, type JsonValue } from "response-template/runtime";
import type { PatternPlan } from "./ir.ts";
import { patternStrategy } from "./pattern-strategy.ts";

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
  return {
    spec: spec as unknown as JsonValue,
    groupNames: [...spec.groupNames],
    firstChars: showRanges(spec.analysis.firstChars),
    canMatchEmpty: spec.analysis.canMatchEmpty,
    resumable,
    strategy: patternStrategy(spec, programs?.full ?? null),
  };
}
