// The fixture files hold exactly the rows FIXTURE_ROWS says, divided as FIXTURE_BREAKDOWN says, and
// meta.json, FORMAT.md and docs/templates.md state the same numbers: a truncated, regenerated or partly copied
// fixture fails here by name, not by quietly testing less.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readDoc } from "../support/docs.ts";
import { FIXTURE_BREAKDOWN, FIXTURE_ROWS, type FixtureFile, fixtureLines, hf } from "./paths.ts";

const ROOT = join(import.meta.dirname, "../..");
const FILES = Object.keys(FIXTURE_ROWS) as FixtureFile[];
const rows = (name: FixtureFile) => fixtureLines(name) as Record<string, unknown>[];
const count = <T>(items: T[], key: (x: T) => string) => {
  const out: Record<string, number> = {};
  for (const x of items) out[key(x)] = (out[key(x)] ?? 0) + 1;
  return out;
};
const sum = (...names: FixtureFile[]) => names.reduce((n, f) => n + FIXTURE_ROWS[f], 0);
const SESSIONS = ["sessions-0.jsonl", "sessions-1.jsonl"] as const;
const REGEX = ["regex-0.jsonl", "regex-1.jsonl", "regex-2.jsonl"] as const;

describe("fixture row counts", () => {
  for (const name of FILES.filter((f) => f.endsWith(".jsonl"))) {
    it(`${name} has ${FIXTURE_ROWS[name]} rows`, () => expect(rows(name).length).toBe(FIXTURE_ROWS[name]));
  }
  it(`tools.json has ${FIXTURE_ROWS["tools.json"]} tool lists, tools-0 …`, () => {
    const tools = JSON.parse(readFileSync(hf("tools.json"), "utf8")) as Record<string, unknown[]>;
    expect(Object.keys(tools)).toEqual(Array.from({ length: FIXTURE_ROWS["tools.json"] }, (_, i) => `tools-${i}`));
    for (const list of Object.values(tools)) expect(Array.isArray(list)).toBe(true);
  });

  it("divide as the breakdown says", () => {
    const templates = rows("templates.jsonl");
    expect(count(templates, (r) => String(r.id).split("/")[0]!)).toEqual(FIXTURE_BREAKDOWN.templateIds);
    expect(count(templates, (r) => ((r.hf as { error?: string }).error ?? "ok"))).toEqual(FIXTURE_BREAKDOWN.templateVerdicts);
    const regex = REGEX.flatMap(rows);
    expect(count(regex, (r) => String(r.role))).toEqual(FIXTURE_BREAKDOWN.regexRoles);
    expect(count(regex, (r) => String(r.python))).toEqual(FIXTURE_BREAKDOWN.regexVerdicts);
    expect(regex.filter((r) => r.corpus === true).length).toBe(FIXTURE_BREAKDOWN.regexCorpus);
    expect(count(rows("units.jsonl"), (r) => String(r.kind))).toEqual(FIXTURE_BREAKDOWN.unitKinds);
  });

  it("sessions name recorded templates the reference loads, and tool lists that exist", () => {
    const verdicts = new Map(rows("templates.jsonl").map((r) => [r.id, r.hf as { ok?: true }]));
    const tools = JSON.parse(readFileSync(hf("tools.json"), "utf8")) as Record<string, unknown>;
    for (const s of SESSIONS.flatMap(rows)) {
      expect(verdicts.get(s.template)?.ok, String(s.id)).toBe(true);
      if (s.tools !== undefined) expect(Object.hasOwn(tools, String(s.tools)), String(s.id)).toBe(true);
    }
  });
});

describe("the documents state the same numbers", () => {
  it("meta.json counts", () => {
    const meta = JSON.parse(readFileSync(hf("meta.json"), "utf8")) as { counts: Record<string, number> };
    expect(meta.counts).toEqual({
      templates: FIXTURE_ROWS["templates.jsonl"],
      sessions: sum(...SESSIONS),
      random_sessions: 1000, // recorded by the generator, not shipped here (FORMAT.md says so)
      regex_rows: sum(...REGEX),
      units: FIXTURE_ROWS["units.jsonl"],
    });
  });

  it("FORMAT.md headings and breakdowns", () => {
    const doc = readFileSync(join(ROOT, "test/fixtures/conformance/FORMAT.md"), "utf8");
    const b = FIXTURE_BREAKDOWN;
    const claims = [
      `## templates.jsonl — ${FIXTURE_ROWS["templates.jsonl"]} rows`,
      `## sessions-0/1.jsonl — ${sum(...SESSIONS)} rows (${SESSIONS.map((f) => FIXTURE_ROWS[f]).join(" + ")})`,
      `## regex-0/1/2.jsonl — ${sum(...REGEX)} rows (${REGEX.map((f) => FIXTURE_ROWS[f]).join(" + ")})`,
      `## units.jsonl — ${FIXTURE_ROWS["units.jsonl"]} rows`,
      `"tools-${FIXTURE_ROWS["tools.json"] - 1}": [...]}`,
      ...Object.entries(b.templateIds).map(([k, n]) => `${k}/ ${n}`),
      `\`{"ok":true}\` (${b.templateVerdicts.ok}) or \`{"error": class}\` (ValueError ${b.templateVerdicts.ValueError}, TypeError ${b.templateVerdicts.TypeError})`,
      `\`delimiter\` (${b.regexRoles.delimiter})`,
      `\`finditer\`\n(${b.regexRoles.finditer})`,
      `\`corpus\` (${b.regexCorpus})`,
      `\`"ok"\` (${b.regexVerdicts.ok}) or \`"error"\` (${b.regexVerdicts.error};`,
      ...Object.entries(b.unitKinds).map(([k, n]) => `\`${k}\` ${n}`),
      `counts\` (templates ${FIXTURE_ROWS["templates.jsonl"]}, sessions ${sum(...SESSIONS)}, regex_rows ${sum(...REGEX)}, units ${FIXTURE_ROWS["units.jsonl"]};`,
    ];
    expect(claims.filter((c) => !doc.includes(c))).toEqual([]);
  });

  it("docs/templates.md states the conformance figures", () => {
    const readme = readDoc("docs/templates.md");
    const figure = (what: string) => Number(new RegExp(`the ([\\d,]+) ${what}`).exec(readme)?.[1]?.replace(/,/g, ""));
    expect({
      verdicts: figure("template verdicts"),
      sessions: figure("recorded sessions"),
      regex: figure("regex rows"),
      units: figure("unit rows"),
    }).toEqual({ verdicts: FIXTURE_ROWS["templates.jsonl"], sessions: sum(...SESSIONS), regex: sum(...REGEX), units: FIXTURE_ROWS["units.jsonl"] });
  });
});
