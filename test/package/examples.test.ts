// The version check test/package/examples.ts applies to each example's package.json.
import { describe, expect, it } from "vitest";
import { caretAccepts } from "./examples.ts";

describe("caretAccepts (examples' version ranges)", () => {
  it("reads ^x.y.z as npm does, with 0.x fixing the minor", () => {
    expect(caretAccepts("^6.49.0", "6.49.0")).toBe(true);
    expect(caretAccepts("^6.49.0", "6.50.1")).toBe(true);
    expect(caretAccepts("^6.49.0", "6.48.9")).toBe(false);
    expect(caretAccepts("^6.49.0", "7.0.0")).toBe(false);
    expect(caretAccepts("^0.2.0", "0.2.3")).toBe(true);
    expect(caretAccepts("^0.2.0", "0.3.0")).toBe(false);
    expect(caretAccepts("^0.2.1", "0.2.0")).toBe(false);
  });
  it("accepts only the caret form", () => {
    expect(caretAccepts("~6.49.0", "6.49.0")).toBe(false);
    expect(caretAccepts("*", "6.49.0")).toBe(false);
    expect(caretAccepts("file:../x.tgz", "0.2.0")).toBe(false);
  });
});
