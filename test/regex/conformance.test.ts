// Replays the recorded behaviour of Python's `regex` module (conformance/hf/regex-*.jsonl, the
// `table` rows of units.jsonl) against compilePattern. Fixture offsets are code points; the runtime
// uses UTF-16 units, so spans are converted. Known deviations are listed, with reasons, in
// deviations.json: they are counted and printed, never skipped silently.
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { compilePattern } from "../../packages/response-template/translate/index.ts";
import { PatternError } from "../../packages/response-template/runtime/errors.ts";
import type { PatternMatch } from "../../packages/response-template/runtime/regex/api.ts";
import { DIGIT, PY_SPACE, SPACE, WORD } from "../../packages/response-template/runtime/regex/unicode-tables.ts";
import { hf } from "../conformance/paths.ts";

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
interface Deviation {
  file: string;
  pattern: string;
  role: string;
  reason: string;
}

const deviations: Deviation[] = JSON.parse(readFileSync(new URL("./deviations.json", import.meta.url), "utf8"));
const isDeviation = (file: string, row: Row) =>
  deviations.some((d) => d.file === file && d.pattern === row.pattern && d.role === row.role);

/** UTF-16 offset of code point index `cp` in `s`. */
function unitOffset(s: string, cp: number): number {
  let units = 0;
  let i = 0;
  for (const ch of s) {
    if (i++ === cp) return units;
    units += ch.length;
  }
  return units;
}
/** Code-point index of UTF-16 offset `u`. */
const cpOffset = (s: string, u: number): number => [...s.slice(0, u)].length;
const span = (hay: string, m: PatternMatch) => `${cpOffset(hay, m.start)}:${cpOffset(hay, m.end)}`;

/** Returns a description of the first difference, or null when the row behaves as recorded. */
function checkRow(row: Row): string | null {
  if (row.python === "error") {
    try {
      compilePattern(row.pattern);
      return "accepted a pattern the reference rejects";
    } catch (e) {
      return e instanceof PatternError ? null : `threw ${(e as Error).name}: ${(e as Error).message}`;
    }
  }
  let p;
  try {
    p = compilePattern(row.pattern);
  } catch (e) {
    return `rejected: ${(e as Error).message}`;
  }
  if (JSON.stringify(p.groupNames) !== JSON.stringify(row.groups)) return `groups ${JSON.stringify(p.groupNames)}`;
  for (const { hay, search, finditer } of row.results ?? []) {
    const len = [...hay].length;
    for (const c of search ?? []) {
      const pos = unitOffset(hay, c.pos);
      const full = p.search(hay, pos, false);
      const fullGot = full ? span(hay, full) : undefined;
      if (fullGot !== c.full) return `hay ${JSON.stringify(hay)} pos ${c.pos}: full ${fullGot} expected ${c.full}`;
      if (full && JSON.stringify(full.groups) !== JSON.stringify(c.groups)) {
        return `hay ${JSON.stringify(hay)} pos ${c.pos}: groups ${JSON.stringify(full.groups)} expected ${JSON.stringify(c.groups)}`;
      }
      const part = p.search(hay, pos, true);
      let partGot = part ? span(hay, part) + (part.partial ? "+" : "") : undefined;
      if (part && cpOffset(hay, part.start) === len) partGot = undefined;
      if (partGot !== c.partial) return `hay ${JSON.stringify(hay)} pos ${c.pos}: partial ${partGot} expected ${c.partial}`;
    }
    if (finditer) {
      const got = p.finditer(hay).map((m) => [span(hay, m), m.groups]);
      if (JSON.stringify(got) !== JSON.stringify(finditer)) {
        return `hay ${JSON.stringify(hay)}: finditer ${JSON.stringify(got)} expected ${JSON.stringify(finditer)}`;
      }
    }
  }
  return null;
}

const summary: string[] = [];
afterAll(() => console.log(`regex conformance\n${summary.join("\n")}`));

for (const file of ["regex-0.jsonl", "regex-1.jsonl", "regex-2.jsonl"]) {
  describe(file, () => {
    it("behaves as the regex module recorded", () => {
      const rows: Row[] = readFileSync(hf(file), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
      let passed = 0;
      const failed: string[] = [];
      const known: string[] = [];
      for (const row of rows) {
        const problem = checkRow(row);
        if (problem === null) passed++;
        else if (isDeviation(file, row)) known.push(`  deviation ${JSON.stringify(row.pattern)} (${row.role}): ${problem}`);
        else failed.push(`  FAIL ${JSON.stringify(row.pattern)} (${row.role}): ${problem}`);
      }
      summary.push(`${file}: ${passed} passed, ${failed.length} failed, ${known.length} known deviations (of ${rows.length})`);
      summary.push(...known, ...failed.slice(0, 40));
      expect(failed).toEqual([]);
    });
  });
}

describe("unicode tables", () => {
  const tables: Record<string, string> = { regex_word: WORD, regex_space: SPACE, str_isdecimal: DIGIT, str_isspace: PY_SPACE };
  const rows = readFileSync(hf("units.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { kind: string; name: string; ranges: [number, number][] })
    .filter((r) => r.kind === "table" && r.name in tables);
  it("has the regex_word, regex_space, str_isdecimal and str_isspace rows", () => expect(rows.length).toBe(4));
  for (const row of rows) {
    it(`${row.name} matches exactly its ranges`, () => {
      const re = new RegExp(`^[${tables[row.name]}]$`, "v");
      const member = (cp: number) => re.test(String.fromCodePoint(cp));
      for (const [a, b] of row.ranges) {
        expect([member(a), member(b), member(a - 1) && a > 0, b < 0x10ffff && member(b + 1)]).toEqual([true, true, false, false]);
      }
      // Through patterns too: \w, \s and \d use the tables.
      const source = ({ regex_word: "\\w", regex_space: "\\s", str_isdecimal: "\\d" } as Record<string, string>)[row.name];
      if (source === undefined) return;
      const p = compilePattern(source);
      for (const [a, b] of row.ranges) for (const cp of [a, b]) expect(p.search(String.fromCodePoint(cp), 0, false)).not.toBeNull();
    });
  }
});
