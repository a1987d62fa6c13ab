// mayBeJson (runtime/core/python/json.ts) spares argument typing the parser's error on plain words: it must
// never say no to a text json.loads reads. Checked on edge cases and on random texts built from JSON's
// own characters, words and whitespace (fast-check), against the exact parser.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mayBeJson, pyJsonLoads } from "../../runtime/core/python/json.ts";
import { checkProperty } from "../support/property.ts";

function loads(s: string): boolean {
  try {
    pyJsonLoads(s);
    return true;
  } catch {
    return false;
  }
}

describe("mayBeJson", () => {
  it("says yes to every start of a JSON value, after JSON whitespace only", () => {
    for (const s of ["1", " -2", "\n\t\r{}", "[]", '"x"', "true", "false", "null", "NaN", "Infinity", "-Infinity", "  3.5e2 "]) {
      expect([s, mayBeJson(s)]).toEqual([s, true]);
      expect(loads(s)).toBe(true);
    }
  });

  it("says no to plain words, empty and blank texts, a BOM and other whitespace", () => {
    for (const s of ["Paris", "", "   ", "\ufeff1", "\u00a01", "\u20281", "True", "'a'", ".5", "+1"]) {
      expect([s, mayBeJson(s)]).toEqual([s, false]);
      expect(loads(s)).toBe(false);
    }
  });

  it("is never no where json.loads reads the text", () => {
    const piece = fc.constantFrom(" ", "\n", "\t", "\u00a0", "1", "-", ".", "e", "{", "}", "[", "]", '"', ":", ",", "true", "null", "NaN", "Infinity", "x", "T");
    checkProperty(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const s = pieces.join("");
        if (!mayBeJson(s)) expect([s, loads(s)]).toEqual([s, false]);
      }),
      2000,
    );
  });
});
