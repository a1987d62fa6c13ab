import { build } from "esbuild";
const model = process.argv[2] ?? "qwen3";
const r = await build({ stdin: { contents: `export * from "response-template/models/${model}";`, resolveDir: process.cwd(), loader: "js", sourcefile: "app.js" },
  bundle: true, minify: true, format: "esm", platform: "browser", target: "es2022", conditions: ["rtc-source"], write: false, logLevel: "silent" });
process.stdout.write(r.outputFiles[0]!.text);
