// rtc check: validation errors (all of them, with JSON paths and pattern columns), warnings for traps and
// for patterns with super-linear backtracking,
// and with `portable` the places that rely on rtc extensions. Also understands legacy response_schema
// files (it says so, and whether `rtc convert` can turn them into a template).

import { readFileSync } from "node:fs";
import { pyJsonLoads } from "response-template/runtime";
import { isDict } from "response-template/runtime";
import type { JsonValue } from "response-template/runtime";
import { isLegacySchema } from "../legacy/index.ts";
import type { Diagnostic } from "./diagnostics.ts";
import { JsonLocator } from "./locate.ts";
import { checkTemplate, type CheckOptions } from "./template.ts";

export type { Diagnostic, Severity } from "./diagnostics.ts";
export { formatDiagnostic } from "./diagnostics.ts";
export { checkTemplate, type CheckOptions } from "./template.ts";

/** Reads a template file (a template, a tokenizer_config.json with response_template or response_schema,
 * or a legacy schema) and checks it; positions point into the file. */
export function checkFile(file: string, options: CheckOptions = {}): Diagnostic[] {
  const text = readFileSync(file, "utf8");
  let json: JsonValue;
  try {
    json = pyJsonLoads(text);
  } catch (e) {
    return [{ severity: "error", code: "json", path: "", message: `not valid JSON: ${e instanceof Error ? e.message : String(e)}`, file, position: null }];
  }
  let base = "";
  if (isDict(json) && ("response_template" in json || "response_schema" in json)) {
    base = "response_template" in json ? "response_template" : "response_schema";
    json = json[base]!;
  }
  const locator = new JsonLocator(text);
  return checkTemplate(json, options).map((d) => {
    const path = base ? (d.path ? `${base}.${d.path}` : base) : d.path;
    const position = d.patternColumn !== undefined ? locator.inString(path, d.patternColumn) : locator.at(path);
    return { ...d, path, file, position };
  });
}

/** Whether a JSON file is meant as a template: it has `fields`, wraps one (tokenizer_config.json), or is a
 * legacy schema. Used to skip other JSON (a catalog, data) when checking a whole directory. */
export function looksLikeTemplate(file: string): boolean {
  try {
    const json = pyJsonLoads(readFileSync(file, "utf8"));
    if (!isDict(json)) return true;
    return "fields" in json || "response_template" in json || "response_schema" in json || isLegacySchema(json);
  } catch {
    return true; // broken JSON: let check report it
  }
}
