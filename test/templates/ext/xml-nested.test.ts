import { describe, expect, test } from "vitest";
import { compilePattern } from "../../../runtime/translate/index.ts";
import { CONTENT_PARSERS } from "../../../runtime/core/content/index.ts";
import { parseXmlNested } from "../../../runtime/core/content/ext/xml-nested.ts";
import { ContentError } from "../../../runtime/core/errors.ts";
import { plain } from "../support.ts";

const ctx = { pattern: compilePattern, parsers: CONTENT_PARSERS };
const P = "]<]minimax[>[";
const t = (s: string) => s.replaceAll("<", `${P}<`);

describe("xml-nested", () => {
  test("top-level leaves stay strings; nested objects, item lists and nested scalars", () => {
    const body = t("<city>Paris <b> \"x\"\nFR</city><days>3</days><filters><lang>en</lang><depth>2</depth><ok>false</ok><deep><x>1.5</x></deep></filters><tags><item>a</item><item>7</item></tags>");
    // the value "Paris <b>…" contains an unprefixed "<b>", which is text, not an element
    const fixed = body.replace(`${P}<b>`, "<b>");
    expect(plain(parseXmlNested(fixed, { tag_prefix: P }, ctx))).toEqual({
      city: 'Paris <b> "x"\nFR',
      days: "3",
      filters: { lang: "en", depth: 2, ok: false, deep: { x: 1.5 } },
      tags: ["a", 7],
    });
  });
  test("no prefix, whitespace between elements, same-name nesting, empty element", () => {
    expect(plain(parseXmlNested("\n<a><a>1</a></a>\n<b></b>\n", {}, ctx))).toEqual({ a: { a: 1 }, b: "" });
  });
  test("a body that is not elements fails", () => {
    expect(() => parseXmlNested("plain text", {}, ctx)).toThrow(/not a sequence of elements/);
    expect(() => parseXmlNested("<a>unclosed", {}, ctx)).toThrow();
  });
});

describe("xml-nested: edges", () => {
  const parse = (s: string, args: Record<string, unknown> = {}) => plain(parseXmlNested(s, args as never, ctx));
  const error = (s: unknown, args: Record<string, unknown> = {}) => {
    try {
      parseXmlNested(s as string, args as never, ctx);
    } catch (e) {
      if (e instanceof ContentError) return `${e.pyClass}: ${e.message}`;
      throw e;
    }
    return "parsed";
  };
  test("whitespace-only elements: raw at the top level, empty when nested; nested scalars are trimmed", () => {
    expect(parse("<a> </a>")).toEqual({ a: " " });
    expect(parse("<a><b> </b></a>")).toEqual({ a: { b: "" } });
    expect(parse("<a><b> 3 </b><c>2e5</c><d>-1.5E-2</d></a>")).toEqual({ a: { b: 3, c: 200000, d: -0.015 } });
  });
  test("a list needs every child to be an item; item_tag names the item element", () => {
    expect(parse("<a><item>1</item><b>2</b></a>")).toEqual({ a: { item: 1, b: 2 } });
    expect(parse("<l><entry>1</entry><entry>x</entry></l>", { item_tag: "entry" })).toEqual({ l: [1, "x"] });
  });
  test.each(["xa>1</a>", "<a b>1</a b>", "< a>1</ a>", "<a >1</a >", "<a>", "<a><a><a>1</a>", "<a><a><a>1</a>x", "]<]m[>[xa>1]<]m[>[</a>"])("%s is not a sequence of elements", (s) => {
    expect(error(s, s.startsWith("]") ? { tag_prefix: "]<]m[>[" } : {})).toBe(`ValueError: xml-nested: the body is not a sequence of elements: ${JSON.stringify(s)}`);
  });
  test("the error quotes the first 40 characters; wrong argument types are TypeErrors", () => {
    const long = "plain text that is longer than forty characters, much longer";
    expect(error(long)).toBe(`ValueError: xml-nested: the body is not a sequence of elements: ${JSON.stringify(long.slice(0, 40))}`);
    expect(error(3)).toBe("TypeError: xml-nested: expected a string body, got 'int'");
    expect(error("<a>1</a>", { tag_prefix: 1 })).toBe("TypeError: xml-nested: tag_prefix and item_tag must be strings");
    expect(error("<a>1</a>", { item_tag: 1 })).toBe("TypeError: xml-nested: tag_prefix and item_tag must be strings");
  });
});
