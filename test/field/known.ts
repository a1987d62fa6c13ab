// The known failures of the field oracle: per template × perturbation kind, how many cases of the test's
// run (FIELD_TEST_RUN) fail today and why. field.test.ts asserts the counts exactly, so a fix must lower
// them here (npm run field -- --update) and a regression cannot hide.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FieldOptions, TemplateStats } from "./run.ts";

/** What npm test runs: seeded, a fixed number of conversations per template. */
export const FIELD_TEST_RUN: FieldOptions = { seed: 1, perTemplate: 12 };

export const KNOWN_FAILURES_FILE = join(import.meta.dirname, "known-failures.json");

export interface KnownFailure {
  count: number;
  /** The failure categories with their counts, and what the shortest failing case gives against what it should. */
  reason: string;
}
export type KnownFailures = Record<string, Record<string, KnownFailure>>;

export function knownFailures(): KnownFailures {
  return (JSON.parse(readFileSync(KNOWN_FAILURES_FILE, "utf8")) as { failures: KnownFailures }).failures;
}

/** The file's content for a run: counts and categories recomputed. */
export function knownFailuresFrom(stats: TemplateStats[], _old: KnownFailures): { description: string; failures: KnownFailures } {
  const failures: KnownFailures = {};
  for (const s of stats) {
    const byKind = new Map<string, Map<string, number>>();
    const shortest = new Map<string, { output: string; detail: string }>();
    for (const f of s.failures) {
      const m = byKind.get(f.kind) ?? new Map<string, number>();
      m.set(f.category, (m.get(f.category) ?? 0) + 1);
      byKind.set(f.kind, m);
      const e = shortest.get(f.kind);
      if (!e || f.output.length < e.output.length) shortest.set(f.kind, f);
    }
    if (!byKind.size) continue;
    failures[s.template] = {};
    for (const [kind, cats] of byKind) {
      const count = [...cats.values()].reduce((a, b) => a + b, 0);
      const e = shortest.get(kind)!;
      const example = e.detail.length > 140 ? `${e.detail.slice(0, 140)}…` : e.detail;
      const reason = `${[...cats.entries()].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} (${n})`).join("; ")}; shortest: ${example}`;
      failures[s.template]![kind] = { count, reason };
    }
  }
  return {
    description:
      "Field-oracle cases (test/field/) that fail today, per template × perturbation kind, for the run FIELD_TEST_RUN in test/field/known.ts. field.test.ts asserts these counts exactly: after a fix, regenerate with `npm run field -- --update`; `npm run field` prints each cluster with a minimal example. See docs/field-oracle.md.",
    failures,
  };
}
