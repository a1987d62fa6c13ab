// Values written into generated modules as TypeScript expressions (emit/values.ts). A template's values
// (the template itself, defaults, content_args, transforms) must come back exactly as the interpreter
// holds them — ints vs floats (PyFloat), big ints, -0.0, NaN and ±Infinity, dict key order (array-index
// keys, which JavaScript enumerates first), `__proto__` keys, any string — and a pattern spec exactly as the
// translator made it. Checked by evaluating the printed text, by the exact text, and through a compiled module.

import { describe, expect, it } from "vitest";
import { parseResponse } from "../../runtime/interpret/index.ts";
import { PyFloat, makeDict, pyDumps, pyJsonLoads, type JsonValue } from "../../runtime/core/index.ts";
import { jsonValue, newNeeds, plainValue } from "../../compiler/emit/values.ts";
import { compileAndImport } from "../../compiler/build/temp-build.ts";

/** Evaluates a printed template value with the runtime helpers it may name. */
const evalValue = (code: string): JsonValue => new Function("PyFloat", "makeDict", `return (${code});`)(PyFloat, makeDict) as JsonValue;

/** Own keys in enumeration order and numbers by Object.is, so -0, key order and `__proto__` keys count. */
function canon(v: unknown): unknown {
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
  if (typeof v === "bigint") return `${v}n`;
  if (v === undefined) return "undefined";
  if (Array.isArray(v)) return v.map(canon);
  if (typeof v === "object" && v !== null) return Object.keys(v).map((k) => [k, canon((v as Record<string, unknown>)[k])]);
  return v;
}

// Everything Python's json.loads gives a template, as the interpreter holds it (pyJsonLoads).
const VALUES = String.raw`{
  "b": 1, "7": 2, "12": 3, "123": 4, "0": 5,
  "nums": [0, 0.0, -0.0, 3.0, 2.5, -7, NaN, Infinity, -Infinity, 12345678901234567890, -9007199254740993, 1e300],
  "__proto__": {"polluted": true},
  "text": "caf\u00e9 \ud83d\ude00 lone \ud800 \"q\" \\ \n\t\u0000 </script>",
  "plain": {"a1": 1, "01": 2, "1a": 3, "-1": 4, "": 5, "1.5": 6},
  "nested": [[], {}, null, true, false, {"9": [{"__proto__": 1}]}]
}`;

describe("template values (jsonValue)", () => {
  it("evaluate back to exactly the value the interpreter holds", () => {
    const value = pyJsonLoads(VALUES);
    const needs = newNeeds();
    const back = evalValue(jsonValue(value, needs));
    expect(pyDumps(back)).toBe(pyDumps(value));
    expect(canon(back)).toEqual(canon(value));
    expect(needs).toEqual({ pyFloat: true, makeDict: true });
  });

  it("print ints, big ints and floats as Python tells them apart", () => {
    const needs = newNeeds();
    const printed = jsonValue(pyJsonLoads("[0, 0.0, -0.0, 1.0, 2.5, NaN, Infinity, -Infinity, 12345678901234567890, -9007199254740993]"), needs);
    expect(printed).toBe(
      "[0, new PyFloat(0), new PyFloat(-0), new PyFloat(1), 2.5, new PyFloat(NaN), new PyFloat(Infinity), new PyFloat(-Infinity), 12345678901234567890n, -9007199254740993n]",
    );
    expect(needs).toEqual({ pyFloat: true, makeDict: false });
  });

  it("write a dict as an object literal unless a key is an array index or __proto__ (makeDict keeps the order)", () => {
    const print = (json: string) => {
      const needs = newNeeds();
      return [jsonValue(pyJsonLoads(json), needs), needs.makeDict];
    };
    // Keys that only look like numbers keep their place in JavaScript: a literal is exact.
    expect(print(`{"b": 1, "a1": 2, "01": 3, "1a": 4, "-1": 5, "": 6, "1.5": 7}`)).toEqual([
      `{"b": 1, "a1": 2, "01": 3, "1a": 4, "-1": 5, "": 6, "1.5": 7}`,
      false,
    ]);
    for (const k of ["0", "7", "12", "123"]) expect(print(`{"b": 1, "${k}": 2}`)).toEqual([`makeDict([["b", 1], ["${k}", 2]])`, true]);
    expect(print(`{"7": 1}`)).toEqual([`makeDict([["7", 1]])`, true]);
    expect(print(`{"__proto__": {"x": []}}`)).toEqual([`makeDict([["__proto__", {"x": []}]])`, true]);
  });

  it("refuse a value that is not JSON, naming its type", () => {
    expect(() => jsonValue(undefined, newNeeds())).toThrow(/^cannot print a undefined as a template value$/);
    expect(() => jsonValue(() => 1, newNeeds())).toThrow(/^cannot print a function as a template value$/);
  });
});

describe("pattern specs (plainValue)", () => {
  // A spec is plain data: JSON plus undefined, non-finite numbers and bigints; a `__proto__` key stays a key.
  const spec = JSON.parse(String.raw`{"source": "a\"\n\ud800", "__proto__": {"x": 1}, "nested": {"a": []}}`) as Record<string, unknown>;
  Object.assign(spec, {
    n: [0, -0, 1.5, NaN, Infinity, -Infinity, 12345678901234567890n],
    u: undefined,
    keep: null,
    flag: true,
    bare: Object.assign(Object.create(null) as object, { y: 2 }),
  });
  const text = String.raw`{"source": "a\"\n\ud800", ["__proto__"]: {"x": 1}, "nested": {"a": []}, "n": [0, -0, 1.5, NaN, Infinity, -Infinity, 12345678901234567890n], "u": undefined, "keep": null, "flag": true, "bare": {"y": 2}}`;

  it("print as an object literal that evaluates back to the same data", () => {
    expect(plainValue(spec)).toBe(text);
    const back = new Function(`return (${text});`)() as unknown;
    expect(canon(back)).toEqual(canon(spec));
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
  });

  it("refuse anything but plain data, naming what it is", () => {
    expect(() => plainValue({ m: new Map() })).toThrow(/^pattern spec holds a Map$/);
    expect(() => plainValue([/x/])).toThrow(/^pattern spec holds a RegExp$/);
    // A prototype without a constructor still gets this error, not a TypeError.
    expect(() => plainValue(Object.create(Object.create(null) as object))).toThrow(/^pattern spec holds a undefined$/);
    expect(() => plainValue(() => 1)).toThrow(/^cannot print a function in a pattern spec$/);
    expect(() => plainValue({ s: Symbol("s") })).toThrow(/^cannot print a symbol in a pattern spec$/);
  });
});

describe("a compiled module", () => {
  it("holds the template and its defaults exactly, and its parser returns the interpreter's message", async () => {
    const templateWith = (defaults: string) =>
      pyJsonLoads(`{"start_anchor": "<a>", "defaults": ${defaults}, "fields": {"thinking": {"open": "<think>", "close": "</think>"}, "content": {}}}`);
    // A message cannot carry NaN, ±Infinity or a lone surrogate (the parser refuses it, as the interpreter
    // does); the template can.
    const all = templateWith(VALUES);
    const finite = templateWith(VALUES.replace("NaN, Infinity, -Infinity, ", "").replace(String.raw` lone \ud800`, ""));
    const modules = await compileAndImport("emit-values", [
      { id: "all", template: all },
      { id: "finite", template: finite },
    ]);
    const [m, f] = [modules.get("all")!, modules.get("finite")!];
    if (m instanceof Error) throw m;
    if (f instanceof Error) throw f;
    expect(pyDumps(m.template)).toBe(pyDumps(all));
    expect(pyDumps(f.template)).toBe(pyDumps(finite));
    const text = "<think>hm</think>hello";
    const message = f.parseResponse(text, { prefix: "" });
    expect(pyDumps(message)).toBe(pyDumps(parseResponse(finite, text, { prefix: "" })));
    expect(pyDumps(message)).toContain(`"nums": [0, 0.0, -0.0, 3.0, 2.5, -7, 12345678901234567890, -9007199254740993, 1e+300]`);
  });
});
