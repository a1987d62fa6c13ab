// Grammars for every library template, checked by real engines (run-cases.ts): the turns the model's
// chat template writes are accepted and parse back to their conversation, malformed turns and turns
// outside the tool choice are refused. The per-template tallies must equal table.json (rewrite it with
// `npm run grammar-table`); every engine result that differs from expectation must be
// explained by deviations.json, and every entry there must explain at least one.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { readDocFlat } from "../support/docs.ts";
import { libraryCases } from "./cases.ts";
import { llamaCpp, llamaUnavailable } from "./engines.ts";
import { runTemplate, type Outcome, type TableRow } from "./run-cases.ts";

interface Deviation {
  template: string;
  what?: string;
  /** Only turns with tool calls. */
  withCalls?: boolean;
  titleIncludes?: string[];
  engines: string[];
  reason: string;
}

const dir = import.meta.dirname;
const table = new Map((JSON.parse(readFileSync(join(dir, "table.json"), "utf8")) as TableRow[]).map((r) => [r.template, r]));
const deviations = (JSON.parse(readFileSync(join(dir, "deviations.json"), "utf8")) as { entries: Deviation[] }).entries;
const used = new Set<Deviation>();
const cases = libraryCases();
let checks = 0;
let explained = 0;

const explains = (d: Deviation, o: Outcome) =>
  d.template === o.case.template && (!d.what || d.what === o.case.what) && (!d.withCalls || o.case.calls) && (!d.titleIncludes || d.titleIncludes.some((t) => o.case.title.includes(t))) && d.engines.includes(o.engine);

describe("grammars for the template library, in llama.cpp and xgrammar", () => {
  test("llama.cpp's grammar engine loads", async () => {
    expect(await llamaCpp(), llamaUnavailable ?? "").not.toBeNull();
  });
  for (const [template, list] of cases) {
    test(template, async () => {
      const { row, outcomes, parseFailures } = await runTemplate(template, list);
      checks += outcomes.length;
      expect(parseFailures, "accepted turns parse to their conversation").toEqual([]);
      const unexplained: string[] = [];
      for (const o of outcomes.filter((x) => !x.ok)) {
        const d = deviations.find((x) => explains(x, o));
        if (d) {
          used.add(d);
          explained++;
        } else unexplained.push(`${o.engine} ${o.accepted ? "accepted" : "refused"} (${o.case.kind} expected: ${o.case.what}) ${o.case.title}`);
      }
      expect(unexplained).toEqual([]);
      expect(row, "table.json is current (npm run grammar-table)").toEqual(table.get(template));
    });
  }
  test("every listed deviation occurs", () => {
    expect(deviations.filter((d) => !used.has(d)).map((d) => `${d.template}: ${d.reason.slice(0, 60)}`)).toEqual([]);
  });
  test("docs/grammars.md states the table's totals and the number of explained results", () => {
    const rows = [...table.values()];
    const n = (x: number) => x.toLocaleString("en-US");
    const total = (k: "accepted" | "rejected") => n(rows.reduce((a, r) => a + r[k], 0));
    const readme = readDocFlat("docs/grammars.md");
    expect(readme).toContain(`${total("accepted")} checks accept and ${total("rejected")} refuse as expected, and the ${explained} that do not`);
  });
  afterAll(() => {
    console.log(`grammar library: ${cases.size} templates, ${checks} engine checks, ${explained} known deviations (deviations.json)`);
  });
});
