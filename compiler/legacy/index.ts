// Legacy `response_schema` support (the x-regex format transformers used before response templates):
// detect it, parse whole responses with it, and convert it to a template where that is possible.

import { ParserStateError } from "response-template/runtime";
import { dictKeys, isDict } from "response-template/runtime";
import type { JsonObject, JsonValue, Message, ParseOptions, RegionEvent, ResponseParser } from "response-template/runtime";
import { parseLegacy } from "./parse.ts";

export { isLegacySchema } from "response-template/runtime";
export { createAnyParser, parseAny, createAnyOpenAIStream } from "./any.ts";
export { parseLegacy } from "./parse.ts";
export { convertLegacy, type ConvertResult } from "./convert.ts";

/**
 * A ResponseParser over a legacy schema. Legacy schemas cannot stream: text is buffered and parsed whole at
 * finalize(), which then reports each top-level key as a region_open / region_close pair. The prefix is
 * accepted and ignored (legacy schemas parse the generation only).
 */
export function createLegacyParser(schema: JsonValue, options: ParseOptions): ResponseParser {
  if (options.prefix === undefined || options.prefix === null) {
    throw new ParserStateError('prefix is required (pass prefix: "" to opt out explicitly)', "ValueError");
  }
  let text = "";
  let done = false;
  return {
    initialEvents: [],
    feed(chunk: string): RegionEvent[] {
      if (done) throw new ParserStateError("feed() after finalize(): this parser is finished");
      text += chunk;
      return [];
    },
    finalize(): { message: Message; events: RegionEvent[] } {
      if (done) throw new ParserStateError("finalize() called twice: this parser is finished");
      done = true;
      const message = parseLegacy(schema, text);
      const events: RegionEvent[] = [];
      for (const k of dictKeys(message)) {
        const props = isDict(schema) && isDict(schema.properties) ? (schema.properties as JsonObject) : {};
        if (isDict(props[k]) && "const" in (props[k] as JsonObject)) continue;
        events.push({ type: "region_open", field: k }, { type: "region_close", field: k, value: message[k]! });
      }
      return { message, events };
    },
  };
}
