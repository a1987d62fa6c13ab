// write: generated files on disk. Only files whose text changed are written; --check compares instead.

import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Generated files that differ from a fresh build, are missing, or no longer have a template. */
export function staleFiles(outDir: string, outputs: Map<string, string>): string[] {
  const stale: string[] = [];
  for (const [name, text] of outputs) {
    const path = join(outDir, name);
    if (!existsSync(path) || readFileSync(path, "utf8") !== text) stale.push(path);
  }
  if (existsSync(outDir)) {
    for (const f of readdirSync(outDir).sort()) {
      if (/\.(ts|js)$/.test(f) && !outputs.has(f)) stale.push(join(outDir, f));
    }
  }
  return stale;
}

/** Writes the outputs (only files whose text changed) and returns the paths written. */
export function writeOutputs(outDir: string, outputs: Map<string, string>): string[] {
  mkdirSync(outDir, { recursive: true });
  const written: string[] = [];
  for (const [name, text] of outputs) {
    const path = join(outDir, name);
    if (existsSync(path) && readFileSync(path, "utf8") === text) continue;
    writeFileSync(path, text);
    written.push(path);
  }
  return written;
}
