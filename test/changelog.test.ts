// CHANGELOG.md follows Keep a Changelog, and its newest release is the version the three packages carry
// (they are versioned together, and depend on each other at that version).

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const changelog = readFileSync(join(ROOT, "CHANGELOG.md"), "utf8");
const pkg = (dir: string) => JSON.parse(readFileSync(join(ROOT, dir, "package.json"), "utf8")) as { name: string; version: string; dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
const packages = ["runtime", "compiler", "ai-sdk"].map(pkg);
const releases = [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$/gm)].map((m) => ({ version: m[1]!, date: m[2]! }));

describe("CHANGELOG.md", () => {
  it("has an Unreleased section first, then releases newest first with ISO dates", () => {
    const headings = [...changelog.matchAll(/^## (.*)$/gm)].map((m) => m[1]!);
    expect(headings[0]).toBe("[Unreleased]");
    expect(headings.length).toBe(releases.length + 1);
    const semver = (v: string) => v.split(".").map(Number);
    const newer = (a: string, b: string) => { const [x, y] = [semver(a), semver(b)]; const i = x.findIndex((n, k) => n !== y[k]); return i >= 0 && x[i]! > y[i]!; };
    for (let i = 1; i < releases.length; i++) expect(newer(releases[i - 1]!.version, releases[i]!.version), releases[i]!.version).toBe(true);
    expect([...releases].sort((a, b) => b.date.localeCompare(a.date))).toEqual(releases);
  });
  it("uses only Keep a Changelog's change types", () => {
    const types = new Set([...changelog.matchAll(/^### (.*)$/gm)].map((m) => m[1]!));
    expect([...types].filter((t) => !["Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"].includes(t))).toEqual([]);
  });
  it("its newest release is every package's version, and the packages depend on each other at it", () => {
    const newest = releases[0]!.version;
    expect(packages.map((p) => `${p.name}@${p.version}`)).toEqual(packages.map((p) => `${p.name}@${newest}`));
    for (const p of packages) {
      for (const [name, range] of Object.entries({ ...p.dependencies, ...p.peerDependencies })) {
        if (name.startsWith("response-template")) expect(range, `${p.name} → ${name}`).toContain(newest);
      }
    }
  });
});
