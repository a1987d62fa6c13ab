import { build } from "esbuild";
const model = process.argv[2] ?? "qwen3";
const r = await build({ stdin: { contents: `export * from "response-template/models/${model}";`, resolveDir: process.cwd(), loader: "js", sourcefile: "app.js" },
  bundle: true, minify: true, format: "esm", platform: "browser", target: "es2022", conditions: ["rtc-source"], write: false, metafile: true, logLevel: "silent" });
const out = Object.values(r.metafile.outputs)[0]!;
const rows = Object.entries(out.inputs).map(([k, v]) => [k, v.bytesInOutput] as const).sort((a, b) => b[1] - a[1]);
let tot = 0; for (const [, b] of rows) tot += b;
for (const [k, b] of rows) console.log(String(b).padStart(7), k);
console.log("total minified", tot);
