import { describe, expect, it } from "vitest";
import { pyDumps, pyFloatRepr } from "../../runtime/core/python/dumps.ts";
import { PyFloat, dictKeys, makeDict } from "../../runtime/core/python/values.ts";
import type { JsonObject, JsonValue } from "../../runtime/core/types.ts";
import {
  canonical,
  canonicalTagged,
  digestText,
  digestTraces,
  floatFromHex,
  floatHex,
  parseLossless,
  readJsonl,
  tag,
  untag,
} from "../../compiler/replay/tagged.ts";
import { hf } from "./paths.ts";


describe("floatHex", () => {
  it("matches Python float.hex", () => {
    expect(floatHex(1.5)).toBe("0x1.8000000000000p+0");
    expect(floatHex(0.1)).toBe("0x1.999999999999ap-4");
    expect(floatHex(-0)).toBe("-0x0.0p+0");
    expect(floatHex(0)).toBe("0x0.0p+0");
    expect(floatHex(5e-324)).toBe("0x0.0000000000001p-1022");
    expect(floatHex(2.2250738585072011e-308)).toBe("0x0.fffffffffffffp-1022");
    expect(floatHex(1.7976931348623157e308)).toBe("0x1.fffffffffffffp+1023");
    expect(floatHex(Infinity)).toBe("inf");
    expect(floatHex(-Infinity)).toBe("-inf");
    expect(floatHex(NaN)).toBe("nan");
    expect(floatHex(-2.5)).toBe("-0x1.4000000000000p+1");
  });
  it("round-trips through floatFromHex", () => {
    for (const x of [1.5, 0.1, -0, 5e-324, 2.2250738585072011e-308, 1.7976931348623157e308, 123456.789, -1e-310]) {
      expect(Object.is(floatFromHex(floatHex(x)), x)).toBe(true);
    }
    expect(floatFromHex("inf")).toBe(Infinity);
    expect(Number.isNaN(floatFromHex("nan"))).toBe(true);
  });
});

describe("pyDumps", () => {
  it("prints floats like Python repr", () => {
    const cases: [number, string][] = [
      [3, "3.0"], [1e16, "1e+16"], [1e15, "1000000000000000.0"], [1.5e-7, "1.5e-07"], [0.0001, "0.0001"],
      [0.00001, "1e-05"], [-0, "-0.0"], [0.1, "0.1"], [1.5e300, "1.5e+300"], [123.456, "123.456"],
      [5e-324, "5e-324"], [NaN, "NaN"], [Infinity, "Infinity"], [-Infinity, "-Infinity"], [1e22, "1e+22"],
      [12345678901234567, "1.2345678901234568e+16"],
    ];
    for (const [x, s] of cases) expect(pyFloatRepr(x)).toBe(s);
  });
  it("writes values like json.dumps", () => {
    const d = makeDict([["b", 1], ["2", new PyFloat(3)], ["a", [true, null, 12345678901234567890n]]]);
    expect(pyDumps(d)).toBe('{"b": 1, "2": 3.0, "a": [true, null, 12345678901234567890]}');
    expect(pyDumps(d, { separators: [",", ":"] })).toBe('{"b":1,"2":3.0,"a":[true,null,12345678901234567890]}');
    expect(pyDumps([], {})).toBe("[]");
    expect(pyDumps({}, {})).toBe("{}");
  });
  it("escapes strings like Python", () => {
    const s = 'a"\\\n\r\t\b\f\u0001\u007f é😀\ud800';
    expect(pyDumps(s)).toBe('"a\\"\\\\\\n\\r\\t\\b\\f\\u0001\\u007f \\u00e9\\ud83d\\ude00\\ud800"');
    expect(pyDumps(s, { ensureAscii: false })).toBe('"a\\"\\\\\\n\\r\\t\\b\\f\\u0001\u007f é😀\ud800"');
  });
});

describe("lossless reading and tagging", () => {
  it("keeps big ints and key order", () => {
    const v = parseLossless('{"2":1,"1":18446744073709551615,"a":-9223372036854775808,"f":1.5}') as JsonObject;
    expect(dictKeys(v)).toEqual(["2", "1", "a", "f"]);
    expect(v["1"]).toBe(18446744073709551615n);
    expect(v.a).toBe(-9223372036854775808n);
    expect(canonicalTagged(v)).toBe('{"2":1,"1":18446744073709551615,"a":-9223372036854775808,"f":1.5}');
  });
  it("untags and re-tags", () => {
    const text = '{"x":{"$float":"0x1.8000000000000p+0"},"y":{"$float":"-0x0.0p+0"},"z":{"$dict":[["$k",1],["b",{"$float":"0x1.0000000000000p+0"}]]}}';
    const v = untag(parseLossless(text)) as JsonObject;
    expect(v.x).toBe(1.5);
    expect(v.y).toBeInstanceOf(PyFloat);
    expect(Object.is((v.y as PyFloat).valueOf(), -0)).toBe(true);
    expect(dictKeys(v.z as JsonObject)).toEqual(["$k", "b"]);
    expect(canonical(v)).toBe(text);
  });
  it("refuses what the recorder could not write", () => {
    expect(() => tag(new PyFloat(NaN))).toThrow(/non-finite/);
    expect(() => tag(18446744073709551616n)).toThrow(/range/);
    expect(() => tag("\ud800")).toThrow(/surrogate/);
    expect(tag("\ud83d\ude00")).toBe("😀");
  });
});

describe("digests", () => {
  it("digest_text of a known string has the letter alphabet", () => {
    expect(digestText("")).toMatch(/^[ghjkmnpqrstvwxyz]{16}$/);
  });
  it("matches recorded unary digests of sessions", () => {
    const rows = readJsonl(hf("sessions-0.jsonl")).slice(0, 50);
    for (const row of rows) {
      const unary = row.unary as JsonObject;
      expect(digestTraces([untag(unary.trace as JsonValue)])).toBe(unary.digest);
    }
  });
});

describe("pyDumps indent", () => {
  it("pretty-prints like json.dumps(indent=…)", () => {
    const d = makeDict([["a", [1, []]], ["b", {}]]);
    expect(pyDumps(d, { indent: 1 })).toBe('{\n "a": [\n  1,\n  []\n ],\n "b": {}\n}');
    expect(pyDumps([1], { indent: "\t" })).toBe("[\n\t1\n]");
  });
});
