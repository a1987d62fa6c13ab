// The compiler's plan decisions (plan/build-plan.ts) shown where they matter: a generated parser agrees with
// the interpreter exactly (events, message, key order, errors) on templates where a wrong decision would
// not — the reference's tie-break between delimiters, object keys that a JS object literal cannot carry,
// transforms only the runtime can build — and rtc build refuses a content pattern it cannot run.
// The expected messages are what transformers 5.18.0 returns for the same templates and texts.

import { beforeAll, describe, expect, it } from "vitest";
import { createResponseParser } from "../../runtime/interpret/index.ts";
import { pyJsonLoads } from "../../runtime/core/python/json.ts";
import type { JsonValue, ParseOptions } from "../../runtime/core/types.ts";
import { UnsupportedPatternError } from "../../runtime/translate/index.ts";
import { clearCache, compileAndImport } from "../../compiler/build/temp-build.ts";
import { planSource } from "../../compiler/build/compile.ts";
import { canonical } from "../../compiler/replay/tagged.ts";
import { exactTrace } from "./exact-trace.ts";

const OPTIONS: ParseOptions = { prefix: "<s>" };

/** Compiles the template, checks that the generated parser's exact trace equals the interpreter's (whole
 * text and one character at a time) and returns the interpreter's message as canonical JSON. */
async function agreed(id: string, template: JsonValue, text: string): Promise<string> {
  const m = (await compileAndImport("plan", [{ id, template }])).get(id)!;
  if (m instanceof Error) throw m;
  for (const chunks of [[text], Array.from(text)]) {
    expect(exactTrace(() => m.createResponseParser(OPTIONS), chunks)).toEqual(exactTrace(() => createResponseParser(template, OPTIONS), chunks));
  }
  const p = createResponseParser(template, OPTIONS);
  p.feed(text);
  return canonical(p.finalize().message);
}

beforeAll(() => clearCache("plan"));

describe("the plan's tie-breaks", () => {
  it("two opens matching at one place: the field first by name wins, whatever the template's order", async () => {
    const template = { start_anchor: "<s>", fields: { b: { open: "<x>", close: "</x>" }, a: { open: "<x>", close: "</x>" } } };
    expect(await agreed("tie-name", template, "<x>hi</x> and some more text after it")).toBe('{"a":"hi"}');
  });

  it("two literals with one first character: the longer wins at one start, though its field sorts later", async () => {
    const template = { start_anchor: "<s>", fields: { a: { open: "<a", close: "</a>" }, b: { open: "<ab>", close: "</b>" } } };
    expect(await agreed("tie-length", template, "<ab>hi</b> and some more text after it")).toBe('{"b":"hi"}');
  });
});

describe("transforms built as plain objects, or by the runtime when an object literal cannot carry them", () => {
  // Array-index keys come first in a JS object literal, and "__proto__" sets its prototype: such dicts are
  // built by the runtime's transform, in Python's key order.
  for (const key of ["0", "1", "10", "123", "__proto__"]) {
    it(`a dict with the key ${JSON.stringify(key)} keeps it, in Python's order`, async () => {
      // From JSON text, as templates are read: a JS object literal would reorder the keys itself.
      const template = pyJsonLoads(
        `{"start_anchor": "<s>", "fields": {"c": {"open": "<c>", "close": "</c>", "transform": {"b": "{content}", ${JSON.stringify(key)}: "x", "d": {"e": "{content}"}}}}}`,
      );
      const expected = `{"c":{"b":"hi",${JSON.stringify(key)}:"x","d":{"e":"hi"}}}`;
      expect(await agreed(`key-${key}`, template, "<c>hi</c>")).toBe(expected);
    });
  }

  it("a list whose items need the runtime (a dotted path) is built by the runtime", async () => {
    const template = { start_anchor: "<s>", fields: { c: { open: "<c>", close: "</c>", content: "json", transform: ["{content}", "{content.a}"] } } };
    expect(await agreed("list-dotted", template, '<c>{"a": 1}</c>')).toBe('{"c":[{"a":1},1]}');
  });

  it("a tag_pattern that is not a string fails when the region closes, as in the interpreter", async () => {
    const template = { start_anchor: "<s>", fields: { c: { open: "<c>", close: "</c>", content: "xml-inline", content_args: { tag_pattern: 5 } } } };
    const m = (await compileAndImport("plan", [{ id: "tag-5", template }])).get("tag-5")!;
    if (m instanceof Error) throw m;
    const gen = exactTrace(() => m.createResponseParser(OPTIONS), ["<c><a>1</a></c>"]);
    expect(gen).toEqual(exactTrace(() => createResponseParser(template, OPTIONS), ["<c><a>1</a></c>"]));
    expect(gen.join("\n")).toContain("xml-inline: tag_pattern must be a string, got 'int'");
  });
});

describe("content patterns", () => {
  it("rtc build refuses a tag_pattern rtc cannot run (the interpreter refuses it when it is used)", () => {
    const template = { start_anchor: "<s>", fields: { c: { open: "<c>", close: "</c>", content: "xml-inline", content_args: { tag_pattern: "(?R)" } } } };
    expect(() => planSource({ name: "t", file: "t.json", at: "", template })).toThrow(UnsupportedPatternError);
  });
});
