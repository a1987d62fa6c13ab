// StrykerJS over one folder of the code at a time; scripts/mutate.ts sets RTC_MUTATE_FOLDER and runs the
// folders one after another (see test/mutation/README.md).
import { FOLDERS } from "./folders.mjs";

const name = process.env.RTC_MUTATE_FOLDER;
const folder = FOLDERS[name];
if (!folder) throw new Error(`RTC_MUTATE_FOLDER must be one of ${Object.keys(FOLDERS).join(", ")}; got ${name}`);

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "test/mutation/vitest.config.ts", related: true },
  plugins: ["@stryker-mutator/vitest-runner"],
  // Only the tests that execute a mutant run against it.
  coverageAnalysis: "perTest",
  mutate: folder.mutate,
  // The workspace's package links (node_modules/response-template -> runtime) must see
  // the mutants, and a sandbox copy would be bypassed by them: mutate in place (Stryker restores the files
  // when it ends, also on Ctrl-C). Do not edit the mutated folder while it runs.
  inPlace: true,
  // Results of the last run, reused for mutants whose code and covering tests did not change, so a rerun
  // after a small change costs minutes, not hours. Not committed (about 1.5 MB per folder, rewritten by
  // every run): copy reports/mutation/incremental/ from an earlier tree to reuse it.
  incremental: true,
  incrementalFile: `reports/mutation/incremental/${name}.json`,
  concurrency: Number(process.env.RTC_MUTATE_CONCURRENCY ?? 1),
  // Mutants in code that runs once at import time (tables, constants) would need every test of the suite
  // each: they are left out, and their count is reported.
  ignoreStatic: true,
  // A mutant whose run takes longer than factor × the covering tests' time + timeoutMS counts as a timeout
  // (detected). Stryker's 1.5 × is too tight on a shared 2-core machine: runtime-engine-scan-2a, run at a
  // load of 7–13, reported 26 of 48 mutants as timeouts, among them `if (stateSlot >= 0)` → `if (false)`
  // (no quiet scan), which passes all its tests in 62 s; 3 × keeps a mutant that only costs time a survivor.
  timeoutFactor: 3,
  timeoutMS: 10_000,
  // The first run (all related tests, with per-test coverage) of a core folder is most of the suite: on
  // a shared 2-core machine it can take longer than Stryker's 5-minute default.
  dryRunTimeoutMinutes: 30,
  reporters: ["json", "html", "progress"],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  thresholds: { high: 90, low: 75, break: null },
};
