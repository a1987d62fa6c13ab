// Python `json.loads` as the reference runs it (the C scanner, `strict=True`), producing rtc values:
// - NaN, Infinity and -Infinity are accepted; integers are exact (bigint beyond 2^53) and subject to
//   CPython's 4300-digit conversion limit; floats are correctly rounded and boxed when integral.
// - Objects keep the key order as written, integer-like keys included; a duplicate key keeps its
//   first position and takes the last value.
// - Strings may hold lone surrogate escapes; raw control characters (< U+0020) are rejected; a `\uXXXX`
//   escape that ends the document is invalid (not an unterminated string), as the C scanner has it.
// - Only space, tab, LF and CR are whitespace; a leading BOM is an error.
// - transformers guards against deep nesting: the 512th nested container raises RecursionError
//   (511 levels parse).
// Syntax errors are ContentError with pyClass "ValueError" (Python's JSONDecodeError).

import { ContentError } from "../errors.ts";
import type { JsonObject, JsonValue } from "../types.ts";
import { INT_MAX_STR_DIGITS, tooManyDigits } from "./int.ts";
import { isArrayIndex, pyFloat, pyInt, PyFloat, sameOrder, setKey, setKeyOrder } from "./values.ts";

/** Nesting depth at which transformers' guarded `json.loads` raises RecursionError. */
export const JSON_MAX_DEPTH = 512;

/** Python's `json.JSONDecodeError` (a ValueError). The 4300-digit int limit is a plain ValueError. */
export class JsonDecodeError extends ContentError {
  constructor(
    message: string,
    /** Where the decoder stopped reading (the end of the text for an unterminated string): text before it
     * may be a valid prefix, so a reader resuming after the error starts here (json-calls' partial read). */
    readonly stop: number = 0,
  ) {
    super(message, "ValueError");
    this.name = "JsonDecodeError";
  }
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;

class Decoder {
  private i = 0;
  constructor(private readonly s: string) {}

  /** Python's "line L column C (char N)" suffix. */
  private where(pos: number): string {
    const before = this.s.slice(0, pos);
    const line = before.split("\n").length;
    const col = pos - (before.lastIndexOf("\n") + 1) + 1;
    return `line ${line} column ${col} (char ${pos})`;
  }

  fail(msg: string, pos: number = this.i): never {
    // An unterminated string read to the end of the text, whatever position the message names.
    const stop = msg.startsWith("Unterminated") ? this.s.length : Math.max(pos, this.i);
    throw new JsonDecodeError(`${msg}: ${this.where(pos)}`, stop);
  }

  private ws(): void {
    const s = this.s;
    let i = this.i;
    for (;;) {
      const c = s.charCodeAt(i);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
      else break;
    }
    this.i = i;
  }

  document(): JsonValue {
    if (this.s.charCodeAt(0) === 0xfeff) this.fail("Unexpected UTF-8 BOM (decode using utf-8-sig)", 0);
    this.ws();
    const v = this.value(0);
    this.ws();
    if (this.i !== this.s.length) this.fail("Extra data");
    return v;
  }

  /** Python's `JSONDecoder().raw_decode(s, at)`: one value starting exactly at `at`, and where it ends. */
  rawDecode(at: number): { value: JsonValue; end: number } {
    this.i = at;
    const value = this.value(0);
    return { value, end: this.i };
  }

  private value(depth: number): JsonValue {
    const s = this.s;
    const i = this.i;
    const c = s[i];
    switch (c) {
      case '"':
        this.i = i + 1;
        return this.string(i);
      case "{":
        return this.object(depth + 1);
      case "[":
        return this.array(depth + 1);
      case "n":
        if (s.startsWith("null", i)) return (this.i = i + 4), null;
        break;
      case "t":
        if (s.startsWith("true", i)) return (this.i = i + 4), true;
        break;
      case "f":
        if (s.startsWith("false", i)) return (this.i = i + 5), false;
        break;
      case "N":
        if (s.startsWith("NaN", i)) return (this.i = i + 3), new PyFloat(NaN);
        break;
      case "I":
        if (s.startsWith("Infinity", i)) return (this.i = i + 8), new PyFloat(Infinity);
        break;
      case "-":
        if (s.startsWith("-Infinity", i)) return (this.i = i + 9), new PyFloat(-Infinity);
        break;
    }
    // A plain integer (no fraction or exponent follows), scanned by hand; anything else by the regex.
    let j = c === "-" ? i + 1 : i;
    const d0 = s.charCodeAt(j);
    if (d0 >= 0x30 && d0 <= 0x39) {
      j++;
      if (d0 !== 0x30) {
        for (let d = s.charCodeAt(j); d >= 0x30 && d <= 0x39; d = s.charCodeAt(++j));
      }
      const next = s.charCodeAt(j);
      const digits = c === "-" ? j - i - 1 : j - i;
      if (next !== 0x2e && next !== 0x65 && next !== 0x45 && digits <= 15) {
        this.i = j;
        return Number(s.slice(i, j)) || 0;
      }
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(s);
    if (!m) return this.fail("Expecting value");
    this.i = i + m[0].length;
    if (m[1] === undefined && m[2] === undefined) {
      const text = m[0];
      const digits = text[0] === "-" ? text.length - 1 : text.length;
      if (digits > INT_MAX_STR_DIGITS) throw tooManyDigits(digits);
      return digits <= 15 ? Number(text) || 0 : pyInt(BigInt(text));
    }
    return pyFloat(Number(m[0]));
  }

  private enter(depth: number): void {
    if (depth >= JSON_MAX_DEPTH) {
      throw new ContentError(`JSON nesting exceeds ${JSON_MAX_DEPTH - 1} levels`, "RecursionError");
    }
  }

  private object(depth: number): JsonValue {
    this.enter(depth);
    const s = this.s;
    this.i++; // {
    // Built in place, as makeDict would build it from the entries: a duplicate key keeps its first
    // position and takes the last value; the Python order is recorded only when an array-index key makes
    // JavaScript's enumeration order differ (before the first such key, the two orders agree).
    const obj: JsonObject = {};
    let order: string[] | null = null;
    this.ws();
    if (s[this.i] === "}") {
      this.i++;
      return obj;
    }
    for (;;) {
      // Also after a trailing comma: Python 3.12's message (the reference's); 3.13 names the comma.
      if (s[this.i] !== '"') this.fail("Expecting property name enclosed in double quotes");
      const start = this.i;
      this.i++;
      const key = this.string(start);
      this.ws();
      if (s[this.i] !== ":") this.fail("Expecting ':' delimiter");
      this.i++;
      this.ws();
      const v = this.value(depth);
      if (!Object.prototype.hasOwnProperty.call(obj, key)) {
        if (order !== null) order.push(key);
        else if (isArrayIndex(key)) (order = Object.keys(obj)).push(key);
      }
      setKey(obj, key, v);
      this.ws();
      const c = s[this.i];
      if (c === "}") {
        this.i++;
        if (order !== null && !sameOrder(order, Object.keys(obj))) setKeyOrder(obj, order);
        return obj;
      }
      if (c !== ",") this.fail("Expecting ',' delimiter");
      this.i++;
      this.ws();
    }
  }

  private array(depth: number): JsonValue {
    this.enter(depth);
    const s = this.s;
    this.i++; // [
    const items: JsonValue[] = [];
    this.ws();
    if (s[this.i] === "]") {
      this.i++;
      return items;
    }
    for (;;) {
      items.push(this.value(depth));
      this.ws();
      const c = s[this.i];
      if (c === "]") {
        this.i++;
        return items;
      }
      if (c !== ",") this.fail("Expecting ',' delimiter");
      this.i++;
      this.ws();
    }
  }

  /** Reads a string body; `this.i` is just after the opening quote at `start`. */
  private string(start: number): string {
    const s = this.s;
    let i = this.i;
    let out = "";
    let run = i;
    for (;;) {
      if (i >= s.length) this.fail("Unterminated string starting at", start);
      const c = s.charCodeAt(i);
      if (c === 0x22) {
        out += s.slice(run, i);
        this.i = i + 1;
        return out;
      }
      if (c < 0x20) this.fail("Invalid control character at", i);
      if (c !== 0x5c) {
        i++;
        continue;
      }
      out += s.slice(run, i);
      const e = s[i + 1];
      if (e === undefined) this.fail("Unterminated string starting at", start);
      switch (e) {
        case '"':
        case "\\":
        case "/":
          out += e;
          i += 2;
          break;
        case "b":
          out += "\b";
          i += 2;
          break;
        case "f":
          out += "\f";
          i += 2;
          break;
        case "n":
          out += "\n";
          i += 2;
          break;
        case "r":
          out += "\r";
          i += 2;
          break;
        case "t":
          out += "\t";
          i += 2;
          break;
        case "u":
          // A surrogate pair needs no joining: its two escapes decode to the same two UTF-16 units.
          out += String.fromCharCode(this.hex4(i + 2, i));
          i += 6;
          break;
        default:
          this.fail("Invalid \\escape", i);
      }
      run = i;
    }
  }

  /** The four hex digits of a `\u` escape; like CPython's C scanner, they may not end the document. */
  private hex4(at: number, escapeStart: number): number {
    const h = this.s.slice(at, at + 4);
    if (at + 4 >= this.s.length || !/^[0-9a-fA-F]{4}$/.test(h)) this.fail("Invalid \\uXXXX escape", escapeStart + 1);
    return parseInt(h, 16);
  }
}

/** Python's `json.JSONDecoder().raw_decode(s, at)`: the JSON value starting at `at` and its end offset. */
export function pyJsonRawDecode(s: string, at: number): { value: JsonValue; end: number } {
  return new Decoder(s).rawDecode(at);
}

/** Python `json.loads(s)` with transformers' nesting guard. */
export function pyJsonLoads(s: string): JsonValue {
  return new Decoder(s).document();
}

/** Text that may read differently to JSON.parse (see fastJsonLoads); false positives only cost a scan. */
const RISKY = /"[0-9\\]|[0-9][.eE]|-0|[0-9]{16}/;

/** Whether a character is JSON whitespace (the same four for JSON.parse and Python). */
function jsonSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/**
 * `pyJsonLoads(s)` through the native `JSON.parse`, when a pre-scan proves the two give the same value;
 * `undefined` when it cannot (the caller then runs the exact parser, which also explains any error).
 * JSON.parse accepts a subset of what Python's `json.loads` accepts (no NaN/Infinity), decodes strings
 * identically (lone surrogate escapes included), uses the same whitespace and rejects a BOM, and keeps a
 * duplicate key at its first position with the last value, as a Python dict does. What it would read
 * differently, and what the pre-scan therefore sends to the exact parser:
 * - a key that JavaScript orders first (an array index such as "1"): any key whose first character is a
 *   digit, or a backslash (an escape could spell a digit);
 * - a float with an integral or non-finite value (1.0, 1e5, 1e400, -0.0), which rtc boxes as PyFloat;
 * - an integer of more than 15 digits (bigint beyond 2^53; Python's 4300-digit limit), and -0 (Python's 0);
 * - nesting of JSON_MAX_DEPTH containers (Python raises RecursionError; JSON.parse does not).
 * Strings are skipped whole with indexOf, so long string values cost about what JSON.parse costs.
 */
export function fastJsonLoads(s: string): JsonValue | undefined {
  const n = s.length;
  // First one native regex test, which suffices for short texts: an integer-like key starts `"<digit>` or
  // `"\` (an escape), a float has a digit then ".", "e" or "E", -0 and long integers are what they look
  // like, and fewer than 1024 characters cannot nest 512 deep. The pattern also hits inside strings,
  // where it proves nothing: the scan below then decides.
  if (n < 2 * JSON_MAX_DEPTH && !RISKY.test(s)) {
    try {
      return JSON.parse(s) as JsonValue;
    } catch {
      return undefined;
    }
  }
  let depth = 0;
  let i = 0;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (c === 0x22) {
      const first = s.charCodeAt(i + 1);
      let j = s.indexOf('"', i + 1);
      for (;;) {
        if (j < 0) return undefined;
        // A quote ends the string unless an odd number of backslashes precedes it.
        let k = j - 1;
        while (s.charCodeAt(k) === 0x5c) k--;
        if ((j - 1 - k) % 2 === 0) break;
        j = s.indexOf('"', j + 1);
      }
      i = j + 1;
      if ((first >= 0x30 && first <= 0x39) || first === 0x5c) {
        let k = i;
        while (jsonSpace(s.charCodeAt(k))) k++;
        if (s.charCodeAt(k) === 0x3a) return undefined; // a key that may be an array index
      }
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      if (++depth >= JSON_MAX_DEPTH) return undefined;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      let frac = false;
      for (i++; i < n; i++) {
        const d = s.charCodeAt(i);
        if (d >= 0x30 && d <= 0x39) continue;
        if (d === 0x2e || d === 0x65 || d === 0x45 || d === 0x2b || d === 0x2d) frac = true;
        else break;
      }
      if (frac) {
        const x = Number(s.slice(start, i));
        if (!Number.isFinite(x) || Number.isInteger(x)) return undefined;
      } else {
        const digits = c === 0x2d ? i - start - 1 : i - start;
        if (digits > 15 || (c === 0x2d && digits === 1 && s.charCodeAt(start + 1) === 0x30)) return undefined;
      }
      continue;
    }
    i++;
  }
  try {
    return JSON.parse(s) as JsonValue;
  } catch {
    return undefined;
  }
}

/** `pyJsonLoads`, natively when `fastJsonLoads` proves that exact. */
export function pyJsonLoadsFast(s: string): JsonValue {
  const v = fastJsonLoads(s);
  return v === undefined ? pyJsonLoads(s) : v;
}

/** Characters a document json.loads reads (NaN and Infinity too) can start with, after JSON whitespace. */
const JSON_STARTS = '{["-0123456789tfnNI';

/**
 * Whether json.loads could read `raw` at all: its first character after JSON whitespace can start a value.
 * For a plain word, where the parser would fail at once, this saves the error, which costs far more.
 */
export function mayBeJson(raw: string): boolean {
  let i = 0;
  for (let c = raw.charCodeAt(0); c === 32 || c === 9 || c === 10 || c === 13; c = raw.charCodeAt(++i));
  return i < raw.length && JSON_STARTS.includes(raw[i]!);
}
