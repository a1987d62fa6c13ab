// Known deviations from Python's `regex` module (deviations.json), matched exactly: one entry names one
// comparison — file, pattern, mode and, where the mode has them, haystack and search position — so it
// excuses that comparison and nothing else of the pattern. An entry that no longer differs is stale and
// fails the test that reads it (remove it: the deviation is fixed).
//
// Modes: "compile" (accepted a pattern the module rejects, or the reverse), "groups" (group names),
// "full" (search: span and groups; hay + pos), "partial" (search with partial=True; hay + pos),
// "finditer" (hay), and "refused" (the oracle sample only: a pattern rtc refuses with a clear
// UnsupportedPatternError instead of approximating it).

import { readFileSync } from "node:fs";

export type Mode = "compile" | "groups" | "full" | "partial" | "finditer" | "refused";

/** One comparison that came out different; `hay`/`pos` as the mode needs them (code-point positions). */
export interface Difference {
  file: string;
  pattern: string;
  mode: Mode;
  hay?: string;
  pos?: number;
  detail: string;
}

export interface Deviation extends Omit<Difference, "detail"> {
  reason: string;
}

export const DEVIATIONS: Deviation[] = JSON.parse(readFileSync(new URL("./deviations.json", import.meta.url), "utf8"));

const key = (d: Omit<Difference, "detail">) => JSON.stringify([d.file, d.pattern, d.mode, d.hay ?? null, d.pos ?? null]);

/** Splits the differences found in `file` into listed and unlisted ones, and names the stale entries. */
export function sortOut(file: string, differences: Difference[]): { unexpected: Difference[]; known: Difference[]; stale: Deviation[] } {
  const listed = new Map(DEVIATIONS.filter((d) => d.file === file).map((d) => [key(d), d]));
  const seen = new Set<string>();
  const unexpected: Difference[] = [];
  const known: Difference[] = [];
  for (const d of differences) {
    const k = key(d);
    if (listed.has(k)) {
      known.push(d);
      seen.add(k);
    } else unexpected.push(d);
  }
  const stale = [...listed].filter(([k]) => !seen.has(k)).map(([, d]) => d);
  return { unexpected, known, stale };
}

export const describeDifference = (d: Difference) =>
  `${d.mode} ${JSON.stringify(d.pattern)}${d.hay === undefined ? "" : ` on ${JSON.stringify(d.hay)}`}${d.pos === undefined ? "" : `@${d.pos}`}: ${d.detail}`;
