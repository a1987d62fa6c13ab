// The interpreter's API widened to legacy `response_schema` documents: for callers that take whatever
// file a user gives (the CLI, batches). The core package refuses legacy schemas because parsing them
// needs a JMESPath engine; here it is available.

import { createResponseParser, parseResponse } from "response-template";
import { createOpenAIStream, wrapParser, type OpenAIStream, type OpenAIStreamOptions } from "response-template/openai";
import { isLegacySchema, type JsonValue, type Message, type ParseOptions, type ResponseParser } from "response-template/runtime";
import { createLegacyParser } from "./index.ts";
import { parseLegacy } from "./parse.ts";

/** A streaming parser for a response template, or (parsing at finalize) for a legacy schema. */
export function createAnyParser(json: unknown, options: ParseOptions): ResponseParser {
  return isLegacySchema(json) ? createLegacyParser(json as JsonValue, options) : createResponseParser(json, options);
}

/** One whole response through a response template or a legacy schema. */
export function parseAny(json: unknown, text: string, options: ParseOptions): Message {
  return isLegacySchema(json) ? parseLegacy(json as JsonValue, text) : parseResponse(json, text, options);
}

/** The OpenAI delta stream over a template or a legacy schema (whose deltas all arrive at finalize()). */
export function createAnyOpenAIStream(json: unknown, options: ParseOptions & OpenAIStreamOptions): OpenAIStream {
  if (!isLegacySchema(json)) return createOpenAIStream(json, options);
  // No field infos: every call and every structured value arrives when the parser finalizes.
  return wrapParser({ spec: { fields: [] }, parser: createLegacyParser(json as JsonValue, options) }, options);
}
