// Round trips through the rtc extension parsers (runtime/core/content/ext/): random tool calls — names, and
// arguments of every JSON value type (null, booleans, ints beyond 2^53, floats incl. -0.0 and exponents,
// strings with quotes, backslashes, tabs, newlines, control characters, non-ASCII and astral characters,
// nested lists and dicts) — are written in each extension's syntax, with the spellings a model may choose
// (quotes, escapes or raw characters, whitespace, separators), and must parse back to exactly those calls:
// same types (int vs float), same key order, same strings. Compared as Python's json.dumps of the values.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONTENT_PARSERS } from "../../../runtime/core/content/index.ts";
import { parseKeyedCalls } from "../../../runtime/core/content/ext/keyed-calls.ts";
import { parsePythonCalls } from "../../../runtime/core/content/ext/python-calls.ts";
import { parseXmlNested } from "../../../runtime/core/content/ext/xml-nested.ts";
import { parseXmlTyped } from "../../../runtime/core/content/ext/xml-typed.ts";
import { pyDumps, pyFloatRepr } from "../../../runtime/core/python/dumps.ts";
import { makeDict, pyFloat, pyInt } from "../../../runtime/core/python/values.ts";
import type { JsonValue } from "../../../runtime/core/types.ts";
import { compilePattern } from "../../../runtime/translate/index.ts";
import { checkProperty } from "../../support/property.ts";

const ctx = { pattern: compilePattern, parsers: CONTENT_PARSERS };

/** An argument value as generated: ints and floats kept apart, dicts as ordered entries with unique keys. */
type Value = null | boolean | string | { int: bigint } | { float: number } | Value[] | { dict: [string, Value][] };

const hard = fc.constantFrom("\t", "\n", "\r", "\b", "\f", '"', "'", "\\", "\\n", "é", "Ünï", "😀", "𝄞", "\u2028", "\u0000", "\u0007", "\u000b", "\u007f", "\u00a0", "\u0100\u0140\u0180\u01c0\u01ff", '"""', "'''", "</p>", "<a>", "{", "}", "[", "]", "(", ")", ",", "=", ":", " ");
const text = fc.array(fc.oneof({ weight: 2, arbitrary: fc.string({ maxLength: 4 }) }, { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 3 }) }, { weight: 3, arbitrary: hard }), { maxLength: 5 }).map((p) => p.join(""));
const int = fc.oneof(fc.integer({ min: -1000, max: 1000 }).map(BigInt), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n })).map((int) => ({ int }));
const float = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0.5, -0.0, 2.0, 1e16, 1e-7, 123.456, -1e300)).map((float) => ({ float }));
const key = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom("a", "é", "__proto__", "0", "10", 'q"x', "tab\there", "item"));
const entries = <T>(value: fc.Arbitrary<T>, k: fc.Arbitrary<string> = key) => fc.uniqueArray(fc.tuple(k, value), { maxLength: 4, selector: ([name]) => name });

const value: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    text,
    int,
    float,
    fc.array(tie("v"), { maxLength: 3 }),
    entries(tie("v")).map((dict) => ({ dict })),
  ),
})).v;

/** The value as the runtime models Python values. */
function model(v: Value): JsonValue {
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (Array.isArray(v)) return v.map(model);
  if ("int" in v) return pyInt(v.int);
  if ("float" in v) return pyFloat(v.float);
  return makeDict(v.dict.map(([k, x]) => [k, model(x)]));
}

const calls = (names: fc.Arbitrary<string>, argName: fc.Arbitrary<string> = key) =>
  fc.array(fc.record({ name: names, args: entries(value, argName) }), { maxLength: 4 });
type Call = { name: string; args: [string, Value][] };
const expected = (cs: Call[]) => cs.map((c) => makeDict([["name", c.name], ["arguments", model({ dict: c.args })]]));
const same = (got: JsonValue, want: JsonValue) => expect(pyDumps(got)).toBe(pyDumps(want));

/** Spelling choices, drawn from a list of random numbers. */
const choices = fc.array(fc.nat(), { minLength: 1, maxLength: 64 });
function picker(seeds: number[]): (n: number) => number {
  let i = 0;
  return (n) => seeds[i++ % seeds.length]! % n;
}

const hex = (c: number, width: number) => c.toString(16).padStart(width, "0");

// ---------------------------------------------------------------------------------------------------------
// python-calls: [get_weather(city="Paris", days=3), …] or one call per line.

const identifier = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/);
const dotted = fc.array(identifier, { minLength: 1, maxLength: 3 }).map((parts) => parts.join("."));

const NAMED: Record<string, string> = { "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f", "\u0007": "\\a", "\u000b": "\\v", "\\": "\\\\", "'": "\\'", '"': '\\"' };

/** A Python str literal for `s`: any quote style; each character raw where Python allows it, or any escape
 * that means it (named, \x, \u, \U, three-digit octal); now and then a backslash-newline, which means nothing. */
function pyString(s: string, pick: (n: number) => number): string {
  const quote = ["'", '"', "'''", '"""'][pick(4)]!;
  let out = quote;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (pick(8) === 0) out += "\\\n";
    if (ch === "\\" || ch === quote[0]) {
      out += NAMED[ch];
      continue;
    }
    const spellings: string[] = [];
    // Raw: printable characters, and tabs and newlines (a raw newline outside triple quotes is the parser's leniency).
    if ((c >= 0x20 && c !== 0x7f && (c < 0xd800 || c > 0xdfff)) || ch === "\t" || ch === "\n") spellings.push(ch, ch);
    if (NAMED[ch] !== undefined) spellings.push(NAMED[ch]);
    if (c < 0x100) spellings.push(`\\x${hex(c, 2)}`);
    if (c < 0x10000) spellings.push(`\\u${hex(c, 4)}`);
    spellings.push(`\\U${hex(c, 8)}`);
    if (c < 0o1000) spellings.push(`\\${c.toString(8).padStart(3, "0")}`);
    out += spellings[pick(spellings.length)];
  }
  return out + quote;
}

function pyLiteral(v: Value, pick: (n: number) => number): string {
  const ws = () => ["", " ", "  ", "\n"][pick(4)]!;
  if (v === null) return ["None", "null"][pick(2)]!;
  if (typeof v === "boolean") return v ? ["True", "true"][pick(2)]! : ["False", "false"][pick(2)]!;
  if (typeof v === "string") return pyString(v, pick);
  if (Array.isArray(v)) {
    const items = v.map((x) => pyLiteral(x, pick));
    if (pick(3) === 0) return `(${ws()}${items.join(`,${ws()}`)}${items.length === 1 ? "," : ""}${ws()})`; // a tuple
    return `[${ws()}${items.join(`,${ws()}`)}${pick(4) === 0 && items.length ? "," : ""}${ws()}]`;
  }
  if ("int" in v) return v.int.toString();
  if ("float" in v) return pyFloatRepr(v.float);
  return `{${ws()}${v.dict.map(([k, x]) => `${pyString(k, pick)}${ws()}:${ws()}${pyLiteral(x, pick)}`).join(`,${ws()}`)}${ws()}}`;
}

function pythonCalls(cs: Call[], pick: (n: number) => number): string {
  const written = cs.map((c) => `${c.name}(${c.args.map(([k, v]) => `${k}${[" = ", "="][pick(2)]}${pyLiteral(v, pick)}`).join([", ", ",", ",\n  "][pick(3)])})`);
  return pick(3) === 0 ? written.join("\n") : `[${written.join([", ", ",", "\n"][pick(3)])}]`;
}

// ---------------------------------------------------------------------------------------------------------
// keyed-calls: [{"get_weather": {"city": "Paris"}}] (Apertus), one object, or one object with several names.

/** JSON text of `v`, with random whitespace and random \u escapes (json.loads reads them all the same). */
function jsonText(v: Value, pick: (n: number) => number): string {
  const ws = () => ["", " ", "\n", "\t "][pick(4)]!;
  const str = (s: string) => {
    let out = '"';
    for (const ch of s) {
      const c = ch.codePointAt(0)!;
      if (ch === '"' || ch === "\\") out += "\\" + ch;
      else if (c < 0x20 || (c >= 0xd800 && c <= 0xdfff) || pick(4) === 0) {
        const units = ch.length === 2 ? [ch.charCodeAt(0), ch.charCodeAt(1)] : [c];
        const short: Record<string, string> = { "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f", "/": "\\/" };
        out += short[ch] !== undefined && pick(2) === 0 ? short[ch] : units.map((u) => `\\u${hex(u, 4)}`).join("");
      } else out += ch;
    }
    return out + '"';
  };
  if (v === null) return "null";
  if (typeof v === "boolean") return String(v);
  if (typeof v === "string") return str(v);
  if (Array.isArray(v)) return `[${ws()}${v.map((x) => jsonText(x, pick)).join(`,${ws()}`)}${ws()}]`;
  if ("int" in v) return v.int.toString();
  if ("float" in v) return pyFloatRepr(v.float);
  return `{${ws()}${v.dict.map(([k, x]) => `${str(k)}${ws()}:${ws()}${jsonText(x, pick)}`).join(`,${ws()}`)}${ws()}}`;
}

// ---------------------------------------------------------------------------------------------------------

describe("rtc extension parsers: generated calls parse back exactly", () => {
  it("python-calls", () => {
    checkProperty(
      fc.property(calls(dotted, identifier), choices, (cs, seeds) => {
        const pick = picker(seeds);
        const body = pythonCalls(cs, pick);
        same(parsePythonCalls(body, {}, ctx), expected(cs));
      }),
      400,
    );
  });

  it("keyed-calls", () => {
    checkProperty(
      fc.property(calls(key), choices, fc.nat(2), (cs, seeds, form) => {
        const pick = picker(seeds);
        const object = (group: Call[]) => `{${group.map((c) => `${jsonText(c.name, pick)}: ${jsonText({ dict: c.args }, pick)}`).join(", ")}}`;
        const unique = new Set(cs.map((c) => c.name)).size === cs.length;
        // A list of one-name objects; or, names being unique, one object holding every call in order.
        const body = form === 0 || !unique || cs.length === 0 ? `[${cs.map((c) => object([c])).join(", ")}]` : object(cs);
        same(parseKeyedCalls(body, {}, ctx), expected(cs));
      }),
      400,
    );
  });

  it("xml-typed (the DeepSeek DSML format): strings raw, everything else as JSON", () => {
    const TAG = '<｜DSML｜parameter name="(?P<key>[^"]+)"(?P<attrs>[^>]*)>(?P<value>.*?)</｜DSML｜parameter>';
    const args = { tag_pattern: TAG, raw_when: { group: "attrs", contains: 'string="true"' } };
    const argName = fc.string({ minLength: 1, maxLength: 6 }).filter((k) => !k.includes('"'));
    const raw = text.filter((s) => !s.includes("</｜DSML｜parameter>"));
    checkProperty(
      fc.property(entries(fc.oneof(value, raw), argName), choices, (params, seeds) => {
        const pick = picker(seeds);
        const body = params
          .map(([k, v]) => {
            // A string is written raw (string="true") or as a JSON string literal; anything else as JSON.
            const rawString = typeof v === "string" && pick(3) !== 0;
            const inner = rawString ? v : jsonText(v, pick);
            return `<｜DSML｜parameter name="${k}" string="${rawString}">${inner}</｜DSML｜parameter>`;
          })
          .join(["", "\n"][pick(2)]);
        same(parseXmlTyped(body, args, ctx), model({ dict: params }));
      }),
      400,
    );
  });

  it("xml-nested (the MiniMax M3 format): top-level strings, nested dicts, item lists and JSON scalars", () => {
    const P = "]<]minimax[>[";
    // What the format can carry: top-level values are strings or containers; nested leaves are strings that
    // do not read as JSON scalars, or numbers / booleans / null; containers are not empty; dict keys are tag
    // names other than `item`; no text holds the tag prefix.
    const name = fc.stringMatching(/^[^\s<>/]{1,6}$/).filter((k) => k !== "item" && !k.includes(P));
    const free = text.filter((s) => !s.includes(P) && s.trim() !== "" && !/^\s*(?:-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null)\s*$/.test(s));
    const scalar = fc.oneof(fc.constant(null), fc.boolean(), int, float.filter(({ float: f }) => Number.isFinite(f)));
    const nested: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
      v: fc.oneof(
        { depthSize: "small" },
        free,
        scalar,
        fc.array(tie("v"), { minLength: 1, maxLength: 3 }),
        fc.uniqueArray(fc.tuple(name, tie("v")), { minLength: 1, maxLength: 3, selector: ([k]) => k }).map((dict) => ({ dict })),
      ),
    })).v;
    const topValue = fc.oneof(free, nested.filter((v) => Array.isArray(v) || (typeof v === "object" && v !== null && "dict" in v)));
    const element = (k: string, v: Value, pick: (n: number) => number): string => {
      const ws = () => ["", "\n", " "][pick(3)]!;
      let inner: string;
      // Scalars may carry whitespace around them; an exponent's "+" may be left out.
      if (v === null || typeof v === "boolean") inner = ws() + String(v) + ws();
      else if (typeof v === "string") inner = v;
      else if (Array.isArray(v)) inner = v.map((x) => ws() + element("item", x, pick)).join("") + ws();
      else if ("int" in v) inner = ws() + v.int.toString() + ws();
      else if ("float" in v) inner = ws() + pyFloatRepr(v.float).replace("e+", ["e+", "e", "E+"][pick(3)]!) + ws();
      else inner = v.dict.map(([ck, x]) => ws() + element(ck, x, pick)).join("") + ws();
      return `${P}<${k}>${inner}${P}</${k}>`;
    };
    checkProperty(
      fc.property(fc.uniqueArray(fc.tuple(name, topValue), { maxLength: 4, selector: ([k]) => k }), choices, (params, seeds) => {
        const pick = picker(seeds);
        const body = params.map(([k, v]) => element(k, v, pick)).join(["", "\n"][pick(2)]);
        same(parseXmlNested(body, { tag_prefix: P }, ctx), model({ dict: params }));
      }),
      400,
    );
  });
});
