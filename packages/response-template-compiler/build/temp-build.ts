// Builds templates that are not in templates/ (conformance fixtures, random templates in property tests)
// into a cache folder inside the repository, so that the generated modules' runtime imports resolve, and
// imports them. Files are rewritten only when their text changes, so repeated runs reuse the transform cache.

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { JsonValue, Message, ParseOptions, ResponseParser } from "response-template/runtime";
import { emitModule } from "../emit/emit-module.ts";
import { formatModule } from "../emit/format.ts";
import { DEFAULT_RUNTIME, planSource } from "./compile.ts";

export interface GeneratedModule {
  template: JsonValue;
  createResponseParser(options: ParseOptions): ResponseParser;
  parseResponse(text: string, options: ParseOptions): Message;
}

/** Git-ignored (.gitignore lists .bench-tmp/), inside the repository so that the modules' import of
 * `response-template/runtime` resolves through the workspace's node_modules. */
export const CACHE_DIR = join(import.meta.dirname, "..", "..", "..", ".bench-tmp", "generated");

/** Empties a cache group (for groups of throw-away templates, such as the property test's). */
export function clearCache(group: string): void {
  rmSync(join(CACHE_DIR, group), { recursive: true, force: true });
}

/** Emits one module per template into `CACHE_DIR/<group>/` and returns the file paths (by input index). */
export async function emitToCache(
  group: string,
  templates: readonly { id: string; template: JsonValue }[],
  options: { format: boolean } = { format: false },
): Promise<(string | Error)[]> {
  const dir = join(CACHE_DIR, group);
  mkdirSync(dir, { recursive: true });
  const out: (string | Error)[] = [];
  for (const { id, template } of templates) {
    let code: string;
    try {
      code = emitModule(planSource({ name: id, file: id, at: "", template }), { runtime: DEFAULT_RUNTIME });
      if (options.format) code = await formatModule(code);
    } catch (e) {
      out.push(e instanceof Error ? e : new Error(String(e)));
      continue;
    }
    const name = `t${createHash("sha256").update(code).digest("hex").slice(0, 16)}.ts`;
    const path = join(dir, name);
    if (!existsSync(path) || readFileSync(path, "utf8") !== code) writeFileSync(path, code);
    out.push(path);
  }
  return out;
}

export async function importGenerated(path: string): Promise<GeneratedModule> {
  return (await import(pathToFileURL(path).href)) as GeneratedModule;
}

/** Compiles and imports: template id → module (or the error that stopped it). */
export async function compileAndImport(
  group: string,
  templates: readonly { id: string; template: JsonValue }[],
): Promise<Map<string, GeneratedModule | Error>> {
  const paths = await emitToCache(group, templates);
  const result = new Map<string, GeneratedModule | Error>();
  for (let i = 0; i < templates.length; i++) {
    const p = paths[i]!;
    result.set(templates[i]!.id, p instanceof Error ? p : await importGenerated(p));
  }
  return result;
}
