// TypeScript's diagnostics for some files, compiled with the repository's tsconfig.json (strict), in
// process: one line per problem, `<file>: <message>`, so a test can expect an empty list.
import { join } from "node:path";
import ts from "typescript";

export function strictDiagnostics(files: readonly string[]): string[] {
  const root = join(import.meta.dirname, "..", "..");
  const config = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.json"), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    },
  })!;
  if (config.options.strict !== true) throw new Error("tsconfig.json is not strict");
  const program = ts.createProgram([...files], { ...config.options, noEmit: true });
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.file && files.includes(d.file.fileName))
    .map((d) => `${d.file!.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}
