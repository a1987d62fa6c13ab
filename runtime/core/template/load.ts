// load → validate: turns template JSON into a TemplateSpec, applying every load-time rule of the reference
// in the reference's order (so the first problem reported, and its Python error class, agree with it).

import { TemplateError, RtcError } from "../errors.ts";
import type { JsonObject, JsonValue } from "../types.ts";
import { dictKeys, isDict, pyTypeName, deepCopy, PyFloat } from "../python/values.ts";
import { pyDumps } from "../python/dumps.ts";
import { validateTransformStrings } from "../transform/apply.ts";
import { CONTENT_PARSERS } from "../content/index.ts";
import type { DelimiterSpec, FieldSpec, TemplateSpec } from "./spec.ts";
import { checkInto, fieldExtensions } from "./extensions.ts";

/** Checks that a Python-syntax pattern compiles; returns its named groups. Injected so that the runtime
 * does not depend on the pattern translator (generated parsers load pre-validated templates). */
export type PatternChecker = (source: string) => { groupNames: readonly string[] };

const TEMPLATE_KEYS = new Set(["version", "defaults", "fields", "start_anchor", "start_anchor_pattern"]);
const FIELD_KEYS = new Set([
  "open",
  "open_pattern",
  "close",
  "close_pattern",
  "content",
  "content_args",
  "repeats",
  "join",
  "optional",
  "transform",
  "transform_each",
  // rtc extensions (runtime/core/template/extensions.ts; `rtc check --portable` flags them):
  "into",
  "argument_types",
  "argument_literals",
  "unwrap_arguments",
  "join_skips_empty",
]);

/**
 * Checks a response template as the reference loads it and normalises it into a TemplateSpec. Patterns are
 * compiled through `checkPattern` (the translator's, or the compiler's), so that this layer needs no regex
 * engine. Throws TemplateError naming the JSON path (`fields.x.open_pattern`), or the pattern's own error.
 */
export function validateTemplate(json: unknown, checkPattern: PatternChecker): TemplateSpec {
  if (!isDict(json as JsonValue)) {
    throw new TemplateError("", `a response template must be an object, got ${pyTypeName(json)}`);
  }
  const spec = json as JsonObject;
  const unknown = dictKeys(spec).filter((k) => !TEMPLATE_KEYS.has(k));
  if (unknown.length) throw new TemplateError("", `unknown top-level key(s) ${pyList(unknown.sort())}`);
  if (has(spec, "version") && !pyEqualsOne(spec.version!)) {
    throw new TemplateError("version", `unsupported version ${show(spec.version!)}; only 1 exists`);
  }
  const defaults = has(spec, "defaults") ? spec.defaults! : {};
  if (!isDict(defaults)) throw new TemplateError("defaults", `must be an object, got ${pyTypeName(defaults)}`);
  const fieldsRaw = has(spec, "fields") ? spec.fields! : {};
  if (!isDict(fieldsRaw) || dictKeys(fieldsRaw).length === 0) {
    throw new TemplateError("fields", "must be a non-empty object");
  }

  const fields: FieldSpec[] = [];
  const implicit: string[] = [];
  for (const name of dictKeys(fieldsRaw)) {
    const path = `fields.${name}`;
    const raw = fieldsRaw[name]!;
    if (!isDict(raw)) throw new TemplateError(path, `a field must be an object, got ${pyTypeName(raw)}`);
    const badKeys = dictKeys(raw).filter((k) => !FIELD_KEYS.has(k));
    if (badKeys.length) throw new TemplateError(path, `unknown key(s) ${pyList(badKeys.sort())}`);
    const content = has(raw, "content") ? raw.content! : "text";
    if (typeof content !== "string") {
      // The reference looks the name up in a dict: lists and dicts are unhashable (TypeError).
      if (Array.isArray(content) || isDict(content)) {
        throw new TemplateError(`${path}.content`, `must be a parser name, got ${pyTypeName(content)}`, "TypeError");
      }
      throw new TemplateError(`${path}.content`, `unknown content parser ${show(content)}`);
    }
    if (!Object.prototype.hasOwnProperty.call(CONTENT_PARSERS, content)) {
      throw new TemplateError(
        `${path}.content`,
        `unknown content parser "${content}"; available: ${Object.keys(CONTENT_PARSERS).sort().join(", ")}`,
      );
    }
    const open = delimiter(path, raw, "open", "open_pattern", checkPattern);
    const close = delimiter(path, raw, "close", "close_pattern", checkPattern);
    if (open === null) implicit.push(name);

    const repeats = pyTruthy(has(raw, "repeats") ? raw.repeats! : false);
    let join: string | null = null;
    if (has(raw, "join") && raw.join !== null) {
      // The reference reads `field.get("join")`: null is no join.
      const j = raw.join!;
      if (typeof j !== "string") throw new TemplateError(`${path}.join`, `must be a string, got ${pyTypeName(j)}`);
      if (!repeats) throw new TemplateError(`${path}.join`, "requires repeats: true");
      join = j;
    }

    const transform = has(raw, "transform") && raw.transform !== null ? raw.transform : undefined;
    const transformEach = has(raw, "transform_each") ? raw.transform_each! : false;
    if (typeof transformEach !== "boolean") {
      throw new TemplateError(`${path}.transform_each`, `must be true or false, got ${pyTypeName(transformEach)}`);
    }
    if (transformEach && transform === undefined) {
      throw new TemplateError(`${path}.transform_each`, "is set but the field has no transform");
    }
    if (transform !== undefined) validateTransformStrings(`${path}.transform`, transform);
    else {
      const captures = [...(open?.groups ?? []), ...(close?.groups ?? [])];
      if (captures.length) {
        throw new TemplateError(
          open?.groups.length ? `${path}.open_pattern` : `${path}.close_pattern`,
          `declares named group(s) ${pyList([...new Set(captures)].sort())} but the field has no transform; ` +
            "captures are only usable from a transform",
        );
      }
    }
    fields.push({
      name,
      open: open?.spec ?? null,
      close: close?.spec ?? null,
      content,
      contentArgs: has(raw, "content_args") ? raw.content_args! : {},
      repeats,
      join,
      optional: pyTruthy(has(raw, "optional") ? raw.optional! : true),
      transform,
      transformEach,
      ...fieldExtensions(path, raw, join),
    });
  }
  if (implicit.length > 1) {
    throw new TemplateError(
      "fields",
      `at most one field may have no open delimiter (the implicit field); found ${implicit.join(", ")}`,
    );
  }
  checkInto(fields, implicit);
  const anchor = delimiter("", spec, "start_anchor", "start_anchor_pattern", checkPattern);
  if (anchor === null) {
    throw new TemplateError("", "exactly one of start_anchor or start_anchor_pattern is required");
  }
  return {
    defaults: deepCopy(defaults),
    fields,
    implicit: implicit.length ? fields.findIndex((f) => f.name === implicit[0]) : -1,
    anchor: anchor.spec,
  };
}

function delimiter(
  scope: string,
  obj: JsonObject,
  litKey: string,
  patKey: string,
  checkPattern: PatternChecker,
): { spec: DelimiterSpec; groups: readonly string[] } | null {
  const at = (k: string) => (scope ? `${scope}.${k}` : k);
  if (has(obj, litKey) && has(obj, patKey)) {
    throw new TemplateError(at(litKey), `cannot be combined with ${patKey}`);
  }
  if (has(obj, litKey)) {
    const raw = obj[litKey]!;
    let lits: string[];
    if (typeof raw === "string") lits = [raw];
    else if (Array.isArray(raw)) {
      if (raw.length === 0) throw new TemplateError(at(litKey), "a list of literals must not be empty");
      if (!raw.every((s) => typeof s === "string")) {
        throw new TemplateError(at(litKey), "a list of literals must contain only strings");
      }
      lits = [...new Set(raw as string[])];
    } else {
      throw new TemplateError(at(litKey), `must be a string or a list of strings, got ${pyTypeName(raw)}`);
    }
    if (lits.some((s) => s === "")) throw new TemplateError(at(litKey), "literals must not be empty strings");
    const ordered = [...lits].sort((a, b) => b.length - a.length); // stable: ties keep first-seen order
    const canExtend = lits.some((a) => lits.some((b) => a !== b && a.startsWith(b)));
    return { spec: { kind: "literal", literals: ordered, canExtend }, groups: [] };
  }
  if (has(obj, patKey)) {
    const source = obj[patKey]!;
    if (typeof source !== "string") {
      throw new TemplateError(at(patKey), `must be a pattern string, got ${pyTypeName(source)}`, "TypeError");
    }
    try {
      const { groupNames } = checkPattern(source);
      return { spec: { kind: "pattern", source }, groups: groupNames };
    } catch (e) {
      if (e instanceof RtcError) {
        if (e.pyClass === "Unsupported") throw new TemplateError(at(patKey), e.message, "Unsupported");
        throw new TemplateError(at(patKey), `invalid pattern: ${e.message}`);
      }
      throw e;
    }
  }
  return null;
}

function has(obj: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** Python truthiness of a JSON value. */
export function pyTruthy(v: JsonValue): boolean {
  if (v === null || v === false) return false;
  if (typeof v === "number") return v !== 0;
  if (typeof v === "bigint") return v !== 0n;
  if (v instanceof PyFloat) return v.valueOf() !== 0;
  if (typeof v === "string" || Array.isArray(v)) return v.length > 0;
  if (isDict(v)) return dictKeys(v).length > 0;
  return true;
}

/** Python's `v != 1` is false for 1, 1.0 and True. */
function pyEqualsOne(v: JsonValue): boolean {
  return v === 1 || v === true || (v instanceof PyFloat && v.valueOf() === 1);
}

function pyList(items: string[]): string {
  return `[${items.map((s) => `'${s}'`).join(", ")}]`;
}

function show(v: JsonValue): string {
  return pyDumps(v, { ensureAscii: false });
}
