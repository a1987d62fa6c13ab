// rtc extension `unwrap_arguments: true` (runtime/core/template/extensions.ts): DeepSeek's DSML models
// sometimes put a call's whole argument object into one parameter named `arguments` (or `input`). With
// tools, when that is the call's only argument, the tool's schema declares no such parameter, and the
// value is an object (or a JSON string holding one) whose keys the schema declares, the object becomes
// the call's arguments — as vLLM's DeepSeek V4 parser unwraps it. Without tools nothing is unwrapped:
// only the schema can tell a wrapper from a real parameter.

import { ContentError } from "../errors.ts";
import { pyJsonLoads } from "../python/json.ts";
import { dictKeys, isDict, setKey } from "../python/values.ts";
import type { JsonObject, JsonValue } from "../types.ts";
import type { ToolParams } from "./coerce.ts";

const WRAPPERS = ["arguments", "input"];

/** Unwraps the arguments of a call (or of each call in a list) in place, as described above. */
export function unwrapArguments(value: JsonValue, params: ToolParams): JsonValue {
  if (Array.isArray(value)) return value.map((item) => unwrapArguments(item, params));
  const fn = isDict(value) && isDict(value.function) ? value.function : null;
  if (fn === null || typeof fn.name !== "string" || !isDict(fn.arguments)) return value;
  const keys = dictKeys(fn.arguments);
  const properties = params.get(fn.name);
  if (keys.length !== 1 || !WRAPPERS.includes(keys[0]!) || !properties || has(properties, keys[0]!)) return value;
  const inner = objectOf(fn.arguments[keys[0]!]!);
  if (inner !== null && dictKeys(inner).length > 0 && dictKeys(inner).every((k) => has(properties, k))) setKey(fn, "arguments", inner);
  return value;
}

function objectOf(v: JsonValue): JsonObject | null {
  if (isDict(v)) return v;
  if (typeof v !== "string") return null;
  try {
    const decoded = pyJsonLoads(v);
    return isDict(decoded) ? decoded : null;
  } catch (e) {
    if (e instanceof ContentError) return null;
    throw e;
  }
}

function has(o: JsonObject, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}
