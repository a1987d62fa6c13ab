// checkTemplate: the checks on one template value, no file access (browser-safe: infer and the playground
// use it). index.ts adds the file readers the CLI uses.

import { validateTemplate } from "response-template/runtime";
import { isDict } from "response-template/runtime";
import type { JsonValue } from "response-template/runtime";
import { compilePattern } from "response-template/translate";
import { convertLegacy, isLegacySchema } from "../legacy/index.ts";
import type { Diagnostic } from "./diagnostics.ts";
import { portabilityNotes } from "./portable.ts";
import { backtrackingHazards } from "./backtracking.ts";
import { trapWarnings } from "./traps.ts";
import { validationErrors } from "./validate.ts";

/** Options of checkTemplate / checkFile. */
export interface CheckOptions {
  portable?: boolean;
}

/** Diagnostics for one template value, paths relative to the template. */
export function checkTemplate(json: JsonValue, options: CheckOptions = {}): Diagnostic[] {
  if (isLegacySchema(json)) {
    const conv = convertLegacy(json);
    return [
      {
        severity: "warning",
        code: "legacy-schema",
        path: "",
        message:
          "this is a legacy response_schema (x-regex), not a response template; rtc parses it whole (no streaming). " +
          ("template" in conv ? "`rtc convert` can turn it into a template" : `\`rtc convert\` cannot convert it: ${conv.reasons.join("; ")}`),
      },
    ];
  }
  const errors = validationErrors(json);
  if (errors.length) return errors;
  const spec = validateTemplate(json, compilePattern);
  const out = [...trapWarnings(spec), ...backtrackingHazards(spec)];
  if (options.portable && isDict(json)) out.push(...portabilityNotes(json));
  return out;
}
