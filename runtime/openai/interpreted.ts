// The one-call form of the OpenAI adapter for interpreted templates: template JSON in, deltas out.
// (Generated parsers use `openAIStreamForGenerated` / `wrapParser` from adapter.ts.)

import { compilePattern } from "../translate/index.ts";
import { createResponseParser, loadTemplate } from "../interpret/index.ts";
import type { ParseOptions } from "../core/types.ts";
import { ParserDeltaStream, detailed, streamOptions, type OpenAIStream, type OpenAIStreamOptions } from "./adapter.ts";
import { OpenAIDeltaStream } from "./stream.ts";
import { WORD } from "../core/regex/unicode-tables.ts";

/**
 * An OpenAIStream over template JSON (the interpreter; legacy schemas are refused as loadTemplate does). The
 * parser runs with `eventDetails`, so a name in the open delimiter goes out when the region opens; with `tools`
 * string arguments are sent at the call's close (they may be cast). Throws TemplateError for a bad template.
 */
export function createOpenAIStream(template: unknown, options: ParseOptions & OpenAIStreamOptions): OpenAIStream {
  const loaded = loadTemplate(template);
  const parser = createResponseParser(loaded, detailed(options));
  return new ParserDeltaStream(parser, new OpenAIDeltaStream(streamOptions(options, loaded.spec.fields, compilePattern, WORD)));
}
