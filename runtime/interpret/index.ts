// The interpreter's public API: load a template, then parse with it. Patterns are translated at load
// time by translate/ (the layer between the runtime and this one; generated parsers never load it).
// Legacy `response_schema` documents are recognised and refused with a pointer to the compiler package,
// which parses them (they need a JMESPath engine, which this dependency-free package does not carry).

import { compilePattern } from "../translate/index.ts";
import { TemplateError } from "../core/errors.ts";
import { validateTemplate } from "../core/template/load.ts";
import { isLegacySchema } from "../core/template/legacy-detect.ts";
import type { TemplateSpec } from "../core/template/spec.ts";
import { StreamParser } from "../core/engine/stream.ts";
import { checkOptions, checkText } from "../core/engine/arguments.ts";
import type { Plan } from "../core/engine/plan.ts";
import type { Message, ParseOptions, ResponseParser } from "../core/types.ts";
import { planFactory } from "./build-plan.ts";
import { parseWhole, type Recovered, type RecoverOptions } from "../core/engine/whole.ts";

export type { Recovered, RecoverOptions } from "../core/engine/whole.ts";

/** A validated response template with its interpreted plan. */
export interface LoadedTemplate {
  readonly kind: "template";
  readonly spec: TemplateSpec;
  /** A plan, for inspection and `truncatePrefix`; parsers each take their own from `newPlan()`. */
  readonly plan: Plan;
  /** A plan with its own search caches (one per parser: parsers never share mutable state). */
  newPlan(): Plan;
}

const loaded = new WeakMap<object, LoadedTemplate>();
const results = new WeakSet<LoadedTemplate>();

/** Validates a response template (throws TemplateError naming the JSON path) and prepares it. */
export function loadTemplate(json: unknown): LoadedTemplate {
  if (typeof json === "object" && json !== null) {
    if (results.has(json as LoadedTemplate)) return json as LoadedTemplate;
    const cached = loaded.get(json);
    if (cached) return cached;
  }
  if (isLegacySchema(json)) {
    throw new TemplateError(
      "",
      "this is a legacy response_schema (x-regex), not a response template: parse it with parseLegacy / " +
        "createLegacyParser from response-template-compiler/legacy, or convert it with `rtc convert`",
      "ValueError",
    );
  }
  const spec = validateTemplate(json, compilePattern);
  const newPlan = planFactory(spec, compilePattern);
  const result: LoadedTemplate = { kind: "template", spec, plan: newPlan(), newPlan };
  results.add(result);
  if (typeof json === "object" && json !== null) loaded.set(json, result);
  return result;
}

/**
 * A streaming parser for a response template (loaded and cached per template object, see loadTemplate).
 * Its `initialEvents` come from the kept prefix; `feed` each chunk, then `finalize()`. Throws TemplateError
 * for a bad template, ArgumentError / ParserStateError for bad options.
 */
export function createResponseParser(template: unknown, options: ParseOptions): ResponseParser {
  return new StreamParser(loadTemplate(template).newPlan(), checkOptions(options));
}

/** Parses whole responses: one feed and finalize each. A list of texts gives a list of messages; with
 * `onError: "recover"` each result is `{message, errors}` (see ParseIssue). */
export function parseResponse(template: unknown, text: string, options: RecoverOptions): Recovered;
export function parseResponse(template: unknown, text: string[], options: RecoverOptions): Recovered[];
export function parseResponse(template: unknown, text: string, options: ParseOptions): Message;
export function parseResponse(template: unknown, text: string[], options: ParseOptions): Message[];
export function parseResponse(
  template: unknown,
  text: string | string[],
  options: ParseOptions,
): Message | Recovered | (Message | Recovered)[] {
  const plan = loadTemplate(template).newPlan();
  checkOptions(options);
  if (!Array.isArray(text)) checkText(text, "parseResponse(text)");
  return Array.isArray(text) ? text.map((s) => parseWhole(plan, s, options)) : parseWhole(plan, text, options);
}
