// Two delimiters of one state that match at the same start (runtime/core/engine/scan.ts scanWatched): the
// longest wins, then the field name first in alphabetical order (SPEC-NOTES: "Among candidate matches"),
// whatever the template's field order and whether the delimiter is a literal or a pattern. Expected
// messages recorded with transformers 5.18.0 (parse_response(text, template, prefix="<s>")).
import { describe, expect, it } from "vitest";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import type { JsonValue } from "../../runtime/core/types.ts";

const template = (fields: Record<string, JsonValue>): JsonValue => ({ start_anchor: "<s>", fields: { content: {}, ...fields } });

const CASES: [why: string, template: JsonValue, text: string, expected: JsonValue][] = [
  ["the longer open wins (a pattern's is a prefix of a literal's)", template({ a: { open_pattern: "<x", close: "</a>" }, b: { open: "<xy>", close: "</b>" } }), "hello <xy>z</b> end", { content: "end", b: "z" }],
  ["the longer open wins (the literal comes first)", template({ a: { open: "<xy>", close: "</a>" }, b: { open_pattern: "<x", close: "</b>" } }), "hello <xy>z</a> end", { content: "end", a: "z" }],
  ["equal lengths: the field name first in alphabetical order (template order b, a)", template({ b: { open_pattern: "<[xy]>", close: "</b>" }, a: { open: "<x>", close: "</a>" } }), "hello <x>z</a> end", { content: "end", a: "z" }],
  ["equal lengths: the field name first in alphabetical order (template order a, b)", template({ a: { open_pattern: "<[xy]>", close: "</a>" }, b: { open: "<x>", close: "</b>" } }), "hello <x>z</a> end", { content: "end", a: "z" }],
  ["the longer open wins (two literals, the shorter first)", template({ a: { open: "<x", close: "</a>" }, b: { open: "<xy>", close: "</b>" } }), "hello <xy>z</b> end", { content: "end", b: "z" }],
  ["the longer open wins (two patterns, the shorter first)", template({ a: { open_pattern: "<x", close: "</a>" }, b: { open_pattern: "<xy>", close: "</b>" } }), "hello <xy>z</b> end", { content: "end", b: "z" }],
  ["a zero-width open loses to a literal at its start", template({ a: { open_pattern: "(?=<q)", close: "</a>" }, b: { open: "<q>", close: "</b>" } }), "hello <q>z</b> end", { content: "end", b: "z" }],
];

function streamed(t: JsonValue, text: string, size: number): JsonValue {
  const parser = createResponseParser(t, { prefix: "<s>" });
  for (let i = 0; i < text.length; i += size) parser.feed(text.slice(i, i + size));
  return parser.finalize().message;
}

describe("delimiters matching at the same start", () => {
  for (const [why, t, text, expected] of CASES) {
    it(why, () => {
      expect(parseResponse(t, text, { prefix: "<s>" })).toEqual(expected);
      for (const size of [1, 3, 100]) expect(streamed(t, text, size), `chunks of ${size}`).toEqual(expected);
    });
  }
});
