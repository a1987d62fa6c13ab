// A parser's life as a caller sees it: what it refuses after it is finished, what finalize says when a
// required field never appeared, and the message it hands back (empty values dropped, Python's key order
// kept). Outcomes checked against transformers 5.18.0 (classes and orders; rtc's messages add where).
import { describe, expect, it } from "vitest";
import { thrown } from "../support/thrown.ts";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import { ParserStateError } from "../../runtime/core/errors.ts";
import { dictKeys } from "../../runtime/core/python/values.ts";

const tagged = (tag: string, extra: object = {}) => ({ open: `<${tag}>`, close: `</${tag}>`, content: "text", ...extra });

describe("a finished parser", () => {
  const template = { start_anchor: "<s>", fields: { content: { content: "text" } } };

  it("refuses feed() and a second finalize() (the reference's RuntimeError), and keeps its message", () => {
    const p = createResponseParser(template, { prefix: "<s>" });
    p.feed("hi");
    expect(p.finalize().message).toEqual({ content: "hi" });
    const again = thrown(() => p.finalize());
    expect(again).toBeInstanceOf(ParserStateError);
    expect([again.pyClass, again.message]).toEqual(["RuntimeError", "finalize() called twice: this parser is finished"]);
    const feed = thrown(() => p.feed("more"));
    expect([feed.pyClass, feed.message]).toEqual(["RuntimeError", "feed() after finalize(): this parser is finished"]);
  });

  it('refuses an onError other than "throw" or "recover" (ValueError)', () => {
    const e = thrown(() => createResponseParser(template, { prefix: "<s>", onError: "ignore" as never }));
    expect([e.name, e.pyClass, e.message]).toEqual(["ParserStateError", "ValueError", 'onError must be "throw" or "recover", got "ignore"']);
  });
});

describe("required fields (optional: false)", () => {
  const template = { start_anchor: "<s>", fields: { a: tagged("a", { optional: false }), b: tagged("b", { optional: false }), content: { content: "text" } } };

  it("finalize names every missing field and how much was parsed (the reference's ValueError)", () => {
    const e = thrown(() => parseResponse(template, "hello", { prefix: "<s>" }));
    expect([e.name, e.pyClass]).toEqual(["ParserStateError", "ValueError"]);
    // The count is of the stream after the anchor: the prefix keeps nothing past "<s>", then "hello".
    expect(e.message).toBe("required field(s) missing from the parsed output: a, b (optional: false; 5 characters parsed)");
  });

  it("is satisfied when they appear", () => {
    expect(parseResponse(template, "<a>1</a><b>2</b>", { prefix: "<s>" })).toEqual({ a: "1", b: "2" });
  });
});

describe("the message", () => {
  // "7" is an array index, which JavaScript enumerates first; Python keeps insertion order.
  const template = { start_anchor: "<s>", fields: { b: tagged("b"), a: tagged("a"), "7": tagged("7"), content: { content: "text" } } };

  it("drops empty values and keeps Python's key order", () => {
    const message = parseResponse(template, "<b>x</b><a></a><7>y</7>", { prefix: "<s>" });
    // transformers 5.18.0: [('b', 'x'), ('7', 'y')]
    expect(dictKeys(message)).toEqual(["b", "7"]);
    expect(message).toEqual({ b: "x", "7": "y" });
  });

  it("keeps Python's key order when nothing is dropped", () => {
    // transformers 5.18.0: [('7', 'y'), ('b', 'x')] and [('b', 'x'), ('7', 'y'), ('content', 'z')]
    expect(dictKeys(parseResponse(template, "<7>y</7><b>x</b>", { prefix: "<s>" }))).toEqual(["7", "b"]);
    expect(dictKeys(parseResponse(template, "<b>x</b><7>y</7>z", { prefix: "<s>" }))).toEqual(["b", "7", "content"]);
  });
});

describe("recover mode", () => {
  it("reports no overwrite when the first block of a field replaces its default", () => {
    const template = { start_anchor: "<s>", defaults: { thinking: "none" }, fields: { thinking: tagged("think"), content: { content: "text" } } };
    expect(parseResponse(template, "<think>x</think>y", { prefix: "<s>", onError: "recover" })).toEqual({
      message: { thinking: "x", content: "y" },
      errors: [],
    });
  });
});

describe("zero-width delimiters that would match forever", () => {
  it("are told apart from many empty regions a zero-width close ends, in one feed (transformers 5.18.0 gives the same)", () => {
    const template = { start_anchor: "<s>", fields: { a: { open: "<a>", close_pattern: "(?=<)", repeats: true }, content: { content: "text" } } };
    expect(parseResponse(template, `${"<a>".repeat(8)}x`, { prefix: "<s>" })).toEqual({ a: ["", "", "", "", "", "", "", "x"] });
  });

  it("stop with NonTerminatingError naming the stream offset (the reference loops there)", () => {
    const template = { start_anchor: "<s>", fields: { a: { open_pattern: "(?=x)", close_pattern: "(?=x)" }, content: { content: "text" } } };
    const e = thrown(() => parseResponse(template, "abx", { prefix: "<s>" }));
    expect([e.name, e.message]).toEqual(["NonTerminatingError", "delimiters match empty text forever at offset 2 (zero-width open and close patterns)"]);
  });
});
