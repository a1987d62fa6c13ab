// A generated parser against the interpreter on random texts built from pieces, in random chunkings and as
// whole texts: the messages, every feed's events and the final events must be the same (a failure as the
// same error). For the engine's search strategies, whose only contract is to answer as the shared matcher.

import fc from "fast-check";
import { expect } from "vitest";
import { compileAndImport, type GeneratedModule } from "../../compiler/build/temp-build.ts";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import type { JsonValue, ParseOptions } from "../../runtime/core/types.ts";
import { checkProperty, chunkedAt } from "./property.ts";

/** The template compiled to a module in the test cache (`id` names its folder). */
export async function compileOne(id: string, template: JsonValue): Promise<GeneratedModule> {
  const built = (await compileAndImport(id, [{ id: "t", template }])).get("t")!;
  if (built instanceof Error) throw built;
  return built;
}

function caught(f: () => unknown): unknown {
  try {
    return f();
  } catch (e) {
    return String(e);
  }
}

/** The property over up to `maxPieces` pieces and 8 cuts, `runs` cases. */
export function checkAgainstInterpreter(generated: GeneratedModule, template: JsonValue, options: ParseOptions, pieces: readonly string[], runs: number, maxPieces = 24): void {
  checkProperty(
    fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: maxPieces }), fc.array(fc.nat(), { maxLength: 8 }), (picked, cuts) => {
      const text = picked.join("");
      expect(caught(() => generated.parseResponse(text, options))).toEqual(caught(() => parseResponse(template, text, options)));
      const run = (make: () => { initialEvents: unknown; feed(c: string): unknown; finalize(): unknown }) =>
        caught(() => {
          const p = make();
          return [p.initialEvents, ...chunkedAt(text, cuts).map((c) => p.feed(c)), p.finalize()];
        });
      expect(run(() => generated.createResponseParser(options))).toEqual(run(() => createResponseParser(template, options)));
    }),
    runs,
  );
}
