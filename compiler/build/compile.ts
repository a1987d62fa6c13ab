// The build pipeline: load → validate → plan → emit → (format); write.ts then writes or checks.

import { join, relative, sep } from "node:path";
import { buildTemplatePlan } from "../plan/build-plan.ts";
import { analysePattern } from "../plan/pattern-facts.ts";
import type { TemplatePlan } from "../plan/ir.ts";
import { emitModule } from "../emit/emit-module.ts";
import { emitRegistry } from "../emit/emit-registry.ts";
import { formatModule } from "../emit/format.ts";
import { BuildError, loadTemplates, type TemplateSource } from "./load.ts";
import { validateSource } from "./validate.ts";

export interface BuildOptions {
  /** Run prettier over the output (the committed generated/ is formatted; tests may skip it for speed). */
  format: boolean;
}

export function planSource(src: TemplateSource): TemplatePlan {
  const spec = validateSource(src);
  return buildTemplatePlan(spec, analysePattern, { name: src.name, file: src.file.split(sep).join("/"), template: src.template });
}

/** Import specifier of the repository's runtime/ folder from a module in `outDir`. */
export function runtimeSpecifier(outDir: string): string {
  const rel = relative(outDir, join(import.meta.dirname, "..", "..", "runtime")).split(sep).join("/");
  return rel.startsWith(".") ? rel : `./${rel}`;
}

export async function compileSource(src: TemplateSource, runtime: string, options: BuildOptions): Promise<string> {
  const code = emitModule(planSource(src), { runtime });
  return options.format ? formatModule(code) : code;
}

export interface BuildResult {
  /** Every output file (path relative to outDir → text): `<name>.ts` per template that compiled, plus `index.ts`. */
  files: Map<string, string>;
  /** One message per template that did not compile, naming the file and the JSON path. */
  errors: string[];
}

/** Compiles every template under the inputs; the registry lists the ones that compiled. */
export async function buildOutputs(inputs: readonly string[], outDir: string, options: BuildOptions): Promise<BuildResult> {
  const sources = loadTemplates(inputs);
  const runtime = runtimeSpecifier(outDir);
  const files = new Map<string, string>();
  const errors: string[] = [];
  const built: string[] = [];
  for (const src of sources) {
    try {
      files.set(`${src.name}.ts`, await compileSource(src, runtime, options));
      built.push(src.name);
    } catch (e) {
      if (!(e instanceof BuildError)) throw e;
      errors.push(e.message);
    }
  }
  const registry = emitRegistry(built, { runtime });
  files.set("index.ts", options.format ? await formatModule(registry) : registry);
  return { files, errors };
}
