// `json`: Python `json.loads` of the body, after the reference's dialect pre-processing:
// 1. `string_delims` [[open, close], …], in order: every `open … close` (shortest body, leftmost first)
//    is cut out and replaced by a sentinel `\x01N\x02` (bodies are numbered across all delimiter
//    pairs, so a later pair can capture text holding an earlier sentinel; an empty open and close
//    capture every code point and the empty string around each). A body containing \x01 or \x02 is
//    refused up front when any delimiter is configured.
// 2. `unquoted_keys`: every run of word characters (`regex` module, Unicode `\w`) directly after `{` or
//    `,` and directly followed by `:` is quoted. `{ a:1}` (a space first) is not.
// 3. Each sentinel `\x01N\x02` (N = 0, 1, …) is replaced everywhere by `json.dumps(body_N)` (ASCII
//    escapes), so quotes and backslashes inside custom-delimited strings survive.
// Then the text is parsed unstripped (natively when that is provably exact: runtime/core/python/json.ts
// fastJsonLoads). A decode error returns the (optionally stripped) body when
// `allow_non_json` is truthy, else raises ValueError. Nesting ≥ 512 raises RecursionError either way.

import { ContentError, excerpt } from "../errors.ts";
import { pyDumps } from "../python/dumps.ts";
import { JsonDecodeError, pyJsonLoadsFast } from "../python/json.ts";
import { pyTypeName } from "../python/values.ts";
import type { JsonValue } from "../types.ts";
import { argGet, pyIterate, pyTruthy, unpackPair } from "./args.ts";
import { textValue } from "./text.ts";
import type { ContentContext, ContentParser } from "./types.ts";

const OPEN = "\x01";
const CLOSE = "\x02";

let unquotedKey: RegExp | undefined;

/** The `\w` table, which the context passes only where a template asks for unquoted keys (it is large). */
function wordClass(ctx: ContentContext): string {
  if (ctx.word !== undefined) return ctx.word;
  throw new ContentError("json: unquoted_keys needs the \\w table, which this parser was built without", "ValueError");
}

function needText(text: string | null): string {
  if (typeof text === "string") return text;
  throw new ContentError(`json: expected a string body, got '${pyTypeName(text)}'`, "TypeError");
}

function delimiterString(v: JsonValue): string {
  // `re.escape` of a non-string raises TypeError.
  if (typeof v === "string") return v;
  throw new ContentError(`json: string_delims entries must be strings, got '${pyTypeName(v)}'`, "TypeError");
}

/**
 * `re.sub(escape(open) + "(.*?)" + escape(close), repl, s, flags=DOTALL)` with a callback, for literal
 * delimiters: the leftmost open, then the nearest close after it.
 */
function substituteDelimited(s: string, open: string, close: string, repl: (body: string) => string): string {
  if (open === "" && close === "") {
    // Python (≥ 3.7) matches empty at every position and, allowing no second empty match at one position,
    // then the shortest non-empty body there: one code point. The bodies are "", c0, "", c1, …, "".
    let out = repl("");
    for (const c of s) out += repl(c) + repl("");
    return out;
  }
  // Otherwise a match is never empty, so every search starts past the previous match.
  let out = "";
  let pos = 0; // how much of `s` is done
  for (;;) {
    const start = s.indexOf(open, pos);
    if (start < 0) break;
    const bodyStart = start + open.length;
    const closeAt = s.indexOf(close, bodyStart);
    if (closeAt < 0) break; // no close after this open means none after any later open either
    out += s.slice(pos, start) + repl(s.slice(bodyStart, closeAt));
    pos = closeAt + close.length;
  }
  return out + s.slice(pos);
}

/** `json` with no arguments, for a string body: exactly what parseJson does then (generated code calls it). */
export function parseJsonPlain(text: string): JsonValue {
  try {
    return pyJsonLoadsFast(text);
  } catch (e) {
    if (!(e instanceof JsonDecodeError)) throw e;
    throw new ContentError(`json: the region is not valid JSON (${e.message}); content: ${excerpt(text)}`, "ValueError");
  }
}

/**
 * Content parser `json`: Python `json.loads` of the body after the reference's `string_delims` and
 * `unquoted_keys` pre-processing (NaN/Infinity accepted, key order kept). Not JSON: the stripped body with
 * `allow_non_json`, else ContentError (ValueError); nesting of 512 or more raises RecursionError.
 */
export const parseJson: ContentParser = (text, args, ctx) => {
  const delimsArg = argGet(args, "string_delims", []);
  const unquotedKeys = pyTruthy(argGet(args, "unquoted_keys", false));
  const useDelims = pyTruthy(delimsArg);

  if (useDelims) {
    const t = needText(text);
    if (t.includes(OPEN) || t.includes(CLOSE)) {
      throw new ContentError(
        "json: the body contains the reserved sentinel characters \\x01 / \\x02, which string_delims needs",
        "ValueError",
      );
    }
  }

  let working = needText(text);
  const captured: string[] = [];
  // `for open, close in args.get("string_delims", [])`: None and numbers are not iterable (TypeError).
  for (const pair of pyIterate(delimsArg, "json: string_delims")) {
    const [o, c] = unpackPair(pair, "json: string_delims entry");
    const open = delimiterString(o);
    const close = delimiterString(c);
    working = substituteDelimited(working, open, close, (body) => {
      captured.push(body);
      return `${OPEN}${captured.length - 1}${CLOSE}`;
    });
  }

  if (unquotedKeys) working = working.replace((unquotedKey ??= new RegExp(`(?<=[{,])([${wordClass(ctx)}]+):`, "gu")), '"$1":');

  captured.forEach((body, i) => {
    working = working.split(`${OPEN}${i}${CLOSE}`).join(pyDumps(body));
  });

  try {
    return pyJsonLoadsFast(working);
  } catch (e) {
    if (!(e instanceof JsonDecodeError)) throw e;
    if (pyTruthy(argGet(args, "allow_non_json", false))) return textValue(text, args, "json");
    const original = needText(text);
    if (working === original) {
      throw new ContentError(`json: the region is not valid JSON (${e.message}); content: ${excerpt(original)}`, "ValueError");
    }
    throw new ContentError(
      `json: not valid JSON after dialect transforms (${e.message}); original: ${excerpt(original)}, ` +
        `transformed: ${excerpt(working)}`,
      "ValueError",
    );
  }
};
