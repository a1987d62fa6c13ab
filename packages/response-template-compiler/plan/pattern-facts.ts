// The plan's view of a pattern: the regex translator's serialisable spec plus the analysis facts the
// scanner uses (literal prefix to skip to; whether search results may be reused).

import { translatePattern } from "response-template/translate";
import type { JsonValue } from "response-template/runtime";
import type { PatternPlan } from "./ir.ts";
import { spaceThenLiteral } from "./space-then-literal.ts";
import { matchStarts } from "./match-starts.ts";

function showRanges(r: [number, number][] | "any"): string | null {
  if (r === "any") return null;
  return r
    .map(([a, b]) => (a === b ? String.fromCodePoint(a) : `${String.fromCodePoint(a)}-${String.fromCodePoint(b)}`))
    .join("");
}

export function analysePattern(source: string): Omit<PatternPlan, "source"> {
  const spec = translatePattern(source);
  return {
    spec: spec as unknown as JsonValue,
    groupNames: [...spec.groupNames],
    literalPrefix: spec.analysis.literalPrefix,
    spaceThenLiteral: spec.analysis.literalPrefix || spec.searchAnchor ? "" : spaceThenLiteral(source),
    starts: spec.analysis.literalPrefix || spec.searchAnchor ? null : matchStarts(source),
    firstChars: showRanges(spec.analysis.firstChars),
    canMatchEmpty: spec.analysis.canMatchEmpty,
    // \G depends on the search position, \K reports a start after where the match began: a result found
    // from an earlier position may differ from one found from a later one.
    dependsOnSearchStart: spec.searchAnchor || spec.keep !== null,
  };
}
