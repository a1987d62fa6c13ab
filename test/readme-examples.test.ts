// Every ```ts block of README.md runs as written, from the repository root, importing the packages by
// name as a user would (resolved to their sources through the "rtc-source" condition), and exits 0; the
// blocks assert their own results.

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const doc = readFileSync(join(ROOT, "README.md"), "utf8");
const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
// Inside the repository, so that `response-template` resolves through its node_modules.
mkdirSync(join(ROOT, ".bench-tmp"), { recursive: true });
const dir = mkdtempSync(join(ROOT, ".bench-tmp", "readme-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("README.md examples", () => {
  it("runs every ```ts block (none missed by the block pattern)", () => {
    expect(blocks.length).toBe(doc.split("\n").filter((l) => l.trim() === "```ts").length);
    expect(blocks.length).toBeGreaterThan(0);
  });
  blocks.forEach((code, i) => {
    it(`example ${i + 1} runs`, () => {
      const file = join(dir, `example-${i + 1}.mts`);
      writeFileSync(file, code);
      const out = execFileSync(process.execPath, ["--conditions=rtc-source", "--import", "tsx", file], {
        cwd: ROOT,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
      expect(out.length).toBeGreaterThan(0);
    }, 60_000);
  });
});
