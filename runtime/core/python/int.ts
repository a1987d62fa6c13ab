// Python `int(str)` (base 10): surrounding whitespace, one sign, digits with single underscores between
// them, Unicode decimal digits, leading zeros allowed, and CPython's 4300-digit conversion limit.

import { ContentError, excerpt } from "../errors.ts";
import { asciiNumericText, stripAsciiSpace } from "./numeric-text.ts";
import { pyInt } from "./values.ts";

/** CPython's default `sys.get_int_max_str_digits()`. */
export const INT_MAX_STR_DIGITS = 4300;

/** CPython's error for an int literal over the conversion limit (int() and json.loads alike). */
export function tooManyDigits(digits: number): ContentError {
  return new ContentError(
    `Exceeds the limit (${INT_MAX_STR_DIGITS} digits) for integer string conversion: value has ${digits} digits; use sys.set_int_max_str_digits() to increase the limit`,
    "ValueError",
  );
}

function invalid(s: string): ContentError {
  return new ContentError(`invalid literal for int() with base 10: ${excerpt(s, pyRepr)}`, "ValueError");
}

/** Python `int(s)`: a number for a safe integer (|n| < 2^53), a bigint beyond. */
export function pyIntParse(s: string): number | bigint {
  const ascii = asciiNumericText(s);
  if (ascii === null) throw invalid(s);
  const t = stripAsciiSpace(ascii);
  const m = /^([-+]?)([0-9](?:_?[0-9])*)$/.exec(t);
  if (!m) throw invalid(s);
  const digits = m[2]!.replace(/_/g, "");
  if (digits.length > INT_MAX_STR_DIGITS) throw tooManyDigits(digits.length);
  if (digits.length <= 15) {
    const n = Number(digits);
    return m[1] === "-" && n !== 0 ? -n : n;
  }
  const big = BigInt(digits);
  return pyInt(m[1] === "-" ? -big : big);
}

/**
 * Python `repr(str)`: single quotes unless the text has a `'` and no `"`; backslash, \t \n \r and the
 * quote escaped; other characters Python does not print (controls, separators, format characters,
 * unassigned and lone surrogates; JavaScript's Unicode tables stand in for CPython's) as \xNN, \uNNNN
 * or \UNNNNNNNN.
 */
export function pyRepr(s: string): string {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'";
  return q + s.replace(/[\\'\p{C}\p{Z}]/gu, (c) => (c === " " || (c === "'" && q === '"') ? c : "\\" + (SHORT[c] ?? hex(c.codePointAt(0)!)))) + q;
}

const SHORT: Record<string, string> = { "\\": "\\", "'": "'", "\t": "t", "\n": "n", "\r": "r" };

function hex(cp: number): string {
  const h = cp.toString(16);
  return h.length < 3 ? "x" + h.padStart(2, "0") : h.length < 5 ? "u" + h.padStart(4, "0") : "U" + h.padStart(8, "0");
}
