import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";

/** The recorded reference behaviour (test/fixtures/conformance/hf; see test/fixtures/README.md). */
export const HF = fileURLToPath(new URL("../fixtures/conformance/hf/", import.meta.url));
export const hf = (name: string) => join(HF, name);

/**
 * How many rows each fixture file holds (tools.json: tool lists), and how they divide: the one table the
 * tests, meta.json and FORMAT.md are checked against (test/conformance/fixtures.test.ts), so a truncated
 * or regenerated file fails loudly instead of testing less.
 */
export const FIXTURE_ROWS = {
  "templates.jsonl": 399,
  "sessions-0.jsonl": 487,
  "sessions-1.jsonl": 202,
  "regex-0.jsonl": 178,
  "regex-1.jsonl": 805,
  "regex-2.jsonl": 653,
  "units.jsonl": 254,
  "tools.json": 9,
} as const;

export type FixtureFile = keyof typeof FIXTURE_ROWS;

export const FIXTURE_BREAKDOWN = {
  /** templates.jsonl by id prefix, and by the reference's verdict. */
  templateIds: { serve: 3, shapes: 4, synthetic: 39, behaviour: 52, load: 46, dialect: 114, "hf-tests": 41, random: 100 },
  templateVerdicts: { ok: 322, ValueError: 75, TypeError: 2 },
  /** regex-*.jsonl rows by role and by what the module did; `corpus` rows are patterns of target templates. */
  regexRoles: { delimiter: 966, finditer: 670 },
  regexVerdicts: { ok: 1600, error: 36 },
  regexCorpus: 30,
  /** units.jsonl rows by kind (`table` rows are checked by test/regex/conformance.test.ts). */
  unitKinds: { int: 32, float: 35, strip: 8, json_loads: 60, coerce: 37, schema_types: 30, coerce_tool_calls: 10, parse_content: 38, table: 4 },
} as const;

/** The rows of a JSONL fixture, each parsed (a cut line fails to parse). */
export function fixtureLines(name: FixtureFile): unknown[] {
  return readFileSync(hf(name), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l, i) => {
      try {
        return JSON.parse(l) as unknown;
      } catch (e) {
        throw new Error(`${name}:${i + 1}: not a JSON row (${(e as Error).message})`);
      }
    });
}
