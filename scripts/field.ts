// The field oracle's bigger run (`npm run field`): more conversations per template than npm test, the pass
// table, and the largest failure clusters (template × kind × category) with a minimal example each.
//   npm run field -- [--per N] [--seed S] [--only t1,t2] [--examples K] [--update]
// --update rewrites test/field/known-failures.json from the test's own configuration (FIELD_TEST_RUN),
// keeping the reasons already written for clusters that remain.

import { writeFileSync } from "node:fs";
import { FIELD_TEST_RUN, KNOWN_FAILURES_FILE, knownFailures, knownFailuresFrom } from "../test/field/known.ts";
import { passTable, runField, type Failure, type TemplateStats } from "../test/field/run.ts";

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

function clusters(stats: TemplateStats[], examples: number): string {
  const by = new Map<string, { template: string; failures: Failure[] }>();
  for (const s of stats) for (const f of s.failures) {
    const k = `${s.template} · ${f.kind} · ${f.category}`;
    if (!by.has(k)) by.set(k, { template: s.template, failures: [] });
    by.get(k)!.failures.push(f);
  }
  const sorted = [...by.entries()].sort((a, b) => b[1].failures.length - a[1].failures.length);
  const out: string[] = [];
  for (const [k, { failures }] of sorted.slice(0, examples)) {
    const f = failures.reduce((a, b) => (b.output.length < a.output.length ? b : a));
    out.push(`\n## ${failures.length} × ${k}\n  ${f.detail}\n  prefix …${JSON.stringify(f.prefixTail)}\n  output ${JSON.stringify(f.output)}`);
  }
  return out.join("\n");
}

/** Per kind × category across templates: how many cases and which templates (the fix list, largest first). */
function byKind(stats: TemplateStats[]): string {
  const by = new Map<string, Map<string, number>>();
  const shortest = new Map<string, Failure & { template: string }>();
  for (const s of stats) for (const f of s.failures) {
    const k = `${f.kind} · ${f.category}`;
    const m = by.get(k) ?? new Map<string, number>();
    m.set(s.template, (m.get(s.template) ?? 0) + 1);
    by.set(k, m);
    if (!shortest.has(k) || f.output.length < shortest.get(k)!.output.length) shortest.set(k, { ...f, template: s.template });
  }
  const rows = [...by.entries()].map(([k, m]) => ({ k, n: [...m.values()].reduce((a, b) => a + b, 0), m }));
  rows.sort((a, b) => b.n - a.n);
  return rows
    .map((r) => {
      const e = shortest.get(r.k)!;
      return `${String(r.n).padStart(5)}  ${r.k}  [${r.m.size} templates: ${[...r.m.keys()].join(", ")}]\n       e.g. ${e.template}: ${JSON.stringify(e.output)}\n       ${e.detail}`;
    })
    .join("\n");
}

const t0 = Date.now();
if (args.includes("--update")) {
  const stats = await runField(FIELD_TEST_RUN);
  writeFileSync(KNOWN_FAILURES_FILE, `${JSON.stringify(knownFailuresFrom(stats, knownFailures()), null, 2)}\n`);
  console.log(passTable(stats));
  console.log(`wrote ${KNOWN_FAILURES_FILE} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
} else {
  const only = opt("only")?.split(",");
  const stats = await runField({ seed: Number(opt("seed") ?? 7), perTemplate: Number(opt("per") ?? 200), templates: only });
  console.log(passTable(stats));
  console.log(`\nfailures by kind × category (all templates)\n${byKind(stats)}`);
  console.log(clusters(stats, Number(opt("examples") ?? 40)));
  console.log(`\n${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
