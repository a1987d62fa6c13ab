// The test suite as mutation testing runs it (test/mutation/stryker.config.mjs): the project's vitest
// config without the tests that run their code in child processes or compile whole projects — mutation
// coverage is measured in-process, so those tests could not be credited with a kill, and they are the
// slowest of the suite — and without the suites of code no folder mutates (grammars through xgrammar, the
// inference corpus, bundle sizes through esbuild): they parse with the engine, so every surviving engine
// mutant would run them (~35 s each) although they were never meant to catch it. Leaving tests out can
// only lower a score.
import { defineConfig, mergeConfig } from "vitest/config";
import base from "../../vitest.config.ts";

export default mergeConfig(
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
