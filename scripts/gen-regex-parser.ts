// Compiles runtime/translate/python-regex.peggy into a standalone parser module, so that nothing loads
// peggy at run time (the interpreter translates patterns when a template loads).
// Run: npx tsx scripts/gen-regex-parser.ts   (test/regex/grammar-fresh.test.ts checks it is current)

import { readFileSync, writeFileSync } from "node:fs";
import peggy from "peggy";

export const GRAMMAR = new URL("../runtime/translate/python-regex.peggy", import.meta.url);
export const OUTPUT = new URL("../runtime/translate/grammar.generated.ts", import.meta.url);

export function generateParserSource(): string {
  const source = peggy.generate(readFileSync(GRAMMAR, "utf8"), { output: "source", format: "es" });
  return `// @ts-nocheck\n// Generated from python-regex.peggy by scripts/gen-regex-parser.ts. Do not edit.\n${source}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(OUTPUT, generateParserSource());
  console.log(`wrote ${OUTPUT.pathname}`);
}
