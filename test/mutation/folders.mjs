// The folders mutation testing covers, one Stryker run each (`npm run mutate -- <name>`): folders.json,
// name → the globs Stryker mutates, or { mutate: globs, tests: a test set of vitest.config.ts here }.
import { readFileSync } from "node:fs";

const entries = JSON.parse(readFileSync(new URL("./folders.json", import.meta.url), "utf8"));
export const FOLDERS = Object.fromEntries(Object.entries(entries).map(([name, f]) => [name, Array.isArray(f) ? { mutate: f } : f]));
