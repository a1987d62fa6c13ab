// The interpreter's public API: load a template, then parse with it. Patterns are translated at load
// time (the only place the runtime reaches for the compiler's translator; generated parsers never do).

import { compilePattern } from "../../compiler/regex/index.ts";
import { validateTemplate } from "../template/load.ts";
import type { TemplateSpec } from "../template/spec.ts";
import { StreamParser } from "../engine/stream.ts";
import type { Plan } from "../engine/plan.ts";
import type { Message, ParseOptions, ResponseParser } from "../types.ts";
import { buildPlan } from "./build-plan.ts";

/** A validated template with its interpreted plan, ready to create parsers. */
export interface LoadedTemplate {
  readonly spec: TemplateSpec;
  readonly plan: Plan;
}

const loaded = new WeakMap<object, LoadedTemplate>();

/** Validates a response template (throws TemplateError naming the JSON path) and prepares it. */
export function loadTemplate(json: unknown): LoadedTemplate {
  if (isLoaded(json)) return json;
  if (typeof json === "object" && json !== null && loaded.has(json)) return loaded.get(json)!;
  const spec = validateTemplate(json, compilePattern);
  const result: LoadedTemplate = { spec, plan: buildPlan(spec, compilePattern) };
  if (typeof json === "object" && json !== null) loaded.set(json, result);
  return result;
}

export function createResponseParser(template: unknown, options: ParseOptions): ResponseParser {
  return new StreamParser(loadTemplate(template).plan, options);
}

/** Parses whole responses: one feed and finalize each. A list of texts gives a list of messages. */
export function parseResponse(template: unknown, text: string, options: ParseOptions): Message;
export function parseResponse(template: unknown, text: string[], options: ParseOptions): Message[];
export function parseResponse(template: unknown, text: string | string[], options: ParseOptions): Message | Message[] {
  const { plan } = loadTemplate(template);
  const one = (t: string) => {
    const parser = new StreamParser(plan, options);
    parser.feed(t);
    return parser.finalize().message;
  };
  return Array.isArray(text) ? text.map(one) : one(text);
}

function isLoaded(x: unknown): x is LoadedTemplate {
  return typeof x === "object" && x !== null && "plan" in x && "spec" in x;
}
