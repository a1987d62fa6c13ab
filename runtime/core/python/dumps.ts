// Python's `json.dumps` over rtc values (see values.ts): ints (number or bigint) print exactly, floats
// print like Python's `repr(float)`, dict keys keep Python insertion order, and strings are escaped the
// way CPython's encoder does for both `ensure_ascii` settings. Non-finite floats print as NaN /
// Infinity / -Infinity (Python's default `allow_nan=True`).

import type { JsonValue } from "../types.ts";
import { PyFloat, dictKeys, isDict } from "./values.ts";

/** Options of `pyDumps`, named after Python `json.dumps`'s keyword arguments. */
export interface DumpsOptions {
  /** `(item_separator, key_separator)`; Python's default is `(", ", ": ")`. */
  separators?: [string, string];
  /** Escape every non-ASCII character as `\uXXXX` (Python's default: true). */
  ensureAscii?: boolean;
  /** Only `false` is supported: keys are written in insertion order. */
  sortKeys?: false;
  /** Pretty-print: a number of spaces or a string per level (Python then defaults separators to `(",", ": ")`). */
  indent?: number | string;
}

/** Python `json.dumps(value, ensure_ascii=…, separators=…)`. */
export function pyDumps(value: JsonValue, options: DumpsOptions = {}): string {
  const indent = typeof options.indent === "number" ? " ".repeat(options.indent) : options.indent;
  const [itemSep, keySep] = options.separators ?? (indent === undefined ? [", ", ": "] : [",", ": "]);
  let level = 0;
  const newline = (): void => {
    if (indent !== undefined) out.push("\n" + indent.repeat(level));
  };
  const ascii = options.ensureAscii ?? true;
  const out: string[] = [];
  const write = (v: JsonValue): void => {
    if (v === null) out.push("null");
    else if (v === true) out.push("true");
    else if (v === false) out.push("false");
    else if (typeof v === "string") out.push(quote(v, ascii));
    else if (typeof v === "bigint") out.push(v.toString());
    else if (typeof v === "number") out.push(Number.isInteger(v) ? intText(v) : pyFloatRepr(v));
    else if (v instanceof PyFloat) out.push(pyFloatRepr(v.valueOf()));
    else if (Array.isArray(v)) {
      if (v.length === 0) {
        out.push("[]");
        return;
      }
      out.push("[");
      level++;
      v.forEach((item, i) => {
        if (i > 0) out.push(itemSep);
        newline();
        write(item);
      });
      level--;
      newline();
      out.push("]");
    } else if (isDict(v)) {
      const keys = dictKeys(v);
      if (keys.length === 0) {
        out.push("{}");
        return;
      }
      out.push("{");
      level++;
      keys.forEach((k, i) => {
        if (i > 0) out.push(itemSep);
        newline();
        out.push(quote(k, ascii), keySep);
        write(v[k]!);
      });
      level--;
      newline();
      out.push("}");
    } else throw new TypeError(`Object of type ${typeof v} is not JSON serializable`);
  };
  write(value);
  return out.join("");
}

function intText(n: number): string {
  // An integral plain number is a Python int (String(-0) is "0"); beyond 2^53 values are bigint, but
  // print exactly anyway.
  return Number.isSafeInteger(n) ? String(n) : BigInt(n).toString();
}

/** Python `repr(float)`: shortest round-trip digits, fixed notation for 1e-4 <= |x| < 1e16. */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const sign = x < 0 ? "-" : "";
  // toExponential() without an argument yields the shortest digits that round-trip.
  const [mant, expText] = Math.abs(x).toExponential().split("e") as [string, string];
  const exp = Number(expText);
  const digits = mant.replace(".", "");
  if (exp >= -4 && exp < 16) {
    if (exp < 0) return `${sign}0.${"0".repeat(-exp - 1)}${digits}`;
    const intLen = exp + 1;
    if (digits.length <= intLen) return `${sign}${digits}${"0".repeat(intLen - digits.length)}.0`;
    return `${sign}${digits.slice(0, intLen)}.${digits.slice(intLen)}`;
  }
  const m = digits.length === 1 ? digits : `${digits[0]}.${digits.slice(1)}`;
  const e = Math.abs(exp);
  return `${sign}${m}e${exp < 0 ? "-" : "+"}${e < 10 ? "0" : ""}${e}`;
}

const SHORT_ESCAPES: Record<string, string> = {
  '"': '\\"',
  "\\": "\\\\",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\b": "\\b",
  "\f": "\\f",
};

function hex4(code: number): string {
  return "\\u" + code.toString(16).padStart(4, "0");
}

/**
 * ensure_ascii=True: everything outside printable ASCII (0x20–0x7e) becomes \uXXXX (UTF-16 units).
 * ensure_ascii=False: only `"`, `\` and C0 controls are escaped; everything else is written raw.
 */
function quote(s: string, ascii: boolean): string {
  let out = '"';
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && (c <= 0x7e || !ascii) && c !== 0x22 && c !== 0x5c) continue;
    out += s.slice(run, i);
    out += SHORT_ESCAPES[s[i]!] ?? hex4(c);
    run = i + 1;
  }
  return out + s.slice(run) + '"';
}
