// Size budgets (gzipped, as a browser bundle; scripts/bench/bundle-size.ts): one model parser ≤ 23 KB
// (every library model, but the exceptions listed with their reason in model-size-exceptions.json), the
// interpreter ≤ 50 KB. Measured from the sources here; `npm run test:package` measures the installed
// tarballs. A bundle that carried code it does not use (a Unicode table, every content parser, the
// backtracking matcher) would fail.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUNDLES, kb, measureBundles, measureModels, MODEL_BUDGET, overBudget } from "../../scripts/bench/bundle-size.ts";

const ROOT = join(import.meta.dirname, "..", "..");

describe("bundle sizes", () => {
  it("stay within their budgets", async () => {
    const sizes = await measureBundles(ROOT, ["rtc-source"]);
    expect(sizes.length).toBe(BUNDLES.length);
    expect(sizes.filter((s) => s.budget !== undefined).length).toBe(2);
    expect(overBudget(sizes)).toEqual([]);
    // The lazy registry stays a registry: its parsers are chunks loaded on use.
    expect(sizes.find((s) => s.name.startsWith("model registry"))!.gzipped).toBeLessThan(4 * 1024);
  }, 60_000);

  it("every library model alone stays within the one-model budget, but the listed exceptions", async () => {
    const exceptions: { model: string; ceiling_kb: number; reason: string }[] = JSON.parse(readFileSync(new URL("./model-size-exceptions.json", import.meta.url), "utf8"));
    const models = await measureModels(ROOT);
    expect(models.length).toBeGreaterThan(60);
    const over = models.filter((m) => m.gzipped > MODEL_BUDGET).map((m) => m.name);
    // Exactly the listed ones: a new one fails, and so does an exception that no longer is one.
    expect(over.sort()).toEqual(exceptions.map((e) => e.model).sort());
    for (const e of exceptions) expect(models.find((m) => m.name === e.model)!.gzipped, e.model).toBeLessThanOrEqual(e.ceiling_kb * 1024);
    const within = models.filter((m) => m.gzipped <= MODEL_BUDGET);
    const largest = within[within.length - 1]!;
    console.log(`library models: ${models.length}, largest within budget ${largest.name} ${kb(largest.gzipped)}, median ${kb(models[models.length >> 1]!.gzipped)}; ${exceptions.length} known over ${kb(MODEL_BUDGET)}`);
  }, 120_000);
});
