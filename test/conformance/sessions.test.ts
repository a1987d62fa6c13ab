// Every recorded session through the interpreter: unary trace, all split2 traces, all chunkings.
import { describe, expect, it } from "vitest";
import { createResponseParser } from "../../runtime/interpret/index.ts";
import { fixturesBeside, readSessions } from "../../compiler/replay/fixtures.ts";
import { replaySession } from "../../compiler/replay/session.ts";
import { hf } from "./paths.ts";

for (const file of ["sessions-0.jsonl", "sessions-1.jsonl"]) {
  describe(file, () => {
    const { templates, tools } = fixturesBeside(hf(file));
    for (const row of readSessions(hf(file))) {
      it(row.id, () => {
        const template = templates.get(row.template)!.template;
        const result = replaySession(
          row,
          (options) => createResponseParser(template, options),
          row.tools === undefined ? undefined : tools.get(row.tools),
        );
        expect(result.failure?.detail ?? "ok", `${result.failure?.check}`).toBe("ok");
      });
    }
  });
}
