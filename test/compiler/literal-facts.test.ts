// Compile-time literal facts: the KMP border table, the hold-back table, and that a generated hold-back
// function finds exactly what the interpreter's partialLiteralStart finds.

import fc from "fast-check";
import { checkProperty } from "../support/property.ts";
import { describe, expect, it } from "vitest";
import { borderTable, holdBackTable, literalFacts } from "../../compiler/plan/literal-facts.ts";
import { ScanNames } from "../../compiler/emit/scan-code.ts";
import { partialLiteralStart } from "../../runtime/core/engine/delimiters.ts";
import type { TemplatePlan } from "../../compiler/plan/ir.ts";
import ts from "typescript";

describe("literal facts", () => {
  it("border table", () => {
    expect(borderTable("abab")).toEqual([0, 0, 0, 1, 2]);
    expect(borderTable("aab")).toEqual([0, 0, 1, 0]);
    expect(borderTable("</think>")).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(literalFacts("aa").selfOverlapping).toBe(true);
    expect(literalFacts("<|im_end|>").selfOverlapping).toBe(false);
  });

  it("hold-back table: prefix lengths by their last character, longest first", () => {
    expect(holdBackTable("<|im_end|>")).toEqual([
      { char: "<", lengths: [1] },
      { char: "|", lengths: [9, 2] },
      { char: "i", lengths: [3] },
      { char: "m", lengths: [4] },
      { char: "_", lengths: [5] },
      { char: "e", lengths: [6] },
      { char: "n", lengths: [7] },
      { char: "d", lengths: [8] },
    ]);
  });

  it("generated hold-back functions agree with partialLiteralStart", () => {
    const alphabet = fc.constantFrom("a", "b", "<", "|", "/");
    checkProperty(
      fc.property(fc.string({ unit: alphabet, minLength: 2, maxLength: 6 }), fc.string({ unit: alphabet, maxLength: 12 }), fc.nat(14), (lit, buf, pos) => {
        const names = new ScanNames();
        const name = names.hold(literalFacts(lit))!;
        const js = ts.transpileModule(`${names.holdFns.join("\n")}\nreturn ${name};`, { compilerOptions: { target: ts.ScriptTarget.ES2022 } }).outputText;
        const hold = new Function(js)() as (buf: string, from: number, n: number) => number;
        const from = Math.min(pos, buf.length);
        expect(hold(buf, from, buf.length)).toBe(partialLiteralStart(buf, from, lit));
      }),
      300,
    );
  });
});
