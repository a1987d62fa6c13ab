// The first step Python's `int(str)` and `float(str)` share (CPython's
// `_PyUnicode_TransformDecimalAndSpaceToASCII`): ASCII characters pass through unchanged, non-ASCII
// whitespace becomes a space, non-ASCII decimal digits (category Nd) become their ASCII digit, and any
// other non-ASCII character makes the whole string invalid. The callers then strip only ASCII
// whitespace, so U+001C–U+001F (which `str.strip()` removes) are *not* accepted around a number.

import { DIGIT } from "../regex/unicode-tables.ts";
import { pyIsSpaceCode } from "./strip.ts";

// Unicode 15.0 decimal digits (str.isdecimal), as inclusive ranges; every range starts at a zero and
// runs of more than ten (mathematical digits) are consecutive sets of ten.
const DECIMAL_RANGES: [number, number][] = [...DIGIT.matchAll(/\\u\{([0-9A-Fa-f]+)\}(?:-\\u\{([0-9A-Fa-f]+)\})?/g)].map((m) => {
  const lo = parseInt(m[1]!, 16);
  return [lo, m[2] ? parseInt(m[2], 16) : lo];
});

/** The digit value of a decimal code point, or -1. */
function decimalValue(cp: number): number {
  let lo = 0;
  let hi = DECIMAL_RANGES.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = DECIMAL_RANGES[mid]!;
    if (cp < a) hi = mid - 1;
    else if (cp > b) lo = mid + 1;
    else return (cp - a) % 10;
  }
  return -1;
}

/** ASCII-ised text, or null when a non-ASCII character is neither whitespace nor a decimal digit. */
export function asciiNumericText(s: string): string | null {
  let ascii = true;
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) >= 0x7f) {
      ascii = false;
      break;
    }
  }
  if (ascii) return s;
  let out = "";
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x7f) out += ch;
    else if (pyIsSpaceCode(cp)) out += " ";
    else {
      const d = decimalValue(cp);
      if (d < 0) return null;
      out += String(d);
    }
  }
  return out;
}

/** Strips Python's `Py_ISSPACE` set (ASCII space, \t \n \v \f \r) from both ends. */
export function stripAsciiSpace(s: string): string {
  return s.replace(/^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g, "");
}
