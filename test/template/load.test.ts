// Template validation (runtime/core/template/load.ts) through loadTemplate: each malformed template is refused
// with the JSON path of the problem, the exact reason and the reference's error class (the conformance
// verdicts in test/conformance/templates.test.ts compare classes only), and loose values are read as the
// reference reads them (checked against transformers 5.18.0's chat_parsing).

import { describe, expect, it } from "vitest";
import { loadTemplate, parseResponse } from "../../runtime/interpret/index.ts";
import { validateTemplate } from "../../runtime/core/template/load.ts";
import { TemplateError } from "../../runtime/core/errors.ts";
import { PyFloat } from "../../runtime/core/python/values.ts";
import type { JsonValue } from "../../runtime/core/types.ts";

const withFields = (fields: Record<string, JsonValue>, top: Record<string, JsonValue> = {}) => ({ start_anchor: "<s>", fields, ...top });
const a = (field: Record<string, JsonValue>) => withFields({ a: { open: "<a>", close: "</a>", ...field } });

function refusal(template: unknown): TemplateError {
  try {
    loadTemplate(template);
  } catch (e) {
    if (e instanceof TemplateError) return e;
    throw e;
  }
  throw new Error("the template loaded");
}

describe("a malformed template is refused with its JSON path, reason and class", () => {
  const NAMED = "but the field has no transform; captures are only usable from a transform";
  it.each<[string, unknown, string, string, string?]>([
    ["not an object", "x", "", "a response template must be an object, got str"],
    ["unknown top-level keys, sorted", withFields({ a: { open: "<a>" } }, { zeta: 1, alpha: 2 }), "", "unknown top-level key(s) ['alpha', 'zeta']"],
    ["version 2", withFields({ a: {} }, { version: 2 }), "version", "unsupported version 2; only 1 exists"],
    ['version "1"', withFields({ a: {} }, { version: "1" }), "version", 'unsupported version "1"; only 1 exists'],
    ["version null", withFields({ a: {} }, { version: null }), "version", "unsupported version null; only 1 exists"],
    ["version 2.0", withFields({ a: {} }, { version: new PyFloat(2) }), "version", "unsupported version 2.0; only 1 exists"],
    ["version [1]", withFields({ a: {} }, { version: [1] }), "version", "unsupported version [1]; only 1 exists"],
    ["version {}", withFields({ a: {} }, { version: {} }), "version", "unsupported version {}; only 1 exists"],
    ["defaults a list", withFields({ a: {} }, { defaults: [] }), "defaults", "must be an object, got list"],
    ["no fields", { start_anchor: "<s>" }, "fields", "must be a non-empty object"],
    ["a field not an object", withFields({ a: "x" }), "fields.a", "a field must be an object, got str"],
    ["unknown field keys, sorted", a({ zz: 1, aa: 1 }), "fields.a", "unknown key(s) ['aa', 'zz']"],
    ["content a list (unhashable)", a({ content: [] }), "fields.a.content", "must be a parser name, got list", "TypeError"],
    ["content a number", a({ content: 3 }), "fields.a.content", "unknown content parser 3"],
    ["open and open_pattern", a({ open_pattern: "<a>" }), "fields.a.open", "cannot be combined with open_pattern"],
    ["open an empty list", a({ open: [] }), "fields.a.open", "a list of literals must not be empty"],
    ["open a list with a number", a({ open: ["<a>", 1] }), "fields.a.open", "a list of literals must contain only strings"],
    ["open a number", a({ open: 3 }), "fields.a.open", "must be a string or a list of strings, got int"],
    ["open with an empty literal", a({ open: ["<a>", ""] }), "fields.a.open", "literals must not be empty strings"],
    ["open_pattern a number", withFields({ a: { open_pattern: 3 } }), "fields.a.open_pattern", "must be a pattern string, got int", "TypeError"],
    ["join a number", a({ join: 3 }), "fields.a.join", "must be a string, got int"],
    ["join without repeats", a({ join: "," }), "fields.a.join", "requires repeats: true"],
    // The reference checks join before transform_each.
    ["join a number and transform_each a string", a({ join: 3, transform_each: "x" }), "fields.a.join", "must be a string, got int"],
    ["transform_each a string", a({ transform_each: "yes" }), "fields.a.transform_each", "must be true or false, got str"],
    ["transform_each without transform", a({ transform_each: true }), "fields.a.transform_each", "is set but the field has no transform"],
    ["open_pattern groups without transform", withFields({ a: { open_pattern: "<(?P<t>a)>", close: "</a>" } }), "fields.a.open_pattern", `declares named group(s) ['t'] ${NAMED}`],
    // The implicit field has no open: the close pattern is named, groups sorted.
    ["implicit close_pattern groups without transform", withFields({ content: { close_pattern: "(?P<b>x)(?P<a>y)" } }), "fields.content.close_pattern", `declares named group(s) ['a', 'b'] ${NAMED}`],
    ["two implicit fields", withFields({ a: { close: "</a>" }, b: {} }), "fields", "at most one field may have no open delimiter (the implicit field); found a, b"],
    ["no start anchor", { fields: { a: {} } }, "", "exactly one of start_anchor or start_anchor_pattern is required"],
  ])("%s", (_, template, path, reason, pyClass = "ValueError") => {
    const e = refusal(template);
    expect([e.path, e.reason, e.pyClass]).toEqual([path, reason, pyClass]);
  });

  it("an unknown parser name lists the available ones, sorted", () => {
    const e = refusal(a({ content: "nope" }));
    const [, list] = /^unknown content parser "nope"; available: (.*)$/.exec(e.reason)!;
    const names = list!.split(", ");
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(["text", "int", "float", "bool", "json", "xml-inline", "kv-lines"]));
  });

  it("a pattern rtc cannot run is Unsupported, not an invalid pattern", () => {
    const e = refusal(withFields({ a: { open_pattern: "(?R)" } }));
    expect([e.path, e.pyClass]).toEqual(["fields.a.open_pattern", "Unsupported"]);
    expect(e.reason).toMatch(/^unsupported regex construct \(recursion/);
  });

  it("a pattern checker's own failure is not reported as the template's", () => {
    const bug = new TypeError("checker bug");
    const checker = () => {
      throw bug;
    };
    expect(() => validateTemplate(withFields({ a: { open_pattern: "<a>" } }), checker)).toThrow(bug);
  });
});

describe("loose values are read as the reference reads them", () => {
  const blocks = (repeats: JsonValue) => parseResponse(a({ repeats }), "<s><a>x</a><a>y</a>", { prefix: "" }).a;
  it.each<[string, JsonValue, boolean]>([
    ["null", null, false],
    ['""', "", false],
    ['"no"', "no", true],
    ["0", 0, false],
    ["1", 1, true],
    ["0.0", new PyFloat(0), false],
    ["1.5", new PyFloat(1.5), true],
    ["a big 0", 0n, false],
    ["a big 2", 2n, true],
    ["{}", {}, false],
    ['{"k": 1}', { k: 1 }, true],
    ["[]", [], false],
    ["[0]", [0], true],
  ])("repeats: %s is Python truthiness", (_, repeats, truthy) => {
    expect(blocks(repeats)).toEqual(truthy ? ["x", "y"] : "y");
  });

  it("join: null is no join", () => {
    expect(parseResponse(a({ join: null }), "<s><a>x</a><a>y</a>", { prefix: "" })).toEqual({ a: "y" });
  });
});
