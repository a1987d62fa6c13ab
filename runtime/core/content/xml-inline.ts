// `xml-inline`: every match of `tag_pattern` (Python `regex`, DOTALL, `finditer` over the body) gives
// one entry: the named group `key` is the key and the named group `value` the value (an unset `value`
// group gives null, a pattern without one gives ""), optionally through `value_parser`. A later match of
// the same key overwrites it, or with `merge_duplicates` collects the values into a list. The pattern is
// checked only here, when a region closes: missing → ValueError, not a string → TypeError, invalid →
// RegexError, no `key` group (or `key` unset in a match) → ValueError.

import { ContentError } from "../errors.ts";
import { makeDict, pyTypeName } from "../python/values.ts";
import type { JsonValue } from "../types.ts";
import { argGet, pyTruthy } from "./args.ts";
import { subParse } from "./sub-parse.ts";
import type { ContentParser } from "./types.ts";

/**
 * Content parser `xml-inline`: one dict entry per `tag_pattern` match (named groups `key`, `value`), values
 * optionally through `value_parser`; duplicates overwrite, or collect into a list with `merge_duplicates`.
 * The pattern is checked only here, when a region closes (ContentError / PatternError).
 */
export const parseXmlInline: ContentParser = (text, args, ctx) => {
  const tagPattern = argGet(args, "tag_pattern", null);
  if (tagPattern === null) throw new ContentError("xml-inline: the 'tag_pattern' content_arg is required", "ValueError");
  const valueParser = argGet(args, "value_parser", null);
  const merge = pyTruthy(argGet(args, "merge_duplicates", false));
  if (typeof tagPattern !== "string") {
    throw new ContentError(`xml-inline: tag_pattern must be a string, got '${pyTypeName(tagPattern)}'`, "TypeError");
  }
  const pattern = ctx.pattern(tagPattern);
  if (typeof text !== "string") {
    throw new ContentError(`xml-inline: expected a string body, got '${pyTypeName(text)}'`, "TypeError");
  }
  const out = new Map<string, JsonValue>();
  for (const m of pattern.finditer(text)) {
    const groups = m.groups;
    const key = Object.prototype.hasOwnProperty.call(groups, "key") ? groups.key! : null;
    if (key === null) {
      throw new ContentError(`xml-inline: tag_pattern needs a named group 'key' that takes part in every match: ${tagPattern}`, "ValueError");
    }
    const raw = Object.prototype.hasOwnProperty.call(groups, "value") ? groups.value! : "";
    const value = subParse(raw, valueParser, ctx, "xml-inline");
    const existing = out.get(key);
    if (existing !== undefined && merge) {
      if (Array.isArray(existing)) existing.push(value);
      else out.set(key, [existing, value]);
    } else out.set(key, value);
  }
  return makeDict(out);
};
