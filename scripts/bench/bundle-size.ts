// Bundle sizes: what an application pays to ship rtc to a browser. Each entry is bundled by esbuild as an
// ES module for the browser, minified, then gzipped (level 9); budgets are checked by
// test/package/bundle-size.test.ts (from the sources) and by `npm run test:package` (from the installed
// tarballs, the JavaScript users get). `npm run bench` prints the table into BENCHMARKS.md.

import { readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

export interface BundleEntry {
  name: string;
  /** The bundled module's source: what the application imports. */
  code: string;
  /** Gzipped bytes allowed, if this entry has a budget. */
  budget?: number;
}

export interface BundleSize extends BundleEntry {
  minified: number;
  gzipped: number;
}

const KB = 1024;

/**
 * Gzipped bytes allowed for one model parser (every library model; known exceptions are listed in
 * test/package/model-size-exceptions.json). 23 KB (15 before issue 9): a parser whose template watches a
 * pattern carries the resumable matcher (runtime/core/regex/resumable.ts, program.ts, pattern-stream.ts and the
 * runtime scan: about 7 KB gzipped), which keeps every feed linear in its new text (README, "Linear
 * streaming"); the library's models are 17–22 KB with it.
 */
export const MODEL_BUDGET = 23 * KB;

export const BUNDLES: readonly BundleEntry[] = [
  { name: "one model parser (qwen3)", code: 'export * from "response-template/models/qwen3";', budget: MODEL_BUDGET },
  { name: "interpreter (loadTemplate, parseResponse, createResponseParser)", code: 'export * from "response-template";', budget: 50 * KB },
  {
    name: "OpenAI helpers for compiled parsers",
    code: 'export { toOpenAIMessage, openAIStreamForGenerated, wrapParser, OpenAIDeltaStream, toChunk, roleChunk, finishChunk } from "response-template/openai";',
  },
  { name: "qwen3 parser + OpenAI helpers", code: 'export * from "response-template/models/qwen3";\nexport { toOpenAIMessage, openAIStreamForGenerated } from "response-template/openai";' },
  { name: "all of response-template/openai (with the interpreter: createOpenAIStream)", code: 'export * from "response-template/openai";' },
  { name: "model registry (loadParser; each parser is its own chunk)", code: 'export * from "response-template/models";' },
  { name: "resolver (resolveTemplate: the table and its steps; each parser is its own chunk)", code: 'export * from "response-template/models/resolve";' },
];

/**
 * Bundles `code` as an application would: from `resolveDir` (where `response-template` resolves), with
 * extra export `conditions` ("rtc-source" bundles the TypeScript sources of this repository).
 */
export async function bundleSize(entry: BundleEntry, resolveDir: string, conditions: string[] = []): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: entry.code, resolveDir, loader: "js", sourcefile: "app.js" },
    absWorkingDir: resolveDir,
    bundle: true,
    splitting: true,
    outdir: "out",
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    conditions,
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  // What loads with the entry: its chunk and the chunks it imports statically; dynamic imports (the
  // registry's parsers) are separate chunks, loaded on use, and not counted.
  const outputs = result.metafile.outputs;
  const entryPath = Object.keys(outputs).find((p) => outputs[p]!.entryPoint === "app.js")!;
  const files = new Set<string>();
  const visit = (path: string): void => {
    if (files.has(path)) return;
    files.add(path);
    for (const i of outputs[path]!.imports) if (i.kind === "import-statement" && !i.external) visit(i.path);
  };
  visit(entryPath);
  const code = Buffer.concat(result.outputFiles.filter((f) => [...files].some((p) => f.path.endsWith(p))).map((f) => f.contents));
  return { ...entry, minified: code.length, gzipped: gzipSync(code, { level: 9 }).length };
}

export async function measureBundles(resolveDir: string, conditions: string[] = []): Promise<BundleSize[]> {
  const out: BundleSize[] = [];
  for (const entry of BUNDLES) out.push(await bundleSize(entry, resolveDir, conditions));
  return out;
}

/** Every library model alone (from the sources), smallest to largest gzipped. */
export async function measureModels(root: string): Promise<BundleSize[]> {
  const names = readdirSync(join(root, "generated"))
    .filter((f) => f.endsWith(".ts") && !["index.ts", "resolve.ts", "resolve-table.ts"].includes(f)) // the parsers, not the registry or the resolver
    .map((f) => f.slice(0, -3));
  const out: BundleSize[] = [];
  for (const name of names) {
    out.push(await bundleSize({ name, code: `export * from "response-template/models/${name}";` }, root, ["rtc-source"]));
  }
  return out.sort((a, b) => a.gzipped - b.gzipped);
}

export const kb = (bytes: number): string => `${(bytes / KB).toFixed(1)} KB`;

/** Entries over their budget, as messages. */
export function overBudget(sizes: readonly BundleSize[]): string[] {
  return sizes
    .filter((s) => s.budget !== undefined && s.gzipped > s.budget)
    .map((s) => `${s.name}: ${kb(s.gzipped)} gzipped, budget ${kb(s.budget!)}`);
}

export function sizeTable(sizes: readonly BundleSize[]): string[] {
  return [
    "| bundle | minified | gzipped | budget (gzipped) |",
    "|---|---:|---:|---:|",
    ...sizes.map((s) => `| ${s.name} | ${kb(s.minified)} | ${kb(s.gzipped)} | ${s.budget === undefined ? "" : `${kb(s.budget)}: ${s.gzipped <= s.budget ? "met" : "**not met**"}`} |`),
  ];
}

/** The BENCHMARKS.md section: the entries above, and the spread over every library model. */
export async function bundleSection(root: string): Promise<string[]> {
  const sizes = await measureBundles(root, ["rtc-source"]);
  const models = await measureModels(root);
  const median = models[Math.floor(models.length / 2)]!;
  const largest = models[models.length - 1]!;
  const over = models.filter((m) => m.gzipped > MODEL_BUDGET);
  return [
    "## Bundle sizes",
    "",
    "What a browser application ships: esbuild (ES module, browser platform, minified), then gzip -9, measured",
    "from the sources here (`npm run test:package` measures the installed tarballs too and checks the budgets).",
    "",
    ...sizeTable(sizes),
    "",
    `Each of the ${models.length} library models alone: smallest ${kb(models[0]!.gzipped)} (${models[0]!.name}), median ` +
      `${kb(median.gzipped)} (${median.name}), largest ${kb(largest.gzipped)} (${largest.name}); ${over.length} over ${kb(MODEL_BUDGET)}` +
      (over.length ? ` (${over.map((m) => m.name).join(", ")}; see test/package/model-size-exceptions.json)` : "") +
      ". Each carries only the content parsers its template names, `value_parser`s included.",
    "",
  ];
}
