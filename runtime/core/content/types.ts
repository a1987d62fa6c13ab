// The content-parser contract: a parser turns one region body into a value when the region closes.

import type { PyPattern } from "../regex/api.ts";
import type { JsonObject, JsonValue } from "../types.ts";

/** What a content parser may need from its host: compiled Python patterns (xml-inline's tag_pattern) and
 * the parsers a `value_parser` may name. */
export interface ContentContext {
  /** The interpreter compiles on demand (and may cache); generated parsers return precompiled patterns. */
  pattern(source: string): PyPattern;
  /** The interpreter passes every parser (CONTENT_PARSERS); a generated module only those its template
   * names in a `value_parser`, so that a bundle carries no other. A name missing here fails as unknown. */
  parsers: Readonly<Record<string, ContentParser>>;
  /**
   * The body of Python's Unicode `\w` class (runtime/core/regex/unicode-tables.ts WORD), for the json
   * parser's `unquoted_keys`: a generated module passes it only when its template names that argument.
   */
  word?: string;
}

/**
 * A content parser. `text` is the region body; it is `null` only when a nested value parser receives
 * an unset regex group (xml-inline), where the reference fails the way Python does on `None`.
 */
export type ContentParser = (text: string | null, args: JsonObject, ctx: ContentContext) => JsonValue;
