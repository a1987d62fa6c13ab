// Python `int(str)` (base 10): surrounding whitespace, one sign, digits with single underscores between
// them, Unicode decimal digits, leading zeros allowed, and CPython's 4300-digit conversion limit.

import { ContentError, excerpt } from "../errors.ts";
import { asciiNumericText, stripAsciiSpace } from "./numeric-text.ts";
import { pyInt } from "./values.ts";

/** CPython's default `sys.get_int_max_str_digits()`. */
export const INT_MAX_STR_DIGITS = 4300;

function invalid(s: string): ContentError {
  return new ContentError(`invalid literal for int() with base 10: ${excerpt(s, pyRepr)}`, "ValueError");
}

/** Python `int(s)`: a number when exactly representable, a bigint beyond 2^53. */
export function pyIntParse(s: string): number | bigint {
  const ascii = asciiNumericText(s);
  if (ascii === null) throw invalid(s);
  const t = stripAsciiSpace(ascii);
  const m = /^([-+]?)([0-9](?:_?[0-9])*)$/.exec(t);
  if (!m) throw invalid(s);
  const digits = m[2]!.replace(/_/g, "");
  if (digits.length > INT_MAX_STR_DIGITS) {
    throw new ContentError(
      `Exceeds the limit (${INT_MAX_STR_DIGITS} digits) for integer string conversion: value has ${digits.length} digits`,
      "ValueError",
    );
  }
  if (digits.length <= 15) {
    const n = Number(digits);
    return m[1] === "-" && n !== 0 ? -n : n;
  }
  const big = BigInt(digits);
  return pyInt(m[1] === "-" ? -big : big);
}

/** A short Python-like repr for error messages. */
export function pyRepr(s: string): string {
  return "'" + s.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, "\\n") + "'";
}
