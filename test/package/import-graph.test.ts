// The layering of the packages, read from every import (static, type-only, re-export, dynamic) with
// TypeScript's own import scanner:
//   response-template (runtime/): core ← translate ← interpret ← index.ts; openai on core (openai/interpreted.ts
//   also on interpret and translate: createOpenAIStream); vllm on openai. No dependencies, no node:.
//   generated/ (shipped by that package as response-template/models/*): `response-template/runtime` only,
//   the registry its siblings, the resolver (resolve.ts) the registry and the table.
//   response-template-compiler: the core only by package specifier, through its exports; other packages
//   only if package.json lists them.
// (translate/'s own passes are tested in test/regex/import-graph.test.ts.)

import { readFileSync, readdirSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const CORE = join(ROOT, "runtime");
const COMPILER = join(ROOT, "compiler");
const GENERATED = join(ROOT, "generated");

interface Manifest {
  name: string;
  exports: Record<string, unknown>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}
const manifest = (dir: string) => JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;

/** A package's source files (relative paths with "/"), without dist/. */
function sources(dir: string, sub = ""): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(dir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${e.name}` : e.name;
    if (e.isDirectory() && e.name !== "dist" && e.name !== "node_modules") out.push(...sources(dir, rel));
    else if (e.isFile() && e.name.endsWith(".ts")) out.push(rel);
  }
  return out.sort();
}

interface SourceFile {
  /** Path inside its package, "/"-separated. */
  path: string;
  text: string;
}

function importsOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((i) => i.fileName);
}

/** The folder a file belongs to: its first path segment, or "" for files at the package root. */
const layerOf = (path: string) => (path.includes("/") ? path.slice(0, path.indexOf("/")) : "");

/** Relative path `spec` from `from`, resolved inside the package ("/"-separated), or null if it leaves it. */
function resolveInside(from: string, spec: string): string | null {
  const joined = join("/pkg", dirname(from), spec).split(sep).join("/");
  return joined.startsWith("/pkg/") ? joined.slice("/pkg/".length) : null;
}

/** What each file of the core package may import, by folder (files at the root: index.ts). */
const CORE_LAYERS: Record<string, readonly string[]> = {
  core: ["core"],
  translate: ["core", "translate"],
  interpret: ["core", "translate", "interpret"],
  openai: ["core", "openai"],
  // vLLM's parser interface over the OpenAI stream (its createOpenAIStream brings the interpreter).
  vllm: ["core", "openai", "vllm"],
  "": ["core", "interpret", ""],
};
/** Files allowed beyond their folder's rule, and why. */
const CORE_EXTRA: Record<string, readonly string[]> = {
  // createOpenAIStream: the interpreter-backed one-call form (bundlers leave it out when unused).
  "openai/interpreted.ts": ["interpret", "translate"],
};

function coreViolations(files: readonly SourceFile[]): string[] {
  const out: string[] = [];
  for (const f of files) {
    const layer = layerOf(f.path);
    const allowed = [...(CORE_LAYERS[layer] ?? []), ...(CORE_EXTRA[f.path] ?? [])];
    if (!(layer in CORE_LAYERS)) out.push(`${f.path}: a folder the layering does not name`);
    for (const spec of importsOf(f.text)) {
      if (!spec.startsWith(".")) {
        out.push(`${f.path} imports "${spec}": the core package has no dependencies and uses no Node.js modules`);
        continue;
      }
      const target = resolveInside(f.path, spec);
      if (target === null) out.push(`${f.path} imports "${spec}", outside the package`);
      else if (!allowed.includes(layerOf(target))) out.push(`${f.path} imports ${target}: ${layer || "the root"} may import only ${allowed.map((l) => l || "root files").join(", ")}`);
    }
  }
  return out;
}

function compilerViolations(files: readonly SourceFile[], own: Manifest, core: Manifest): string[] {
  const out: string[] = [];
  const deps = new Set(Object.keys({ ...own.dependencies, ...own.peerDependencies, ...own.optionalDependencies }));
  const coreEntries = new Set(Object.keys(core.exports).map((k) => (k === "." ? core.name : `${core.name}/${k.slice(2)}`)));
  const builtins = new Set(builtinModules);
  for (const f of files) {
    for (const spec of importsOf(f.text)) {
      if (spec.startsWith(".")) {
        if (resolveInside(f.path, spec) === null) out.push(`${f.path} imports "${spec}", outside the package (the core only by package name)`);
        continue;
      }
      if (spec.startsWith("node:") ? builtins.has(spec.slice(5)) : false) continue;
      const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : spec.split("/")[0]!;
      if (name === core.name) {
        // A subpath must be one of the core's entry points (wildcards: models/*).
        const ok = coreEntries.has(spec) || [...coreEntries].some((e) => e.endsWith("/*") && spec.startsWith(e.slice(0, -1)));
        if (!ok) out.push(`${f.path} imports "${spec}", not an entry point of ${core.name}`);
      } else if (!deps.has(name)) out.push(`${f.path} imports "${spec}", which ${own.name}'s package.json does not list`);
    }
  }
  return out;
}

/** Generated modules import the runtime by its public name (it resolves to the shipping package itself) and siblings. */
function generatedViolations(files: readonly SourceFile[]): string[] {
  const out: string[] = [];
  for (const f of files) {
    for (const spec of importsOf(f.text)) {
      // The registry imports the parsers; the resolver (resolve.ts) the registry and the table.
      const sibling = /^\.\/[a-z0-9_-]+\.js$/.test(spec) && (f.path === "index.ts" || (f.path === "resolve.ts" && /^\.\/(index|resolve-table)\.js$/.test(spec)));
      if (spec !== "response-template/runtime" && !sibling) out.push(`${f.path} imports "${spec}": generated modules import response-template/runtime only`);
    }
  }
  return out;
}

const read = (dir: string): SourceFile[] => sources(dir).map((path) => ({ path, text: readFileSync(join(dir, path), "utf8") }));

describe("package import graph", () => {
  const core = read(CORE);
  const compiler = read(COMPILER);
  const generated = read(GENERATED);

  it("reads the packages and generated/", () => {
    expect(core.filter((f) => f.path.startsWith("core/")).length).toBeGreaterThan(30);
    expect(core.filter((f) => f.path.startsWith("models/")).length).toBe(0);
    expect(generated.length).toBeGreaterThan(50);
    expect(compiler.length).toBeGreaterThan(40);
    expect(relative(ROOT, CORE)).toBe("runtime");
  });

  it("generated/: response-template/runtime only", () => {
    expect(generatedViolations(generated)).toEqual([]);
    expect(generatedViolations([{ path: "q.ts", text: 'import { a } from "../runtime/core/index.ts"; import "./x.js";' }])).toHaveLength(2);
  });

  it("response-template: runtime at the bottom, no dependencies, no node: modules", () => {
    expect(coreViolations(core)).toEqual([]);
    const m = manifest(CORE);
    expect({ ...m.dependencies, ...m.peerDependencies, ...m.optionalDependencies }).toEqual({});
  });

  it("response-template-compiler: the core only by package specifier, other packages as listed", () => {
    expect(compilerViolations(compiler, manifest(COMPILER), manifest(CORE))).toEqual([]);
  });

  it("reports violations", () => {
    const f = (path: string, text: string): SourceFile => ({ path, text });
    expect(
      coreViolations([
        f("core/engine/x.ts", 'import { a } from "../../translate/index.ts";'),
        f("core/y.ts", 'import type { B } from "../interpret/index.ts";'),
        f("core/z.ts", 'export * from "../openai/stream.ts";'),
        f("core/w.ts", 'const m = await import("node:fs");'),
        f("interpret/q.ts", 'import { t } from "../openai/stream.ts";'),
        f("openai/stream.ts", 'import { i } from "../interpret/index.ts";'),
        f("translate/p.ts", 'import { i } from "../interpret/index.ts";'),
        f("core/ok.ts", 'import { v } from "./python/values.ts";'),
        f("openai/interpreted.ts", 'import { i } from "../interpret/index.ts";'),
      ]).map((v) => v.split(" ")[0]),
    ).toEqual(["core/engine/x.ts", "core/y.ts", "core/z.ts", "core/w.ts", "interpret/q.ts", "openai/stream.ts", "translate/p.ts"]);
    const own: Manifest = { name: "c", exports: {}, dependencies: { "ts-morph": "1" } };
    const core: Manifest = { name: "response-template", exports: { ".": {}, "./runtime": {}, "./models/*": {} } };
    expect(
      compilerViolations(
        [
          f("emit/a.ts", 'import { x } from "../../response-template/runtime/index.ts";'),
          f("emit/b.ts", 'import { x } from "response-template/runtime/regex/pattern.ts";'),
          f("emit/c.ts", 'import { x } from "left-pad";'),
          f("emit/ok.ts", 'import { P } from "ts-morph"; import { r } from "response-template/runtime"; import "node:fs"; import("response-template/models/qwen3");'),
        ],
        own,
        core,
      ).map((v) => v.split(" ")[0]),
    ).toEqual(["emit/a.ts", "emit/b.ts", "emit/c.ts"]);
  });
});
