// rtc extension content parsers: formats the reference's parsers cannot express. Same signature as the
// entries of CONTENT_PARSERS (runtime/core/content/index.ts); the parser table merges this one. Each parser's
// header comment documents its input format and content_args; unit tests are in test/templates/ext/.

import type { ContentParser } from "../types.ts";
import { parseJsonCalls } from "./json-calls.ts";
import { parseKeyedCalls } from "./keyed-calls.ts";
import { parsePythonCalls } from "./python-calls.ts";
import { parseXmlNested } from "./xml-nested.ts";
import { parseXmlTyped } from "./xml-typed.ts";

export const EXTENSION_PARSERS: Readonly<Record<string, ContentParser>> = Object.freeze({
  "python-calls": parsePythonCalls,
  "keyed-calls": parseKeyedCalls,
  "json-calls": parseJsonCalls,
  "xml-typed": parseXmlTyped,
  "xml-nested": parseXmlNested,
});
