// fastJsonLoads (native JSON.parse behind a pre-scan) must give exactly pyJsonLoads's value, or decline.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkProperty, Tally } from "../support/property.ts";
import { fastJsonLoads, pyJsonLoads } from "../../runtime/core/python/json.ts";
import { PyFloat, dictKeys, isDict } from "../../runtime/core/python/values.ts";
import type { JsonValue } from "../../runtime/core/types.ts";

/** Same value in rtc's model: type (int / PyFloat / bigint), Object.is numbers, key order. */
function same(a: JsonValue, b: JsonValue): boolean {
  if (a instanceof PyFloat || b instanceof PyFloat) {
    return a instanceof PyFloat && b instanceof PyFloat && Object.is(a.valueOf(), b.valueOf());
  }
  if (typeof a !== typeof b) return false;
  if (typeof a === "number") return Object.is(a, b);
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => same(x, b[i]!));
  if (isDict(a)) {
    if (!isDict(b)) return false;
    const ka = dictKeys(a);
    const kb = dictKeys(b);
    return ka.length === kb.length && ka.every((k, i) => k === kb[i] && same(a[k]!, b[k]!));
  }
  return a === b;
}

function exact(s: string): { ok: true; v: JsonValue } | { ok: false } {
  try {
    return { ok: true, v: pyJsonLoads(s) };
  } catch {
    return { ok: false };
  }
}

/** Whether fastJsonLoads read `s` natively (then it must equal pyJsonLoads) or declined it. */
function check(s: string): "native" | "declined" {
  const f = fastJsonLoads(s);
  if (f === undefined) return "declined";
  const e = exact(s);
  expect(e.ok, s).toBe(true);
  if (e.ok) expect(same(f, e.v), s).toBe(true);
  return "native";
}

describe("fastJsonLoads", () => {
  it("declines what JSON.parse reads differently", () => {
    const declined = [
      '{"a":1.0}', '{"b":[1,2e3]}', '{"1":2,"a":1}', '{"a": {"10" : 1}}', '{"a":12345678901234567890}', '{"a":-0}',
      '{"x":NaN}', "[1e400]", "[-0.0]", '{"\\u0031":1}', '{"4294967294"\n:1}', "\ufeff{}", "[".repeat(512) + "]".repeat(512),
      "-Infinity", "1E2", "[1.5e300, 2.0]",
    ];
    for (const s of declined) expect(fastJsonLoads(s), s).toBeUndefined();
  });
  it("reads ordinary tool-call JSON natively", () => {
    const ok = [
      '{"name": "get_weather", "arguments": {"city": "Paris", "days": 3, "units": "metric"}}',
      '{"a":"1", "b": "x\\"1.0"}', '{"t":"say \\"1\\": 2.0","n":[1,2.5,-3]}', '{"id":7,"text":"\\u00e9\\ud83d\\ude00\\ud800"}',
      '{"a":1,"b":2,"a":3}', '{"__proto__": {"x": 1}}', "[".repeat(511) + "]".repeat(511), '{"k": "\\\\"}', '"1": 2',
    ];
    for (const s of ok.slice(0, -1)) {
      const f = fastJsonLoads(s);
      expect(f, s).not.toBeUndefined();
      check(s);
    }
    expect(fastJsonLoads('"1": 2')).toBeUndefined();
  });
  it("agrees with pyJsonLoads on random JSON-like text", () => {
    const token = fc.constantFrom(
      "{", "}", "[", "]", ",", ":", " ", "\n", '"', '"a"', '"1"', '"10"', '"\\u0031"', '"\\\\"', '"\\""', '"x\\"', "\\",
      "0", "-0", "1", "-1", "1.0", "1.5", "2e3", "1e-400", "1e400", "12345678901234567", "123456789012345", "true",
      "null", "NaN", "Infinity", "-", ".", "e", '"\\ud800"', "\ufeff", '"__proto__"', "\t",
    );
    const outcomes = new Tally<"native" | "declined">();
    checkProperty(
      fc.property(fc.array(token, { maxLength: 30 }), (ts) => {
        outcomes.add(check(ts.join("")));
      }),
      20000,
    );
    // Random token soup is mostly not JSON; enough of it is, and is read natively, for the comparison to count.
    expect(outcomes.share("native"), String(outcomes)).toBeGreaterThanOrEqual(0.02);
  });
  it("agrees with pyJsonLoads on random JSON values", () => {
    const outcomes = new Tally<"native" | "declined">();
    checkProperty(
      fc.property(fc.jsonValue(), fc.boolean(), (v, pretty) => {
        outcomes.add(check(JSON.stringify(v, null, pretty ? 1 : undefined)));
      }),
      3000,
    );
    expect(outcomes.share("native"), String(outcomes)).toBeGreaterThanOrEqual(0.3);
  });
  it("pyJsonLoads keeps Python's dict order: first position, last value, integer-like keys in place", () => {
    const key = fc.constantFrom("a", "b", "0", "1", "10", "4294967294", "4294967295", "01", "__proto__", "-1", "z");
    checkProperty(
      fc.property(fc.array(fc.tuple(key, fc.integer({ min: -5, max: 5 })), { maxLength: 8 }), (entries) => {
        const text = `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(", ")}}`;
        const got = pyJsonLoads(text) as Record<string, JsonValue>;
        const order: string[] = [];
        const last = new Map<string, number>();
        for (const [k, v] of entries) {
          if (!last.has(k)) order.push(k);
          last.set(k, v);
        }
        expect(dictKeys(got)).toEqual(order);
        for (const k of order) expect(Object.prototype.hasOwnProperty.call(got, k) && got[k] === last.get(k)).toBe(true);
      }),
      3000,
    );
  });
  it("pyJsonLoads reads integers exactly (-0 is 0, 16+ digits exact, leading zeros stop)", () => {
    expect(Object.is(pyJsonLoads("-0"), 0)).toBe(true);
    expect(pyJsonLoads("123456789012345")).toBe(123456789012345);
    expect(pyJsonLoads("12345678901234567890")).toBe(12345678901234567890n);
    expect(pyJsonLoads("[0, -12, 7]")).toEqual([0, -12, 7]);
    expect(pyJsonLoads("1.0")).toBeInstanceOf(PyFloat);
    expect(() => pyJsonLoads("01")).toThrow(/Extra data/);
    expect(() => pyJsonLoads("-")).toThrow(/Expecting value/);
    expect(() => pyJsonLoads("[-0123]")).toThrow(/Expecting ',' delimiter/);
  });
});
