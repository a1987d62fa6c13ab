// Builds the playground page (playground/) into playground/dist/: app.js, one minified IIFE bundled by esbuild
// from playground/src/main.ts with the packages' TypeScript sources (the "rtc-source" condition), with
// the shipped templates and their samples embedded (so dist/index.html works from a file:// folder, no
// fetch), plus index.html, style.css and templates.json (the same templates, for other tools).
//   node --conditions=rtc-source --import tsx scripts/build-playground.ts

import { build } from "esbuild";
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

const ROOT = join(import.meta.dirname, "..");
const PLAYGROUND = join(ROOT, "playground");
const DIST = join(PLAYGROUND, "dist");
const TEMPLATES = join(ROOT, "templates");

/** templates/<name>.json (every file but the catalog), by name. */
function shippedTemplates(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const file of readdirSync(TEMPLATES).sort()) {
    if (!file.endsWith(".json") || file === "catalog.json") continue;
    out[basename(file, ".json")] = JSON.parse(readFileSync(join(TEMPLATES, file), "utf8"));
  }
  return out;
}

/** templates/samples/<name>.jsonl: each sample's name, prompt prefix and output. */
function shippedSamples(names: string[]): Record<string, { name: string; prefix: string; text: string }[]> {
  const out: Record<string, { name: string; prefix: string; text: string }[]> = {};
  for (const name of names) {
    let text: string;
    try {
      text = readFileSync(join(TEMPLATES, "samples", `${name}.jsonl`), "utf8");
    } catch {
      continue;
    }
    out[name] = text
      .split("\n")
      .filter((line) => line.trim())
      .map((line) => {
        const s = JSON.parse(line) as { name: string; prefix: string; text: string };
        return { name: s.name, prefix: s.prefix, text: s.text };
      });
  }
  return out;
}

/** Builds the page; returns the dist folder. */
export async function buildPlayground(): Promise<string> {
  const templates = shippedTemplates();
  const samples = shippedSamples(Object.keys(templates));
  rmSync(DIST, { recursive: true, force: true });
  mkdirSync(DIST, { recursive: true });
  await build({
    entryPoints: [join(PLAYGROUND, "src/main.ts")],
    outfile: join(DIST, "app.js"),
    bundle: true,
    platform: "browser",
    format: "iife",
    target: "es2022",
    minify: true,
    conditions: ["rtc-source"],
    define: { __RTC_SHIPPED__: JSON.stringify({ templates, samples }) },
    legalComments: "none",
    logLevel: "warning",
  });
  for (const file of ["index.html", "style.css"]) copyFileSync(join(PLAYGROUND, file), join(DIST, file));
  writeFileSync(join(DIST, "templates.json"), JSON.stringify(templates, null, 2) + "\n");
  return DIST;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const dist = await buildPlayground();
  const kb = (f: string): string => `${(statSync(join(dist, f)).size / 1024).toFixed(0)} KB`;
  console.log(`playground built: ${dist} (app.js ${kb("app.js")}, templates.json ${kb("templates.json")}); open index.html or run npx serve ${dist}`);
}
