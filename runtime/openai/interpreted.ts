// The one-call form of the OpenAI adapter for interpreted templates: template JSON in, deltas out.
// (Generated parsers use `wrapParser` from adapter.ts with their own parser and spec.)

import { compilePattern } from "../../compiler/regex/index.ts";
import { createResponseParser, loadTemplate } from "../interpret/index.ts";
import type { ParseOptions } from "../types.ts";
import { wrapParser, type OpenAIStream, type OpenAIStreamOptions } from "./adapter.ts";
import { OpenAIDeltaStream } from "./stream.ts";
import { createLegacyParser, loadLegacy } from "../../compiler/legacy/index.ts";

export function createOpenAIStream(template: unknown, options: ParseOptions & OpenAIStreamOptions): OpenAIStream {
  const legacy = loadLegacy(template);
  if (legacy) {
    // A legacy schema cannot stream: everything arrives at finalize().
    const parser = createLegacyParser(legacy.legacy, options);
    const core = new OpenAIDeltaStream(options);
    return {
      initialDeltas: [],
      feed: (chunk) => core.push(parser.feed(chunk)),
      finalize() {
        const { message, events } = parser.finalize();
        const last = core.push(events);
        const done = core.finish(message);
        return { message, openai: done.message, deltas: [...last, ...done.deltas], divergent: done.divergent };
      },
    };
  }
  const loaded = loadTemplate(template);
  if (loaded.kind === "legacy") throw new Error("unreachable: legacy schemas are handled above");
  const parser = createResponseParser(loaded, options);
  const keptPrefix = options.prefix ? loaded.plan.truncatePrefix(options.prefix) : "";
  return wrapParser(
    { spec: loaded.spec, parser, keptPrefix, compile: compilePattern },
    { ...options, coercesArguments: options.coercesArguments ?? Boolean(options.tools?.length) },
  );
}
