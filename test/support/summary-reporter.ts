// Ends every `npm test` run with the plain closing line "N passed, M failed" (", K skipped" when any),
// which CI reads whatever the runner.
import type { Reporter, TestModule } from "vitest/node";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const count = { passed: 0, failed: 0, skipped: 0 };
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === "passed") count.passed++;
        else if (state === "failed") count.failed++;
        else count.skipped++;
      }
      if (m.state() === "failed" && ![...m.children.allTests()].some((t) => t.result().state === "failed")) count.failed++;
    }
    const skipped = count.skipped ? `, ${count.skipped} skipped` : "";
    process.stdout.write(`\n${count.passed} passed, ${count.failed} failed${skipped}\n`);
  }
}
