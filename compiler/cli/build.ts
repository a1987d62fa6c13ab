// rtc build: compile response templates into generated TypeScript parser modules.
//   rtc build templates/ --out parsers/         write (only files whose text changed)
//   rtc build templates/ --out parsers/ --check   exit 1 naming stale files, write nothing
//   --runtime SPEC: what generated modules import the runtime as (default response-template/runtime);
//   --import-ext .ts|.js: extension of sibling imports in the registry (default .js)
//   --js: write JavaScript ESM with .d.ts declarations instead of TypeScript (plain Node imports them)
//   rtc build --explain templates/qwen3.json      print the plan of one template (or --explain qwen3)
//   --keep-going: write the templates that compile even if others fail (exit status still 1)

import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_RUNTIME, buildOutputs, planSource } from "../build/compile.ts";
import { staleFiles, writeOutputs } from "../build/write.ts";
import { BuildError, loadTemplateFile, type TemplateSource } from "../build/load.ts";
import type { JsonValue } from "response-template/runtime";
import { printPlan } from "../plan/print-plan.ts";

export async function runBuild(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      out: { type: "string", short: "o", default: "generated" },
      runtime: { type: "string", default: DEFAULT_RUNTIME },
      "import-ext": { type: "string", default: ".js" },
      js: { type: "boolean", default: false },
      check: { type: "boolean", default: false },
      explain: { type: "string" },
      "no-format": { type: "boolean", default: false },
      "keep-going": { type: "boolean", default: false },
    },
  });
  try {
    if (values.explain !== undefined) {
      // A path, or the name of a template in the first input folder (templates/ by default).
      const src = await explainSource(values.explain, positionals[0] ?? "templates");
      if (!src) throw new BuildError(`${values.explain}: no response_template in this tokenizer_config.json`);
      process.stdout.write(printPlan(planSource(src)));
      return 0;
    }
    const inputs = positionals.length ? positionals : ["templates"];
    const outDir = values.out!.replace(/\/$/, "");
    const { files, errors, built } = await buildOutputs(inputs, {
      format: !values["no-format"],
      runtime: values.runtime!,
      importExtension: values["import-ext"]!,
      js: values.js!,
    });
    const failed = () => {
      process.stderr.write(`rtc build: ${errors.length} template(s) failed:\n${errors.map((e) => `  ${e}\n`).join("")}`);
    };
    if (values.check) {
      const stale = staleFiles(outDir, files);
      if (errors.length) failed();
      if (stale.length) {
        process.stderr.write(`rtc build --check: ${stale.length} stale file(s); run \`npm run build\`:\n${stale.map((s) => `  ${s}\n`).join("")}`);
      }
      if (errors.length || stale.length) return 1;
      process.stdout.write(`rtc build --check: ${files.size} file(s) up to date\n`);
      return 0;
    }
    // Nothing is written while a template fails, unless --keep-going (then the registry lists what built).
    if (errors.length && !values["keep-going"]) {
      failed();
      process.stderr.write("rtc build: nothing written (--keep-going writes the templates that compiled)\n");
      return 1;
    }
    const written = writeOutputs(outDir, files);
    process.stdout.write(`rtc build: ${built.length} template(s) → ${outDir}/ (${written.length} file(s) written)\n`);
    if (errors.length) {
      failed();
      return 1;
    }
    return 0;
  } catch (e) {
    if (e instanceof BuildError) {
      process.stderr.write(`rtc build: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

/** The template `--explain` names: a file, `<folder>/<name>.json`, or a shipped model's template (what an
 * installed CLI has, without the repository's templates/). */
async function explainSource(ref: string, folder: string): Promise<TemplateSource | null> {
  if (existsSync(ref)) return loadTemplateFile(ref);
  const path = join(folder, `${ref}.json`);
  if (existsSync(path) || /[/\\]|\.json$/.test(ref)) return loadTemplateFile(path);
  const shipped = await import(`response-template/models/${ref}`).catch(() => null);
  if (!shipped) throw new BuildError(`${ref}: no such template file, no ${path}, and no shipped model of that name`);
  return { name: ref, file: `response-template/models/${ref}`, at: "", template: (shipped as { template: JsonValue }).template };
}
