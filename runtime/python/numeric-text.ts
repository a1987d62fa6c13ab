// The first step Python's `int(str)` and `float(str)` share (CPython's
// `_PyUnicode_TransformDecimalAndSpaceToASCII`): ASCII characters pass through unchanged, non-ASCII
// whitespace becomes a space, non-ASCII decimal digits (category Nd) become their ASCII digit, and any
// other non-ASCII character makes the whole string invalid. The callers then strip only ASCII
// whitespace, so U+001C–U+001F (which `str.strip()` removes) are *not* accepted around a number.

import { pyIsSpaceCode } from "./strip.ts";

const ND = /\p{Nd}/u;

/** The decimal value of a non-ASCII Nd code point: Nd characters come in runs of ten starting at zero. */
function decimalValue(cp: number): number {
  let start = cp;
  while (start > 0 && cp - start < 9 && ND.test(String.fromCodePoint(start - 1))) start--;
  // Runs longer than ten (mathematical digits) are consecutive sets of ten; align on the run start.
  let runStart = start;
  while (runStart > 0 && ND.test(String.fromCodePoint(runStart - 1))) runStart--;
  return (cp - runStart) % 10;
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
    else if (ND.test(ch)) out += String(decimalValue(cp));
    else return null;
  }
  return out;
}

/** Strips Python's `Py_ISSPACE` set (ASCII space, \t \n \v \f \r) from both ends. */
export function stripAsciiSpace(s: string): string {
  return s.replace(/^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g, "");
}
