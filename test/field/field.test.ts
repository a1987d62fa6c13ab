// The field oracle in npm test (docs/field-oracle.md): FIELD_TEST_RUN's seeded conversations for every
// template with a chat template, each clean turn and its perturbations in three modes (run.ts). Asserted:
// the number of cases (so a case cannot silently stop running), every template's generated parser fresh,
// and the failures per template × kind exactly as known-failures.json lists them: more is a regression,
// fewer is a fix to record (npm run field -- --update). The pass table is printed.

import { beforeAll, describe, expect, test } from "vitest";
import { FIELD_TEST_RUN, knownFailures } from "./known.ts";
import { failureCounts, passTable, runField, type TemplateStats } from "./run.ts";

/** Cases the run builds (clean turns plus applicable perturbations); changes when kinds or the generator do. */
const EXPECTED_CASES = 3537;

let stats: TemplateStats[];
beforeAll(async () => {
  stats = await runField(FIELD_TEST_RUN);
  console.log(`field oracle (seed ${FIELD_TEST_RUN.seed}, ${FIELD_TEST_RUN.perTemplate} conversations per template)\n${passTable(stats)}`);
}, 120_000);

describe("field oracle: perturbed real-template turns in recover mode", () => {
  test("runs every case, with fresh generated parsers", () => {
    const cases = stats.reduce((n, s) => n + Object.values(s.cases).reduce((a, b) => a + b, 0), 0);
    expect(cases).toBe(EXPECTED_CASES);
    expect(stats.filter((s) => !s.generated).map((s) => s.template), "stale or missing generated parsers: npm run build:models").toEqual([]);
    expect(stats.filter((s) => s.unlocated).map((s) => `${s.template}: ${s.unlocated}`), "clean turns whose regions could not be located").toEqual([]);
  });

  test("failures per template × kind are exactly the known ones", () => {
    const got = failureCounts(stats);
    const known = knownFailures();
    const worse: string[] = [];
    const better: string[] = [];
    for (const t of new Set([...Object.keys(got), ...Object.keys(known)])) {
      for (const k of new Set([...Object.keys(got[t] ?? {}), ...Object.keys(known[t] ?? {})])) {
        const n = got[t]?.[k] ?? 0;
        const m = known[t]?.[k]?.count ?? 0;
        if (n > m) worse.push(`${t} · ${k}: ${n} failures, ${m} known`);
        if (n < m) better.push(`${t} · ${k}: ${n} failures, ${m} known`);
      }
    }
    expect(worse, "regressions (npm run field prints examples)").toEqual([]);
    expect(better, "fixed cases: record them with npm run field -- --update").toEqual([]);
  });
});
