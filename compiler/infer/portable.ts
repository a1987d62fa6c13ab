// `--portable`: the inferred template in the form the Python reference loads, with what that gives up.
// Each rtc extension (as `rtc check --portable` reports it) is replaced by the reference's nearest means,
// or, where it has none, the field is left out:
// - `argument_types: "json"` → xml-inline's own `value_parser: json` with `allow_non_json`;
// - `join_skips_empty` → `join: ""` (no separator at all);
// - `xml-typed` (tags that say raw string or JSON) → xml-inline reading every value the same way;
// - any other extension parser or key (keyed-calls, python-calls, …) → the field is left out, and its
//   text stays in the message's content.

import type { JsonObject } from "response-template/runtime";
import { portabilityNotes } from "../check/portable.ts";
import type { ResponseTemplate } from "./emit.ts";

export interface Portable {
  template: ResponseTemplate;
  /** What the portable form gives up, one entry per extension replaced or field left out. */
  losses: string[];
  /** Fields left out (the reference cannot read them at all). */
  leftOut: string[];
}

const JSON_VALUES = { name: "json", args: { allow_non_json: true } };

export function portableTemplate(t: ResponseTemplate): Portable {
  const fields: Record<string, Record<string, unknown>> = structuredClone(t.fields);
  const losses: string[] = [];
  const leftOut: string[] = [];
  for (const d of portabilityNotes(t as unknown as JsonObject)) {
    const [, name, key] = d.path.split(".") as [string, string, string | undefined];
    const f = fields[name];
    if (!f || d.code === "regex-feature") continue;
    if (d.code === "rtc-field-key" && key === "argument_types" && f.content === "xml-inline") {
      delete f.argument_types;
      f.content_args = { ...(f.content_args as JsonObject), value_parser: JSON_VALUES };
      losses.push(
        `fields.${name}: argument_types "json" → xml-inline's value_parser json (allow_non_json): every value that spells JSON is typed even when tools are passed (a string parameter written 75001 comes back as a number), string values are stripped of surrounding whitespace, and Python's True/False/None stay strings`,
      );
    } else if (d.code === "rtc-field-key" && key === "join_skips_empty") {
      delete f.join_skips_empty;
      f.join = "";
      losses.push(`fields.${name}: join_skips_empty → join "": blocks are joined with no separator ("Hello!<think>…</think>Bye." gives "Hello!Bye."), since the reference's join adds a separator for empty blocks too`);
    } else if (d.code === "rtc-parser" && f.content === "xml-typed") {
      const args = f.content_args as { tag_pattern: string };
      f.content = "xml-inline";
      f.content_args = { tag_pattern: args.tag_pattern.replace("(?P<attrs>", "(?:"), value_parser: JSON_VALUES };
      losses.push(`fields.${name}: xml-typed → xml-inline with value_parser json (allow_non_json): the tags' type marks are ignored, so a value marked as a string that spells JSON (42) comes back as that JSON value, and strings are stripped`);
    } else {
      delete fields[name];
      leftOut.push(name);
      losses.push(`fields.${name} left out: ${d.message}; the reference cannot read these blocks, so their text stays in the content`);
    }
  }
  return { template: { ...t, fields }, losses, leftOut: [...new Set(leftOut)] };
}
