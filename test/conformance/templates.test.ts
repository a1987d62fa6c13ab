// Every template verdict of the reference: reject exactly what it rejects, with the same error class.
import { describe, expect, it } from "vitest";
import { loadTemplate } from "../../runtime/interpret/index.ts";
import { errorClass } from "../../compiler/replay/trace.ts";
import { fixturesBeside } from "../../compiler/replay/fixtures.ts";
import { FIXTURE_ROWS, hf } from "./paths.ts";

const { templates } = fixturesBeside(hf("sessions-0.jsonl"));

describe("templates.jsonl verdicts", () => {
  const rows = [...templates.values()];
  it(`has all ${FIXTURE_ROWS["templates.jsonl"]} rows`, () => expect(rows.length).toBe(FIXTURE_ROWS["templates.jsonl"]));
  for (const row of rows) {
    it(row.id, () => {
      let verdict: { ok: true } | { error: string };
      try {
        loadTemplate(row.template);
        verdict = { ok: true };
      } catch (e) {
        verdict = { error: errorClass(e) };
      }
      expect(verdict).toEqual(row.hf);
    });
  }
});
