// rtc's template-level extensions: field keys the reference does not know (its loader rejects them, and
// `rtc check --portable` flags them). Each exists because real model output needs it and the format's own
// means (lists of delimiters, patterns, lookahead closes) cannot express it:
//
// - `into: "KEY"` — the field's blocks are added to the list at message key KEY instead of being stored
//   under the field's own name: each block's value is appended, or with `transform_each` each item of
//   it. Several call syntaxes can so feed one `tool_calls` list in stream order (Qwen2.5 writes
//   `<tool_call>{…}</tool_call>`, `<function=f>{…}</function>` and fenced JSON; one field has one
//   content parser and one transform). A field named KEY itself, if any, must be a plain repeating field.
// - `argument_types: "json"` — when no `tools` are passed, argument values that are strings and spell a
//   JSON value become that value (`"1"` → 1, `"true"` → true, `"[1]"` → [1]); other strings stay strings.
//   For formats whose chat template writes strings raw and everything else as JSON (Qwen3-Coder's
//   `<parameter=…>`, GLM's `<arg_value>`, …). With `tools`, the schema decides, as in the reference.
// - `argument_literals: "python"` — an argument written as a Python literal (`{'a': 1}`, `['x', None]`)
//   where an object or array belongs is read as that literal: with `tools`, when the schema types the
//   parameter object or array and the text is not JSON of that kind (also a JSON string holding such a
//   literal), as vLLM's literal_eval fallback does; without `tools`, with `argument_types: "json"`, when
//   the text starts with `{` or `[`. Chat templates that print values with Python's `str()` write them so.
// - `unwrap_arguments: true` — with `tools`, a call whose only argument is `arguments` (or `input`), which
//   the tool's schema does not declare, holding an object of declared keys, gets that object as its
//   arguments (DeepSeek's DSML models write `<｜DSML｜parameter name="arguments">{…}`; runtime/core/transform/unwrap.ts).
// - `join_skips_empty: true` — with `join`, a block whose value is empty adds nothing, not even the
//   separator: content written around reasoning or calls (`Hello!<think>…</think>What's up?`) keeps a
//   separator between its parts without gaining one where an empty block stood (the reference joins
//   every block, so `join: "\n"` alone would write a leading "\n" after an empty block).

import { TemplateError } from "../errors.ts";
import { pyTypeName } from "../python/values.ts";
import type { JsonObject } from "../types.ts";
import type { FieldSpec } from "./spec.ts";

export function fieldExtensions(path: string, raw: JsonObject, join: string | null): Pick<FieldSpec, "into" | "argumentTypes" | "argumentLiterals" | "unwrapArguments" | "joinSkipsEmpty"> {
  let into: string | null = null;
  if (Object.prototype.hasOwnProperty.call(raw, "into")) {
    const v = raw.into!;
    if (typeof v !== "string" || v === "") {
      throw new TemplateError(`${path}.into`, `must be a non-empty message key, got ${pyTypeName(v)}`);
    }
    if (join !== null) throw new TemplateError(`${path}.into`, "cannot be combined with join (into collects a list)");
    into = v;
  }
  let argumentTypes: "json" | null = null;
  if (Object.prototype.hasOwnProperty.call(raw, "argument_types")) {
    if (raw.argument_types !== "json") {
      throw new TemplateError(`${path}.argument_types`, `the only value is "json", got ${JSON.stringify(raw.argument_types)}`);
    }
    argumentTypes = "json";
  }
  let argumentLiterals: "python" | null = null;
  if (Object.prototype.hasOwnProperty.call(raw, "argument_literals")) {
    if (raw.argument_literals !== "python") {
      throw new TemplateError(`${path}.argument_literals`, `the only value is "python", got ${JSON.stringify(raw.argument_literals)}`);
    }
    argumentLiterals = "python";
  }
  let unwrapArguments = false;
  if (Object.prototype.hasOwnProperty.call(raw, "unwrap_arguments")) {
    if (typeof raw.unwrap_arguments !== "boolean") {
      throw new TemplateError(`${path}.unwrap_arguments`, `must be a boolean, got ${pyTypeName(raw.unwrap_arguments!)}`);
    }
    unwrapArguments = raw.unwrap_arguments;
  }
  let joinSkipsEmpty = false;
  if (Object.prototype.hasOwnProperty.call(raw, "join_skips_empty")) {
    if (typeof raw.join_skips_empty !== "boolean") {
      throw new TemplateError(`${path}.join_skips_empty`, `must be a boolean, got ${pyTypeName(raw.join_skips_empty!)}`);
    }
    if (join === null) throw new TemplateError(`${path}.join_skips_empty`, "needs join (it says how blocks are joined)");
    joinSkipsEmpty = raw.join_skips_empty;
  }
  return { into, argumentTypes, argumentLiterals, unwrapArguments, joinSkipsEmpty };
}

/** Cross-field rules of `into`, checked once every field is read. */
export function checkInto(fields: readonly FieldSpec[], implicit: readonly string[]): void {
  for (const f of fields) {
    if (f.into === null) continue;
    const path = `fields.${f.name}.into`;
    if (f.into === f.name) throw new TemplateError(path, "names the field itself");
    if (implicit.includes(f.name)) throw new TemplateError(path, "the implicit field cannot feed another key");
    const target = fields.find((g) => g.name === f.into);
    if (target && (target.into !== null || !target.repeats || target.join !== null || target.transformEach)) {
      throw new TemplateError(
        path,
        `fields.${f.into} must be a plain list field (repeats: true, no join, no transform_each, no into) to be fed by other fields`,
      );
    }
  }
}
