// Every template verdict of the reference: reject exactly what it rejects, with the same error class.
import { afterAll, describe, expect, it } from "vitest";
import { loadTemplate } from "../../packages/response-template/interpret/index.ts";
import { errorClass } from "../../packages/response-template-compiler/replay/trace.ts";
import { fixturesBeside } from "../../packages/response-template-compiler/replay/fixtures.ts";
import { hf } from "./paths.ts";

const { templates } = fixturesBeside(hf("sessions-0.jsonl"));

describe("templates.jsonl verdicts", () => {
  const rows = [...templates.values()];
  const tally = { passed: 0, failed: 0 };
  afterAll(() => console.log(`templates.jsonl: ${tally.passed} passed / 0 pending / ${tally.failed} failed`));
  it("has all 399 rows", () => expect(rows.length).toBe(399));
  for (const row of rows) {
    it(row.id, () => {
      let verdict: { ok: true } | { error: string };
      try {
        loadTemplate(row.template);
        verdict = { ok: true };
      } catch (e) {
        verdict = { error: errorClass(e) };
      }
      const same = JSON.stringify(verdict) === JSON.stringify(row.hf);
      tally[same ? "passed" : "failed"]++;
      expect(verdict).toEqual(row.hf);
    });
  }
});
