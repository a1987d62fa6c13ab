// `value_parser` ({name, args}) of xml-inline and kv-lines: each extracted value goes through another
// content parser. A missing or null value_parser keeps the raw string.

import type { JsonValue } from "../types.ts";
import { argGet, requireDict } from "./args.ts";
import type { ContentContext } from "./types.ts";

/** Set by index.ts to break the import cycle (value parsers are looked up in the full table). */
export let dispatch: (text: string | null, name: JsonValue, args: JsonValue, ctx: ContentContext) => JsonValue = () => {
  throw new Error("content parsers not initialised");
};

export function setDispatch(fn: typeof dispatch): void {
  dispatch = fn;
}

export function subParse(raw: string | null, valueParser: JsonValue, ctx: ContentContext, what: string): JsonValue {
  if (valueParser === null) return raw;
  const vp = requireDict(valueParser, `${what}: value_parser`);
  return dispatch(raw, argGet(vp, "name", "text"), argGet(vp, "args", {}), ctx);
}
