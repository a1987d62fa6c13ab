// rtc extension `argument_types: "json"` (runtime/core/template/extensions.ts): without tool definitions, an
// argument string that spells a JSON value — or Python's True, False or None — becomes that value. Chat
// templates of these formats write strings raw and every other value as JSON (`tojson`; Qwen3.5 writes
// booleans and null with Python's `str()`), which leaves exactly this ambiguity; llama.cpp and vLLM
// resolve it the same way when they have no schema. With `tools`, schema coercion (coerce.ts) decides.

import { ContentError } from "../errors.ts";
import { mayBeJson, pyJsonLoads } from "../python/json.ts";
import { unrepresentable } from "../python/representable.ts";
import { pyStrip } from "../python/strip.ts";
import { dictKeys, isDict, setKey } from "../python/values.ts";
import type { JsonValue } from "../types.ts";
import type { LiteralReader } from "./coerce.ts";

/** Types the arguments of a tool call (or of each call in a list) in place, as coerceToolCalls does. */
export function typeArgumentsAsJson(value: JsonValue, literal?: LiteralReader): JsonValue {
  if (Array.isArray(value)) return value.map((item) => typeArgumentsAsJson(item, literal));
  if (!isDict(value)) return value;
  const fn = Object.prototype.hasOwnProperty.call(value, "function") ? value.function! : null;
  if (!isDict(fn) || !isDict(fn.arguments)) return value;
  const args = fn.arguments;
  for (const key of dictKeys(args)) {
    const v = args[key]!;
    if (typeof v === "string") setKey(args, key, asJson(v, literal));
    else if (Array.isArray(v)) setKey(args, key, v.map((item) => (typeof item === "string" ? asJson(item, literal) : item)));
  }
  return value;
}

const PYTHON_WORDS: Readonly<Record<string, JsonValue>> = { True: true, False: false, None: null };

/** The JSON value `raw` spells (surrounding whitespace allowed, as json.loads allows it), else `raw`.
 * Values JSON cannot carry (NaN, infinities, integers beyond 64 bits) keep the string. With
 * `argument_literals` (`literal`), a dict or list written as a Python literal is read too. */
function asJson(raw: string, literal?: LiteralReader): JsonValue {
  if (mayBeJson(raw)) {
    try {
      const v = pyJsonLoads(raw);
      return unrepresentable(v) === null ? v : raw;
    } catch (e) {
      if (!(e instanceof ContentError)) throw e;
    }
  }
  const word = pyStrip(raw);
  if (Object.prototype.hasOwnProperty.call(PYTHON_WORDS, word)) return PYTHON_WORDS[word]!;
  const v = literal && (word.startsWith("{") || word.startsWith("[")) ? literal(word) : undefined;
  return v !== undefined && (isDict(v) || Array.isArray(v)) && unrepresentable(v) === null ? v : raw;
}
