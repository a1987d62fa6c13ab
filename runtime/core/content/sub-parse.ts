// `value_parser` ({name, args}) of xml-inline and kv-lines: each extracted value goes through another
// content parser, looked up in the context's table. A missing or null value_parser keeps the raw string.
// (The compiler gives a generated module the parsers named under `value_parser` keys: emit-module.ts.)

import { ContentError } from "../errors.ts";
import { isDict, pyTypeName } from "../python/values.ts";
import type { JsonValue } from "../types.ts";
import { argGet, requireDict } from "./args.ts";
import type { ContentContext, ContentParser } from "./types.ts";

/**
 * The reference's `parse_content(text, name, args)` over `parsers`. `name` and `args` are taken as the
 * template wrote them: an unknown name is a KeyError (TypeError for a list or dict, which Python cannot
 * hash) and args that are not a dict are an AttributeError — raised here, when the region closes.
 */
export function parseWith(
  parsers: Readonly<Record<string, ContentParser>>,
  text: string | null,
  name: JsonValue,
  args: JsonValue,
  ctx: ContentContext,
): JsonValue {
  if (Array.isArray(name) || isDict(name)) {
    throw new ContentError(`content parser name must be hashable, got unhashable type: '${pyTypeName(name)}'`, "TypeError");
  }
  if (typeof name !== "string" || !Object.prototype.hasOwnProperty.call(parsers, name)) {
    throw new ContentError(`unknown content parser ${typeof name === "string" ? JSON.stringify(name) : String(name)}`, "KeyError");
  }
  return parsers[name]!(text, requireDict(args, `content parser ${name}: content_args`), ctx);
}

export function subParse(raw: string | null, valueParser: JsonValue, ctx: ContentContext, what: string): JsonValue {
  if (valueParser === null) return raw;
  const vp = requireDict(valueParser, `${what}: value_parser`);
  return parseWith(ctx.parsers, raw, argGet(vp, "name", "text"), argGet(vp, "args", {}), ctx);
}
