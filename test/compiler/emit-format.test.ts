// Formatting with prettier changes layout only: the unformatted emitter output (used by tests, for
// speed) and the formatted output (committed in generated/) are the same token sequence.

import ts from "typescript";
import { describe, expect, it } from "vitest";
import { emitModule } from "../../compiler/emit/emit-module.ts";
import { formatModule } from "../../compiler/emit/format.ts";
import { planSource } from "../../compiler/build/compile.ts";
import { fixturesBeside } from "../../compiler/replay/fixtures.ts";
import { hf } from "../conformance/paths.ts";

function tokens(code: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, code);
  const out: string[] = [];
  for (let k = scanner.scan(); k !== ts.SyntaxKind.EndOfFileToken; k = scanner.scan()) {
    const text = scanner.getTokenText();
    // Prettier may add trailing commas, parentheses and semicolons, and normalise string quotes.
    if (k === ts.SyntaxKind.CommaToken) continue;
    // …and unquote property names: a string literal and an identifier with the same text compare equal.
    if (k === ts.SyntaxKind.StringLiteral) out.push(`name:${scanner.getTokenValue()}`);
    else if (/^[A-Za-z_$][\w$]*$/.test(text)) out.push(`name:${text}`); // identifiers and keywords (`type`, `function` as keys)
    else out.push(text);
  }
  return out.filter((t) => t !== "(" && t !== ")" && t !== ";");
}

describe("emit: formatted ≡ unformatted", () => {
  const { templates } = fixturesBeside(hf("sessions-0.jsonl"));
  const ids = [...templates.values()].filter((r) => "ok" in r.hf).map((r) => r.id).filter((id) => /^(serve|shapes|hf-tests)\//.test(id) || /^random\/0[0-4]/.test(id));
  for (const id of ids) {
    it(id, async () => {
      const raw = emitModule(planSource({ name: id, file: id, at: "", template: templates.get(id)!.template }), { runtime: "../runtime" });
      const formatted = await formatModule(raw);
      expect(tokens(formatted)).toEqual(tokens(raw));
    });
  }
});
