// The build pipeline: load → validate → plan → emit → (format); write.ts then writes or checks.

import { sep } from "node:path";
import { buildTemplatePlan } from "../plan/build-plan.ts";
import { analysePattern } from "../plan/pattern-facts.ts";
import type { TemplatePlan } from "../plan/ir.ts";
import { emitModule } from "../emit/emit-module.ts";
import { emitRegistry, emitResolveModule } from "../emit/emit-registry.ts";
import { formatModule } from "../emit/format.ts";
import { toJavaScript } from "../emit/javascript.ts";
import { BuildError, displayPath, loadTemplates, type TemplateSource } from "./load.ts";
import { validateSource } from "./validate.ts";
import { buildResolutionTable, emitResolutionTable, findCatalog } from "./resolve-table.ts";

/** How `rtc build` writes its modules (`compileSource`, `buildOutputs`). */
export interface BuildOptions {
  /** Run prettier over the output (the committed models are formatted; tests may skip it for speed). */
  format: boolean;
  /** Import specifier of the runtime entry point in the generated modules (default DEFAULT_RUNTIME). */
  runtime?: string;
  /** Extension of sibling modules in the registry's imports: ".js" (default) or ".ts". */
  importExtension?: string;
  /** Write JavaScript ESM and `.d.ts` files instead of TypeScript (`rtc build --js`). */
  js?: boolean;
}

/** What generated modules import unless told otherwise: the runtime of the installed package. */
export const DEFAULT_RUNTIME = "response-template/runtime";

/**
 * Validates a loaded template (the runtime's own rules) and builds its plan: the data `rtc build --explain`
 * prints and the emitter turns into code. Throws BuildError naming the file and the JSON path.
 */
export function planSource(src: TemplateSource): TemplatePlan {
  const spec = validateSource(src);
  return buildTemplatePlan(spec, analysePattern, { name: src.name, file: src.file.split(sep).join("/"), template: src.template });
}

/** One template as the TypeScript source of its parser module (formatted with `options.format`). Throws BuildError as planSource does. */
export async function compileSource(src: TemplateSource, options: BuildOptions): Promise<string> {
  const code = emitModule(planSource(src), { runtime: options.runtime ?? DEFAULT_RUNTIME });
  return options.format ? formatModule(code) : code;
}

/** What `buildOutputs` produced, to write or check against the output folder (write.ts). */
export interface BuildResult {
  /**
   * Every output file (path relative to outDir → text): `<name>.ts` per template that compiled, plus
   * `index.ts` (the registry) and, for a folder with a catalog.json, `resolve-table.ts` and `resolve.ts`; with `js`, `<name>.js` and `<name>.d.ts` for each instead.
   */
  files: Map<string, string>;
  /** One message per template that did not compile, naming the file and the JSON path. */
  errors: string[];
  /** Names of the templates that compiled (the registry lists them). */
  built: string[];
}

/** Compiles every template under the inputs; the registry lists the ones that compiled. */
export async function buildOutputs(inputs: readonly string[], options: BuildOptions): Promise<BuildResult> {
  const sources = loadTemplates(inputs);
  const runtime = options.runtime ?? DEFAULT_RUNTIME;
  const importExtension = options.importExtension ?? ".js";
  if (options.js && importExtension !== ".js") throw new BuildError(`--js writes .js modules: the registry cannot import them as "${importExtension}"`);
  const files = new Map<string, string>();
  const add = async (name: string, ts: string): Promise<void> => {
    if (!options.js) return void files.set(`${name}.ts`, ts);
    const { js, dts } = toJavaScript(`${name}.ts`, ts);
    files.set(`${name}.js`, options.format ? await formatModule(js) : js);
    files.set(`${name}.d.ts`, options.format ? await formatModule(dts) : dts);
  };
  const errors: string[] = [];
  const built: string[] = [];
  for (const src of sources) {
    try {
      await add(src.name, await compileSource(src, options));
      built.push(src.name);
    } catch (e) {
      if (!(e instanceof BuildError)) throw e;
      errors.push(e.message);
    }
  }
  // A library with a catalog also gets the resolution table (resolve-table.ts) and resolveTemplate.
  const catalog = findCatalog(inputs);
  if (catalog) {
    const table = emitResolutionTable(buildResolutionTable(catalog, built), displayPath(catalog), runtime);
    await add("resolve-table", options.format ? await formatModule(table) : table);
    const resolve = emitResolveModule({ runtime, importExtension });
    await add("resolve", options.format ? await formatModule(resolve) : resolve);
  }
  const registry = emitRegistry(built, { runtime, importExtension });
  await add("index", options.format ? await formatModule(registry) : registry);
  return { files, errors, built };
}
