// What the quiet scan saves (runtime/core/engine/scan.ts): once every search of a state is idle, a feed whose
// new text cannot begin a delimiter is answered by one test over that text, and no search runs. Plain text
// then streams at the cost of that test, whatever the state watches. Counted here as calls to the
// searches (deterministic, unlike time), and the messages checked against the whole text's. The numbers
// in BENCHMARKS.md ("per chunk") rest on this.

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import { LiteralsSearch } from "../../runtime/core/engine/delimiters.ts";
import { PatternStream } from "../../runtime/core/regex/pattern-stream.ts";
import type { JsonValue } from "../../runtime/core/types.ts";

const TEMPLATE: JsonValue = {
  start_anchor: "<s>",
  fields: {
    content: {},
    thinking: { open: "<think>", close: "</think>" },
    tool_calls: { open_pattern: "\\s*<tool_call>", close_pattern: "</tool_call>\\s*" },
  },
};

let calls = 0;
/** The `upTo` bound of each pattern search (its 6th argument; absent: unbounded). */
let bounds: number[] = [];
beforeEach(() => {
  calls = 0;
  bounds = [];
  for (const proto of [LiteralsSearch.prototype, PatternStream.prototype]) {
    const search = proto.search as (...a: unknown[]) => unknown;
    vi.spyOn(proto, "search").mockImplementation(function (this: unknown, ...a: unknown[]) {
      calls++;
      if (proto === PatternStream.prototype) bounds.push((a[5] as number | undefined) ?? Infinity);
      return search.apply(this, a);
    } as never);
  }
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Search calls per feed, and the final message. */
function run(chunks: string[], template = TEMPLATE): { perFeed: number[]; message: JsonValue } {
  const parser = createResponseParser(template, { prefix: "<s>" });
  const perFeed: number[] = [];
  for (const c of chunks) {
    const before = calls;
    parser.feed(c);
    perFeed.push(calls - before);
  }
  return { perFeed, message: parser.finalize().message };
}

describe("the quiet scan's saving", () => {
  it("plain text after the first feed runs no search, outside every region", () => {
    const chunks = ["Hello there", " and more", " text, with", " no markers", " at all."];
    const { perFeed, message } = run(chunks);
    expect(perFeed[0]).toBeGreaterThan(0);
    expect(perFeed.slice(1)).toEqual([0, 0, 0, 0]);
    expect(message).toEqual(parseResponse(TEMPLATE, chunks.join(""), { prefix: "<s>" }));
    expect(message).toEqual({ content: "Hello there and more text, with no markers at all." });
  });

  it("a scan that is not quiet asks each watched search once (the literal `<think>`, the pattern `\\s*<tool_call>`)", () => {
    expect(run(["Hello there"]).perFeed).toEqual([2]);
  });

  it("the pattern's search comes last, bounded by the literal's match (it need not read past it)", () => {
    const { message } = run(["x <think>y"]);
    expect(bounds).toEqual([2]);
    expect(message).toEqual({ content: "x", thinking: "y" });
  });

  it("last also when its field comes first in the watch order (fields by name: `answer` before `thinking`)", () => {
    const template: JsonValue = {
      start_anchor: "<s>",
      fields: { content: {}, answer: { open_pattern: "\\s*<answer>", close: "</answer>" }, thinking: { open: "<think>", close: "</think>" } },
    };
    const { message } = run(["x <think>y"], template);
    expect(bounds).toEqual([2]);
    expect(message).toEqual({ content: "x", thinking: "y" });
  });

  it("also when the buffer keeps text before the read position (a lookbehind elsewhere in the template)", () => {
    const template: JsonValue = {
      start_anchor: "<s>",
      fields: { content: {}, thinking: { open: "<think>", close: "</think>" }, tool_calls: { open_pattern: "\\s*<tool_call>", close_pattern: "(?<=\\})</tool_call>" } },
    };
    const chunks = ["Hello there", " and more", " text, with", " no markers", " at all."];
    const { perFeed, message } = run(chunks, template);
    expect(perFeed.slice(1)).toEqual([0, 0, 0, 0]);
    expect(message).toEqual({ content: "Hello there and more text, with no markers at all." });
  });

  it("and inside a region, once its close's search is idle", () => {
    const chunks = ["<think>", "so", " I think", " and think", "</think>ok"];
    const { perFeed, message } = run(chunks);
    expect(perFeed.slice(2, 4)).toEqual([0, 0]);
    expect(perFeed[4]).toBeGreaterThan(0);
    expect(message).toEqual({ thinking: "so I think and think", content: "ok" });
  });

  it("a chunk ending in whitespace (pending before `\\s*<tool_call>`) is remembered: the next plain chunk runs no search", () => {
    const chunks = ["Hello", " there ", "friend", " again ", "and more"];
    const { perFeed, message } = run(chunks);
    // The second feed runs the searches (its whitespace may begin a tool call); from then on the
    // whitespace left pending at a chunk's end is tabled, and plain text after it is answered quietly.
    expect(perFeed[2]).toBe(0);
    expect(perFeed[4]).toBe(0);
    expect(message).toEqual({ content: "Hello there friend again and more" });
  });

  it("a feed that may begin a delimiter runs the searches, and the delimiter is found", () => {
    const chunks = ["Let me check", " the weather.", "\n<tool_call>", "{}", "</tool_call>"];
    const { perFeed, message } = run(chunks);
    expect(perFeed[1]).toBe(0);
    expect(perFeed[2]).toBeGreaterThan(0);
    expect(message).toEqual(parseResponse(TEMPLATE, chunks.join(""), { prefix: "<s>" }));
    expect(message).toEqual({ content: "Let me check the weather.", tool_calls: "{}" });
  });
});
