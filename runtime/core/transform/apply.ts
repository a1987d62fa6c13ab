// Transforms: reshaping a parsed value with a JSON template. A string that is exactly one placeholder,
// `"{name}"` or a dotted path `"{content.a.b}"`, is replaced by that value (type preserved: a dict stays
// a dict); every other string, number, bool or null is a literal; object keys are never substituted.
// A string that mixes a placeholder with other text is refused when the template loads.
// Errors when a region closes (the reference's classes):
// - the first name of a placeholder is not in scope → KeyError;
// - a later path step is missing, or steps into something that is not a dict → ValueError.

import { ContentError, TemplateError } from "../errors.ts";
import { comparePy } from "../python/compare.ts";
import { dictKeys, isDict, makeDict, pyTypeName } from "../python/values.ts";
import type { JsonValue } from "../types.ts";
import { parseContent, type ContentContext } from "../content/index.ts";
import { wordCharClass } from "../content/word.ts";

let placeholders: { whole: RegExp; any: RegExp } | undefined;

/** `{name}` or `{a.b.c}` (names are \w+): the whole string, and anywhere in it. Built on first use. */
function placeholderRes(): { whole: RegExp; any: RegExp } {
  if (placeholders === undefined) {
    const w = `${wordCharClass()}+`;
    placeholders = { whole: new RegExp(`^\\{(${w}(?:\\.${w})*)\\}$`, "u"), any: new RegExp(`\\{${w}(?:\\.${w})*\\}`, "u") };
  }
  return placeholders;
}

/** Names a transform may read: captures of the open pattern plus `content` (or the item's keys). */
export type TransformScope = ReadonlyMap<string, JsonValue>;

/** The path of a whole-string placeholder (`["content", "a", "b"]`), or null for a literal string. */
export function placeholderPath(s: string): string[] | null {
  const m = placeholderRes().whole.exec(s);
  return m ? m[1]!.split(".") : null;
}

/** Load-time check: no string may mix a placeholder with literal text. `path` names the transform. */
export function validateTransformStrings(path: string, transform: JsonValue): void {
  if (Array.isArray(transform)) {
    transform.forEach((v, i) => validateTransformStrings(`${path}[${i}]`, v));
  } else if (isDict(transform)) {
    for (const k of dictKeys(transform)) validateTransformStrings(`${path}.${k}`, transform[k]!);
  } else if (typeof transform === "string" && placeholderRes().any.test(transform) && !placeholderRes().whole.test(transform)) {
    throw new TemplateError(
      path,
      `transform string ${JSON.stringify(transform)} mixes a {placeholder} with literal text; use a whole-string ` +
        'placeholder such as "{content}" or a plain literal (string interpolation is not supported)',
    );
  }
}

function resolve(steps: readonly string[], scope: TransformScope): JsonValue {
  const root = steps[0]!;
  if (!scope.has(root)) {
    const available = [...scope.keys()].sort(comparePy).map((k) => JSON.stringify(k)).join(", ");
    throw new ContentError(`transform placeholder "{${steps.join(".")}}": "${root}" is not defined (available: ${available})`, "KeyError");
  }
  let value = scope.get(root)!;
  for (let i = 1; i < steps.length; i++) {
    const step = steps[i]!;
    const at = steps.slice(0, i).join(".");
    if (!isDict(value)) {
      throw new ContentError(
        `transform placeholder "{${steps.join(".")}}": "${at}" is a ${pyTypeName(value)}, not a dict, so it has no "${step}"`,
        "ValueError",
      );
    }
    if (!Object.prototype.hasOwnProperty.call(value, step)) {
      throw new ContentError(`transform placeholder "{${steps.join(".")}}": "${at}" has no key "${step}"`, "ValueError");
    }
    value = value[step]!;
  }
  return value;
}

/**
 * A transform with its placeholders read once, when the template loads or the module is built
 * (prepareTransform): applying it needs no `\w` table, which a model bundle then does not carry.
 */
export type PreparedTransform =
  | { readonly path: readonly string[] }
  | { readonly value: JsonValue }
  | { readonly list: readonly PreparedTransform[] }
  | { readonly dict: readonly (readonly [string, PreparedTransform])[] };

/** Reads a transform's placeholders (strings that are exactly one `{name}` or `{a.b}`). */
export function prepareTransform(transform: JsonValue): PreparedTransform {
  if (Array.isArray(transform)) return { list: transform.map(prepareTransform) };
  if (isDict(transform)) return { dict: dictKeys(transform).map((k) => [k, prepareTransform(transform[k]!)] as const) };
  const steps = typeof transform === "string" ? placeholderPath(transform) : null;
  return steps ? { path: steps } : { value: transform };
}

/** Applies a prepared transform to a scope (values are shared, not copied, as in the reference). */
export function applyPrepared(t: PreparedTransform, scope: TransformScope): JsonValue {
  if ("path" in t) return resolve(t.path, scope);
  if ("value" in t) return t.value;
  if ("list" in t) return t.list.map((v) => applyPrepared(v, scope));
  return makeDict(t.dict.map(([k, v]) => [k, applyPrepared(v, scope)] as const));
}

/** Applies a transform template to a scope: prepareTransform, then applyPrepared. */
export function applyTransform(transform: JsonValue, scope: TransformScope): JsonValue {
  return applyPrepared(prepareTransform(transform), scope);
}

/** The parts of a field that reshape its parsed value. */
export interface FieldTransform {
  name: string;
  /** `undefined` when the field has no transform. */
  transform: PreparedTransform | undefined;
  transformEach: boolean;
}

/** The parts of a field that turn a region body into its value. */
export interface FieldProcessing extends FieldTransform {
  content: string;
  contentArgs: JsonValue;
}

/** The reference's `process_field`: content parser, then the transform (transformField). */
export function processField(
  body: string,
  field: FieldProcessing,
  captures: Readonly<Record<string, string>>,
  ctx: ContentContext,
): JsonValue {
  return transformField(parseContent(body, field.content, field.contentArgs, ctx), field, captures);
}

/**
 * The transform step of `process_field`, on the parsed value (generated modules call their content
 * parser directly, so a bundle does not carry every parser). With `transform_each` the value must be a
 * list of dicts; each item's keys (over the captures) form the scope of one application.
 */
export function transformField(value: JsonValue, field: FieldTransform, captures: Readonly<Record<string, string>>): JsonValue {
  if (field.transform === undefined) return value;
  const base = new Map<string, JsonValue>(Object.entries(captures));
  if (!field.transformEach) {
    base.set("content", value);
    return applyPrepared(field.transform, base);
  }
  if (!Array.isArray(value)) {
    throw new ContentError(
      `fields.${field.name}.transform_each: the parsed content must be a list, got ${pyTypeName(value)}`,
      "ValueError",
    );
  }
  return value.map((item) => {
    if (!isDict(item)) {
      throw new ContentError(
        `fields.${field.name}.transform_each: every list item must be a dict, got ${pyTypeName(item)}`,
        "ValueError",
      );
    }
    const scope = new Map(base);
    for (const k of dictKeys(item)) scope.set(k, item[k]!);
    return applyPrepared(field.transform!, scope);
  });
}
