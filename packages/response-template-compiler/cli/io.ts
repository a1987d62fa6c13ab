// Small helpers shared by CLI commands.

import { existsSync, readFileSync } from "node:fs";
import { pyJsonLoads } from "response-template/runtime";
import type { JsonValue } from "response-template/runtime";
import { pyDumps } from "response-template/runtime";

export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Reads a template file: a template (or legacy response_schema) object, or a tokenizer_config.json that
 * carries one under `response_template` / `response_schema`. */
export function readTemplateFile(path: string): JsonValue {
  if (!existsSync(path)) throw new Error(`${path}: no such template file`);
  const json = pyJsonLoads(readFileSync(path, "utf8"));
  if (json && typeof json === "object" && !Array.isArray(json)) {
    const config = json as Record<string, JsonValue>;
    if ("response_template" in config) return config.response_template!;
    if ("response_schema" in config) return config.response_schema!;
  }
  return json;
}

/** JSON text for output, Python-compatible (key order, big ints, 1.0 stays 1.0). */
export function toJson(v: JsonValue): string {
  return pyDumps(v, { separators: [",", ":"], ensureAscii: false });
}
