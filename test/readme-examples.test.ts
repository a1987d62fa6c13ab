// Every ```ts block of README.md runs as written (imports rewritten to absolute paths, run from
// the repository root) and exits 0; the blocks assert their own results.

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const doc = readFileSync(join(ROOT, "README.md"), "utf8");
const blocks = [...doc.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
const dir = mkdtempSync(join(tmpdir(), "rtc-doc-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("README.md examples", () => {
  it("has examples", () => expect(blocks.length).toBeGreaterThanOrEqual(7));
  blocks.forEach((code, i) => {
    it(`example ${i + 1} runs`, () => {
      const file = join(dir, `example-${i + 1}.mts`);
      writeFileSync(file, code.replace(/from "\.\//g, `from "${ROOT}/`));
      const out = execFileSync("npx", ["tsx", file], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
      expect(out.length).toBeGreaterThan(0);
    }, 60_000);
  });
});
