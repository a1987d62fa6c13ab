// Python value semantics that plain JavaScript values lose, kept with the least machinery:
// - A Python float whose value is integral or non-finite (3.0, -0.0, inf, nan) is boxed as PyFloat so
//   it stays distinct from the int 3; other floats are plain numbers (a non-integral number can only be
//   a float). Python ints are numbers up to 2^53 and bigint beyond.
// - A dict whose key order differs from JavaScript's own enumeration order (integer-like keys come first
//   in JS) records its real order under the non-enumerable KEY_ORDER symbol.

import type { JsonObject, JsonValue } from "../types.ts";

/**
 * A Python float whose value is integral or non-finite (`3.0`, `-0.0`, `inf`, `nan`), boxed so it stays
 * distinct from the int `3`. A `Number` subclass: arithmetic works; other floats are plain numbers.
 */
export class PyFloat extends Number {
  override valueOf(): number {
    return super.valueOf();
  }
  /** `JSON.stringify` writes the number (`3`, and `null` for non-finite); use `pyDumps` for Python's `3.0`. */
  toJSON(): number {
    return this.valueOf();
  }
}

/** A Python float as an rtc value: boxed only when a plain number would read as an int. */
export function pyFloat(x: number): number | PyFloat {
  return Number.isFinite(x) && !Number.isInteger(x) ? x : new PyFloat(x);
}

/** A Python int as an rtc value: a number when exactly representable, a bigint beyond. */
export function pyInt(x: bigint): number | bigint {
  return x >= -9007199254740991n && x <= 9007199254740991n ? Number(x) : x;
}

/**
 * Non-enumerable symbol under which a dict records its Python key order (a string array), set only when
 * that order differs from JavaScript's (which puts integer-like keys first). Read it through `dictKeys`.
 */
export const KEY_ORDER: unique symbol = Symbol.for("rtc.keyOrder");

type Ordered = JsonObject & { [KEY_ORDER]?: string[] };

/** Whether a dict records an order of its own (it differs from JavaScript's enumeration order). */
export function hasKeyOrder(obj: JsonObject): boolean {
  return (obj as Ordered)[KEY_ORDER] !== undefined;
}

/** Keys of a dict in Python insertion order. */
export function dictKeys(obj: JsonObject): string[] {
  return (obj as Ordered)[KEY_ORDER] ?? Object.keys(obj);
}

/** Builds a dict from entries in order (later duplicates overwrite in place, as Python does). */
export function makeDict(entries: Iterable<readonly [string, JsonValue]>): JsonObject {
  const obj: JsonObject = {};
  const order: string[] = [];
  let needsOrder = false;
  for (const [k, v] of entries) {
    if (!Object.prototype.hasOwnProperty.call(obj, k)) {
      order.push(k);
      if (!needsOrder && isArrayIndex(k)) needsOrder = true;
    }
    setKey(obj, k, v);
  }
  if (needsOrder && !sameOrder(order, Object.keys(obj))) setKeyOrder(obj, order);
  return obj;
}

/** Sets a key without tripping over `__proto__`. */
export function setKey(obj: JsonObject, key: string, value: JsonValue): void {
  if (key === "__proto__") {
    Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  } else obj[key] = value;
}

/** Appends or overwrites one key of an existing dict, keeping Python order. */
export function dictSet(obj: JsonObject, key: string, value: JsonValue): void {
  const had = Object.prototype.hasOwnProperty.call(obj, key);
  if (!had) {
    const order = (obj as Ordered)[KEY_ORDER];
    if (order) order.push(key);
    // A key that is not an array index goes last in JavaScript's order too, whatever keys are there.
    else if (isArrayIndex(key)) {
      const keys = [...Object.keys(obj), key];
      setKey(obj, key, value);
      if (!sameOrder(keys, Object.keys(obj))) setKeyOrder(obj, keys);
      return;
    }
  }
  setKey(obj, key, value);
}

/** Records `order` as the dict's Python key order (under KEY_ORDER); `order` must list exactly its keys. */
export function setKeyOrder(obj: JsonObject, order: string[]): void {
  Object.defineProperty(obj, KEY_ORDER, { value: order, enumerable: false, writable: true, configurable: true });
}

/** Whether JavaScript enumerates key `k` ahead of others: a canonical array index, `"0"` … `"4294967294"`. */
export function isArrayIndex(k: string): boolean {
  // JavaScript orders canonical array-index keys (0 … 2^32-2) ahead of all others.
  if (k.length === 0 || k.length > 10) return false;
  const c = k.charCodeAt(0);
  if (c < 0x30 || c > 0x39) return false;
  if (k === "0") return true;
  if (!/^[1-9][0-9]*$/.test(k)) return false;
  return Number(k) < 4294967295;
}

/** Whether two key lists are equal element by element. */
export function sameOrder(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((k, i) => k === b[i]);
}

/** Whether a value is a dict (a plain object that is not a boxed float). */
export function isDict(v: unknown): v is JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof PyFloat);
}

/** Python's `type(v).__name__`, for error messages. */
export function pyTypeName(v: unknown): string {
  if (v === null || v === undefined) return "NoneType";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "bigint") return "int";
  if (typeof v === "number") return Number.isInteger(v) ? "int" : "float";
  if (v instanceof PyFloat) return "float";
  if (typeof v === "string") return "str";
  if (Array.isArray(v)) return "list";
  return "dict";
}

/** Python truthiness of an "empty" message value: None, "", [], {}. */
export function isEmptyValue(v: JsonValue | undefined): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === "string") return v.length === 0;
  if (Array.isArray(v)) return v.length === 0;
  if (isDict(v)) return dictKeys(v).length === 0;
  return false;
}

/** Deep copy that keeps key order, boxed floats and bigints (defaults must never be shared). */
export function deepCopy<T extends JsonValue>(v: T): T {
  if (Array.isArray(v)) return v.map((x) => deepCopy(x)) as T;
  if (isDict(v)) {
    if (hasKeyOrder(v)) return makeDict(dictKeys(v).map((k) => [k, deepCopy(v[k]!)] as const)) as T;
    // JavaScript's order is the dict's order, and copying in it reproduces it.
    const copy: JsonObject = {};
    for (const k of Object.keys(v)) setKey(copy, k, deepCopy(v[k]!));
    return copy as T;
  }
  return v;
}
