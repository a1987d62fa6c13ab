// `int` and `float`: the (optionally stripped) body through Python's `int(str)` / `float(str)`.

import { ContentError } from "../errors.ts";
import { pyFloatParse } from "../python/float.ts";
import { pyIntParse } from "../python/int.ts";
import { pyTypeName } from "../python/values.ts";
import { textValue } from "./text.ts";
import type { ContentParser } from "./types.ts";

export const parseIntContent: ContentParser = (text, args) => {
  const s = textValue(text, args, "int");
  if (typeof s !== "string") {
    throw new ContentError(`int() argument must be a string, a bytes-like object or a real number, not '${pyTypeName(s)}'`, "TypeError");
  }
  return pyIntParse(s);
};

export const parseFloatContent: ContentParser = (text, args) => {
  const s = textValue(text, args, "float");
  if (typeof s !== "string") {
    throw new ContentError(`float() argument must be a string or a real number, not '${pyTypeName(s)}'`, "TypeError");
  }
  return pyFloatParse(s);
};
