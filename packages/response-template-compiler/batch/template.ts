// Which template a batch parses with: a template file, or a name resolved through the library's compiled
// parsers (response-template/models) and then templates/<name>.json when run inside this repository.
// Workers resolve the same descriptor again on their side, so only the descriptor crosses threads.

import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadTemplate, parseResponse } from "response-template";
import { isLegacySchema } from "response-template/runtime";
import { parseLegacy } from "../legacy/parse.ts";
import type { Message, ToolDefinition } from "response-template/runtime";
import { readTemplateFile } from "../cli/io.ts";
import { isDict } from "response-template/runtime";

/** The repository root when running from source (templates/ is not part of the published packages). */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../../..");

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
    const doc = isDict(json) && "response_schema" in json ? json.response_schema! : json;
    if (isLegacySchema(doc)) return { via: "file", descriptor: ref, parse: (text) => parseLegacy(doc, text) };
    const loaded = loadTemplate(doc);
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
  throw new Error(`${ref}: neither a template file nor a known template name (looked in response-template/models and templates/)`);
}

async function generatedParser(name: string): Promise<GeneratedModule | null> {
  const { names, loadParser } = await import("response-template/models");
  return names.includes(name) ? loadParser(name) : null;
}
