// Every ```ts block of the user docs (README.md and docs/*.md) runs as written, from the repository root,
// importing the packages by name as a user would (resolved to their sources through the "rtc-source"
// condition), and exits 0; the blocks assert their own results.

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT, codeBlocks, docPages, readDoc } from "./support/docs.ts";

// Inside the repository, so that `response-template` resolves through its node_modules.
mkdirSync(join(ROOT, ".bench-tmp"), { recursive: true });
const dir = mkdtempSync(join(ROOT, ".bench-tmp", "readme-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const pages = docPages().map((page) => ({ page, text: readDoc(page) }));

describe("documentation examples", () => {
  it("finds every ```ts block (none missed by the block pattern), the front page's quick start among them", () => {
    for (const { page, text } of pages) {
      expect(codeBlocks(text, "ts").length, page).toBe(text.split("\n").filter((l) => l.trim() === "```ts").length);
    }
    expect(codeBlocks(pages[0]!.text, "ts").length).toBe(2);
  });
  for (const { page, text } of pages) {
    codeBlocks(text, "ts").forEach((code, i) => {
      it(`${page} example ${i + 1} runs`, () => {
        const file = join(dir, `${page.replace(/\W/g, "_")}-${i + 1}.mts`);
        writeFileSync(file, code);
        const out = execFileSync(process.execPath, ["--conditions=rtc-source", "--import", "tsx", file], {
          cwd: ROOT,
          encoding: "utf8",
          stdio: ["ignore", "pipe", "pipe"],
        });
        expect(out.length).toBeGreaterThan(0);
      }, 60_000);
    });
  }
});
