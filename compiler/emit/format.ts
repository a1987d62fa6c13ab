// emit (format): generated modules go through prettier with fixed options, so output never depends on
// the environment. The unformatted text is the same program (test/compiler/emit-format.test.ts).

import { format } from "prettier";

export const PRETTIER_OPTIONS = {
  parser: "typescript",
  printWidth: 120,
  trailingComma: "all",
  semi: true,
  singleQuote: false,
  endOfLine: "lf",
} as const;

export function formatModule(code: string): Promise<string> {
  return format(code, PRETTIER_OPTIONS);
}
