// Full and partial search on random haystacks against a recording of Python's `regex` module
// (scripts/record-regex-oracle.py; the header line names the module version). Complements the
// conformance fixtures, which stay the ground truth, with lazy-repeat shapes and random patterns.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { compilePattern, UnsupportedPatternError } from "../../packages/response-template/translate/index.ts";

interface Row {
  pattern: string;
  hay: string;
  pos: number;
  full: [string, Record<string, string | null>] | null;
  partial: string | null;
}

// Rows the recorded module disagrees on, with reasons, live in deviations.json (file "oracle-sample.jsonl").
const known: { file: string; pattern: string; reason: string }[] = JSON.parse(
  readFileSync(new URL("./deviations.json", import.meta.url), "utf8"),
).filter((d: { file: string }) => d.file === "oracle-sample.jsonl");

it("search agrees with the recorded regex module on random haystacks", () => {
  const [header, ...lines] = readFileSync(new URL("./oracle-sample.jsonl", import.meta.url), "utf8").split("\n").filter(Boolean);
  const rows: Row[] = lines.map((l) => JSON.parse(l));
  const cp = (s: string, u: number) => [...s.slice(0, u)].length;
  const units = (s: string, c: number) => [...s].slice(0, c).join("").length;
  const failures: string[] = [];
  const refused = new Set<string>();
  for (const r of rows) {
    const len = [...r.hay].length;
    let p;
    try {
      p = compilePattern(r.pattern);
    } catch (e) {
      // Constructs rtc refuses with a clear error (never approximated) are counted, not compared.
      if (!(e instanceof UnsupportedPatternError)) throw e;
      refused.add(r.pattern);
      continue;
    }
    const f = p.search(r.hay, units(r.hay, r.pos), false);
    const full = f ? [`${cp(r.hay, f.start)}:${cp(r.hay, f.end)}`, f.groups] : null;
    if (JSON.stringify(full) !== JSON.stringify(r.full)) failures.push(`${JSON.stringify(r.pattern)} ${JSON.stringify(r.hay)}@${r.pos}: full ${JSON.stringify(full)} expected ${JSON.stringify(r.full)}`);
    const m = p.search(r.hay, units(r.hay, r.pos), true);
    const got = m && cp(r.hay, m.start) < len ? `${cp(r.hay, m.start)}:${cp(r.hay, m.end)}${m.partial ? "+" : ""}` : null;
    if (got !== r.partial) failures.push(`${JSON.stringify(r.pattern)} ${JSON.stringify(r.hay)}@${r.pos}: ${got} expected ${r.partial}`);
  }
  const deviating = failures.filter((f) => known.some((k) => f.startsWith(`${JSON.stringify(k.pattern)} `)));
  for (const d of deviating) failures.splice(failures.indexOf(d), 1);
  const compared = rows.filter((r) => !refused.has(r.pattern)).length;
  console.log(
    `regex oracle sample (${header}): ${compared - failures.length - deviating.length} passed, ${failures.length} failed, ` +
      `${deviating.length} known deviations${deviating.map((d) => `\n  deviation ${d}`).join("")}\n` +
      `${rows.length - compared} rows of ${refused.size} refused patterns:\n  ${[...refused].join("\n  ")}`,
  );
  expect(failures).toEqual([]);
});
