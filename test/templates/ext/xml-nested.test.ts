import { describe, expect, test } from "vitest";
import { compilePattern } from "../../../packages/response-template/translate/index.ts";
import { CONTENT_PARSERS } from "../../../packages/response-template/runtime/content/index.ts";
import { parseXmlNested } from "../../../packages/response-template/runtime/content/ext/xml-nested.ts";
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
