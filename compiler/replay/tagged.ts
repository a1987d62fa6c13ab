// Conformance fixture helpers (see test/fixtures/conformance/FORMAT.md in the repository, "Shared conventions"):
// a lossless JSON reader (ints beyond 2^53 stay bigint, key order kept), tag/untag between fixture JSON
// and rtc values, canonical strings, Python's float.hex, and the 16-letter digests.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { RtcError, type PyErrorClass } from "response-template/runtime";
import { pyDumps } from "response-template/runtime";
import { PyFloat, dictKeys, isDict, makeDict, pyFloat, pyInt } from "response-template/runtime";
import type { JsonObject, JsonValue } from "response-template/runtime";

// ---------------------------------------------------------------------------------------------------
// Lossless JSON reader (strict RFC 8259; numbers with a fraction or exponent become plain numbers).

export function parseLossless(text: string): JsonValue {
  let i = 0;
  const fail = (what: string): never => {
    throw new SyntaxError(`parseLossless: ${what} at offset ${i}: ${JSON.stringify(text.slice(i, i + 30))}`);
  };
  const ws = (): void => {
    while (i < text.length) {
      const c = text[i];
      if (c === " " || c === "\t" || c === "\n" || c === "\r") i++;
      else break;
    }
  };
  const value = (): JsonValue => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const entries: [string, JsonValue][] = [];
      ws();
      if (text[i] === "}") {
        i++;
        return makeDict(entries);
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail("expected key");
        const k = str();
        ws();
        if (text[i] !== ":") fail("expected ':'");
        i++;
        entries.push([k, value()]);
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "}") {
          i++;
          return makeDict(entries);
        }
        fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      i++;
      const items: JsonValue[] = [];
      ws();
      if (text[i] === "]") {
        i++;
        return items;
      }
      for (;;) {
        items.push(value());
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "]") {
          i++;
          return items;
        }
        fail("expected ',' or ']'");
      }
    }
    if (c === '"') return str();
    if (text.startsWith("true", i)) return (i += 4), true;
    if (text.startsWith("false", i)) return (i += 5), false;
    if (text.startsWith("null", i)) return (i += 4), null;
    const m = /^-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/.exec(text.slice(i, i + 400));
    if (!m) return fail("unexpected character");
    i += m[0].length;
    if (m[1] === undefined && m[2] === undefined) return pyInt(BigInt(m[0]));
    return Number(m[0]);
  };
  const str = (): string => {
    i++; // opening quote
    let out = "";
    let run = i;
    for (;;) {
      if (i >= text.length) fail("unterminated string");
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        out += text.slice(run, i);
        i++;
        return out;
      }
      if (c === 0x5c) {
        out += text.slice(run, i);
        const e = text[i + 1];
        const simple: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };
        if (e !== undefined && e in simple) {
          out += simple[e];
          i += 2;
        } else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else fail("bad escape");
        run = i;
        continue;
      }
      if (c < 0x20) fail("control character in string");
      i++;
    }
  };
  const v = value();
  ws();
  if (i !== text.length) fail("trailing data");
  return v;
}

/** Rows of a JSONL file, parsed losslessly (still tagged: call `untag` on the values you need). */
export function readJsonl(path: string): JsonObject[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.length > 0)
    .map((line) => parseLossless(line) as JsonObject);
}

/** Rows of a sharded file set `dir/name-0.jsonl`, `name-1.jsonl`, … in shard order. */
export function readShards(dir: string, name: string): JsonObject[] {
  const rows: JsonObject[] = [];
  for (let shard = 0; ; shard++) {
    let chunk: JsonObject[];
    try {
      chunk = readJsonl(`${dir}/${name}-${shard}.jsonl`);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return rows;
      throw e;
    }
    rows.push(...chunk);
  }
}

// ---------------------------------------------------------------------------------------------------
// float.hex and its inverse

/** Python `float.hex(x)`: `0x1.8000000000000p+0`, `-0x0.0p+0`, `0x0.0000000000001p-1022`, `inf`, `nan`. */
export function floatHex(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const sign = hi >>> 31 ? "-" : "";
  const biased = (hi >>> 20) & 0x7ff;
  const mantissa = ((hi & 0xfffff).toString(16).padStart(5, "0") + lo.toString(16).padStart(8, "0"));
  if (biased === 0) {
    if (/^0+$/.test(mantissa)) return `${sign}0x0.0p+0`;
    return `${sign}0x0.${mantissa}p-1022`;
  }
  const exp = biased - 1023;
  return `${sign}0x1.${mantissa}p${exp < 0 ? "-" : "+"}${Math.abs(exp)}`;
}

/** Python `float.fromhex` for the strings `floatHex` produces (and `inf`/`nan` spellings). */
export function floatFromHex(s: string): number {
  const t = s.trim().toLowerCase();
  const special = /^([-+]?)(inf|infinity|nan)$/.exec(t);
  if (special) {
    const v = special[2] === "nan" ? NaN : Infinity;
    return special[1] === "-" ? -v : v;
  }
  const m = /^([-+]?)(?:0x)?([0-9a-f]*)(?:\.([0-9a-f]*))?(?:p([-+]?[0-9]+))?$/.exec(t);
  if (!m || (m[2] === "" && (m[3] ?? "") === "")) throw new SyntaxError(`floatFromHex: bad literal ${s}`);
  const digits = (m[2] ?? "") + (m[3] ?? "");
  let exp = Number(m[4] ?? "0") - 4 * (m[3] ?? "").length;
  // Exact for the ≤ 53-bit mantissas float.hex writes: BigInt mantissa, then scale by powers of two.
  let mant = digits === "" ? 0n : BigInt("0x" + digits);
  let v: number;
  if (mant === 0n) v = 0;
  else {
    while (mant > (1n << 53n)) {
      if (mant & 1n) throw new SyntaxError(`floatFromHex: inexact literal ${s}`);
      mant >>= 1n;
      exp += 1;
    }
    v = Number(mant);
    // Scale in steps so subnormal results are not flushed by an intermediate underflow.
    while (exp > 0) {
      const step = Math.min(exp, 1000);
      v *= 2 ** step;
      exp -= step;
    }
    while (exp < 0) {
      const step = Math.max(exp, -1000);
      v *= 2 ** step;
      exp -= step;
    }
  }
  return m[1] === "-" ? -v : v;
}

// ---------------------------------------------------------------------------------------------------
// tag / untag

/** Fixture JSON (already read losslessly) → rtc value. */
export function untag(v: JsonValue): JsonValue {
  if (Array.isArray(v)) return v.map(untag);
  if (isDict(v)) {
    const keys = dictKeys(v);
    if (keys.length === 1 && keys[0] === "$float" && typeof v.$float === "string") return pyFloat(floatFromHex(v.$float));
    if (keys.length === 1 && keys[0] === "$dict" && Array.isArray(v.$dict)) {
      return makeDict(
        v.$dict.map((pair) => {
          const [k, val] = pair as [string, JsonValue];
          return [k, untag(val)] as const;
        }),
      );
    }
    return makeDict(keys.map((k) => [k, untag(v[k]!)] as const));
  }
  return v;
}

/** Raised by `tag` for values the recorder could not write as JSON (Python's `Unrepresentable`). */
export class Unrepresentable extends RtcError {
  readonly pyClass: PyErrorClass = "Unrepresentable";
  constructor(message: string) {
    super(message);
    this.name = "Unrepresentable";
  }
}

const U64_MAX = (1n << 64n) - 1n;
const I64_MIN = -(1n << 63n);

function checkString(s: string): string {
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s)) {
    throw new Unrepresentable(`string with a lone surrogate: ${JSON.stringify(s)}`);
  }
  return s;
}

function checkInt(n: bigint): void {
  if (n > U64_MAX || n < I64_MIN) throw new Unrepresentable(`int out of the recordable range: ${n}`);
}

function tagFloat(x: number): JsonValue {
  if (!Number.isFinite(x)) throw new Unrepresentable(`non-finite float: ${x}`);
  return makeDict([["$float", floatHex(x)]]);
}

/** rtc value → fixture JSON value (throws `Unrepresentable` where the recorder did). */
export function tag(v: JsonValue): JsonValue {
  if (v === null || typeof v === "boolean") return v;
  if (typeof v === "string") return checkString(v);
  if (typeof v === "bigint") {
    checkInt(v);
    return v;
  }
  if (typeof v === "number") {
    if (!Number.isInteger(v)) return tagFloat(v);
    if (!Number.isSafeInteger(v)) checkInt(BigInt(v));
    return v;
  }
  if (v instanceof PyFloat) return tagFloat(v.valueOf());
  if (Array.isArray(v)) return v.map(tag);
  const keys = dictKeys(v);
  keys.forEach(checkString);
  if (keys.some((k) => k.startsWith("$"))) return makeDict([["$dict", keys.map((k) => [k, tag(v[k]!)])]]);
  return makeDict(keys.map((k) => [k, tag(v[k]!)] as const));
}

/** The canonical string of an already tagged value (compact, ensure_ascii=False). */
export function canonicalTagged(tagged: JsonValue): string {
  return pyDumps(tagged, { separators: [",", ":"], ensureAscii: false });
}

/** canonical(v) of FORMAT.md: the canonical string of `tag(v)`. */
export function canonical(v: JsonValue): string {
  return canonicalTagged(tag(v));
}

// ---------------------------------------------------------------------------------------------------
// digests

const DIGEST_LETTERS = "ghjkmnpqrstvwxyz";

/** digest_text(s): SHA-256 of UTF-8, first 8 bytes, each as two letters. */
export function digestText(s: string): string {
  const bytes = createHash("sha256").update(s, "utf8").digest().subarray(0, 8);
  let out = "";
  for (const b of bytes) out += DIGEST_LETTERS[b >> 4]! + DIGEST_LETTERS[b & 15]!;
  return out;
}

/** digest_traces(ts): digest of the canonical strings of the traces, one per line (rtc values). */
export function digestTraces(traces: readonly JsonValue[]): string {
  return digestText(traces.map((t) => canonical(t) + "\n").join(""));
}
