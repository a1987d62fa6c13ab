// What the reference can produce but JSON cannot carry (the recordings' `Unrepresentable`): rtc names the
// first such part of a value by its path.

import { describe, expect, it } from "vitest";
import { unrepresentable } from "../../runtime/core/python/representable.ts";
import { PyFloat, makeDict } from "../../runtime/core/python/values.ts";
import type { JsonValue } from "../../runtime/core/types.ts";

describe("unrepresentable", () => {
  it.each<[string, JsonValue, string | null]>([
    ["well-formed text", "a😀", null],
    ["a lone high surrogate", "a\ud800", "value has a lone surrogate"],
    ["a lone low surrogate", "\udc00b", "value has a lone surrogate"],
    ["a finite number", -1.5, null],
    ["NaN", NaN, "value is NaN"],
    ["a boxed infinity", new PyFloat(-Infinity), "value is -Infinity"],
    ["a boxed finite float", new PyFloat(2), null],
    ["the 64-bit bounds", [-(2n ** 63n), 2n ** 64n - 1n], null],
    ["below i64", -(2n ** 63n) - 1n, "value is -9223372036854775809, beyond 64 bits"],
    ["above u64", 2n ** 64n, "value is 18446744073709551616, beyond 64 bits"],
    ["the first bad item of a list, by index", [1, { a: [null, NaN] }, Infinity], "value[1].a[1] is NaN"],
    ["a dict key with a lone surrogate", makeDict([["ok", 1], ["\ud83d", 2]]), "value has a key with a lone surrogate"],
    ["null, booleans, empty containers", [null, true, false, [], {}], null],
  ])("%s", (_name, value, expected) => {
    expect(unrepresentable(value)).toBe(expected);
  });

  it("starts paths at the name it is given", () => {
    expect(unrepresentable({ x: [NaN] }, "arguments")).toBe("arguments.x[0] is NaN");
  });
});
