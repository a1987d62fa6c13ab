// rtc extension `xml-nested`: arguments as nested XML elements, the MiniMax M3 format, where objects
// and arrays are written as child elements instead of JSON:
//   <city>Paris</city><filters><lang>en</lang><depth>2</depth></filters><tags><item>a</item><item>b</item></tags>
// Every tag may carry a literal prefix (`tag_prefix`, MiniMax M3 writes `]<]minimax[>[` before each).
// Result: a dict of the top-level elements. An element whose body consists of elements becomes a dict,
// or a list when all its children are `item_tag` (default "item"); an empty element is "". Leaves at
// the top level stay raw strings, so that tool-schema coercion can type them (without tools, a field's
// `argument_types: "json"` does, as templates/minimax-m3.json says); nested leaves, which no schema
// coercion reaches, that read as a JSON scalar (number, true/false/null) take that value, other nested
// leaves stay strings.
// content_args: `tag_prefix` (""), `item_tag` ("item").

import { ContentError } from "../../errors.ts";
import { pyJsonLoads } from "../../python/json.ts";
import { makeDict, pyTypeName } from "../../python/values.ts";
import type { JsonValue } from "../../types.ts";
import { argGet } from "../args.ts";
import type { ContentParser } from "../types.ts";

/**
 * rtc extension `xml-nested`: arguments as nested XML elements (MiniMax M3) into a dict; children all named
 * `item_tag` make a list; top-level leaves stay strings (for tool-schema coercion). Args: `tag_prefix`, `item_tag`.
 */
export const parseXmlNested: ContentParser = (text, args) => {
  if (typeof text !== "string") throw new ContentError(`xml-nested: expected a string body, got '${pyTypeName(text)}'`, "TypeError");
  const prefix = argGet(args, "tag_prefix", "");
  const item = argGet(args, "item_tag", "item");
  if (typeof prefix !== "string" || typeof item !== "string") {
    throw new ContentError("xml-nested: tag_prefix and item_tag must be strings", "TypeError");
  }
  const elements = readElements(text, prefix);
  if (elements === null) throw new ContentError(`xml-nested: the body is not a sequence of elements: ${JSON.stringify(text.slice(0, 40))}`, "ValueError");
  return makeDict(elements.map(([k, body]) => [k, toValue(body, prefix, item, false)]));
};

function toValue(body: string, prefix: string, item: string, nested: boolean): JsonValue {
  const children = body.trim() === "" ? null : readElements(body, prefix);
  if (children === null || children.length === 0) {
    if (!nested) return body;
    const t = body.trim();
    if (t === "") return "";
    if (/^(?:-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|null)$/.test(t)) return pyJsonLoads(t);
    return body;
  }
  if (children.every(([k]) => k === item)) return children.map(([, b]) => toValue(b, prefix, item, true));
  return makeDict(children.map(([k, b]) => [k, toValue(b, prefix, item, true)]));
}

/** `<k>body</k>…` (each tag after `prefix`), whitespace between elements allowed; null if not that shape. */
function readElements(s: string, prefix: string): [string, string][] | null {
  const out: [string, string][] = [];
  let i = 0;
  const skipWs = () => {
    while (i < s.length && /\s/u.test(s[i]!)) i++;
  };
  skipWs();
  while (i < s.length) {
    if (!s.startsWith(prefix + "<", i)) return null;
    const nameStart = i + prefix.length + 1;
    const gt = s.indexOf(">", nameStart);
    if (gt < 0) return null;
    const name = s.slice(nameStart, gt);
    if (!/^[^\s<>/]+$/u.test(name)) return null;
    const open = `${prefix}<${name}>`;
    const close = `${prefix}</${name}>`;
    // Find the matching close, counting nested elements of the same name.
    let depth = 1;
    let j = gt + 1;
    let end = -1;
    while (j < s.length) {
      const nextOpen = s.indexOf(open, j);
      const nextClose = s.indexOf(close, j);
      if (nextClose < 0) return null;
      if (nextOpen >= 0 && nextOpen < nextClose) {
        depth++;
        j = nextOpen + open.length;
      } else {
        depth--;
        if (depth === 0) {
          end = nextClose;
          break;
        }
        j = nextClose + close.length;
      }
    }
    if (end < 0) return null;
    out.push([name, s.slice(gt + 1, end)]);
    i = end + close.length;
    skipWs();
  }
  return out;
}
