// `kv-lines`: the body split on `line_sep` (default "\n"; null splits on runs of whitespace like
// Python's `str.split()`); each line (stripped unless `strip` is falsy) that is non-empty and contains
// `kv_sep` (default ":") is cut at its first separator into key and value (both stripped likewise); the
// value optionally goes through `value_parser`. A repeated key keeps its first position, last value.
// Wrong argument types fail like Python: a non-string separator → TypeError, an empty one → ValueError.

import { ContentError } from "../errors.ts";
import { pySplitWhitespace } from "../python/strip.ts";
import { makeDict, pyTypeName } from "../python/values.ts";
import type { JsonValue } from "../types.ts";
import { argGet, pySplit, requireStrReceiver } from "./args.ts";
import { subParse } from "./sub-parse.ts";
import { textValue } from "./text.ts";
import type { ContentParser } from "./types.ts";

/**
 * Content parser `kv-lines`: one `key: value` per line (`line_sep`, `kv_sep`), cut at the first separator;
 * lines without it are skipped, a repeated key keeps its first position and last value; `value_parser` optional.
 */
export const parseKvLines: ContentParser = (text, args, ctx) => {
  const lineSep = argGet(args, "line_sep", "\n");
  const kvSep = argGet(args, "kv_sep", ":");
  const valueParser = argGet(args, "value_parser", null);

  const body = requireStrReceiver(text, "split", "kv-lines");
  let lines: string[];
  if (lineSep === null) lines = pySplitWhitespace(body);
  else if (typeof lineSep === "string") lines = pySplit(body, lineSep, "kv-lines: line_sep");
  else throw new ContentError(`kv-lines: line_sep must be str or None, not ${pyTypeName(lineSep)}`, "TypeError");

  const out = new Map<string, JsonValue>();
  for (const rawLine of lines) {
    const line = textValue(rawLine, args, "kv-lines") as string;
    if (line === "") continue;
    if (typeof kvSep !== "string") {
      throw new ContentError(`kv-lines: 'in <string>' requires string as left operand, not ${pyTypeName(kvSep)}`, "TypeError");
    }
    if (!line.includes(kvSep)) continue;
    if (kvSep === "") throw new ContentError("kv-lines: kv_sep: empty separator", "ValueError");
    const at = line.indexOf(kvSep);
    const k = textValue(line.slice(0, at), args, "kv-lines") as string;
    const v = textValue(line.slice(at + kvSep.length), args, "kv-lines") as string;
    out.set(k, subParse(v, valueParser, ctx, "kv-lines"));
  }
  return makeDict(out);
};
