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
// - `written_as: "list"`: read as above, but the grammar writes the one shape the chat template renders, a
//   JSON list of {name, arguments} (Mistral's [TOOL_CALLS], xLAM, Granite, …); the parser stays lenient.

import { ContentError, excerpt, PartialContentError } from "../../errors.ts";
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
  try {
    return readJsonCalls(text, "json-calls");
  } catch (e) {
    if (!(e instanceof ContentError)) throw e;
    // Recover mode keeps the calls that can be read (the engine reports the rest); otherwise it fails whole.
    const { calls, dropped } = readPartly(text);
    if (calls.length === 0) throw e;
    throw new PartialContentError(e.message, calls, dropped);
  }
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

type Span = { start: number; end: number; reason: string };

/**
 * The calls of a body that does not read whole, and the spans left out: an entry that is not JSON or not a
 * call, text between entries, a list or a call cut off at the end. After an entry fails, reading resumes
 * at the next `{` that begins a line or follows `,`, `;` or `[`, no earlier than where the decoder stopped
 * (so every character is decoded at most once: linear time).
 */
function readPartly(text: string): { calls: JsonValue[]; dropped: Span[] } {
  const calls: JsonValue[] = [];
  const dropped: Span[] = [];
  const drop = (start: number, end: number, reason: string): void => {
    const last = dropped[dropped.length - 1];
    if (last && last.end === start) last.end = end;
    else dropped.push({ start, end, reason });
  };
  const skip = (i: number, seps: string): number => {
    while (i < text.length && (/\s/u.test(text[i]!) || seps.includes(text[i]!))) i++;
    return i;
  };
  /** Reads one value at `i` into calls (a list's items one by one); returns where reading goes on. */
  const entry = (i: number, inList: boolean): number => {
    let decoded: { value: JsonValue; end: number };
    // Decoded from a slice: an error message's line and column cost only this entry's length.
    const rest = text.slice(i);
    try {
      const d = pyJsonRawDecode(rest, 0);
      decoded = { value: d.value, end: i + d.end };
    } catch (e) {
      if (!(e instanceof JsonDecodeError)) throw e;
      if (!inList && text[i] === "[") return list(i + 1);
      const stop = i + e.stop;
      const next = resume(text, Math.max(stop, i + 1));
      drop(i, next, next >= text.length && stop >= text.length ? "cut off at the end of the stream" : `not a JSON call (${e.message})`);
      return next;
    }
    const items = Array.isArray(decoded.value) && !inList ? decoded.value : [decoded.value];
    const read: JsonValue[] = [];
    for (const item of items) {
      try {
        read.push(call(item, "json-calls"));
      } catch (e) {
        if (!(e instanceof ContentError)) throw e;
        // A list with an item that is not a call: its items one by one, to leave out only that item.
        if (items !== decoded.value) drop(i, decoded.end, e.message);
        return items === decoded.value ? list(i + 1) : decoded.end;
      }
    }
    calls.push(...read);
    return decoded.end;
  };
  /** A list that does not decode whole: its items one by one, from just after `[`. */
  const list = (i: number): number => {
    for (;;) {
      i = skip(i, ",");
      if (i >= text.length) return i;
      if (text[i] === "]") return i + 1;
      i = entry(i, true);
    }
  };
  let i = 0;
  for (;;) {
    i = skip(i, ";,");
    if (i >= text.length) break;
    i = entry(i, false);
  }
  return { calls, dropped };
}

/** The next place an entry may begin, at or after `from`: a `{` first on its line or after `,` `;` `[`. */
function resume(text: string, from: number): number {
  for (let i = text.indexOf("{", from); i >= 0; i = text.indexOf("{", i + 1)) {
    let j = i - 1;
    while (j >= 0 && (text[j] === " " || text[j] === "\t")) j--;
    if (j < 0 || "\n\r,;[".includes(text[j]!)) return i;
  }
  return text.length;
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
