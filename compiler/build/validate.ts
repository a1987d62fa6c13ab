// validate: the runtime's own template validation (the same rules and messages as the interpreter),
// with errors that name the file and the JSON path inside it.

import { validateTemplate } from "response-template/runtime";
import type { TemplateSpec } from "response-template/runtime";
import { TemplateError } from "response-template/runtime";
import { compilePattern } from "response-template/translate";
import { BuildError, type TemplateSource } from "./load.ts";

export function validateSource(src: TemplateSource): TemplateSpec {
  try {
    return validateTemplate(src.template, compilePattern);
  } catch (e) {
    if (e instanceof TemplateError) {
      const path = [src.at, e.path].filter(Boolean).join(".");
      throw new BuildError(`${src.file}: ${path ? `${path}: ` : ""}${e.reason}`);
    }
    throw e;
  }
}
