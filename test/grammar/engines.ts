// The two real grammar engines the tests check against, loaded once:
// - xgrammar (the engine of vLLM and SGLang) compiled to WebAssembly, `@mlc-ai/web-xgrammar`. Its
//   package says `"type": "module"` but lib/index.js is a UMD bundle, so it is compiled here as the
//   CommonJS module it is.
// - llama.cpp's grammar engine, from the prebuilt addon node-llama-cpp ships for linux-x64
//   (`@node-llama-cpp/linux-x64`); `AddonGrammar` parses GBNF and answers `isTextCompatible(text)`
//   (every code point accepted and the grammar complete) without a model.

import Module, { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

interface XgHandle {
  dispose(): void;
}
interface XgMatcher extends XgHandle {
  _acceptString(s: string): boolean;
  acceptToken(id: number): boolean;
  isTerminated(): boolean;
}
interface Xgrammar {
  Grammar: { fromEBNF(ebnf: string, root?: string): Promise<XgHandle> };
  TokenizerInfo: { createTokenizerInfo(vocab: string[], type: string, prependSpace: boolean, size: number, stop: number[]): Promise<XgHandle> };
  GrammarCompiler: {
    createGrammarCompiler(t: XgHandle, cache: boolean): Promise<{ compileGrammar(g: string): Promise<XgHandle>; compileStructuralTag(tag: unknown): Promise<XgHandle> }>;
  };
  GrammarMatcher: { createGrammarMatcher(g: XgHandle): Promise<XgMatcher> };
}

let xg: Xgrammar | null = null;
export function xgrammar(): Xgrammar {
  if (!xg) {
    const file = require.resolve("@mlc-ai/web-xgrammar");
    const m = new Module(file) as Module & { _compile(src: string, file: string): void; paths: string[] };
    m.filename = file;
    m.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(file));
    m._compile(readFileSync(file, "utf8"), file);
    xg = m.exports as Xgrammar;
  }
  return xg;
}

/** A compiled grammar; `accepts` is a whole-string match (every byte accepted, then the end). */
export interface Checker {
  accepts(text: string): Promise<boolean>;
}

// A one-token vocabulary (the stop token): compiling builds no token masks worth the name, and text is
// fed as bytes with _acceptString. ~60 ms per grammar instead of ~100 ms per string for
// Testings.isGrammarAcceptString, which compiles again on every call.
let compiler: Awaited<ReturnType<Xgrammar["GrammarCompiler"]["createGrammarCompiler"]>> | null = null;
async function xgCompiler() {
  if (!compiler) {
    const x = xgrammar();
    const info = await x.TokenizerInfo.createTokenizerInfo(["</s>"], "raw", false, 1, [0]);
    compiler = await x.GrammarCompiler.createGrammarCompiler(info, false);
  }
  return compiler;
}

function matcherChecker(compiled: XgHandle): Checker {
  return {
    accepts: async (text) => {
      const m = await xgrammar().GrammarMatcher.createGrammarMatcher(compiled);
      try {
        return m._acceptString(text) && m.acceptToken(0) && m.isTerminated();
      } finally {
        m.dispose();
      }
    },
  };
}

/** xgrammar throws bare numbers (WebAssembly exception pointers); its message went to stderr. */
async function compiled(what: string, make: () => Promise<XgHandle>): Promise<XgHandle> {
  try {
    return await make();
  } catch (e) {
    throw new Error(`xgrammar could not compile the ${what}${typeof e === "number" ? " (its message is on stderr)" : `: ${String(e)}`}`);
  }
}

export async function xgrammarEbnf(ebnf: string): Promise<Checker> {
  const c = await xgCompiler();
  return matcherChecker(await compiled("grammar", () => c.compileGrammar(ebnf)));
}

export async function xgrammarStructuralTag(tag: unknown): Promise<Checker> {
  const c = await xgCompiler();
  return matcherChecker(await compiled("structural tag", () => c.compileStructuralTag(tag)));
}

interface AddonGrammar {
  isTextCompatible(text: string): boolean;
}
interface LlamaAddon {
  AddonGrammar: new (grammar: string, options: { rootRuleName: string }) => AddonGrammar;
}

let llama: LlamaAddon | null | undefined;
/** Why llama.cpp's engine could not be loaded here, or null when it is available. */
export let llamaUnavailable: string | null = null;

export async function llamaCpp(): Promise<LlamaAddon | null> {
  if (llama !== undefined) return llama;
  try {
    const name = "@node-llama-cpp/linux-x64"; // a variable: the package ships no type declarations
    const pkg = (await import(name)) as { getBinsDir(): { binsDir: string } };
    llama = require(join(pkg.getBinsDir().binsDir, "linux-x64", "llama-addon.node")) as LlamaAddon;
  } catch (e) {
    llama = null;
    llamaUnavailable = `llama.cpp's prebuilt addon does not load on ${process.platform}-${process.arch}: ${(e as Error).message}`;
  }
  return llama;
}

/** A GBNF grammar in llama.cpp; throws when llama.cpp cannot parse it. */
export async function llamaGbnf(gbnf: string): Promise<Checker | null> {
  const addon = await llamaCpp();
  if (!addon) return null;
  const g = new addon.AddonGrammar(gbnf, { rootRuleName: "root" });
  return { accepts: async (text) => g.isTextCompatible(text) };
}
