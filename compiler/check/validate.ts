// Load-time errors, as many as can be found in one pass: every pattern is compiled on its own (so its
// column is known), then the loader runs on the whole template, on each field alone and on the top level
// alone, so that one bad field does not hide the next.

import { PatternError, TemplateError } from "response-template/runtime";
import { validateTemplate } from "response-template/runtime";
import { dictKeys, isDict, makeDict } from "response-template/runtime";
import type { JsonObject, JsonValue } from "response-template/runtime";
import { compilePattern, UnsupportedPatternError } from "response-template/translate";
import type { Diagnostic } from "./diagnostics.ts";

/** Every pattern string in a template: [JSON path, source]. */
export function patternsOf(t: JsonObject): [string, string][] {
  const out: [string, string][] = [];
  if (typeof t.start_anchor_pattern === "string") out.push(["start_anchor_pattern", t.start_anchor_pattern]);
  const fields = t.fields;
  if (!isDict(fields)) return out;
  for (const name of dictKeys(fields)) {
    const f = fields[name];
    if (!isDict(f)) continue;
    for (const k of ["open_pattern", "close_pattern"]) {
      if (typeof f[k] === "string") out.push([`fields.${name}.${k}`, f[k] as string]);
    }
    const args = f.content_args;
    if (isDict(args) && typeof args.tag_pattern === "string") out.push([`fields.${name}.content_args.tag_pattern`, args.tag_pattern]);
  }
  return out;
}

export function patternErrors(t: JsonObject): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [path, source] of patternsOf(t)) {
    try {
      compilePattern(source);
    } catch (e) {
      if (e instanceof PatternError || e instanceof UnsupportedPatternError) {
        out.push({
          severity: "error",
          code: e instanceof PatternError ? "pattern-syntax" : "pattern-unsupported",
          path,
          patternColumn: e.column,
          message: e instanceof PatternError ? `invalid pattern: ${e.reason}` : `rtc cannot run this pattern: ${e.reason}`,
        });
      } else throw e;
    }
  }
  return out;
}

const checker = (source: string) => compilePattern(source);

function loaderError(json: unknown): TemplateError | null {
  try {
    validateTemplate(json, checker);
    return null;
  } catch (e) {
    if (e instanceof TemplateError) return e;
    throw e;
  }
}

/** All load errors found; empty when the template loads. */
export function validationErrors(json: JsonValue): Diagnostic[] {
  if (!isDict(json)) {
    const e = loaderError(json);
    return e ? [fromLoader(e)] : [];
  }
  const found = new Map<string, Diagnostic>();
  const add = (e: TemplateError | null) => {
    if (!e) return;
    // Pattern problems are reported with their column by patternErrors.
    if (/invalid pattern/.test(e.reason)) return;
    const d = fromLoader(e);
    found.set(`${d.path}\u0000${d.message}`, d);
  };
  for (const d of patternErrors(json)) found.set(`${d.path}\u0000${d.message}`, d);
  add(loaderError(json));
  const fields = json.fields;
  if (isDict(fields)) {
    for (const name of dictKeys(fields)) {
      add(loaderError(makeDict([["start_anchor", "\u0000"], ["fields", makeDict([[name, fields[name]!]])]])));
    }
  }
  // The top level alone, with one harmless field standing in for the real ones.
  const top = makeDict(
    dictKeys(json).map((k) => [k, k === "fields" && isDict(fields) && dictKeys(fields).length ? makeDict([["_", {}]]) : json[k]!] as const),
  );
  add(loaderError(top));
  return [...found.values()];
}

function fromLoader(e: TemplateError): Diagnostic {
  return { severity: "error", code: "load", path: e.path, message: e.reason };
}
