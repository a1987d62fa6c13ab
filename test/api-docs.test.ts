// Every public export of the three packages has a TSDoc comment: TypeDoc (typedoc.json: the packages'
// entry points, validation.notDocumented, warnings as errors) must build the API reference cleanly.

import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

describe("API reference", () => {
  it("TypeDoc finds a doc comment on every public export", () => {
    let out = "";
    try {
      out = execFileSync(process.execPath, [join(ROOT, "node_modules", "typedoc", "bin", "typedoc"), "--emit", "none"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (e) {
      const { stdout, stderr } = e as { stdout: string; stderr: string };
      out = stdout + stderr;
    }
    const undocumented = out.split("\n").filter((l) => l.includes("does not have any documentation")).map((l) => l.replace(/\x1b\[[0-9;]*m/g, ""));
    expect(undocumented).toEqual([]);
    expect(out).not.toMatch(/\[error\]|\[warning\]/);
  }, 120_000);
});
