// A literal delimiter found inside a long stretch that another delimiter holds back (a pattern pending
// from `<x>` until a "!" that never comes). Once the held stretch passes StreamParser.detachMin (1024
// characters), the engine moves it out of the buffer it scans (ScanResult.need): the literal's search must
// still answer the occurrence it found there. It used to search again, in the text left in the buffer, and
// lost it: `<a>hi</a>` stayed in the content. Messages recorded with transformers 5.18.0 (parse_response on
// the whole text).

import { beforeAll, describe, expect, it } from "vitest";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import { compileAndImport, type GeneratedModule } from "../../compiler/build/temp-build.ts";
import type { JsonValue, ParseOptions, ResponseParser } from "../../runtime/core/types.ts";

const HELD = { open_pattern: "<x>[^!]*!", close: "</x>" };
const TEMPLATES: Record<string, JsonValue> = {
  literal: { start_anchor: "<s>", fields: { content: {}, x: HELD, a: { open: "<a>", close: "</a>" } } },
  "literal list": { start_anchor: "<s>", fields: { content: {}, x: HELD, a: { open: ["<a>", "<b>"], close: "</a>" } } },
};
const TEXT = "<x>" + "y".repeat(10) + "<a>hi</a>" + "z".repeat(1500) + " end";
const EXPECTED = { content: "z".repeat(1500) + " end", a: "hi" };
const OPTIONS: ParseOptions = { prefix: "<s>" };

let generated: Map<string, GeneratedModule | Error>;
beforeAll(async () => {
  generated = await compileAndImport(
    "literal-in-held-stretch",
    Object.entries(TEMPLATES).map(([id, template]) => ({ id, template })),
  );
});

function streamed(make: () => ResponseParser, size: number): JsonValue {
  const parser = make();
  for (let i = 0; i < TEXT.length; i += size) parser.feed(TEXT.slice(i, i + size));
  return parser.finalize().message;
}

describe("a literal found in text held back past detachMin", () => {
  for (const [name, template] of Object.entries(TEMPLATES)) {
    it(`${name}: the whole text's message`, () => {
      expect(parseResponse(template, TEXT, OPTIONS)).toEqual(EXPECTED);
    });

    for (const engine of ["interpreter", "generated"] as const) {
      it(`${name}, ${engine}: streamed in chunks of 1, 7 and 100 characters`, () => {
        const m = generated.get(name);
        if (engine === "generated" && !(m && !(m instanceof Error))) throw new Error(`no generated parser: ${String(m)}`);
        const make = engine === "interpreter" ? () => createResponseParser(template, OPTIONS) : () => (m as GeneratedModule).createResponseParser(OPTIONS);
        for (const size of [1, 7, 100]) expect(streamed(make, size), `chunks of ${size}`).toEqual(EXPECTED);
      });
    }
  }
});
