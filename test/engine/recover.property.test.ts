// Recover mode (onError: "recover") on random model output in random chunkings. Texts are built from
// unique words (w0z, w1z, …), the templates' delimiters, JSON that is valid or broken, and whitespace.
// Properties, for templates with a repeating implicit field, a non-repeating one and none at all:
// - nothing throws (every region failure is recovered);
// - no word is lost: each word of the input is in the message, or inside a reported error span
//   (a failed region, unclaimed text, an overwritten block);
// - message and errors do not depend on the chunking;
// - when throw mode does not throw, recover mode gives the same message.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import type { Message, ParseIssue } from "../../runtime/core/types.ts";
import { checkProperty } from "../support/property.ts";

const FIELDS = {
  thinking: { open: "<think>", close: "</think>" },
  tool_calls: { open: "<call>", close: "</call>", repeats: true, content: "json", transform: { type: "function", function: "{content}" } },
  count: { open: "<n>", close: "</n>", content: "int" },
  batch: { open: "<list>", close: "</list>", content: "json", transform_each: true, transform: { name: "{name}" } },
};
const TEMPLATES: Record<string, object> = {
  "repeating implicit": { start_anchor: "<A>", fields: { ...FIELDS, content: { close: "<end>", repeats: true, join: "" } } },
  "non-repeating implicit": { start_anchor: "<A>", fields: { ...FIELDS, content: { close: "<end>" } } },
  "no implicit field": { start_anchor: "<A>", fields: { ...FIELDS, content: { open: "<say>", close: "</say>" } } },
};
const DELIMITERS = ["<think>", "</think>", "<call>", "</call>", "<n>", "</n>", "<list>", "</list>", "<say>", "</say>", "<end>"];

/** A piece of model output; `w` stands for the next unique word. */
const piece = fc.oneof(
  fc.constant("w"),
  fc.constant("w w"),
  fc.constantFrom(...DELIMITERS),
  fc.constantFrom("<think>w</think>", "<say>w</say>", "<n>7</n>", "<n>w</n>", '<call>{"name": "w"}</call>'),
  fc.constantFrom(" ", "\n", "  \n"),
  fc.constantFrom('{"name": "w", "arguments": {"k": "w"}}', '{"name": "w"', "[{\"name\": \"w\"}]", "[w]", "42", "{", "}", '"'),
);

function build(pieces: string[]): string {
  let n = 0;
  return pieces.map((p) => p.replace(/w/g, () => `w${n++}z`)).join("");
}

function words(text: string): { word: string; at: number }[] {
  return [...text.matchAll(/w\d+z/g)].map((m) => ({ word: m[0], at: m.index! }));
}

function chunk(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let last = 0;
  for (const p of points) {
    out.push(text.slice(last, p));
    last = p;
  }
  out.push(text.slice(last));
  return out;
}

function streamed(template: object, chunks: string[]): { message: Message; errors: ParseIssue[] } {
  const p = createResponseParser(template, { prefix: "", onError: "recover" });
  for (const c of chunks) p.feed(c);
  const { message, errors } = p.finalize();
  return { message, errors: errors! };
}

describe("recover mode on random output", () => {
  for (const [name, template] of Object.entries(TEMPLATES)) {
    it(`${name}: loses no word, whatever the chunking`, () => {
      let failures = 0;
      let unclaimed = 0;
      let overwritten = 0;
      checkProperty(
        fc.property(fc.array(piece, { maxLength: 40 }), fc.array(fc.nat(), { maxLength: 12 }), (pieces, cuts) => {
          const text = build(pieces);
          const whole = parseResponse(template, text, { prefix: "", onError: "recover" });
          const dump = JSON.stringify(whole.message);
          for (const { word, at } of words(text)) {
            const inMessage = dump.includes(word);
            const reported = whole.errors.some((e) => e.start <= at && at + word.length <= e.end);
            if (!inMessage && !reported) throw new Error(`${word} at ${at} is lost: ${JSON.stringify({ text, whole })}`);
          }
          failures += whole.errors.filter((e) => e.kind === "region").length;
          unclaimed += whole.errors.filter((e) => e.kind === "unclaimed").length;
          overwritten += whole.errors.filter((e) => e.kind === "overwritten").length;
          expect(streamed(template, chunk(text, cuts))).toEqual(whole);
          let thrown = false;
          let exact: Message | null = null;
          try {
            exact = parseResponse(template, text, { prefix: "" });
          } catch {
            thrown = true;
          }
          if (!thrown) expect(whole.message).toEqual(exact);
        }),
        300,
      );
      console.log(`${name}: ${failures} failed regions, ${unclaimed} unclaimed runs, ${overwritten} overwritten blocks reported`);
      // The generator reaches every kind of report the template can produce.
      expect(failures).toBeGreaterThan(0);
      if (name === "no implicit field") expect(unclaimed).toBeGreaterThan(0);
      if (name !== "repeating implicit") expect(overwritten).toBeGreaterThan(0);
    });
  }
});
