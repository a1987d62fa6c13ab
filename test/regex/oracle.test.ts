// Partial search on random haystacks against a recording of Python's `regex` module
// (scripts/record-regex-oracle.py; the header line names the module version). Complements the
// conformance fixtures, which stay the ground truth, with more lazy-repeat shapes.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { compilePattern } from "../../compiler/regex/index.ts";

interface Row {
  pattern: string;
  hay: string;
  pos: number;
  partial: string | null;
}

it("partial search agrees with the recorded regex module on random haystacks", () => {
  const [header, ...lines] = readFileSync(new URL("./oracle-sample.jsonl", import.meta.url), "utf8").split("\n").filter(Boolean);
  const rows: Row[] = lines.map((l) => JSON.parse(l));
  const cp = (s: string, u: number) => [...s.slice(0, u)].length;
  const units = (s: string, c: number) => [...s].slice(0, c).join("").length;
  const failures: string[] = [];
  for (const r of rows) {
    const len = [...r.hay].length;
    const m = compilePattern(r.pattern).search(r.hay, units(r.hay, r.pos), true);
    const got = m && cp(r.hay, m.start) < len ? `${cp(r.hay, m.start)}:${cp(r.hay, m.end)}${m.partial ? "+" : ""}` : null;
    if (got !== r.partial) failures.push(`${JSON.stringify(r.pattern)} ${JSON.stringify(r.hay)}@${r.pos}: ${got} expected ${r.partial}`);
  }
  console.log(`regex oracle sample (${header}): ${rows.length - failures.length} passed, ${failures.length} failed`);
  expect(failures).toEqual([]);
});
