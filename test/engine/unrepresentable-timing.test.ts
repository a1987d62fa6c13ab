// Issue 9's parity gap: the reference fails with Unrepresentable only when feed(), finalize() or the
// constructor would return (its result cannot be written as JSON), not when the region closes. So the
// call goes on, a later error in the same call wins, and the bad value stays in the message (finalize then
// fails for it). The four reproducers, each in both engines, as traces of error classes.
import { beforeAll, describe, expect, it } from "vitest";
import { createResponseParser } from "../../runtime/interpret/index.ts";
import { compileAndImport, type GeneratedModule } from "../../compiler/build/temp-build.ts";
import { RtcError } from "../../runtime/core/errors.ts";
import type { JsonValue, ResponseParser } from "../../runtime/core/types.ts";

const T = { start_anchor: "<A>", fields: { x: { open: "<x>", close: "</x>", content: "json" } } };
const CASES: { name: string; template: JsonValue; text: string; expected: string[] }[] = [
  {
    name: "A: a later ValueError in the same feed wins",
    template: T,
    text: "<x>NaN</x><x>{</x>",
    expected: ["feed_error ValueError", "final_error ValueError"],
  },
  {
    name: "B: the AttributeError of appending to a non-list default wins",
    template: { ...T, defaults: { x: "" }, fields: { x: { ...T.fields.x, repeats: true } } },
    text: "<x>NaN</x>",
    expected: ["feed_error AttributeError", "final_error AttributeError"],
  },
  {
    name: "C: a missing required field at finalize wins",
    template: { ...T, fields: { ...T.fields, y: { open: "<y>", close: "</y>", optional: false } } },
    text: "<x>NaN",
    expected: ["feed", "final_error ValueError"],
  },
  {
    name: "D: a later ValueError wins, and the value stays in the message",
    template: { ...T, fields: { ...T.fields, y: { open: "<y>", close: "</y>", content: "json" } } },
    text: "<x>NaN</x><y>{</y>}</y>",
    expected: ["feed_error ValueError", "final_error Unrepresentable"],
  },
];

/** prefix "<A>", the text in one chunk, then finalize: each step as "feed", "feed_error <class>", … */
function classes(create: () => ResponseParser, text: string): { steps: string[]; messages: string[] } {
  const steps: string[] = [];
  const messages: string[] = [];
  const parser = create();
  const attempt = (label: string, f: () => unknown) => {
    try {
      f();
      steps.push(label);
    } catch (e) {
      if (!(e instanceof RtcError)) throw e;
      steps.push(`${label}_error ${e.pyClass}`);
      messages.push(e.message);
    }
  };
  attempt("feed", () => parser.feed(text));
  attempt("final", () => parser.finalize());
  return { steps, messages };
}

describe("Unrepresentable is raised when the call would return", () => {
  const generated = new Map<string, GeneratedModule>();
  beforeAll(async () => {
    const built = await compileAndImport(
      "unrepresentable-timing",
      CASES.map((c, i) => ({ id: `case${i}`, template: c.template })),
    );
    CASES.forEach((_, i) => generated.set(`case${i}`, built.get(`case${i}`) as GeneratedModule));
  }, 120_000);

  CASES.forEach((c, i) => {
    it(`${c.name} (interpreter)`, () => {
      const { steps, messages } = classes(() => createResponseParser(c.template, { prefix: "<A>" }), c.text);
      expect(steps).toEqual(c.expected);
      // The bad value is named where the Unrepresentable comes from a value left in the message.
      if (c.expected.includes("final_error Unrepresentable")) expect(messages.at(-1)).toMatch(/message\.x is NaN/);
    });
    it(`${c.name} (generated)`, () => {
      const { steps } = classes(() => generated.get(`case${i}`)!.createResponseParser({ prefix: "<A>" }), c.text);
      expect(steps).toEqual(c.expected);
    });
  });

  it("alone, it fails the feed that closed the region, then finalize (the value is still there)", () => {
    const { steps, messages } = classes(() => createResponseParser(T, { prefix: "<A>" }), "<x>NaN</x>");
    expect(steps).toEqual(["feed_error Unrepresentable", "final_error Unrepresentable"]);
    expect(messages[0]).toMatch(/^fields\.x \(region text at offsets 3–6 of the stream\): the parsed value is NaN/);
  });

  it("the constructor fails when the prefix closes such a region", () => {
    expect(() => createResponseParser(T, { prefix: "<A><x>Infinity</x>" })).toThrow(/value is Infinity, which JSON cannot carry/);
  });
});
