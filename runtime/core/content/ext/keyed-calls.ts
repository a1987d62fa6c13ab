// rtc extension `keyed-calls`: tool calls written as JSON objects keyed by the function name, the format
// of Apertus (`<|tools_prefix|>[{"get_weather": {"city": "Paris"}}]<|tools_suffix|>`). The reference's
// transforms cannot read a key name, so this parser reshapes the parsed JSON (Python json.loads
// semantics) into a list of `{name, arguments}` dicts for `transform_each`. A single object (not in a
// list) is one call; an object with several keys is several calls, in order. content_args: none.

import { ContentError } from "../../errors.ts";
import { pyJsonLoads } from "../../python/json.ts";
import { dictKeys, isDict, makeDict, pyTypeName } from "../../python/values.ts";
import type { JsonValue } from "../../types.ts";
import type { ContentParser } from "../types.ts";

/** rtc extension `keyed-calls`: JSON objects keyed by function name (`[{"f": {...}}]`, Apertus) reshaped into `{name, arguments}` dicts. */
export const parseKeyedCalls: ContentParser = (text) => {
  if (typeof text !== "string") {
    throw new ContentError(`keyed-calls: expected a string body, got '${pyTypeName(text)}'`, "TypeError");
  }
  const parsed = pyJsonLoads(text);
  const items = Array.isArray(parsed) ? parsed : [parsed];
  const out: JsonValue[] = [];
  for (const item of items) {
    if (!isDict(item)) throw new ContentError(`keyed-calls: each call must be an object, got '${pyTypeName(item)}'`, "ValueError");
    for (const name of dictKeys(item)) {
      out.push(
        makeDict([
          ["name", name],
          ["arguments", item[name]!],
        ]),
      );
    }
  }
  return out;
};
