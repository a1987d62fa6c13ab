// A response template after validation: the shape both the interpreter and the compiler start from.

import type { JsonObject, JsonValue } from "../types.ts";

/** A delimiter as written in the template, normalised. */
export type DelimiterSpec =
  /** Literal alternatives, deduplicated and ordered longest first (ties keep first-seen order). */
  | { kind: "literal"; literals: string[]; canExtend: boolean }
  /** A Python `regex` pattern (DOTALL). */
  | { kind: "pattern"; source: string };

/** One field of a validated template, normalised: defaults filled in (`content: "text"`, `optional: true`), literal and pattern delimiters as one DelimiterSpec. */
export interface FieldSpec {
  name: string;
  open: DelimiterSpec | null;
  close: DelimiterSpec | null;
  content: string;
  /** Passed to the content parser untouched: the reference validates content args only when a region closes. */
  contentArgs: JsonValue;
  repeats: boolean;
  join: string | null;
  optional: boolean;
  /** `undefined` when the field has no transform. */
  transform: JsonValue | undefined;
  transformEach: boolean;
  /** rtc extension `into`: the message key (a list) this field's blocks are added to, or null. */
  into: string | null;
  /** rtc extension `argument_types`: how tool-call argument strings are typed when no tools are passed. */
  argumentTypes: "json" | null;
  /** rtc extension `argument_literals`: object or array arguments may be written as Python literals. */
  argumentLiterals: "python" | null;
  /** rtc extension `unwrap_arguments`: a call's arguments wrapped in one `arguments` parameter are unwrapped (with tools). */
  unwrapArguments: boolean;
  /** rtc extension `join_skips_empty`: empty blocks add no separator. */
  joinSkipsEmpty: boolean;
}

/** A validated response template (`validateTemplate`): the shape both the interpreter and the compiler start from. */
export interface TemplateSpec {
  defaults: JsonObject;
  /** In template order. */
  fields: FieldSpec[];
  /** Index of the field with no open delimiter, or -1. */
  implicit: number;
  anchor: DelimiterSpec;
}
