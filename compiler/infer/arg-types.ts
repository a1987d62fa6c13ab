// Argument typing of tagged arguments: how the chat template writes a number, a boolean, null and a
// string that spells a number. Parsed back without `tools` (as a server without a schema sees them):
// when non-strings come back as strings, and would come back as their values with the rtc extension
// `argument_types: "json"` while strings stay strings, the template writes non-strings as JSON (or as
// Python's True/False/None) and strings raw, and the extension is applied. With `tools` the schema types
// the values either way, as in the reference.

import { BOOL_ARG, NEEDLE, NULL_ARG, NUMERIC_STRING, NUM_ARG, NUM_VALUE, type VariantName } from "./probe.ts";
import type { ResponseTemplate } from "./emit.ts";
import type { Analysis, ReasoningClass, ToolsClass } from "./types.ts";
import { readBack } from "./values.ts";
import { plain } from "./verify.ts";

const PROBES: [string, VariantName, string, unknown][] = [
  ["the string", "call", NEEDLE.arg[0], NEEDLE.value[0]],
  ["the number", "callNumber", NUM_ARG, NUM_VALUE],
  ["the boolean", "callBoolean", BOOL_ARG, true],
  ["the value", "callNull", NULL_ARG, null],
  ["the string that spells a number", "callNumericString", NEEDLE.arg[1], NUMERIC_STRING],
];

/**
 * The template with `argument_types: "json"` on the tool-call field of tagged arguments when the
 * renderings show that it reads them as the model meant them; else the template itself. (A new object:
 * the interpreter caches what it compiled per template object.)
 */
export function typeArguments(a: Analysis, template: ResponseTemplate, t: ToolsClass, r: ReasoningClass): ResponseTemplate {
  const field = template.fields.tool_calls;
  if (t.format !== "tag-tagged" || !field || field.content !== "xml-inline") return template;
  const typed = { ...template, fields: { ...template.fields, tool_calls: { ...field, argument_types: "json" } } };
  const rows = PROBES.flatMap(([what, variant, key, value]) => {
    const turn = a.turn(variant);
    if (!turn.ok || !turn.output.includes(key)) return [];
    const at = turn.output.indexOf(key) + key.length;
    const written = turn.output.slice(at, at + 40);
    const read = (tpl: unknown) => JSON.stringify(plain(readBack(turn, tpl, r, key)));
    return [{ what, value, written, plainRead: read(template), typedRead: read(typed) }];
  });
  const want = (what: string) => rows.find((x) => x.what === what);
  const ok = (x: (typeof rows)[number] | undefined, read: "plainRead" | "typedRead") => x !== undefined && x[read] === JSON.stringify(x.value);
  const str = want("the string");
  const scalars = [want("the number"), want("the boolean")];
  const shown = rows.map((x) => `${x.what} ${JSON.stringify(x.value)} as …${JSON.stringify(x.written)}… reads back ${x.plainRead ?? "nothing"} (with the extension ${x.typedRead ?? "nothing"})`).join("; ");
  const apply = ok(str, "plainRead") && ok(str, "typedRead") && scalars.every((x) => ok(x, "typedRead") && !ok(x, "plainRead"));
  if (!apply) {
    a.log.note("T9", "argument types (parsed back without tools)", `${shown} → left as text: ${scalars.some((x) => ok(x, "plainRead")) ? "the tags already type the values" : !ok(str, "plainRead") ? "strings are not written raw" : "non-strings are not written as JSON"}`);
    return template;
  }
  const numeric = want("the string that spells a number");
  const cost = numeric && !ok(numeric, "typedRead") ? `; a string that spells a number is written the same way, so without tools it reads back as the number (pass tools: the schema keeps it a string)` : "";
  a.log.note("T9", "argument types (parsed back without tools)", `${shown} → the chat template writes non-strings as JSON and strings raw: argument_types "json" (rtc extension)${cost}`);
  return typed;
}
