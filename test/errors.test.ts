// The error classes users catch and read: each names itself (`name` is what a log line or a stack trace
// shows, `pyClass` the reference's exception class), says where, and quotes model output boundedly.
import { describe, expect, it } from "vitest";
import { thrown } from "./support/thrown.ts";
import { readFileSync } from "node:fs";
import { createResponseParser, parseResponse } from "../runtime/interpret/index.ts";
import { translatePattern } from "../runtime/translate/index.ts";
import {
  ArgumentError,
  ContentError,
  EXCERPT_LIMIT,
  excerpt,
  NonTerminatingError,
  ParserStateError,
  PatternError,
  TemplateError,
} from "../runtime/core/errors.ts";

const qwen3 = JSON.parse(readFileSync(new URL("../templates/qwen3.json", import.meta.url), "utf8"));

describe("error classes", () => {
  it("a template that does not load: TemplateError, ValueError, message led by the JSON path", () => {
    const e = thrown(() => createResponseParser({ ...qwen3, fields: { content: { open: 5 } } }, { prefix: "" }));
    expect(e).toBeInstanceOf(TemplateError);
    expect([e.name, e.pyClass, e.message]).toEqual(["TemplateError", "ValueError", "fields.content.open: must be a string or a list of strings, got int"]);
    // Without a path the reason stands alone.
    expect(new TemplateError("", "no fields").message).toBe("no fields");
  });

  it("a pattern the reference rejects: PatternError, RegexError, with the column marked", () => {
    const e = thrown(() => translatePattern("ab(c"));
    expect(e).toBeInstanceOf(PatternError);
    expect([e.name, e.pyClass]).toEqual(["PatternError", "RegexError"]);
    expect(e.message).toBe("missing ), unterminated subpattern at column 4: ab(c⟨here⟩");
    expect(new PatternError("abcd", 1, "r").message).toBe("r at column 1: a⟨here⟩bcd");
  });

  it("content that does not parse: ContentError, ValueError", () => {
    const e = thrown(() => parseResponse(qwen3, "<tool_call>{bad</tool_call>", { prefix: "" }));
    expect(e).toBeInstanceOf(ContentError);
    expect([e.name, e.pyClass]).toEqual(["ContentError", "ValueError"]);
  });

  it("misuse of a parser: ParserStateError, RuntimeError", () => {
    const p = createResponseParser(qwen3, { prefix: "" });
    p.finalize();
    const e = thrown(() => p.feed("x"));
    expect(e).toBeInstanceOf(ParserStateError);
    expect([e.name, e.pyClass]).toEqual(["ParserStateError", "RuntimeError"]);
  });

  it("an argument of the wrong type: ArgumentError, TypeError", () => {
    const e = thrown(() => createResponseParser(qwen3, { prefix: 5 as never }));
    expect(e).toBeInstanceOf(ArgumentError);
    expect([e.name, e.pyClass]).toEqual(["ArgumentError", "TypeError"]);
  });

  it("zero-width delimiters that would loop: NonTerminatingError", () => {
    const e = new NonTerminatingError("loops");
    expect([e.name, e.pyClass, e.message]).toEqual(["NonTerminatingError", "NonTerminating", "loops"]);
  });
});

describe("excerpt: bounded quotation of model output", () => {
  const half = EXCERPT_LIMIT / 2;

  it("quotes text of up to EXCERPT_LIMIT characters whole", () => {
    const text = "a".repeat(EXCERPT_LIMIT);
    expect(excerpt(text)).toBe(JSON.stringify(text));
  });

  it("quotes longer text as its two ends around the count left out", () => {
    const text = "a".repeat(half) + "m".repeat(5) + "z".repeat(half - 4);
    expect(text.length).toBe(EXCERPT_LIMIT + 1);
    expect(excerpt(text)).toBe(`"${"a".repeat(half)}" … (1 characters omitted) … "${"m".repeat(4)}${"z".repeat(half - 4)}"`);
    expect(excerpt("x".repeat(5_000_000)).length).toBeLessThan(EXCERPT_LIMIT + 60);
  });

  // The first and last high surrogates (U+10000 is D800 DC00, U+10FFFF is DBFF DFFF) and one between.
  it.each(["\u{10000}", "😀", "\u{10FFFF}"])("never cuts the surrogate pair %s at either cut", (pair) => {
    // A pair across the first cut (its high half is character half - 1): the head stops before it.
    const head = "a".repeat(half - 1) + pair + "b".repeat(200);
    const h = excerpt(head, (s) => `[${s}]`);
    expect(h.startsWith(`[${"a".repeat(half - 1)}] … (`)).toBe(true);
    // A pair across the second cut: the tail starts after it.
    const tail = "c".repeat(200) + pair + "d".repeat(half - 1);
    const t = excerpt(tail, (s) => `[${s}]`);
    expect(t.endsWith(`… [${"d".repeat(half - 1)}]`)).toBe(true);
    // The count is what was left out, pair included.
    expect(h).toContain(`(${head.length - (half - 1) - half} characters omitted)`);
    expect(t).toContain(`(${tail.length - half - (half - 1)} characters omitted)`);
  });

  it.each(["\u{10000}", "😀", "\u{10FFFF}"])("keeps the pair %s whole on its side when it ends exactly at a cut", (pair) => {
    const text = "a".repeat(half - 2) + pair + "b".repeat(200);
    expect(excerpt(text, (s) => `[${s}]`).startsWith(`[${"a".repeat(half - 2)}${pair}] … (`)).toBe(true);
  });
});
