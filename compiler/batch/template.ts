// Which template a batch parses with: a template file, or a name resolved through the generated parser
// registry (generated/index.ts `getParser`) and then templates/<name>.json. Workers resolve the same
// descriptor again on their side, so only the descriptor crosses the thread boundary.

import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadTemplate, parseResponse } from "../../runtime/interpret/index.ts";
import type { Message, ToolDefinition } from "../../runtime/types.ts";
import { readTemplateFile } from "../cli/io.ts";
import { isDict } from "../../runtime/python/values.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");

/** Parses one whole response. */
export type ParseOne = (text: string, prefix: string, tools: ToolDefinition[] | undefined) => Message;

export interface ResolvedTemplate {
  parse: ParseOne;
  /** How it was found, for the summary line. */
  via: "file" | "generated" | "library";
  /** What a worker needs to resolve it the same way. */
  descriptor: string;
}

interface GeneratedModule {
  parseResponse(text: string, options: { prefix: string; tools?: ToolDefinition[] }): Message;
}

/** `ref` is a path to a template JSON (or tokenizer_config.json) or a template name. */
export async function resolveTemplate(ref: string): Promise<ResolvedTemplate> {
  if (existsSync(ref)) {
    const json = readTemplateFile(ref);
    const loaded = loadTemplate(isDict(json) && "response_schema" in json ? json.response_schema : json);
    return { via: "file", descriptor: ref, parse: (text, prefix, tools) => parseResponse(loaded, text, { prefix, tools }) };
  }
  const generated = await generatedParser(ref);
  if (generated) {
    return { via: "generated", descriptor: ref, parse: (text, prefix, tools) => generated.parseResponse(text, { prefix, tools }) };
  }
  const lib = join(ROOT, "templates", `${ref}.json`);
  if (existsSync(lib)) {
    const loaded = loadTemplate(readTemplateFile(lib));
    return { via: "library", descriptor: lib, parse: (text, prefix, tools) => parseResponse(loaded, text, { prefix, tools }) };
  }
  throw new Error(`${ref}: neither a template file nor a known template name (looked in generated/ and templates/)`);
}

async function generatedParser(name: string): Promise<GeneratedModule | null> {
  const registry = join(ROOT, "generated", "index.ts");
  if (!existsSync(registry)) return null;
  // A variable specifier: generated/ may not exist when this file is type-checked.
  const spec = "../../generated/index.ts";
  const mod = (await import(spec)) as { getParser?: (n: string) => unknown };
  if (typeof mod.getParser !== "function") return null;
  let parser: unknown;
  try {
    parser = await mod.getParser(name);
  } catch {
    return null;
  }
  if (parser && typeof (parser as GeneratedModule).parseResponse === "function") return parser as GeneratedModule;
  return null;
}
