// The one-call form of the OpenAI adapter for interpreted templates: template JSON in, deltas out.
// (Generated parsers use `openAIStreamForGenerated` / `wrapParser` from adapter.ts.)

import { compilePattern } from "../translate/index.ts";
import { createResponseParser, loadTemplate } from "../interpret/index.ts";
import type { ParseOptions } from "../runtime/types.ts";
import { wrapParser, type OpenAIStream, type OpenAIStreamOptions } from "./adapter.ts";

export function createOpenAIStream(template: unknown, options: ParseOptions & OpenAIStreamOptions): OpenAIStream {
  const loaded = loadTemplate(template);
  const parser = createResponseParser(loaded, { ...options, eventDetails: true });
  return wrapParser(
    { spec: loaded.spec, parser, compile: compilePattern },
    { ...options, coercesArguments: options.coercesArguments ?? Boolean(options.tools?.length) },
  );
}
