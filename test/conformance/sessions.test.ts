// Every recorded session through the interpreter: unary trace, all split2 traces, all chunkings.
// Sessions listed under "sessions" in deviations.json are known deviations: they are still run, counted
// and printed as pending, and a listed session that starts to pass fails the run (so the list stays true).
import { afterAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { createResponseParser } from "../../packages/response-template/interpret/index.ts";
import { fixturesBeside, readSessions } from "../../packages/response-template-compiler/replay/fixtures.ts";
import { replaySession } from "../../packages/response-template-compiler/replay/session.ts";
import { hf } from "./paths.ts";

const deviations = new Map(
  ((JSON.parse(readFileSync(new URL("./deviations.json", import.meta.url), "utf8")) as {
    sessions?: { id: string; reason: string }[];
  }).sessions ?? []).map((d) => [d.id, d.reason]),
);

for (const file of ["sessions-0.jsonl", "sessions-1.jsonl"]) {
  describe(file, () => {
    const tally = { passed: 0, pending: 0, failed: 0 };
    afterAll(() => {
      console.log(`${file} (interpreter): ${tally.passed} passed / ${tally.pending} pending / ${tally.failed} failed`);
    });
    const { templates, tools } = fixturesBeside(hf(file));
    for (const row of readSessions(hf(file))) {
      it(row.id, () => {
        const template = templates.get(row.template)!.template;
        const result = replaySession(
          row,
          (options) => createResponseParser(template, options),
          row.tools === undefined ? undefined : tools.get(row.tools),
        );
        const known = deviations.get(row.id);
        if (known !== undefined) {
          tally.pending++;
          expect(result.ok, `${row.id} is listed as a deviation (${known}) but now passes: remove it`).toBe(false);
          return;
        }
        if (!result.ok) tally.failed++;
        else tally.passed++;
        expect(result.failure?.detail ?? "ok", `${result.failure?.check}`).toBe("ok");
      });
    }
  });
}
