// Shared helpers for the template tests: load templates by name, turn parsed values into plain JSON for
// comparison, and tell whether a template depends on an rtc extension content parser that the parser
// table does not (yet) contain.

import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { CONTENT_PARSERS } from "../../runtime/core/content/index.ts";
import { PyFloat } from "../../runtime/core/python/values.ts";
import type { JsonValue, ParserModule } from "../../runtime/core/types.ts";

export const TEMPLATE_DIR = join(import.meta.dirname, "../../templates");
export const SAMPLE_DIR = join(TEMPLATE_DIR, "samples");

export function templateNames(): string[] {
  return readdirSync(TEMPLATE_DIR)
    .filter((f) => f.endsWith(".json") && f !== "catalog.json")
    .map((f) => f.slice(0, -5))
    .sort();
}

const cache = new Map<string, Record<string, unknown>>();
/** Every distinct pattern string of the library's templates (any key ending in "pattern", at any depth). */
export function libraryPatterns(): string[] {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (!v || typeof v !== "object") return;
    for (const [k, x] of Object.entries(v)) {
      if (k.endsWith("pattern") && typeof x === "string") out.add(x);
      walk(x);
    }
  };
  for (const name of templateNames()) walk(templateJson(name));
  return [...out];
}

export function templateJson(name: string): Record<string, unknown> {
  let t = cache.get(name);
  if (!t) {
    t = JSON.parse(readFileSync(join(TEMPLATE_DIR, `${name}.json`), "utf8")) as Record<string, unknown>;
    cache.set(name, t);
  }
  return t;
}

/** Content parser names a template uses (fields and nested value parsers). */
export function contentParsersOf(name: string): string[] {
  const out = new Set<string>();
  const fields = templateJson(name).fields as Record<string, Record<string, unknown>>;
  for (const f of Object.values(fields)) {
    out.add(typeof f.content === "string" ? f.content : "text");
    const vp = (f.content_args as Record<string, unknown> | undefined)?.value_parser as { name?: string } | undefined;
    if (vp?.name) out.add(vp.name);
  }
  return [...out];
}

/** rtc field-key extensions (runtime/core/template/extensions.ts) a template uses. */
export function fieldExtensionsOf(name: string): string[] {
  const fields = templateJson(name).fields as Record<string, Record<string, unknown>>;
  return ["argument_literals", "argument_types", "into", "join_skips_empty", "unwrap_arguments"].filter((k) => Object.values(fields).some((f) => k in f));
}

/** Extension parsers a template needs that are missing from the runtime's parser table. */
export function missingParsers(name: string): string[] {
  return contentParsersOf(name).filter((p) => !Object.prototype.hasOwnProperty.call(CONTENT_PARSERS, p));
}

/** Parsed values as plain JSON: PyFloat → number, bigint → number (test data stays below 2^53). */
export function plain(v: JsonValue | undefined): unknown {
  if (v === undefined || v === null) return v ?? null;
  if (v instanceof PyFloat) return v.valueOf();
  if (typeof v === "bigint") return Number(v);
  if (Array.isArray(v)) return v.map(plain);
  if (typeof v === "object") {
    const o: Record<string, unknown> = {};
    for (const k of Object.keys(v)) o[k] = plain((v as Record<string, JsonValue>)[k]);
    return o;
  }
  return v;
}

/** The library's compiled parsers (generated, written by `npm run build`), all loaded. */
export interface GeneratedRegistry {
  names: readonly string[];
  getParser(name: string): ParserModule;
}

export async function loadGenerated(): Promise<GeneratedRegistry> {
  const { names, loadParser } = await import("../../generated/index.ts");
  const parsers = new Map<string, ParserModule>();
  for (const n of names) parsers.set(n, await loadParser(n));
  return {
    names,
    getParser(name) {
      const p = parsers.get(name);
      if (!p) throw new Error(`no compiled parser for template ${name}: run npm run build`);
      return p;
    },
  };
}

/** Whether the registry has a parser for the template built from its current JSON (a stale module,
 * compiled before the template changed, is left to `rtc build --check` to report). */
export function hasFreshGenerated(reg: GeneratedRegistry, name: string): boolean {
  if (!reg.names.includes(name)) return false;
  return JSON.stringify(plain(reg.getParser(name).template as JsonValue)) === JSON.stringify(templateJson(name));
}
