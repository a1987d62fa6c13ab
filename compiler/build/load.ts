// load: the template files a build starts from. A directory is walked (sorted, so builds are
// deterministic); `*.json` files whose root is a template and `tokenizer_config.json` files with a
// `response_template` key are taken. `catalog.json` and `samples/` folders are not templates.

import { decodeUtf8 } from "../cli/utf8.ts";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { pyJsonLoads } from "response-template/runtime";
import { isDict } from "response-template/runtime";
import type { JsonValue } from "response-template/runtime";

/** A template as a build reads it from a file. */
export interface TemplateSource {
  /** Module name: the file's stem, or its folder's name for tokenizer_config.json. */
  name: string;
  /** The file, relative to the working directory (for messages and generated headers). */
  file: string;
  /** JSON path of the template inside the file: "" or "response_template". */
  at: string;
  /** The template JSON (parsed with Python json.loads semantics), not yet validated. */
  template: JsonValue;
}

/** A build failure with a one-line message that names the file (and JSON path); `rtc build` prints it as is. */
export class BuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BuildError";
  }
}

const IGNORED_FILES = new Set(["catalog.json"]);
/** Output modules of the build itself (the registry, the resolution table and resolver). */
const RESERVED = new Set(["index", "resolve", "resolve-table"]);
const IGNORED_DIRS = new Set(["samples", "node_modules"]);
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Template files under the given paths (files are taken as named, directories walked). */
export function templateFiles(inputs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir).sort()) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) {
        if (!IGNORED_DIRS.has(entry) && !entry.startsWith(".")) walk(path);
      } else if (entry.endsWith(".json") && !IGNORED_FILES.has(entry)) out.push(path);
    }
  };
  for (const input of inputs) {
    let st;
    try {
      st = statSync(input);
    } catch {
      throw new BuildError(`${input}: no such file or directory`);
    }
    if (st.isDirectory()) walk(input);
    else out.push(input);
  }
  return out;
}

/** The repository root: generated headers name templates relative to it, wherever the build runs from. */
const ROOT = resolve(import.meta.dirname, "..", "..");

export function displayPath(path: string): string {
  const abs = resolve(path);
  const rel = relative(ROOT, abs);
  return (rel && !rel.startsWith("..") && !isAbsolute(rel) ? rel : relative(process.cwd(), abs) || abs).split(sep).join("/");
}

/** Reads one file; null for a tokenizer_config.json without a response template. Throws BuildError for JSON that
 * does not parse (or is not UTF-8) and for a name that cannot name a module. */
export function loadTemplateFile(path: string): TemplateSource | null {
  const file = displayPath(path);
  let json: JsonValue;
  try {
    json = pyJsonLoads(decodeUtf8(readFileSync(path), file));
  } catch (e) {
    throw new BuildError(`${file}: not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  const stem = basename(path, ".json");
  const isTokenizerConfig = stem === "tokenizer_config";
  const hasKey = isDict(json) && Object.prototype.hasOwnProperty.call(json, "response_template");
  if (isTokenizerConfig && !hasKey) return null;
  const name = isTokenizerConfig ? basename(dirname(path)) : stem;
  if (RESERVED.has(name)) throw new BuildError(`${file}: "${name}" is the name of a module rtc build writes itself (${[...RESERVED].join(", ")}); rename the template`);
  if (!NAME.test(name)) {
    throw new BuildError(`${file}: "${name}" cannot name a module (letters, digits, ".", "_" and "-", starting with a letter or digit)`);
  }
  return hasKey
    ? { name, file, at: "response_template", template: (json as Record<string, JsonValue>).response_template! }
    : { name, file, at: "", template: json };
}

/** Every template under the inputs; two files may not give the same module name. */
export function loadTemplates(inputs: readonly string[]): TemplateSource[] {
  const sources: TemplateSource[] = [];
  const byName = new Map<string, string>();
  for (const path of templateFiles(inputs)) {
    const src = loadTemplateFile(path);
    if (!src) continue;
    const other = byName.get(src.name);
    if (other) throw new BuildError(`${src.file}: module name "${src.name}" is already taken by ${other}`);
    byName.set(src.name, src.file);
    sources.push(src);
  }
  return sources.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
