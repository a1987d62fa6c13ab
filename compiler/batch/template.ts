// Which template `rtc parse` (and --batch) runs, from what -t names: a template file; a library name (the
// compiled parsers of response-template/models, then templates/<name>.json when run inside this repository);
// or a model — a model folder, its tokenizer_config.json without a response_template, a .jinja chat template,
// a model id — resolved as `rtc which` does (../resolve/). Batch workers open the same descriptor again on
// their side, so only the descriptor crosses threads.

import { existsSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadTemplate, parseResponse } from "response-template";
import { openAIStreamForGenerated, type OpenAIStream, type OpenAIStreamOptions } from "response-template/openai";
import { isLegacySchema, unwrapJsonFence } from "response-template/runtime";
import type { JsonValue, Message, OnError, ParseIssue, ParseOptions, ParserModule, ResponseFormat, ResponseParser, ToolDefinition } from "response-template/runtime";
import type { Recovered } from "response-template/runtime";
import { createAnyOpenAIStream, createAnyParser } from "../legacy/any.ts";
import { parseLegacy } from "../legacy/parse.ts";
import { readTemplateFile } from "../cli/io.ts";
import { isDict, parseModelId } from "response-template/runtime";
import { resolveTemplate as resolveModel } from "../resolve/index.ts";

/** The repository root when running from source (templates/ is not part of the published packages). */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");

/** Parses one whole response: the message, and in recover mode its errors. */
export type ParseOne = (
  text: string,
  prefix: string,
  tools: ToolDefinition[] | undefined,
  responseFormat?: ResponseFormat,
) => { message: Message; errors?: ParseIssue[] };

/** parseResponse's result in either mode (recover mode's is already `{message, errors}`), with the content
 * of a JSON answer unwrapped when the request asked for JSON. */
function result(r: Message | Recovered, onError: OnError, responseFormat: ResponseFormat | undefined): { message: Message; errors?: ParseIssue[] } {
  const out = onError === "recover" ? (r as Recovered) : { message: r as Message };
  answerAs(out.message, responseFormat);
  return out;
}

/** The request asked for JSON: a content that is one fenced JSON document becomes that document (in place). */
export function answerAs(message: Message, responseFormat: ResponseFormat | undefined): void {
  const json = responseFormat === "json" && typeof message.content === "string" ? unwrapJsonFence(message.content) : null;
  if (json !== null) message.content = json;
}

export interface ResolvedTemplate {
  /** The template's name: the library name, or the file name without its extension. */
  name: string;
  parse: ParseOne;
  /** A streaming parser and an OpenAI delta stream over the same template. */
  createParser(options: ParseOptions): ResponseParser;
  createOpenAIStream(options: ParseOptions & OpenAIStreamOptions): OpenAIStream;
  /** How it was found, for the summary line ("model": resolved from a model folder, file or id). */
  via: "file" | "generated" | "library" | "model";
  /** What a worker needs to resolve it the same way. */
  descriptor: string;
}

/** What -t names: a template file, a library template (generated or templates/<name>.json), or a model. */
type Ref = { kind: "file" | "library"; path: string } | { kind: "generated"; parser: ParserModule } | { kind: "model" };

async function classify(ref: string): Promise<Ref> {
  if (existsSync(ref)) return isTemplateFile(ref) ? { kind: "file", path: ref } : { kind: "model" };
  const generated = await generatedParser(ref);
  if (generated) return { kind: "generated", parser: generated };
  const lib = join(ROOT, "templates", `${ref}.json`);
  if (!/[/\\]|\.json$/.test(ref) && existsSync(lib)) return { kind: "library", path: lib };
  if (/\.(json|jinja)$|^[.~]|^\/|[\\]|\/.*\//.test(ref)) throw new Error(`${ref}: no such template file or model folder`);
  // A model id needs its organisation: a bare word is a template name (so a misspelt one is not guessed at).
  if (!/^[^/]+\/[^/]+$/.test(ref) || !parseModelId(ref)) {
    throw new Error(`${ref}: neither a template file nor a known template name (looked in response-template/models and templates/), nor a model folder, file or org/name model id`);
  }
  return { kind: "model" };
}

/** `ref` is a path to a template JSON, a template name, or a model (folder, tokenizer_config.json, chat
 * template file, model id). `onError` is how `parse` handles a region that fails (the streaming parsers
 * take it in their options). */
export async function openTemplate(ref: string, onError: OnError = "throw"): Promise<ResolvedTemplate> {
  const r = await classify(ref);
  if (r.kind === "file") return fromFile(r.path, "file", basename(ref).replace(/\.json$/, ""), onError);
  if (r.kind === "library") return fromFile(r.path, "library", ref, onError);
  if (r.kind === "generated") return fromGenerated(ref, r.parser, "generated", ref, onError);
  return fromModel(ref, onError);
}

/** The template document -t names (for commands that need the document rather than a parser: rtc grammar). */
export async function templateDocument(ref: string): Promise<JsonValue> {
  const r = await classify(ref);
  if (r.kind === "file" || r.kind === "library") return readTemplateFile(r.path);
  if (r.kind === "generated") return r.parser.template;
  return (await resolveModel(ref)).template;
}

/** A JSON file that is a template (or carries one): not a model's tokenizer_config.json / chat_template.json without one. */
function isTemplateFile(path: string): boolean {
  if (statSync(path).isDirectory() || !path.endsWith(".json")) return false;
  const name = basename(path);
  if (name !== "tokenizer_config.json" && name !== "chat_template.json" && name !== "config.json") return true;
  const json = readTemplateFile(path);
  return isDict(json) && !("chat_template" in json) && !("_name_or_path" in json);
}

/** A model, resolved as `rtc which` resolves it (shipped parser, the tokenizer config's template, or inferred). */
async function fromModel(ref: string, onError: OnError): Promise<ResolvedTemplate> {
  const r = await resolveModel(ref);
  if (r.parser) return fromGenerated(r.name, r.parser, "model", ref, onError);
  return fromDoc(r.template, "model", `${ref} (${r.source})`, ref, onError);
}

function fromGenerated(name: string, generated: ParserModule, via: ResolvedTemplate["via"], descriptor: string, onError: OnError): ResolvedTemplate {
  return {
    name,
    via,
    descriptor,
    parse: (text, prefix, tools, responseFormat) => result(generated.parseResponse(text, { prefix, tools, onError }), onError, responseFormat),
    createParser: (options) => generated.createResponseParser(options),
    createOpenAIStream: (options) => openAIStreamForGenerated(generated, options),
  };
}

function fromFile(path: string, via: "file" | "library", name: string, onError: OnError): ResolvedTemplate {
  const json = readTemplateFile(path);
  const doc: JsonValue = isDict(json) && "response_schema" in json ? json.response_schema! : json;
  return fromDoc(doc, via, name, path, onError);
}

function fromDoc(doc: JsonValue, via: ResolvedTemplate["via"], name: string, path: string, onError: OnError): ResolvedTemplate {
  const streaming = {
    name,
    via,
    descriptor: path,
    createParser: (options: ParseOptions) => createAnyParser(doc, options),
    createOpenAIStream: (options: ParseOptions & OpenAIStreamOptions) => createAnyOpenAIStream(doc, options),
  };
  if (isLegacySchema(doc)) {
    if (onError === "recover") {
      throw new Error(`${path}: --on-error recover needs a response template; a legacy response_schema has no regions to recover (convert it with \`rtc convert\`)`);
    }
    return { ...streaming, parse: (text) => ({ message: parseLegacy(doc, text) }) };
  }
  const loaded = loadTemplate(doc);
  return {
    ...streaming,
    parse: (text, prefix, tools, responseFormat) => result(parseResponse(loaded, text, { prefix, tools, onError }), onError, responseFormat),
  };
}

async function generatedParser(name: string): Promise<ParserModule | null> {
  const { names, loadParser } = await import("response-template/models");
  return names.includes(name) ? loadParser(name) : null;
}
