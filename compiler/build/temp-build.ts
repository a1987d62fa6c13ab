// Builds templates that are not in templates/ (conformance fixtures, random templates in property tests,
// `rtc replay --engine generated`) and imports them. Two places, by how rtc runs:
// - from source (this file is .ts: the tests, the repository's scripts): TypeScript modules in a cache folder
//   inside the repository, so that `response-template/runtime` resolves through the workspace; files are
//   rewritten only when their text changes, so repeated runs reuse the transform cache;
// - installed (dist/*.js under plain Node): JavaScript modules in a new folder under the OS temp folder, their
//   runtime import pointing at the installed runtime's file URL; the folder is removed once they are imported.
//   Nothing is written inside node_modules.

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { JsonValue, Message, ParseOptions, ResponseParser } from "response-template/runtime";
import { emitModule } from "../emit/emit-module.ts";
import { formatModule } from "../emit/format.ts";
import { toJavaScript } from "../emit/javascript.ts";
import { DEFAULT_RUNTIME, planSource } from "./compile.ts";

/** Whether this process runs rtc's TypeScript sources (and so can import TypeScript modules). */
const FROM_SOURCE = import.meta.url.endsWith(".ts");

export interface GeneratedModule {
  template: JsonValue;
  createResponseParser(options: ParseOptions): ResponseParser;
  parseResponse(text: string, options: ParseOptions): Message;
}

/** Git-ignored (.gitignore lists .bench-tmp/), inside the repository so that the modules' import of
 * `response-template/runtime` resolves through the workspace's node_modules. */
export const CACHE_DIR = join(import.meta.dirname, "..", "..", ".bench-tmp", "generated");

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
  return emitTo(join(CACHE_DIR, group), templates, options);
}

async function emitTo(
  dir: string,
  templates: readonly { id: string; template: JsonValue }[],
  options: { format: boolean; js?: boolean },
): Promise<(string | Error)[]> {
  mkdirSync(dir, { recursive: true });
  // Installed, the modules sit outside any package: they import the runtime this process has loaded, by file URL.
  const runtime = options.js ? import.meta.resolve(DEFAULT_RUNTIME) : DEFAULT_RUNTIME;
  const out: (string | Error)[] = [];
  for (const { id, template } of templates) {
    let code: string;
    try {
      code = emitModule(planSource({ name: id, file: id, at: "", template }), { runtime });
      if (options.format) code = await formatModule(code);
      if (options.js) code = toJavaScript(`${id}.ts`, code).js;
    } catch (e) {
      out.push(e instanceof Error ? e : new Error(String(e)));
      continue;
    }
    const name = `t${createHash("sha256").update(code).digest("hex").slice(0, 16)}.${options.js ? "js" : "ts"}`;
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
  const dir = FROM_SOURCE ? join(CACHE_DIR, group) : mkdtempSync(join(tmpdir(), "rtc-generated-"));
  try {
    const paths = await emitTo(dir, templates, { format: false, js: !FROM_SOURCE });
    const result = new Map<string, GeneratedModule | Error>();
    for (let i = 0; i < templates.length; i++) {
      const p = paths[i]!;
      result.set(templates[i]!.id, p instanceof Error ? p : await importGenerated(p));
    }
    return result;
  } finally {
    if (!FROM_SOURCE) rmSync(dir, { recursive: true, force: true });
  }
}
