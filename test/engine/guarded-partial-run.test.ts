// The guarded search when only some of a pattern's paths begin with the run (gpt-oss's recipient, written
// after the channel or without one: `(?:<|channel|>…)?\s*to=`): generated parsers, whose opens use it,
// against the interpreter's shared matcher, over random texts in random chunkings and as whole texts. The
// texts are built from the pattern's pieces, their prefixes and whitespace, so that a prefix of a head at a
// chunk's end, a run before a bare head and a candidate that fails all occur.

import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { compileAndImport, type GeneratedModule } from "../../compiler/build/temp-build.ts";
import { analysePattern } from "../../compiler/plan/pattern-facts.ts";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import type { JsonValue } from "../../runtime/core/types.ts";
import { checkProperty, chunkedAt } from "../support/property.ts";

const OPEN = "(?:<s>)?(?=(?:<h>)?\\s*t=)(?:<h>)?\\s*t=\\w+";
const TEMPLATE: JsonValue = {
  start_anchor: "<|s|>",
  fields: {
    call: { open_pattern: OPEN, close: ";", repeats: true, content: "text" },
    content: { repeats: true, join: "" },
  },
};
const PIECES = ["<s>", "<h>", "t=", "x", " ", "\n", ";", "<", "<s", "<h", "t", "=", "ab"];

let generated: GeneratedModule;
beforeAll(async () => {
  const built = (await compileAndImport("guarded-partial-run", [{ id: "t", template: TEMPLATE }])).get("t")!;
  if (built instanceof Error) throw built;
  generated = built;
});

describe("guarded search with a run on some paths only", () => {
  it("is what the build chooses for the pattern", () => {
    const s = analysePattern(OPEN).strategy;
    expect(s.kind === "guarded" ? { heads: s.heads, bare: s.bare } : s).toEqual({ heads: ["<s>", "<h>", "t="], bare: ["<s>", "<h>"] });
  });

  it("gives the interpreter's message and events at every chunking", () => {
    checkProperty(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }), fc.array(fc.nat(), { maxLength: 8 }), (pieces, cuts) => {
        const text = pieces.join("");
        expect(generated.parseResponse(text, { prefix: "" })).toEqual(parseResponse(TEMPLATE, text, { prefix: "" }));
        const a = generated.createResponseParser({ prefix: "" });
        const b = createResponseParser(TEMPLATE, { prefix: "" });
        for (const chunk of chunkedAt(text, cuts)) expect(a.feed(chunk)).toEqual(b.feed(chunk));
        expect(a.finalize()).toEqual(b.finalize());
      }),
      400,
    );
  });
});
