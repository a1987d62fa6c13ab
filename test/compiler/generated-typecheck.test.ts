// Every module the compiler emits for the conformance templates (every delimiter kind, content parser
// and transform shape they use) passes the TypeScript compiler with the repository's strict settings.
// (The library's models are covered by `npm run typecheck`.)

import { describe, expect, it } from "vitest";
import { emitToCache } from "../../compiler/build/temp-build.ts";
import { fixturesBeside } from "../../compiler/replay/fixtures.ts";
import { hf } from "../conformance/paths.ts";
import { strictDiagnostics } from "../support/typecheck.ts";

describe("generated modules type-check", () => {
  it("all fixture templates, strict", async () => {
    const rows = [...fixturesBeside(hf("sessions-0.jsonl")).templates.values()].filter((r) => "ok" in r.hf);
    const paths = await emitToCache("typecheck", rows.map((r) => ({ id: r.id, template: r.template })));
    const files = paths.filter((p): p is string => typeof p === "string");
    expect(files.length).toBe(rows.length);
    const diagnostics = strictDiagnostics(files);
    expect(diagnostics).toEqual([]);
  }, 300_000);
});
