// emit (JavaScript): `rtc build --js` — a generated TypeScript module as JavaScript ESM plus its `.d.ts`,
// for projects without a TypeScript build step. Each module is transpiled on its own (TypeScript's
// transpileModule and transpileDeclaration, through ts-morph's copy): generated code annotates every
// export, so no type information from elsewhere is needed.

import { ts } from "ts-morph";

const OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  verbatimModuleSyntax: true,
};

export interface JavaScriptModule {
  js: string;
  dts: string;
}

/** `fileName` (e.g. "qwen3.ts") names the module in error messages. */
export function toJavaScript(fileName: string, source: string): JavaScriptModule {
  const js = ts.transpileModule(source, { fileName, compilerOptions: OPTIONS, reportDiagnostics: true });
  // Declarations from this file alone: every export of a generated module carries its type.
  const dts = ts.transpileDeclaration(source, {
    fileName,
    compilerOptions: { ...OPTIONS, declaration: true, isolatedDeclarations: true },
    reportDiagnostics: true,
  });
  // Both transpilers parse the same text, so a syntax error comes from each: list it once.
  const problems = new Set([...(js.diagnostics ?? []), ...(dts.diagnostics ?? [])].map((d) => describe(fileName, d)));
  if (problems.size) throw new Error(`cannot write JavaScript for a generated module:\n${[...problems].join("\n")}`);
  return { js: js.outputText, dts: dts.outputText };
}

/** `qwen3.ts:12:5: message`, the position 1-based as editors show it. */
function describe(fileName: string, d: ts.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
  if (!d.file || d.start === undefined) return `${fileName}: ${message}`;
  const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
  return `${fileName}:${line + 1}:${character + 1}: ${message}`;
}
