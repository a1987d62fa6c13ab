// A pattern with catastrophic backtracking, `(a+)+$`, on 30 `a`s and a `b` took the RegExp minutes. The
// resumable matcher does not backtrack: its work is bounded by the text times the pattern's states,
// counted here (no timing), streamed and whole.
import { describe, expect, it } from "vitest";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import { Run } from "../../runtime/core/regex/resumable.ts";

const template = { start_anchor: "<A>", fields: { content: { close_pattern: "(a+)+$" } } };

describe("catastrophic backtracking patterns", () => {
  it("(a+)+$ on 30 a's and a b: no match, linear work", () => {
    const text = `${"a".repeat(30)}b`;
    let work = Run.work;
    expect(parseResponse(template, text, { prefix: "" })).toEqual({ content: text });
    expect(Run.work - work).toBeLessThan(40 * text.length);
    const parser = createResponseParser(template, { prefix: "" });
    work = Run.work;
    for (const c of text) parser.feed(c);
    expect(parser.finalize().message).toEqual({ content: text });
    expect(Run.work - work).toBeLessThan(40 * text.length);
  });

  it("(a+)+$ where it matches: the match is found, and its groups read once from its start", () => {
    expect(parseResponse(template, `x${"a".repeat(40)}`, { prefix: "" })).toEqual({ content: "x" });
  });
});
