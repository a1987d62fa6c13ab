// Values the reference can produce but JSON cannot carry: NaN and infinities, integers outside the 64-bit
// range, and strings (or keys) with lone surrogates. The conformance recordings mark these
// `Unrepresentable`; rtc stops with a clear error instead of handing such a value on.

import { RtcError, type PyErrorClass } from "../errors.ts";
import type { JsonValue } from "../types.ts";
import { PyFloat, dictKeys, isDict } from "./values.ts";

/**
 * A value the Python reference produces but JSON cannot carry (NaN, infinities, integers outside 64 bits, lone
 * surrogates); conformance recordings mark these `Unrepresentable`. Raised when the call that produced it returns.
 */
export class UnrepresentableError extends RtcError {
  readonly pyClass: PyErrorClass = "Unrepresentable";
  constructor(message: string) {
    super(message);
    this.name = "UnrepresentableError";
  }
}

const I64_MIN = -(2n ** 63n);
const U64_MAX = 2n ** 64n - 1n;

/** The first part of `v` that JSON cannot carry, described, or null when it is all representable. */
export function unrepresentable(v: JsonValue, path = "value"): string | null {
  if (typeof v === "string") return wellFormed(v) ? null : `${path} has a lone surrogate`;
  if (typeof v === "number") return Number.isFinite(v) ? null : `${path} is ${v}`;
  if (typeof v === "bigint") return v >= I64_MIN && v <= U64_MAX ? null : `${path} is ${v}, beyond 64 bits`;
  if (v instanceof PyFloat) return Number.isFinite(v.valueOf()) ? null : `${path} is ${v.valueOf()}`;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const bad = unrepresentable(v[i]!, `${path}[${i}]`);
      if (bad) return bad;
    }
    return null;
  }
  if (isDict(v)) {
    for (const k of dictKeys(v)) {
      if (!wellFormed(k)) return `${path} has a key with a lone surrogate`;
      const bad = unrepresentable(v[k]!, `${path}.${k}`);
      if (bad) return bad;
    }
  }
  return null;
}

function wellFormed(s: string): boolean {
  return (s as string & { isWellFormed(): boolean }).isWellFormed();
}
