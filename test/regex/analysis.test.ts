// Static analysis queries on the pattern AST (translate/analysis.ts).
import { describe, expect, it } from "vitest";
import { analyze } from "../../runtime/translate/analysis.ts";
import { parse } from "../../runtime/translate/parser.ts";

const facts = (p: string) => analyze(parse(p).root);

describe("regex analysis", () => {
  it("literal prefix", () => {
    expect(facts("<tool_call>\\s*").literalPrefix).toBe("<tool_call>");
    expect(facts("(?:<\\|turn\\|>bot)?<\\|say\\|>").literalPrefix).toBe("");
    expect(facts("ab{2}c*").literalPrefix).toBe("abb");
    expect(facts("(?i)abc").literalPrefix).toBe("");
  });
  it("first characters", () => {
    expect(facts("<t>|\\[x").firstChars).toEqual([[0x3c, 0x3c], [0x5b, 0x5b]]);
    expect(facts("a?[b-d]").firstChars).toEqual([[0x61, 0x64]]);
    expect(facts("\\w+").firstChars).toBe("any");
  });
  it("length range and emptiness", () => {
    expect([facts("ab{2,3}").minLength, facts("ab{2,3}").maxLength]).toEqual([3, 4]);
    expect(facts("a*").maxLength).toBe(Infinity);
    expect(facts("(?=x)").canMatchEmpty).toBe(true);
    expect(facts("x|").canMatchEmpty).toBe(true);
    expect(facts("x").canMatchEmpty).toBe(false);
  });
  it("capture names and lookbehind distance", () => {
    expect(facts("(?P<a>x)(y)(?P<b>z)(?P<a>w)").captureNames).toEqual(["a", "b"]);
    expect(facts("(?<=abc)d").maxLookbehind).toBe(3);
    expect(facts("(?<=a+)d").maxLookbehind).toBe(Infinity);
    expect(facts("\\bx").maxLookbehind).toBe(1);
    expect(facts("x$").maxLookbehind).toBe(0);
  });
});
