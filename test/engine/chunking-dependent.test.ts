// Delimiters whose message depends on where the chunks end, in the reference's own streaming parser too:
// it searches every delimiter with the `regex` module's partial matching, which decides some questions
// at the buffer's end as if the text ended there, and rtc answers exactly as it does. The streamed
// messages below were recorded with transformers 5.18.0 (ResponseParser(template, prefix="<s>"), one
// feed per chunk, then finalize()); the whole-text ones with parse_response(text, template, prefix="<s>").
// Property tests that compare chunkings against the whole text leave these delimiter kinds out.

import { beforeAll, describe, expect, it } from "vitest";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import { compileAndImport, type GeneratedModule } from "../../compiler/build/temp-build.ts";
import type { JsonValue, ResponseParser } from "../../runtime/core/types.ts";

interface Row {
  why: string;
  x: JsonValue;
  chunks: string[];
  streamed: JsonValue;
  whole: JsonValue;
}

const ROWS: Row[] = [
  {
    why: "`\\B` at the buffer's end is decided as if the text ended there: after `\\nx` the partial search starts at 2, so `x` is committed",
    x: { open_pattern: "x\\B", close: "]" },
    chunks: ["\n", "x", "t<t>"],
    streamed: { content: "xt<t>" },
    whole: { x: "t<t>" },
  },
  {
    why: "a complete match wins over an earlier partial one: on `…a` the empty match of `(?:ab)?\\Z` at the end beats `a` pending",
    x: { open_pattern: "(?:ab)?\\Z", close: "]" },
    chunks: ["[\n😀", "a", "b"],
    streamed: { content: "[\n😀ab" },
    whole: { content: "[\n😀" },
  },
  {
    why: "`$` also matches before a final newline, which the next chunk may follow with text",
    x: { open_pattern: "$", close: "]" },
    chunks: ["ab\n", "cd"],
    streamed: { content: "ab", x: "cd" },
    whole: { content: "ab\ncd" },
  },
  {
    why: "a literal list where one literal begins another: on `<|` the complete `<` wins over `<|x|>` pending (one alternation)",
    x: { open: ["<", "<|x|>"], close: "]" },
    chunks: ["a<|", "x|>b"],
    streamed: { content: "a", x: "|x|>b" },
    whole: { content: "a", x: "b" },
  },
];

const template = (r: Row): JsonValue => ({ start_anchor: "<s>", fields: { content: {}, x: r.x } });
const OPTIONS = { prefix: "<s>" };

let generated: Map<string, GeneratedModule | Error>;
beforeAll(async () => {
  generated = await compileAndImport(
    "chunking-dependent",
    ROWS.map((r, i) => ({ id: `row${i}`, template: template(r) })),
  );
});

function streamed(parser: ResponseParser, chunks: string[]): JsonValue {
  for (const c of chunks) parser.feed(c);
  return parser.finalize().message;
}

describe("messages that depend on the chunking, as in the reference", () => {
  ROWS.forEach((r, i) => {
    it(`${r.why}: interpreter`, () => {
      expect(streamed(createResponseParser(template(r), OPTIONS), r.chunks)).toEqual(r.streamed);
      expect(parseResponse(template(r), r.chunks.join(""), OPTIONS)).toEqual(r.whole);
    });

    it(`${r.why}: generated parser`, () => {
      const m = generated.get(`row${i}`);
      if (!m || m instanceof Error) throw new Error(`no generated parser: ${String(m)}`);
      expect(streamed(m.createResponseParser(OPTIONS), r.chunks)).toEqual(r.streamed);
      expect(streamed(m.createResponseParser(OPTIONS), [r.chunks.join("")])).toEqual(r.whole);
    });
  });
});
