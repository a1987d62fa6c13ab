// The quiet scan (runtime/core/engine/scan.ts) answers a feed without asking the searches when every search was
// idle where the new text starts. Whether it may depends on where the chunks fall, so each template here is
// streamed in every cut into pieces of 1 to 6 UTF-16 units (every phase of the first piece), and the
// message must be the whole text's (one feed: no quiet scan). The delimiters cover each kind of search: a
// literal, a literal list, astral literals (the first and last astral planes), patterns with and without a
// begin test (case-insensitive: none), a whitespace run before a tag (pending at a chunk's last character).

import { describe, expect, it } from "vitest";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import type { JsonValue } from "../../runtime/core/types.ts";

const TEXT = "a <t <x 🔧 \n\n hi <TOOL\n <tool>1</tool> b 🔧c <tool>2</tool> \u{10000}c3</tool> \u{10fffd}c4</tool>\n\n end 🔧";
const OPEN: Record<string, JsonValue> = {
  literal: { open: "<tool>" },
  "literal list": { open: ["<tool>", "🔧c <"] },
  astral: { open: "🔧c" },
  "pattern": { open_pattern: "<tool>" },
  "case-insensitive pattern": { open_pattern: "(?i)<tool>" },
  "whitespace before a tag": { open_pattern: "\\s*<tool>" },
  "pattern or astral": { open_pattern: "<tool>|🔧c" },
  // The first and last astral planes' high surrogates (U+D800, U+DBFF): the first-character test reads a
  // code point from them.
  "literal at U+10000": { open: "\u{10000}c" },
  "literal at U+10FFFD": { open: "\u{10fffd}c" },
  "pattern at U+10000 or U+10FFFD": { open_pattern: "\\U00010000c|\\U0010fffdc" },
};

function pieces(text: string, size: number, first: number): string[] {
  const out = [text.slice(0, first)];
  for (let i = first; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.filter((p) => p !== "");
}

describe("the quiet scan, in every chunking", () => {
  for (const [name, open] of Object.entries(OPEN)) {
    it(`${name}: the whole text's message`, () => {
      const template = { start_anchor: "<s>", fields: { content: {}, tool_calls: { ...(open as object), close: "</tool>", repeats: true, join: "|" } } };
      const expected = parseResponse(template, TEXT, { prefix: "<s>" }) as Record<string, JsonValue>;
      expect(expected.tool_calls).toBeTypeOf("string"); // the delimiter occurs in the text
      for (let size = 1; size <= 6; size++) {
        for (let first = 1; first <= size; first++) {
          const chunks = pieces(TEXT, size, first);
          const parser = createResponseParser(template, { prefix: "<s>" });
          for (const c of chunks) parser.feed(c);
          expect(parser.finalize().message, JSON.stringify(chunks)).toEqual(expected);
        }
      }
    });
  }
});
