// Bundles app.js for the browser: platform "browser", one minified IIFE in dist/app.js (no Node.js
// built-ins are available, so any node: import fails the build). Writes dist/meta.json for check.mjs.
import { build } from "esbuild";
import { mkdirSync, writeFileSync } from "node:fs";

const result = await build({
  entryPoints: ["app.js"],
  bundle: true,
  platform: "browser",
  format: "iife",
  target: "es2022",
  minify: true,
  outfile: "dist/app.js",
  metafile: true,
  logLevel: "warning",
});
mkdirSync("dist", { recursive: true });
writeFileSync("dist/meta.json", JSON.stringify(result.metafile));
