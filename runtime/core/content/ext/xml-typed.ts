// rtc extension `xml-typed`: `xml-inline` whose tags say whether a value is a raw string or JSON, the
// DeepSeek V3.2 / V4 DSML format:
//   <｜DSML｜parameter name="city" string="true">Paris</｜DSML｜parameter>
//   <｜DSML｜parameter name="days" string="false">3</｜DSML｜parameter>
// The reference's xml-inline applies one value parser to every tag, so a string value that happens to
// look like JSON ("3", "true") could not be kept a string. content_args:
// - `tag_pattern` (required): as for xml-inline, groups `key` and `value` (plus any others).
// - `raw_when` {group, contains}: when the named group of a match contains the literal `contains`, the
//   value stays the raw string; otherwise it is parsed as JSON, falling back to the raw string when it
//   is not JSON. Without `raw_when`, every value is JSON-or-raw. (A literal, not a pattern, so generated
//   parsers need no extra precompiled pattern: only `tag_pattern` is compiled.)

import { ContentError } from "../../errors.ts";
import { mayBeJson, pyJsonLoads } from "../../python/json.ts";
import { isDict, makeDict, pyTypeName } from "../../python/values.ts";
import type { JsonValue } from "../../types.ts";
import { argGet } from "../args.ts";
import type { ContentParser } from "../types.ts";

/**
 * rtc extension `xml-typed`: `xml-inline` whose values are JSON-or-raw per tag; with `raw_when: {group,
 * contains}` a match whose group contains the literal keeps its raw string (DeepSeek V3.2/V4 `string="true"`).
 */
export const parseXmlTyped: ContentParser = (text, args, ctx) => {
  const tagPattern = argGet(args, "tag_pattern", null);
  if (typeof tagPattern !== "string") throw new ContentError("xml-typed: the 'tag_pattern' content_arg (a string) is required", "ValueError");
  if (typeof text !== "string") throw new ContentError(`xml-typed: expected a string body, got '${pyTypeName(text)}'`, "TypeError");
  const rawWhen = argGet(args, "raw_when", null);
  let rawGroup: string | null = null;
  let rawText: string | null = null;
  if (rawWhen !== null) {
    if (!isDict(rawWhen) || typeof rawWhen.group !== "string" || typeof rawWhen.contains !== "string") {
      throw new ContentError("xml-typed: raw_when must be {group: string, contains: string}", "ValueError");
    }
    rawGroup = rawWhen.group;
    rawText = rawWhen.contains;
  }
  const out = new Map<string, JsonValue>();
  for (const m of ctx.pattern(tagPattern).finditer(text)) {
    const key = m.groups.key;
    if (typeof key !== "string") throw new ContentError(`xml-typed: tag_pattern needs a named group 'key': ${tagPattern}`, "ValueError");
    const raw = m.groups.value ?? "";
    const attr = rawGroup === null ? null : (m.groups[rawGroup] ?? null);
    const keepRaw = attr !== null && rawText !== null && attr.includes(rawText);
    out.set(key, keepRaw ? raw : jsonOrRaw(raw));
  }
  return makeDict(out);
};

function jsonOrRaw(raw: string): JsonValue {
  if (!mayBeJson(raw)) return raw;
  try {
    return pyJsonLoads(raw);
  } catch {
    return raw;
  }
}
