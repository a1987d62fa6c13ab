// Which template `rtc parse` runs: a template file, or a name resolved through the library's compiled
// parsers (response-template/models) and then templates/<name>.json when run inside this repository.
// Batch workers resolve the same descriptor again on their side, so only the descriptor crosses threads.

import { existsSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadTemplate, parseResponse } from "response-template";
import { openAIStreamForGenerated, type OpenAIStream } from "response-template/openai";
import { isLegacySchema } from "response-template/runtime";
import type { JsonValue, Message, OnError, ParseIssue, ParseOptions, ParserModule, ResponseParser, ToolDefinition } from "response-template/runtime";
import type { Recovered } from "response-template/runtime";
import { createAnyOpenAIStream, createAnyParser } from "../legacy/any.ts";
import { parseLegacy } from "../legacy/parse.ts";
import { readTemplateFile } from "../cli/io.ts";
import { isDict } from "response-template/runtime";

/** The repository root when running from source (templates/ is not part of the published packages). */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");

/** Parses one whole response: the message, and in recover mode its errors. */
export type ParseOne = (text: string, prefix: string, tools: ToolDefinition[] | undefined) => { message: Message; errors?: ParseIssue[] };

/** parseResponse's result in either mode (recover mode's is already `{message, errors}`). */
const result = (r: Message | Recovered, onError: OnError): { message: Message; errors?: ParseIssue[] } =>
  onError === "recover" ? (r as Recovered) : { message: r as Message };

export interface ResolvedTemplate {
  /** The template's name: the library name, or the file name without its extension. */
  name: string;
  parse: ParseOne;
  /** A streaming parser and an OpenAI delta stream over the same template. */
  createParser(options: ParseOptions): ResponseParser;
  createOpenAIStream(options: ParseOptions): OpenAIStream;
  /** How it was found, for the summary line. */
  via: "file" | "generated" | "library";
  /** What a worker needs to resolve it the same way. */
  descriptor: string;
}

/** `ref` is a path to a template JSON (or tokenizer_config.json) or a template name. `onError` is how `parse`
 * handles a region that fails (the streaming parsers take it in their options). */
export async function resolveTemplate(ref: string, onError: OnError = "throw"): Promise<ResolvedTemplate> {
  if (existsSync(ref)) return fromFile(ref, "file", basename(ref).replace(/\.json$/, ""), onError);
  if (/[/\\]|\.json$/.test(ref)) throw new Error(`${ref}: no such template file`);
  const generated = await generatedParser(ref);
  if (generated) {
    return {
      name: ref,
      via: "generated",
      descriptor: ref,
      parse: (text, prefix, tools) => result(generated.parseResponse(text, { prefix, tools, onError }), onError),
      createParser: (options) => generated.createResponseParser(options),
      createOpenAIStream: (options) => openAIStreamForGenerated(generated, options),
    };
  }
  const lib = join(ROOT, "templates", `${ref}.json`);
  if (existsSync(lib)) return fromFile(lib, "library", ref, onError);
  throw new Error(`${ref}: neither a template file nor a known template name (looked in response-template/models and templates/)`);
}

function fromFile(path: string, via: "file" | "library", name: string, onError: OnError): ResolvedTemplate {
  const json = readTemplateFile(path);
  const doc: JsonValue = isDict(json) && "response_schema" in json ? json.response_schema! : json;
  const streaming = {
    name,
    via,
    descriptor: path,
    createParser: (options: ParseOptions) => createAnyParser(doc, options),
    createOpenAIStream: (options: ParseOptions) => createAnyOpenAIStream(doc, options),
  };
  if (isLegacySchema(doc)) {
    if (onError === "recover") {
      throw new Error(`${path}: --on-error recover needs a response template; a legacy response_schema has no regions to recover (convert it with \`rtc convert\`)`);
    }
    return { ...streaming, parse: (text) => ({ message: parseLegacy(doc, text) }) };
  }
  const loaded = loadTemplate(doc);
  return { ...streaming, parse: (text, prefix, tools) => result(parseResponse(loaded, text, { prefix, tools, onError }), onError) };
}

async function generatedParser(name: string): Promise<ParserModule | null> {
  const { names, loadParser } = await import("response-template/models");
  return names.includes(name) ? loadParser(name) : null;
}
