// Replays the recorded behaviour of Python's `regex` module (conformance/hf/regex-*.jsonl, the
// `table` rows of units.jsonl) against compilePattern. Fixture offsets are code points; the runtime
// uses UTF-16 units, so spans are converted. Known deviations are listed, with reasons, in
// deviations.json (see deviations.ts): each excuses exactly one comparison, and one that stops differing fails.
import { afterAll, describe, expect, it } from "vitest";
import { compilePattern } from "../../runtime/translate/index.ts";
import { PatternError } from "../../runtime/core/errors.ts";
import type { PatternMatch } from "../../runtime/core/regex/api.ts";
import { DIGIT, PY_SPACE, SPACE, WORD } from "../../runtime/core/regex/unicode-tables.ts";
import { FIXTURE_BREAKDOWN, FIXTURE_ROWS, fixtureLines } from "../conformance/paths.ts";
import { describeDifference, sortOut, type Difference, type Mode } from "./deviations.ts";
import { cpOffset, unitOffset } from "./offsets.ts";

interface SearchCase {
  pos: number;
  full?: string;
  groups?: Record<string, string | null>;
  partial?: string;
}
interface Row {
  pattern: string;
  role: "delimiter" | "finditer";
  python: "ok" | "error";
  groups?: string[];
  results?: { hay: string; search?: SearchCase[]; finditer?: [string, Record<string, string | null>][] }[];
}
const span = (hay: string, m: PatternMatch) => `${cpOffset(hay, m.start)}:${cpOffset(hay, m.end)}`;

/** Every comparison of the row that differs from the recording (none when it behaves as recorded). */
function checkRow(file: string, row: Row): Difference[] {
  const out: Difference[] = [];
  const differ = (mode: Mode, detail: string, hay?: string, pos?: number) => out.push({ file, pattern: row.pattern, mode, hay, pos, detail });
  if (row.python === "error") {
    try {
      compilePattern(row.pattern);
      differ("compile", "accepted a pattern the reference rejects");
    } catch (e) {
      if (!(e instanceof PatternError)) differ("compile", `threw ${(e as Error).name}: ${(e as Error).message}`);
    }
    return out;
  }
  let p;
  try {
    p = compilePattern(row.pattern);
  } catch (e) {
    differ("compile", `rejected: ${(e as Error).message}`);
    return out;
  }
  if (JSON.stringify(p.groupNames) !== JSON.stringify(row.groups)) {
    differ("groups", `groups ${JSON.stringify(p.groupNames)} expected ${JSON.stringify(row.groups)}`);
    return out;
  }
  for (const { hay, search, finditer } of row.results ?? []) {
    const len = [...hay].length;
    for (const c of search ?? []) {
      const pos = unitOffset(hay, c.pos);
      const full = p.search(hay, pos, false);
      const fullGot = full ? span(hay, full) : undefined;
      if (fullGot !== c.full) differ("full", `${fullGot} expected ${c.full}`, hay, c.pos);
      else if (full && JSON.stringify(full.groups) !== JSON.stringify(c.groups)) {
        differ("full", `groups ${JSON.stringify(full.groups)} expected ${JSON.stringify(c.groups)}`, hay, c.pos);
      }
      const part = p.search(hay, pos, true);
      let partGot = part ? span(hay, part) + (part.partial ? "+" : "") : undefined;
      if (part && cpOffset(hay, part.start) === len) partGot = undefined;
      if (partGot !== c.partial) differ("partial", `${partGot} expected ${c.partial}`, hay, c.pos);
    }
    if (finditer) {
      const got = p.finditer(hay).map((m) => [span(hay, m), m.groups]);
      if (JSON.stringify(got) !== JSON.stringify(finditer)) differ("finditer", `${JSON.stringify(got)} expected ${JSON.stringify(finditer)}`, hay);
    }
  }
  return out;
}

const summary: string[] = [];
afterAll(() => console.log(`regex conformance\n${summary.join("\n")}`));

for (const file of ["regex-0.jsonl", "regex-1.jsonl", "regex-2.jsonl"] as const) {
  describe(file, () => {
    it(`behaves as the regex module recorded on all ${FIXTURE_ROWS[file]} rows, apart from the listed deviations`, () => {
      const rows = fixtureLines(file) as Row[];
      expect(rows.length).toBe(FIXTURE_ROWS[file]);
      const differences = rows.flatMap((row) => checkRow(file, row));
      const { unexpected, known, stale } = sortOut(file, differences);
      summary.push(`${file}: ${rows.length} rows, ${known.length} listed deviations, ${unexpected.length} other differences`);
      summary.push(...known.map((d) => `  deviation ${describeDifference(d)}`));
      expect(unexpected.map(describeDifference)).toEqual([]);
      expect(stale.map((d) => `stale deviation (now agrees: remove it): ${JSON.stringify(d)}`)).toEqual([]);
    });
  });
}

describe("unicode tables", () => {
  const tables: Record<string, string> = { regex_word: WORD, regex_space: SPACE, str_isdecimal: DIGIT, str_isspace: PY_SPACE };
  const rows = (fixtureLines("units.jsonl") as { kind: string; name: string; ranges: [number, number][] }[]).filter((r) => r.kind === "table");
  it("has one row per table: regex_word, regex_space, str_isdecimal, str_isspace", () => {
    expect(rows.length).toBe(FIXTURE_BREAKDOWN.unitKinds.table);
    expect(rows.map((r) => r.name).sort()).toEqual(Object.keys(tables).sort());
  });
  for (const row of rows) {
    it(`${row.name} matches exactly its ranges`, () => {
      const re = new RegExp(`^[${tables[row.name]}]$`, "v");
      const member = (cp: number) => re.test(String.fromCodePoint(cp));
      for (const [a, b] of row.ranges) {
        expect([member(a), member(b), member(a - 1) && a > 0, b < 0x10ffff && member(b + 1)]).toEqual([true, true, false, false]);
      }
      // Through patterns too: \w, \s and \d use the tables (str.isspace is strip's, no pattern class reads it).
      const source = ({ regex_word: "\\w", regex_space: "\\s", str_isdecimal: "\\d", str_isspace: null } as Record<string, string | null>)[row.name];
      if (source === null) return;
      const p = compilePattern(source);
      for (const [a, b] of row.ranges) for (const cp of [a, b]) expect(p.search(String.fromCodePoint(cp), 0, false)).not.toBeNull();
    });
  }
});
