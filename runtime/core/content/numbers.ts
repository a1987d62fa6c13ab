// `int` and `float`: the (optionally stripped) body through Python's `int(str)` / `float(str)`.

import { ContentError } from "../errors.ts";
import { pyFloatParse } from "../python/float.ts";
import { pyIntParse } from "../python/int.ts";
import { pyTypeName } from "../python/values.ts";
import { textValue } from "./text.ts";
import type { ContentParser } from "./types.ts";

/** Content parser `int`: Python's `int(str)` of the optionally stripped body (underscores, whitespace; bigint beyond 2^53). */
export const parseIntContent: ContentParser = (text, args) => {
  const s = textValue(text, args, "int");
  if (typeof s !== "string") {
    throw new ContentError(`int() argument must be a string, a bytes-like object or a real number, not '${pyTypeName(s)}'`, "TypeError");
  }
  return pyIntParse(s);
};

/** Content parser `float`: Python's `float(str)` of the optionally stripped body (`inf`, `nan`, underscores; PyFloat when integral or non-finite). */
export const parseFloatContent: ContentParser = (text, args) => {
  const s = textValue(text, args, "float");
  if (typeof s !== "string") {
    throw new ContentError(`float() argument must be a string or a real number, not '${pyTypeName(s)}'`, "TypeError");
  }
  return pyFloatParse(s);
};
