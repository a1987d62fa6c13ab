// The folders mutation testing covers, one Stryker run each (`npm run mutate -- <name>`): folders.json,
// name → the globs Stryker mutates.
import { readFileSync } from "node:fs";

const globs = JSON.parse(readFileSync(new URL("./folders.json", import.meta.url), "utf8"));
export const FOLDERS = Object.fromEntries(Object.entries(globs).map(([name, mutate]) => [name, { mutate }]));
