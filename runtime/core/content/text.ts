// `text`: the body, stripped with Python's `str.strip()` unless `strip` is falsy (default true).

import { pyStrip } from "../python/strip.ts";
import type { JsonObject } from "../types.ts";
import { argGet, pyTruthy, requireStrReceiver } from "./args.ts";
import type { ContentParser } from "./types.ts";

/** The reference's `_text(text, args)`, also the first step of int/float/bool and of kv-lines pieces. */
export function textValue(text: string | null, args: JsonObject, what = "text"): string | null {
  if (!pyTruthy(argGet(args, "strip", true))) return text;
  return pyStrip(requireStrReceiver(text, "strip", what));
}

/** Content parser `text` (the default): the body, stripped with Python's `str.strip()` whitespace set unless `strip` is falsy. */
export const parseText: ContentParser = (text, args) => textValue(text, args);
