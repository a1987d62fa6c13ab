// The test suite as mutation testing runs it (test/mutation/stryker.config.mjs): the project's vitest
// config without the tests that run their code in child processes or compile whole projects — mutation
// coverage is measured in-process, so those tests could not be credited with a kill, and they are the
// slowest of the suite — and without the suites of code no folder mutates (grammars through xgrammar, the
// inference corpus, bundle sizes through esbuild): they parse with the engine, so every surviving engine
// mutant would run them (~35 s each) although they were never meant to catch it. Leaving tests out can
// only lower a score.
import { defineConfig, mergeConfig } from "vitest/config";
import base from "../../vitest.config.ts";
import { FOLDERS } from "./folders.mjs";

/**
 * Narrower test sets a folder of folders.json can name ("tests"). The regex runtime runs under every
 * pattern of every engine test, so with the whole suite each of its ~3,000 mutants would run most of it
 * (about 2 minutes per survivor): its folders run the suites written for the regex runtime — the rows
 * recorded from Python's `regex` module, the partial-match properties, the tests that import it — and
 * their survivors are then triaged against the engine's suites with `--killers`. The scanner's hot loop
 * (scan.ts scanWatched) and the delimiter searches are reached by every parse of every suite (about 2
 * minutes per survivor): their folders run the engine's own suites, the recorded sessions and the library's templates. Like leaving
 * tests out below, this can only lower a first-run score.
 */
const TEST_SETS: Record<string, string[]> = {
  regex: [
    "test/regex/**/*.test.ts",
    "test/engine/resumable-engine.property.test.ts",
    "test/engine/catastrophic.test.ts",
    "test/engine/fuzz.property.test.ts",
    "test/conformance/units.test.ts",
  ],
  engine: ["test/engine/**/*.test.ts", "test/conformance/**/*.test.ts", "test/templates/**/*.test.ts"],
};
const set = FOLDERS[process.env.RTC_MUTATE_FOLDER ?? ""]?.tests;
if (set && !TEST_SETS[set]) throw new Error(`folders.json: unknown test set ${set}; one of ${Object.keys(TEST_SETS).join(", ")}`);

const config = mergeConfig(
  base,
  defineConfig({
    root: new URL("../..", import.meta.url).pathname,
    test: {
      reporters: ["default"],
      exclude: [
        "**/node_modules/**",
        "test/compiler/build-check.test.ts", // rtc build --check in a child process, twice
        "test/compiler/generated-typecheck.test.ts", // tsc over every generated fixture parser
        "test/readme-examples.test.ts", // README blocks in child processes
        "test/batch/**", // rtc parse --batch: worker threads and the CLI
        // The CLI in child processes, compared with the library in-process: a child never sees the mutant, so
        // such a test would "kill" any mutant that changes behaviour by comparing it with the original code.
        "test/cli/**",
        "test/grammar/**", // grammar generation (not mutated) checked by xgrammar and llama.cpp's GBNF
        "test/infer/corpus.test.ts", // rtc infer (not mutated) over 67 chat templates
        "test/package/bundle-size.test.ts", // esbuild bundles of every model
      ],
    },
  }),
);
// mergeConfig would add to the base config's include list, not replace it.
if (set) config.test!.include = TEST_SETS[set];
export default config;
