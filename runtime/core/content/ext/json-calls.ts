// rtc extension `json-calls`: tool calls written as JSON objects in the shapes models really emit, which
// one `json` region with one transform cannot all read:
//
//   {"name": "get_weather", "parameters": {"city": "Paris"}}                      (Llama 3.x)
//   {"name": "a", "parameters": {…}}; {"name": "b", "parameters": {…}}             (Llama 3.2: `;`-separated)
//   [{"name": "get_weather", "arguments": {"city": "Paris"}}, …]                  (xLAM, Phi-4-mini, Jamba, …)
//   {"type": "function", "function": {"name": "f", "arguments": "{\"a\": 1}"}}     (OpenAI-shaped)
//
// The body is one or more JSON values (Python json.loads semantics) separated by whitespace, `;` or `,`;
// each value is a call object or a list of them. A call's name is `name` (or `function.name`); its
// arguments are `arguments` or `parameters` (or the same under `function`), a JSON string holding an
// object is decoded, and a call without arguments gets {}. Result: a list of `{name, arguments}` dicts in
// order, for `transform_each`. Anything else is a ContentError. content_args:
// - `single` (default false): the body is exactly one call object (a list, several values or an empty
//   body is a ContentError) — for a per-call wrapper such as Hermes' <tool_call>…</tool_call>, where a
//   list or a non-string name is malformed output, not a call (recover mode keeps it as text).

import { ContentError, excerpt } from "../../errors.ts";
import { JsonDecodeError, pyJsonLoads, pyJsonRawDecode } from "../../python/json.ts";
import { isDict, makeDict, pyTypeName } from "../../python/values.ts";
import type { JsonObject, JsonValue } from "../../types.ts";
import { argGet, pyTruthy } from "../args.ts";
import type { ContentParser } from "../types.ts";

/**
 * rtc extension `json-calls`: one or more JSON call objects or lists of them (separated by whitespace, `;`
 * or `,`), with `arguments` or `parameters`, also OpenAI-shaped; gives `{name, arguments}` dicts for
 * `transform_each`. With `content_args.single`, the body must be exactly one call object.
 */
export const parseJsonCalls: ContentParser = (text, args) => {
  if (typeof text !== "string") {
    throw new ContentError(`json-calls: expected a string body, got '${pyTypeName(text)}'`, "TypeError");
  }
  if (pyTruthy(argGet(args, "single", false))) return [readOneCall(text)];
  return readJsonCalls(text, "json-calls");
};

/** `single`: the whole body is one call object (surrounding whitespace aside). */
function readOneCall(text: string): JsonValue {
  let value: JsonValue;
  try {
    value = pyJsonLoads(text);
  } catch (e) {
    if (!(e instanceof ContentError)) throw e;
    throw new ContentError(`json-calls: the region is not valid JSON (${e.message})`, "ValueError");
  }
  if (Array.isArray(value)) throw new ContentError(`json-calls: a list where one call object belongs: ${excerpt(text)}`, "ValueError");
  return call(value, "json-calls");
}

/** The calls in `text` (also used by python-calls for bodies written as JSON). */
export function readJsonCalls(text: string, who: string): JsonValue[] {
  const out: JsonValue[] = [];
  let i = 0;
  for (;;) {
    while (i < text.length && (/\s/u.test(text[i]!) || text[i] === ";" || text[i] === ",")) i++;
    if (i >= text.length) break;
    let decoded: { value: JsonValue; end: number };
    try {
      decoded = pyJsonRawDecode(text, i);
    } catch (e) {
      if (!(e instanceof JsonDecodeError)) throw e;
      throw new ContentError(`${who}: not a JSON call at offset ${i} (${e.message}); content: ${excerpt(text)}`, "ValueError");
    }
    for (const item of Array.isArray(decoded.value) ? decoded.value : [decoded.value]) out.push(call(item, who));
    i = decoded.end;
  }
  if (out.length === 0) throw new ContentError(`${who}: no call in the region`, "ValueError");
  return out;
}

function call(item: JsonValue, who: string): JsonValue {
  if (!isDict(item)) throw new ContentError(`${who}: each call must be an object, got '${pyTypeName(item)}'`, "ValueError");
  const fn: JsonObject = isDict(item.function) ? item.function : item;
  const name = fn.name;
  if (typeof name !== "string") throw new ContentError(`${who}: a call has no string "name": ${excerpt(JSON.stringify(item))}`, "ValueError");
  let args: JsonValue = has(fn, "arguments") ? fn.arguments! : has(fn, "parameters") ? fn.parameters! : makeDict([]);
  if (typeof args === "string") {
    try {
      const decoded = pyJsonLoads(args);
      if (isDict(decoded)) args = decoded;
    } catch (e) {
      if (!(e instanceof ContentError)) throw e;
    }
  }
  if (args === null) args = makeDict([]);
  return makeDict([
    ["name", name],
    ["arguments", args],
  ]);
}

function has(o: JsonObject, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}
