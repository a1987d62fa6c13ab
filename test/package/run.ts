// npm run test:package — the packages as a user gets them, checked from outside. Builds dist/, packs the
// three packages, installs the tarballs into a temporary project (test/package/consumer/ copied out) and there:
//   1. plain `node` (ES modules, no loader) imports a model parser, the interpreter, the OpenAI helpers
//      and the registry, and parses (esm-check.mjs); CommonJS `require` does the same (cjs-check.cjs);
//   2. `npx rtc build` compiles the consumer's templates/ as TypeScript and as JavaScript (`--js`), and
//      plain node imports and runs the JavaScript (generated-js-check.mjs);
//   3. tsc typechecks src/main.ts and the generated TypeScript against the published declarations with
//      strict settings (tsconfig.json, skipLibCheck false), then node runs what it compiled; the docs'
//      TypeScript examples typecheck with the same settings (they run in test/readme-examples.test.ts);
//   4. every subcommand and documented flag from node_modules/.bin/rtc, good and bad inputs (cli-check.mjs),
//      leaving node_modules and the temp folder as they were; `npx rtc --version` and `--help`;
//   5. install and bundle sizes, with the bundle budgets checked on the installed JavaScript;
//   6. each project in examples/, in its own temporary folder, installed from the tarballs (examples.ts).
// Needs Node.js and npm, and the npm registry for the compiler's dependencies and TypeScript (the npm
// cache is preferred). Exits 1 on the first failure. RTC_KEEP=1 keeps the temporary folder.

import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkExamples } from "./examples.ts";
import { kb, measureBundles, overBudget, sizeTable } from "../../scripts/bench/bundle-size.ts";
import { codeBlocks, docPages, readDoc } from "../support/docs.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const PACKAGES = ["response-template", "response-template-compiler", "response-template-ai-sdk"];
/** Where each package lives in the repository. */
const DIRS: Record<string, string> = { "response-template": "runtime", "response-template-compiler": "compiler", "response-template-ai-sdk": "ai-sdk" };
const started = Date.now();

function run(cmd: string, args: string[], cwd: string): string {
  try {
    return execFileSync(cmd, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, npm_config_update_notifier: "false" } });
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${cmd} ${args.join(" ")} (in ${cwd}) failed:\n${err.stdout ?? ""}${err.stderr ?? err.message}`);
  }
}

async function step(name: string, fn: () => Promise<string | void> | string | void): Promise<void> {
  const t = Date.now();
  const note = await fn();
  const details = note ? note.split("\n").map((line) => `\n    ${line}`).join("") : "";
  process.stdout.write(`✓ ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)${details}\n`);
}

/** Bytes of all files under a folder (what the install puts on disk, before block rounding). */
function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(p);
    else if (entry.isFile()) total += statSync(p).size;
  }
  return total;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const version = (name: string) => (JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
const work = mkdtempSync(join(tmpdir(), "rtc-package-"));
const consumer = join(work, "consumer");

try {
  await step("build dist/ (npm run build:dist)", () => {
    for (const p of PACKAGES) rmSync(join(ROOT, DIRS[p]!, "dist"), { recursive: true, force: true });
    run("npm", ["run", "build:dist"], ROOT);
  });

  const tarballs: string[] = [];
  await step("npm pack", () => {
    const packed = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", work, ...PACKAGES.flatMap((p) => ["-w", p])], ROOT)) as {
      name: string;
      filename: string;
      size: number;
      unpackedSize: number;
      files: { path: string }[];
    }[];
    const notes: string[] = [];
    for (const p of packed) {
      // Compiled JavaScript, declarations, package.json and the README: no sources, tests or scripts.
      const stray = p.files.map((f) => f.path).filter((f) => !/^dist\/.*\.(js|d\.ts)$/.test(f) && !["package.json", "README.md", "LICENSE"].includes(f));
      if (stray.length) throw new Error(`${p.name}: unexpected files in the tarball: ${stray.slice(0, 10).join(", ")}`);
      if (!p.files.some((f) => f.path === "README.md")) throw new Error(`${p.name}: no README.md in the tarball`);
      tarballs.push(join(work, p.filename));
      notes.push(`${p.name} ${p.files.length} files, ${kb(p.size)} packed, ${kb(p.unpackedSize)} unpacked`);
    }
    return notes.join("\n");
  });

  await step("install the tarballs into a new project", () => {
    cpSync(join(import.meta.dirname, "consumer"), consumer, { recursive: true });
    writeFileSync(join(consumer, "package.json"), JSON.stringify({ name: "rtc-consumer", private: true, type: "module" }, null, 2));
    const quiet = ["--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"];
    run("npm", ["install", ...quiet, ...tarballs], consumer);
    const runtime = folderBytes(join(consumer, "node_modules", "response-template"));
    const all = folderBytes(join(consumer, "node_modules"));
    // The TypeScript consumer's own tools and the AI SDK (the middleware's peer), installed after measuring.
    const devTools = ["typescript", "@types/node", "ai", "@ai-sdk/provider"].map((n) => `${n}@${version(n)}`);
    run("npm", ["install", ...quiet, "-D", ...devTools], consumer);
    // The CLI check's inputs from the repository: recorded sessions, a real chat template.
    const conformance = join(ROOT, "test", "fixtures", "conformance", "hf");
    const sessions = readFileSync(join(conformance, "sessions-1.jsonl"), "utf8").split("\n").slice(0, 40).join("\n") + "\n";
    writeFileSync(join(consumer, "fixtures", "sessions.jsonl"), sessions);
    for (const f of ["templates.jsonl", "tools.json"]) cpSync(join(conformance, f), join(consumer, "fixtures", f));
    cpSync(join(ROOT, "test", "fixtures", "chat-templates", "Qwen-Qwen3-0.6B.jinja"), join(consumer, "fixtures", "chat_template.jinja"));
    return `response-template ${mb(runtime)} (no dependencies); with response-template-compiler and its dependencies ${mb(all)}`;
  });

  await step("plain node imports a model parser, the interpreter, the OpenAI helpers (ESM)", () => {
    run("node", ["esm-check.mjs"], consumer);
  });

  await step("CommonJS require()", () => {
    const [major, minor] = process.versions.node.split(".").map(Number) as [number, number];
    if (major < 22 && !(major === 20 && minor >= 19)) throw new Error(`Node ${process.version}: require() of ES modules needs Node ≥ 20.19`);
    run("node", ["cjs-check.cjs"], consumer);
  });

  await step("npx rtc build (TypeScript, and --js run by plain node)", () => {
    run("npx", ["--no", "--", "rtc", "build", "templates", "--out", "parsers"], consumer);
    run("npx", ["--no", "--", "rtc", "build", "templates", "--js", "--out", "parsers-js"], consumer);
    const imports = readFileSync(join(consumer, "parsers", "acme-chat.ts"), "utf8").match(/from "([^"]+)"/g) ?? [];
    if (!imports.every((i) => i === 'from "response-template/runtime"')) throw new Error(`generated module imports ${imports.join(", ")}`);
    run("node", ["generated-js-check.mjs"], consumer);
  });

  await step("strict TypeScript consumer: tsc, then node runs the output", () => {
    run("npx", ["--no", "--", "tsc", "-p", "."], consumer);
    run("node", [join("out", "src", "main.js")], consumer);
  });

  await step("the docs' TypeScript examples (README.md, docs/*.md) typecheck in the strict consumer", () => {
    const blocks = docPages().flatMap((page) => codeBlocks(readDoc(page), "ts"));
    // Examples that use the AI SDK go to readme-ai/ (see tsconfig.readme-ai.json for why).
    const usesAi = (code: string) => /from "ai(\/[^"]*)?"/.test(code);
    for (const dir of ["readme", "readme-ai"]) mkdirSync(join(consumer, dir));
    blocks.forEach((code, i) => writeFileSync(join(consumer, usesAi(code) ? "readme-ai" : "readme", `example-${i + 1}.ts`), code));
    run("npx", ["--no", "--", "tsc", "-p", "tsconfig.readme.json"], consumer);
    run("npx", ["--no", "--", "tsc", "-p", "tsconfig.readme-ai.json"], consumer);
    const ai = blocks.filter(usesAi).length;
    return `${blocks.length - ai} examples with every strict flag, ${ai} AI SDK example(s) without exactOptionalPropertyTypes`;
  });

  await step("every rtc subcommand from node_modules/.bin/rtc under plain node, with a bad input each", () => run("node", ["cli-check.mjs"], consumer).trim());

  await step("npx rtc --version, --help", () => {
    const v = run("npx", ["--no", "--", "rtc", "--version"], consumer).trim();
    const expected = `rtc ${(JSON.parse(readFileSync(join(ROOT, "compiler", "package.json"), "utf8")) as { version: string }).version}`;
    if (v !== expected) throw new Error(`rtc --version printed "${v}", expected "${expected}"`);
    const help = run("npx", ["--no", "--", "rtc", "--help"], consumer);
    if (!help.includes("rtc build")) throw new Error(`rtc --help does not mention rtc build:\n${help}`);
    return v;
  });

  await step("bundle sizes of the installed JavaScript, within budget", async () => {
    const sizes = await measureBundles(consumer);
    const over = overBudget(sizes);
    if (over.length) throw new Error(`over budget:\n${over.join("\n")}`);
    return sizeTable(sizes).join("\n");
  });

  await checkExamples({ tarballs, work, run, step });

  process.stdout.write(`package checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
} catch (e) {
  process.stderr.write(`✗ ${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 1;
} finally {
  if (process.env.RTC_KEEP === "1") process.stdout.write(`kept ${work}\n`);
  else rmSync(work, { recursive: true, force: true });
}
