// The API reference (docs/api/, TypeDoc over the packages' entry points as typedoc.json names them) is
// complete and current: every public export has a TSDoc comment (validation.notDocumented, warnings as
// errors), and the committed pages are what TypeDoc writes today (`npm run docs:api` after changing one).

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");
const out = mkdtempSync(join(tmpdir(), "rtc-api-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const filesOf = (dir: string): Map<string, string> =>
  new Map(readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => {
    const path = join(e.parentPath, e.name);
    return [relative(dir, path), readFileSync(path, "utf8")];
  }));

describe("API reference", () => {
  let log = "";
  it("TypeDoc finds a doc comment on every public export", () => {
    try {
      log = execFileSync(process.execPath, [join(ROOT, "node_modules", "typedoc", "bin", "typedoc"), "--out", out], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (e) {
      const { stdout, stderr } = e as { stdout: string; stderr: string };
      log = stdout + stderr;
    }
    const plain = log.replace(/\x1b\[[0-9;]*m/g, "");
    expect(plain.split("\n").filter((l) => l.includes("does not have any documentation"))).toEqual([]);
    expect(plain).not.toMatch(/\[error\]|\[warning\]/);
  }, 120_000);
  it("docs/api/ is what TypeDoc writes from the current sources", () => {
    const fresh = filesOf(out);
    const committed = filesOf(join(ROOT, "docs", "api"));
    expect(fresh.size).toBeGreaterThan(5);
    expect([...committed.keys()].sort()).toEqual([...fresh.keys()].sort());
    const stale = [...fresh].filter(([path, text]) => committed.get(path) !== text).map(([path]) => path);
    expect(stale, "run npm run docs:api").toEqual([]);
  });
});
