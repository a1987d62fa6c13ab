// Every recorded session through generated parsers: the same verdict as the interpreter on every check,
// and the same exact traces (events, messages, error classes and messages) on the whole text, every
// recorded chunking and (for short texts) every split in two. Templates are compiled once, into
// .bench-tmp/generated/fixtures (unformatted; emit-format.test.ts shows formatting changes nothing).

import { beforeAll, describe, expect, it } from "vitest";
import { createResponseParser } from "../../runtime/interpret/index.ts";
import { fixturesBeside, readSessions } from "../../compiler/replay/fixtures.ts";
import { replaySession } from "../../compiler/replay/session.ts";
import { chunksFor, splitTwo } from "../../compiler/replay/trace.ts";
import { compileFixtureTemplates } from "../../compiler/build/replay-engine.ts";
import type { GeneratedModule } from "../../compiler/build/temp-build.ts";
import type { ParseOptions } from "../../runtime/core/types.ts";
import { FIXTURE_BREAKDOWN, hf } from "../conformance/paths.ts";
import { exactTrace } from "./exact-trace.ts";

const FILES = ["sessions-0.jsonl", "sessions-1.jsonl"].map(hf);
let modules: Map<string, GeneratedModule | Error>;

beforeAll(async () => {
  modules = await compileFixtureTemplates(FILES);
}, 600_000);

describe("fixture templates", () => {
  it(`every template the reference loads (${FIXTURE_BREAKDOWN.templateVerdicts.ok}) compiles`, () => {
    const failed = [...modules].filter(([, m]) => m instanceof Error).map(([id, m]) => `${id}: ${(m as Error).message}`);
    expect(failed).toEqual([]);
    expect(modules.size).toBe(FIXTURE_BREAKDOWN.templateVerdicts.ok);
  });
});

for (const file of FILES) {
  describe(file.split("/").pop()!, () => {
    const { templates, tools } = fixturesBeside(file);
    for (const row of readSessions(file)) {
      it(row.id, () => {
        const m = modules.get(row.template);
        if (!(m && !(m instanceof Error))) throw new Error(`no generated parser for ${row.template}: ${String(m)}`);
        const template = templates.get(row.template)!.template;
        const toolList = row.tools === undefined ? undefined : tools.get(row.tools);
        const gen = (o: ParseOptions) => m.createResponseParser(o);
        const int = (o: ParseOptions) => createResponseParser(template, o);
        expect(replaySession(row, gen, toolList)).toEqual(replaySession(row, int, toolList));

        const options: ParseOptions = { prefix: row.prefix };
        if (toolList !== undefined) options.tools = toolList as ParseOptions["tools"];
        const runs = [[row.text], ...row.chunkings.feeds.map((f) => chunksFor(row.text, f))];
        if (row.text.length <= 200) runs.push(...splitTwo(row.text));
        for (const chunks of runs) {
          expect(exactTrace(() => gen(options), chunks)).toEqual(exactTrace(() => int(options), chunks));
        }
      });
    }
  });
}
