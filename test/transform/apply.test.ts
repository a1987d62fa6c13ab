// Transform errors (runtime/core/transform/apply.ts): the reference's class, and a message that names the
// placeholder, the step and what was found there. Classes and outcomes checked against transformers
// 5.18.0 (`parse_response`); the messages are rtc's own wording.

import { describe, expect, it } from "vitest";
import { parseResponse } from "../../runtime/interpret/index.ts";
import { RtcError, TemplateError } from "../../runtime/core/errors.ts";
import type { JsonValue } from "../../runtime/core/types.ts";

/** A template whose field `c` reads JSON after `<c…>` (`<c a b>` captures zeta=a, alpha=b). */
function template(field: Record<string, JsonValue>) {
  return {
    start_anchor: "<A>",
    fields: {
      c: { open_pattern: "<c(?: (?P<zeta>\\w) (?P<alpha>\\w))?>", close: "</c>", content: "json", ...field },
      content: { close: "<end>" },
    },
  };
}

/** The error `parseResponse` raises, as `class: reason` (the engine's lead-in with the offsets left out). */
function failure(field: Record<string, JsonValue>, text: string): string {
  try {
    parseResponse(template(field), text, { prefix: "" });
  } catch (e) {
    if (e instanceof RtcError) return `${e.pyClass}: ${e.message.replace(/^fields\.c \(region text at offsets \d+–\d+ of the stream\): /, "")}`;
    throw e;
  }
  throw new Error("parsed without an error");
}

describe("transform placeholders that cannot be resolved", () => {
  it("an undefined name is a KeyError listing the names in scope, sorted", () => {
    expect(failure({ transform: { x: "{nope.x}" } }, "<c q r>1</c>")).toBe(
      'KeyError: transform placeholder "{nope.x}": "nope" is not defined (available: "alpha", "content", "zeta")',
    );
  });

  it("a step into a list or a string is refused, not indexed (as in the reference)", () => {
    expect(failure({ transform: { x: "{content.0}" } }, "<c>[1, 2]</c>")).toBe(
      'ValueError: transform placeholder "{content.0}": "content" is a list, not a dict, so it has no "0"',
    );
    expect(failure({ transform: { x: "{content.length}" } }, '<c>"abc"</c>')).toBe(
      'ValueError: transform placeholder "{content.length}": "content" is a str, not a dict, so it has no "length"',
    );
  });

  it("a later step names the path up to it: into None, and a missing key", () => {
    expect(failure({ transform: { x: "{content.a.b.c}" } }, '<c>{"a": {"b": null}}</c>')).toBe(
      'ValueError: transform placeholder "{content.a.b.c}": "content.a.b" is a NoneType, not a dict, so it has no "c"',
    );
    expect(failure({ transform: { x: "{content.a.b}" } }, '<c>{"a": {"c": 1}}</c>')).toBe(
      'ValueError: transform placeholder "{content.a.b}": "content.a" has no key "b"',
    );
  });

  it("transform_each refuses an item that is not a dict", () => {
    expect(failure({ transform_each: true, transform: { x: "{name}" } }, '<c>[{"name": 1}, 2]</c>')).toBe(
      "ValueError: fields.c.transform_each: every list item must be a dict, got int",
    );
  });
});

describe("transform strings", () => {
  it("a string mixing a placeholder with text is refused when the template loads, at its JSON path", () => {
    let error: unknown;
    try {
      parseResponse(template({ transform: { x: ["a", { y: "f({content})" }] } }), "", { prefix: "" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TemplateError);
    expect((error as TemplateError).message).toBe(
      'fields.c.transform.x[1].y: transform string "f({content})" mixes a {placeholder} with literal text; use a whole-string ' +
        'placeholder such as "{content}" or a plain literal (string interpolation is not supported)',
    );
  });
});
