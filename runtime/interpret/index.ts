// The interpreter's public API: load a template, then parse with it. Patterns are translated at load
// time (the only place the runtime reaches for the compiler's translator; generated parsers never do).
// Legacy `response_schema` documents (x-regex, JMESPath) are accepted too and parse whole responses.

import { compilePattern } from "../../compiler/regex/index.ts";
import { createLegacyParser, isLegacySchema, parseLegacy } from "../../compiler/legacy/index.ts";
import { validateTemplate } from "../template/load.ts";
import type { TemplateSpec } from "../template/spec.ts";
import { StreamParser } from "../engine/stream.ts";
import type { Plan } from "../engine/plan.ts";
import type { JsonValue, Message, ParseOptions, ResponseParser } from "../types.ts";
import { buildPlan } from "./build-plan.ts";

/** A validated response template with its interpreted plan, or a legacy schema. */
export type LoadedTemplate =
  | { readonly kind: "template"; readonly spec: TemplateSpec; readonly plan: Plan }
  | { readonly kind: "legacy"; readonly schema: JsonValue };

const loaded = new WeakMap<object, LoadedTemplate>();
const results = new WeakSet<LoadedTemplate>();

/** Validates a response template (throws TemplateError naming the JSON path) and prepares it. */
export function loadTemplate(json: unknown): LoadedTemplate {
  if (typeof json === "object" && json !== null) {
    if (results.has(json as LoadedTemplate)) return json as LoadedTemplate;
    const cached = loaded.get(json);
    if (cached) return cached;
  }
  let result: LoadedTemplate;
  if (isLegacySchema(json)) result = { kind: "legacy", schema: json as JsonValue };
  else {
    const spec = validateTemplate(json, compilePattern);
    result = { kind: "template", spec, plan: buildPlan(spec, compilePattern) };
  }
  results.add(result);
  if (typeof json === "object" && json !== null) loaded.set(json, result);
  return result;
}

export function createResponseParser(template: unknown, options: ParseOptions): ResponseParser {
  const t = loadTemplate(template);
  return t.kind === "legacy" ? createLegacyParser(t.schema, options) : new StreamParser(t.plan, options);
}

/** Parses whole responses: one feed and finalize each. A list of texts gives a list of messages. */
export function parseResponse(template: unknown, text: string, options: ParseOptions): Message;
export function parseResponse(template: unknown, text: string[], options: ParseOptions): Message[];
export function parseResponse(template: unknown, text: string | string[], options: ParseOptions): Message | Message[] {
  const t = loadTemplate(template);
  const one = (s: string): Message => {
    if (t.kind === "legacy") return parseLegacy(t.schema, s);
    const parser = new StreamParser(t.plan, options, false); // no region events: only the message is returned
    parser.feed(s);
    return parser.finalize().message;
  };
  return Array.isArray(text) ? text.map(one) : one(text);
}
