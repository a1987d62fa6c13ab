// Python `float(str)`: surrounding whitespace, a sign, `inf` / `infinity` / `nan` in any letter case,
// decimal literals with optional fraction and exponent, single underscores between digits, Unicode
// decimal digits. No hexadecimal. The result follows rtc's value model (pyFloat).

import { ContentError, excerpt } from "../errors.ts";
import type { PyFloat } from "./values.ts";
import { pyFloat } from "./values.ts";
import { pyRepr } from "./int.ts";
import { asciiNumericText, stripAsciiSpace } from "./numeric-text.ts";

const DECIMAL = /^[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?$/;

/** Python `float(s)` as a plain JS number (NaN / ±Infinity included). */
export function pyFloatValue(s: string): number {
  const ascii = asciiNumericText(s);
  const fail = (): never => {
    throw new ContentError(`could not convert string to float: ${excerpt(s, pyRepr)}`, "ValueError");
  };
  if (ascii === null) return fail();
  const t = stripAsciiSpace(ascii);
  const special = /^([-+]?)(inf|infinity|nan)$/i.exec(t);
  if (special) {
    if (special[2]!.toLowerCase() === "nan") return NaN;
    return special[1] === "-" ? -Infinity : Infinity;
  }
  // Underscores are allowed only with a digit on each side.
  if (t.includes("_")) {
    if (!/^(?:[^_]|(?<=[0-9])_(?=[0-9]))*$/.test(t)) return fail();
  }
  const plain = t.replace(/_/g, "");
  if (!DECIMAL.test(plain)) return fail();
  return Number(plain);
}

/** Python `float(s)` as an rtc value (integral and non-finite results are boxed). */
export function pyFloatParse(s: string): number | PyFloat {
  return pyFloat(pyFloatValue(s));
}
