// Rewrites test/grammar/table.json (per library template: the grammar forms produced, how many
// engine checks accepted / rejected as expected, what is left unconstrained) and prints it as a
// Markdown table. library.test.ts recomputes the same rows and fails when the file is stale.
//   node --conditions=rtc-source --import tsx scripts/grammar-table.ts [--check]

import { writeFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { libraryCases } from "../test/grammar/cases.ts";
import { runTemplate, type TableRow } from "../test/grammar/run-cases.ts";

const FILE = join(import.meta.dirname, "../test/grammar/table.json");

const rows: TableRow[] = [];
let mismatches = 0;
for (const [template, cases] of libraryCases()) {
  const { row, outcomes } = await runTemplate(template, cases);
  rows.push(row);
  mismatches += outcomes.filter((o) => !o.ok).length;
}
rows.sort((a, b) => (a.template < b.template ? -1 : 1));
const text = JSON.stringify(rows, null, 1) + "\n";
if (process.argv.includes("--check")) {
  const same = readFileSync(FILE, "utf8") === text;
  console.log(same ? "table.json is current" : "table.json is stale");
  process.exitCode = same ? 0 : 1;
} else writeFileSync(FILE, text);

console.log("| template | GBNF (auto) | structural tag (auto) | accepted | rejected | left unconstrained | narrowed |");
console.log("|---|---|---|---:|---:|---|---|");
const cell = (xs: string[]) => xs.join("; ").replaceAll("|", "\\|") || "—";
for (const r of rows) console.log(`| ${r.template} | ${cell([r.gbnf])} | ${r.structuralTag} | ${r.accepted} | ${r.rejected} | ${cell(r.unconstrained)} | ${cell(r.narrowed)} |`);
const sum = (k: "accepted" | "rejected") => rows.reduce((n, r) => n + r[k], 0);
console.log(`\n${rows.length} templates: ${sum("accepted")} accepted and ${sum("rejected")} rejected as expected; ${mismatches} engine results differ from expectation (see deviations.json)`);
