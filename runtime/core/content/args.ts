// Python semantics for content arguments. The reference reads `content_args` with `args.get(key, default)`
// at the moment a region closes and uses the values as Python would: truthiness for flags, iteration
// for lists, and the exception Python raises when a value has the wrong type. These helpers reproduce
// that so a bad argument fails with the reference's error class (AttributeError, TypeError, ValueError).

import { ContentError } from "../errors.ts";
import { PyFloat, dictKeys, isDict, pyTypeName } from "../python/values.ts";
import type { JsonObject, JsonValue } from "../types.ts";

/** Python truthiness of a value (`None`, `False`, `0`, `0.0`, `""`, `[]`, `{}` are false). */
export function pyTruthy(v: JsonValue | undefined): boolean {
  if (v === null || v === undefined || v === false) return false;
  if (v === true) return true;
  if (typeof v === "number") return v !== 0;
  if (typeof v === "bigint") return v !== 0n;
  if (v instanceof PyFloat) return v.valueOf() !== 0; // NaN is truthy
  if (typeof v === "string") return v.length > 0;
  if (Array.isArray(v)) return v.length > 0;
  return dictKeys(v).length > 0;
}

/** `args.get(key, dflt)` on a dict (callers check `requireDict` first). */
export function argGet(args: JsonObject, key: string, dflt: JsonValue | undefined = null): JsonValue {
  return Object.prototype.hasOwnProperty.call(args, key) ? args[key]! : (dflt ?? null);
}

/** Anything but a dict has no `.get`: Python raises AttributeError. */
export function requireDict(v: JsonValue | undefined, what: string): JsonObject {
  if (isDict(v)) return v;
  throw new ContentError(`${what}: '${pyTypeName(v)}' object has no attribute 'get'`, "AttributeError");
}

/** A string receiver for a `str` method; anything else has no such attribute. */
export function requireStrReceiver(v: JsonValue | undefined, method: string, what: string): string {
  if (typeof v === "string") return v;
  throw new ContentError(`${what}: '${pyTypeName(v)}' object has no attribute '${method}'`, "AttributeError");
}

/** Python iteration: lists yield items, strings code points, dicts keys; other types are not iterable. */
export function pyIterate(v: JsonValue, what: string): JsonValue[] {
  if (Array.isArray(v)) return v;
  if (typeof v === "string") return Array.from(v);
  if (isDict(v)) return dictKeys(v);
  throw new ContentError(`${what}: '${pyTypeName(v)}' object is not iterable`, "TypeError");
}

/** Python's `a, b = v` unpacking of a two-element iterable. */
export function unpackPair(v: JsonValue, what: string): [JsonValue, JsonValue] {
  const items = pyIterate(v, what);
  if (items.length !== 2) {
    const detail =
      items.length < 2 ? `not enough values to unpack (expected 2, got ${items.length})` : "too many values to unpack (expected 2)";
    throw new ContentError(`${what}: ${detail}`, "ValueError");
  }
  return [items[0]!, items[1]!];
}

/** Python `str.split(sep)` for a string separator (all pieces); an empty separator is a ValueError. */
export function pySplit(s: string, sep: string, what: string): string[] {
  if (sep === "") throw new ContentError(`${what}: empty separator`, "ValueError");
  return s.split(sep);
}

export { pyTypeName };
