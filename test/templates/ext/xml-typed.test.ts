import { describe, expect, test } from "vitest";
import { compilePattern } from "../../../runtime/translate/index.ts";
import { CONTENT_PARSERS } from "../../../runtime/core/content/index.ts";
import { parseXmlTyped } from "../../../runtime/core/content/ext/xml-typed.ts";
import { ContentError } from "../../../runtime/core/errors.ts";
import { plain } from "../support.ts";

const ctx = { pattern: compilePattern, parsers: CONTENT_PARSERS };
const TAG = '<p name="(?P<key>[^"]+)"(?P<attrs>[^>]*)>(?P<value>.*?)</p>';
const args = { tag_pattern: TAG, raw_when: { group: "attrs", contains: 'string="true"' } };

describe("xml-typed", () => {
  test("string=true keeps the raw text even when it looks like JSON; others parse as JSON", () => {
    const body = '<p name="a" string="true">3</p><p name="b" string="false">3</p><p name="c" string="false">{"x": [true]}</p><p name="d" string="true">{"x"}</p>';
    expect(plain(parseXmlTyped(body, args, ctx))).toEqual({ a: "3", b: 3, c: { x: [true] }, d: '{"x"}' });
  });
  test("non-JSON values fall back to the raw string; without raw_when everything is JSON-or-raw", () => {
    expect(plain(parseXmlTyped('<p name="a" string="false">not json</p>', args, ctx))).toEqual({ a: "not json" });
    expect(plain(parseXmlTyped('<p name="a">true</p><p name="b">x</p>', { tag_pattern: TAG }, ctx))).toEqual({ a: true, b: "x" });
  });
  test("tag_pattern is required", () => {
    expect(() => parseXmlTyped("", {}, ctx)).toThrow(/tag_pattern/);
  });
});

describe("xml-typed: refusals and unset groups", () => {
  const error = (s: unknown, a: Record<string, unknown>) => {
    try {
      parseXmlTyped(s as string, a as never, ctx);
    } catch (e) {
      if (e instanceof ContentError) return `${e.pyClass}: ${e.message}`;
      throw e;
    }
    return "parsed";
  };
  test("wrong bodies and arguments", () => {
    expect(error(3, { tag_pattern: TAG })).toBe("TypeError: xml-typed: expected a string body, got 'int'");
    expect(error("", { tag_pattern: TAG, raw_when: { group: 1 } })).toBe("ValueError: xml-typed: raw_when must be {group: string, contains: string}");
    expect(error("", { tag_pattern: TAG, raw_when: { group: "attrs" } })).toBe("ValueError: xml-typed: raw_when must be {group: string, contains: string}");
    expect(error("", { tag_pattern: TAG, raw_when: { group: 1, contains: "x" } })).toBe("ValueError: xml-typed: raw_when must be {group: string, contains: string}");
    expect(error("", { tag_pattern: TAG, raw_when: "attrs" })).toBe("ValueError: xml-typed: raw_when must be {group: string, contains: string}");
    expect(error("", {})).toBe("ValueError: xml-typed: the 'tag_pattern' content_arg (a string) is required");
    expect(error("<p>1</p>", { tag_pattern: "<p>(?P<value>.*?)</p>" })).toBe("ValueError: xml-typed: tag_pattern needs a named group 'key': <p>(?P<value>.*?)</p>");
  });
  test("an unset raw_when group reads the value as JSON", () => {
    const tag = '<p name="(?P<key>\\w+)"(?: (?P<attrs>string="true"))?>(?P<value>.*?)</p>';
    expect(plain(parseXmlTyped('<p name="a">3</p><p name="b" string="true">3</p>', { tag_pattern: tag, raw_when: { group: "attrs", contains: "true" } }, ctx))).toEqual({ a: 3, b: "3" });
  });
  test("an unset value group is the empty string", () => {
    expect(plain(parseXmlTyped('<p name="a"/>', { tag_pattern: '<p name="(?P<key>\\w+)"(?:>(?P<value>.*?)</p>|/>)' }, ctx))).toEqual({ a: "" });
  });
});
