// The quiet scan (runtime/core/engine/scan.ts): once every search of a state is idle, a feed whose new text
// cannot begin any delimiter is answered by one test over that text, without asking the searches. That is
// only sound when every delimiter of the state can say where it may begin; a pattern that cannot (here a
// case-insensitive one: PatternStream.begins gives null for flag i) must send every feed to the searches.
// Expected messages recorded with transformers 5.18.0 (parse_response on the whole text).

import { describe, expect, it } from "vitest";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import type { JsonValue } from "../../runtime/core/types.ts";

/** Plain chunks first (the state goes idle), then the delimiter in a later feed. */
const CHUNKS = ["hello ", "world ", "and ", "more\n", "<TOOL>x", "y</tool>", " end"];

function streamed(template: JsonValue, chunks: string[]): JsonValue {
  const parser = createResponseParser(template, { prefix: "<s>" });
  for (const c of chunks) parser.feed(c);
  return parser.finalize().message;
}

describe("the quiet scan", () => {
  it("searches every feed of a state that watches a delimiter with no begin test (a case-insensitive pattern)", () => {
    const template = { start_anchor: "<s>", fields: { content: {}, tool_calls: { open_pattern: "(?i)<tool>", close: "</tool>" } } };
    const expected = { content: "end", tool_calls: "xy" };
    expect(streamed(template, CHUNKS)).toEqual(expected);
    expect(parseResponse(template, CHUNKS.join(""), { prefix: "<s>" })).toEqual(expected);
  });

  it("searches the feed right after the first idle one (the delimiter arrives in the second chunk)", () => {
    const template = { start_anchor: "<s>", fields: { content: {}, tool_calls: { open_pattern: "(?i)<tool>", close: "</tool>" } } };
    for (const [chunks, expected] of [
      [["hello ", "<TOOL>x", "y</tool>", " end"], { content: "end", tool_calls: "xy" }],
      [["a", "b", "c", "<TOOL>x</tool>"], { content: "abc", tool_calls: "x" }],
    ] as const) {
      expect(streamed(template, [...chunks])).toEqual(expected);
      expect(parseResponse(template, chunks.join(""), { prefix: "<s>" })).toEqual(expected);
    }
  });

  it("also when another delimiter of the state has a begin test (a literal)", () => {
    const template = {
      start_anchor: "<s>",
      fields: { content: {}, answer: { open: "<a>", close: "</a>" }, tool_calls: { open_pattern: "(?i)<tool>", close: "</tool>" } },
    };
    const chunks = [...CHUNKS, " <a>b", "</a>"];
    const expected = { content: "end", tool_calls: "xy", answer: "b" };
    expect(streamed(template, chunks)).toEqual(expected);
    expect(parseResponse(template, chunks.join(""), { prefix: "<s>" })).toEqual(expected);
  });
});
