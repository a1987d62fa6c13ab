// Content parsers: a name → parser table, as in the reference. Adding a parser is adding one entry.
// Arguments are not validated when a template loads; they are read (and fail) when a region closes.

import type { JsonValue } from "../types.ts";
import { parseBool } from "./bool.ts";
import { parseJson } from "./json.ts";
import { parseKvLines } from "./kv-lines.ts";
import { parseFloatContent, parseIntContent } from "./numbers.ts";
import { parseWith } from "./sub-parse.ts";
import { parseText } from "./text.ts";
import type { ContentContext, ContentParser } from "./types.ts";
import { parseXmlInline } from "./xml-inline.ts";
import { EXTENSION_PARSERS } from "./ext/index.ts";
import type { PyPattern } from "../regex/api.ts";
import { WORD } from "../regex/unicode-tables.ts";

export type { ContentContext, ContentParser } from "./types.ts";
export { subParse } from "./sub-parse.ts";
export { argGet } from "./args.ts";

/** The parsers the Python reference has: a template using only these is portable. */
export const REFERENCE_PARSERS: Readonly<Record<string, ContentParser>> = Object.freeze({
  text: parseText,
  int: parseIntContent,
  float: parseFloatContent,
  bool: parseBool,
  json: parseJson,
  "xml-inline": parseXmlInline,
  "kv-lines": parseKvLines,
});

/** Every parser rtc loads: the reference's and rtc's extensions (runtime/core/content/ext/). */
export const CONTENT_PARSERS: Readonly<Record<string, ContentParser>> = Object.freeze({
  ...REFERENCE_PARSERS,
  ...EXTENSION_PARSERS,
});

/** The context with every parser and table (the interpreter's), over a pattern compiler. */
export function fullContext(pattern: (source: string) => PyPattern): ContentContext {
  return { pattern, parsers: CONTENT_PARSERS, word: WORD };
}

/** Parsers whose streamed chunks are part of the final value: their region_chunk events are not dirty. */
export const STREAMABLE_PARSERS: ReadonlySet<string> = new Set(["text", "int", "float", "bool"]);

/** The reference's `parse_content(text, name, args)` over every parser (see parseWith). */
export function parseContent(text: string | null, name: JsonValue, args: JsonValue, ctx: ContentContext): JsonValue {
  return parseWith(CONTENT_PARSERS, text, name, args, ctx);
}
