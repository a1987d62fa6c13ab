// Size budgets (gzipped, as a browser bundle; scripts/bench/bundle-size.ts): one model parser ≤ 15 KB,
// the interpreter ≤ 50 KB. Measured from the sources here; `npm run test:package` measures the installed
// tarballs. A bundle that carried code it does not use (a Unicode table, every content parser) would fail.

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BUNDLES, measureBundles, overBudget } from "../../scripts/bench/bundle-size.ts";

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
});
