// Full and partial search on random haystacks against a recording of Python's `regex` module
// (scripts/record-regex-oracle.py; the header line names the module version). Complements the
// conformance fixtures, which stay the ground truth, with lazy-repeat shapes and random patterns.
// Known deviations, and the patterns rtc refuses (mode "refused"), are listed in deviations.json and
// matched exactly (see deviations.ts).
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { compilePattern, UnsupportedPatternError } from "../../runtime/translate/index.ts";
import { describeDifference, sortOut, type Difference } from "./deviations.ts";

interface Row {
  pattern: string;
  hay: string;
  pos: number;
  full: [string, Record<string, string | null>] | null;
  partial: string | null;
}

const FILE = "oracle-sample.jsonl";
/** Rows of the recording (after its header line). */
const ROWS = 5356;

it(`search agrees with the recorded regex module on all ${ROWS} random haystacks, apart from the listed deviations`, () => {
  const [header, ...lines] = readFileSync(new URL(`./${FILE}`, import.meta.url), "utf8").split("\n").filter(Boolean);
  const rows: Row[] = lines.map((l) => JSON.parse(l));
  expect(rows.length).toBe(ROWS);
  const cp = (s: string, u: number) => [...s.slice(0, u)].length;
  const units = (s: string, c: number) => [...s].slice(0, c).join("").length;
  const differences: Difference[] = [];
  const refused = new Set<string>();
  for (const r of rows) {
    const len = [...r.hay].length;
    let p;
    try {
      p = compilePattern(r.pattern);
    } catch (e) {
      // Constructs rtc refuses with a clear error (never approximated) are listed, not compared.
      if (!(e instanceof UnsupportedPatternError)) throw e;
      if (!refused.has(r.pattern)) differences.push({ file: FILE, pattern: r.pattern, mode: "refused", detail: e.message });
      refused.add(r.pattern);
      continue;
    }
    const differ = (mode: "full" | "partial", detail: string) => differences.push({ file: FILE, pattern: r.pattern, mode, hay: r.hay, pos: r.pos, detail });
    const f = p.search(r.hay, units(r.hay, r.pos), false);
    const full = f ? [`${cp(r.hay, f.start)}:${cp(r.hay, f.end)}`, f.groups] : null;
    if (JSON.stringify(full) !== JSON.stringify(r.full)) differ("full", `${JSON.stringify(full)} expected ${JSON.stringify(r.full)}`);
    const m = p.search(r.hay, units(r.hay, r.pos), true);
    const got = m && cp(r.hay, m.start) < len ? `${cp(r.hay, m.start)}:${cp(r.hay, m.end)}${m.partial ? "+" : ""}` : null;
    if (got !== r.partial) differ("partial", `${got} expected ${r.partial}`);
  }
  const { unexpected, known, stale } = sortOut(FILE, differences);
  const compared = rows.filter((r) => !refused.has(r.pattern)).length;
  console.log(
    `regex oracle sample (${header}): ${compared} rows compared, ${rows.length - compared} rows of ${refused.size} refused patterns, ` +
      `${known.length} listed differences${known.map((d) => `\n  ${describeDifference(d)}`).join("")}`,
  );
  expect(unexpected.map(describeDifference)).toEqual([]);
  expect(stale.map((d) => `stale deviation (now agrees: remove it): ${JSON.stringify(d)}`)).toEqual([]);
});
