// rtc's model of Python values (runtime/core/python/values.ts, compare.ts): ints as numbers when safe and
// bigints beyond, floats boxed when JavaScript would read them as ints, dicts in Python insertion order
// (JavaScript puts array-index keys first), and Python's names, emptiness and string order.

import { describe, expect, it } from "vitest";
import { comparePy } from "../../runtime/core/python/compare.ts";
import {
  PyFloat,
  deepCopy,
  dictKeys,
  dictSet,
  hasKeyOrder,
  isArrayIndex,
  isDict,
  isEmptyValue,
  makeDict,
  pyFloat,
  pyInt,
  pyTypeName,
  sameOrder,
  setKey,
} from "../../runtime/core/python/values.ts";
import type { JsonObject, JsonValue } from "../../runtime/core/types.ts";

describe("numbers", () => {
  it("pyFloat boxes exactly the floats a plain number would show as an int", () => {
    expect(pyFloat(1.5)).toBe(1.5);
    for (const x of [2, -0, NaN, Infinity, -Infinity]) {
      const v = pyFloat(x);
      expect(v).toBeInstanceOf(PyFloat);
      expect(Object.is((v as PyFloat).valueOf(), x)).toBe(true);
    }
  });

  it("a PyFloat reads as its number in arithmetic and in JSON", () => {
    expect(+new PyFloat(2.5) * 2).toBe(5);
    expect(JSON.stringify({ x: new PyFloat(2) })).toBe('{"x":2}');
  });

  it("pyInt gives a number for a safe integer and keeps a bigint beyond", () => {
    expect(pyInt(2n ** 53n - 1n)).toBe(2 ** 53 - 1);
    expect(pyInt(-(2n ** 53n - 1n))).toBe(-(2 ** 53 - 1));
    expect(pyInt(2n ** 53n)).toBe(2n ** 53n);
    expect(pyInt(-(2n ** 53n))).toBe(-(2n ** 53n));
  });
});

describe("dicts keep Python's insertion order", () => {
  it("makeDict records an order only where JavaScript's differs (array-index keys after others)", () => {
    const d = makeDict([["b", 1], ["2", 2], ["1", 3], ["a", 4]]);
    expect(Object.keys(d)).toEqual(["1", "2", "b", "a"]);
    expect(dictKeys(d)).toEqual(["b", "2", "1", "a"]);
    expect(hasKeyOrder(d)).toBe(true);
    expect(hasKeyOrder(makeDict([["1", 1], ["2", 2], ["x", 3]]))).toBe(false);
    expect(hasKeyOrder(makeDict([["b", 1], ["a", 2]]))).toBe(false);
  });

  it("a repeated key keeps its first place and takes the last value, as in Python", () => {
    const d = makeDict([["a", 1], ["5", 2], ["a", 3]]);
    expect(dictKeys(d)).toEqual(["a", "5"]);
    expect(d.a).toBe(3);
  });

  it("__proto__ is an ordinary key", () => {
    const d = makeDict([["__proto__", 1], ["x", 2]]);
    expect(dictKeys(d)).toEqual(["__proto__", "x"]);
    expect(Object.getPrototypeOf(d)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(d, "__proto__")).toEqual({ value: 1, enumerable: true, writable: true, configurable: true });
    const e: JsonObject = {};
    setKey(e, "__proto__", [1]);
    expect(Object.keys(e)).toEqual(["__proto__"]);
  });

  it("dictSet appends a new key last and overwrites an existing one in place", () => {
    const d: JsonObject = { a: 1 };
    dictSet(d, "7", 2);
    expect(dictKeys(d)).toEqual(["a", "7"]);
    dictSet(d, "b", 3);
    dictSet(d, "0", 4);
    expect(dictKeys(d)).toEqual(["a", "7", "b", "0"]);
    dictSet(d, "7", 5);
    expect(dictKeys(d)).toEqual(["a", "7", "b", "0"]);
    expect(d["7"]).toBe(5);
    const plain: JsonObject = { a: 1 };
    dictSet(plain, "b", 2);
    expect(hasKeyOrder(plain)).toBe(false);
    const indexed: JsonObject = {};
    dictSet(indexed, "3", 1);
    dictSet(indexed, "4", 2);
    expect(hasKeyOrder(indexed)).toBe(false);
    expect(dictKeys(indexed)).toEqual(["3", "4"]);
  });

  it.each<[string, boolean]>([
    ["0", true],
    ["9", true],
    ["10", true],
    ["4294967294", true],
    ["4294967295", false],
    ["9999999999", false],
    ["12345678901", false],
    ["", false],
    ["01", false],
    ["00", false],
    ["-1", false],
    ["1a", false],
    ["a1", false],
    [" 1", false],
    ["1.0", false],
  ])("isArrayIndex(%j) is %s (JavaScript's own ordering rule)", (k, expected) => {
    expect(isArrayIndex(k)).toBe(expected);
    // The rule it mirrors: JavaScript enumerates such keys first, in numeric order.
    expect(Object.keys({ z: 0, [k]: 1 })[0] === k).toBe(expected);
  });

  it("sameOrder compares lists of keys", () => {
    expect(sameOrder(["a", "b"], ["a", "b"])).toBe(true);
    expect(sameOrder(["a", "b"], ["b", "a"])).toBe(false);
    expect(sameOrder(["a"], ["a", "b"])).toBe(false);
  });

  it("deepCopy keeps the order, the boxed floats and the bigints, and shares nothing", () => {
    const inner = makeDict([["y", 1], ["1", new PyFloat(2)]]);
    const v: JsonValue = { list: [inner, 2n ** 70n], plain: { __x: "s" } };
    const copy = deepCopy(v) as JsonObject;
    expect(copy).toEqual(v);
    const copiedInner = (copy.list as JsonValue[])[0] as JsonObject;
    expect(dictKeys(copiedInner)).toEqual(["y", "1"]);
    expect(copiedInner["1"]).toBeInstanceOf(PyFloat);
    expect((copy.list as JsonValue[])[1]).toBe(2n ** 70n);
    (copy.list as JsonValue[]).push(1);
    (copy.plain as JsonObject).__x = "t";
    copiedInner.y = 9;
    expect(v).toEqual({ list: [inner, 2n ** 70n], plain: { __x: "s" } });
    expect(inner.y).toBe(1);
    const proto = deepCopy(makeDict([["__proto__", { a: 1 }]]));
    expect(Object.keys(proto)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
  });
});

describe("Python's names, emptiness and order", () => {
  it.each<[unknown, string]>([
    [null, "NoneType"],
    [undefined, "NoneType"],
    [true, "bool"],
    [false, "bool"],
    [3n, "int"],
    [3, "int"],
    [-0, "int"],
    [1.5, "float"],
    [NaN, "float"],
    [new PyFloat(3), "float"],
    ["", "str"],
    [[], "list"],
    [{}, "dict"],
  ])("type(%s).__name__ is %s", (v, name) => {
    expect(pyTypeName(v)).toBe(name);
  });

  it("isDict: a plain object, not a list, None or a boxed float", () => {
    expect([{}, makeDict([["1", 1]]), [], null, new PyFloat(1), "x", 1].map(isDict)).toEqual([true, true, false, false, false, false, false]);
  });

  it.each<[string, JsonValue | undefined, boolean]>([
    ["None", null, true],
    ["absent", undefined, true],
    ["empty str", "", true],
    ["empty list", [], true],
    ["empty dict", {}, true],
    ["str", " ", false],
    ["list", [null], false],
    ["dict", { a: null }, false],
    ["dict with an index key", makeDict([["b", 1], ["0", 2]]), false],
    ["0", 0, false],
    ["False", false, false],
    ["0.0", new PyFloat(0), false],
  ])("isEmptyValue(%s) is %s", (_name, v, empty) => {
    expect(isEmptyValue(v)).toBe(empty);
  });

  it("comparePy orders by code point, as Python does, not by UTF-16 unit", () => {
    // U+FFFF < U+1F600 in Python; JavaScript's `<` sees 0xFFFF > 0xD83D.
    expect(comparePy("\uffff", "😀")).toBeLessThan(0);
    expect("\uffff" < "😀").toBe(false);
    expect(comparePy("😀b", "😀a")).toBeGreaterThan(0);
    expect(comparePy("😀", "😁")).toBeLessThan(0);
    expect(comparePy("ab", "ac")).toBeLessThan(0);
    expect(comparePy("\uffffa", "\uffffb")).toBeLessThan(0);
    expect(comparePy("ab", "a")).toBeGreaterThan(0);
    expect(comparePy("a", "ab")).toBeLessThan(0);
    expect(comparePy("x😀", "x😀")).toBe(0);
    expect(comparePy("", "")).toBe(0);
    expect(["b", "😀", "\uffff", "a", "ab"].sort(comparePy)).toEqual(["a", "ab", "b", "\uffff", "😀"]);
  });
});
