// Values as TypeScript source: JSON values with Python's distinctions (bigint ints, boxed PyFloat floats,
// key order) and the translator's plain pattern specs. Deterministic: the same value always prints the same.

import { KEY_ORDER, PyFloat, dictKeys, isDict } from "response-template/runtime";

/** Runtime helpers a printed value needs; the module imports exactly these. */
export interface ValueNeeds {
  pyFloat: boolean;
  makeDict: boolean;
}

export function newNeeds(): ValueNeeds {
  return { pyFloat: false, makeDict: false };
}

/** A string literal (JSON escapes; lone surrogates come out as \\uXXXX). */
export function str(s: string): string {
  return JSON.stringify(s);
}

function num(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  if (Object.is(x, -0)) return "-0";
  return String(x);
}

/** Array-index keys (JavaScript enumerates them first) and __proto__ cannot be written as an object literal. */
function plainKey(k: string): boolean {
  return k !== "__proto__" && !/^(0|[1-9][0-9]*)$/.test(k);
}

/** A rtc JSON value (runtime/core/types.ts JsonValue) as an expression that rebuilds it exactly. */
export function jsonValue(v: unknown, needs: ValueNeeds): string {
  if (v === null) return "null";
  if (v === true || v === false) return String(v);
  if (typeof v === "number") return num(v);
  if (typeof v === "bigint") return `${v}n`;
  if (typeof v === "string") return str(v);
  if (v instanceof PyFloat) {
    needs.pyFloat = true;
    return `new PyFloat(${num(v.valueOf())})`;
  }
  if (Array.isArray(v)) return `[${v.map((x) => jsonValue(x, needs)).join(", ")}]`;
  if (isDict(v)) {
    const keys = dictKeys(v);
    if (keys.every(plainKey) && !(KEY_ORDER in v)) {
      return `{${keys.map((k) => `${str(k)}: ${jsonValue(v[k], needs)}`).join(", ")}}`;
    }
    needs.makeDict = true;
    return `makeDict([${keys.map((k) => `[${str(k)}, ${jsonValue(v[k], needs)}]`).join(", ")}])`;
  }
  throw new Error(`cannot print a ${typeof v} as a template value`);
}

/** A plain serialisable object (a pattern spec): JSON plus undefined, non-finite numbers and bigints. */
export function plainValue(v: unknown): string {
  if (v === undefined) return "undefined";
  if (v === null || typeof v === "boolean") return String(v);
  if (typeof v === "number") return num(v);
  if (typeof v === "bigint") return `${v}n`;
  if (typeof v === "string") return str(v);
  if (Array.isArray(v)) return `[${v.map(plainValue).join(", ")}]`;
  if (typeof v === "object") {
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) throw new Error(`pattern spec holds a ${proto?.constructor?.name}`);
    const keys = Object.keys(v);
    const prop = (k: string) => (k === "__proto__" ? `[${str(k)}]` : str(k));
    return `{${keys.map((k) => `${prop(k)}: ${plainValue((v as Record<string, unknown>)[k])}`).join(", ")}}`;
  }
  throw new Error(`cannot print a ${typeof v} in a pattern spec`);
}
