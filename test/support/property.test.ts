// The property-test convention holds: every property runs through checkProperty / checkAsyncProperty
// (shared seed and run count, replay command on failure), and PROPERTY_RUNS reads as documented.

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { propertyRuns } from "./property.ts";

const TEST = join(import.meta.dirname, "..");
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));

describe("property tests", () => {
  it("no test calls fc.assert or fc.check directly", () => {
    const direct = files(TEST)
      .filter((f) => !f.endsWith("support/property.ts"))
      .filter((f) => /\bfc\.(assert|check)\(/.test(readFileSync(f, "utf8")))
      .map((f) => relative(TEST, f));
    expect(direct).toEqual([]);
  });

  it("PROPERTY_RUNS: N runs each property N times, xK multiplies each default, anything else is refused", () => {
    expect(propertyRuns(100, undefined)).toBe(100);
    expect(propertyRuns(100, "")).toBe(100);
    expect(propertyRuns(100, "7")).toBe(7);
    expect(propertyRuns(100, "x3")).toBe(300);
    for (const bad of ["0", "x0", "-1", "1.5", "ten", "3x"]) expect(() => propertyRuns(100, bad), bad).toThrow(/PROPERTY_RUNS/);
  });
});
