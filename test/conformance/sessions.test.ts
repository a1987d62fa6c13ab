// Every recorded session through the interpreter: unary trace, all split2 traces, all chunkings.
// Sessions listed under "sessions" in deviations.json are known deviations: they are still run and counted,
// a listed session that starts to pass fails the run (so the list stays true), and so does a listed id
// that names no session.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { createResponseParser } from "../../runtime/interpret/index.ts";
import { fixturesBeside, readSessions } from "../../compiler/replay/fixtures.ts";
import { replaySession } from "../../compiler/replay/session.ts";
import { FIXTURE_ROWS, hf } from "./paths.ts";

const deviations = new Map(
  (JSON.parse(readFileSync(new URL("./deviations.json", import.meta.url), "utf8")) as { sessions: { id: string; reason: string }[] }).sessions.map(
    (d) => [d.id, d.reason],
  ),
);

const FILES = ["sessions-0.jsonl", "sessions-1.jsonl"] as const;
const sessions = new Map(FILES.map((file) => [file, readSessions(hf(file))]));

it("every listed deviation names a recorded session", () => {
  const ids = new Set([...sessions.values()].flat().map((r) => r.id));
  expect([...deviations.keys()].filter((id) => !ids.has(id))).toEqual([]);
});

for (const file of FILES) {
  describe(file, () => {
    const rows = sessions.get(file)!;
    const tally = { passed: 0, pending: 0 };
    it(`has ${FIXTURE_ROWS[file]} sessions`, () => expect(rows.length).toBe(FIXTURE_ROWS[file]));
    const { templates, tools } = fixturesBeside(hf(file));
    for (const row of rows) {
      it(row.id, () => {
        const template = templates.get(row.template)!.template;
        const result = replaySession(
          row,
          (options) => createResponseParser(template, options),
          row.tools === undefined ? undefined : tools.get(row.tools),
        );
        const known = deviations.get(row.id);
        if (known !== undefined) {
          expect(result.ok, `${row.id} is listed as a deviation (${known}) but now passes: remove it`).toBe(false);
          tally.pending++;
          return;
        }
        expect(result.failure?.detail ?? "ok", `${result.failure?.check}`).toBe("ok");
        tally.passed++;
      });
    }
    it("ran every session: passed + listed deviations = rows", () => {
      expect(tally.passed + tally.pending).toBe(rows.length);
      expect(tally.pending).toBe(rows.filter((r) => deviations.has(r.id)).length);
    });
  });
}
