// Updates test/package/model-size-exceptions.json from the models' bundle sizes (scripts/bench/bundle-size.ts):
// each model over the one-model budget keeps its entry with the ceiling set to its size, a new one is added,
// and an entry whose model is back within the budget is removed. `--note TEXT` is appended to the reason
// of every entry whose ceiling changed (and is the reason of new ones): say what moved the sizes.
//   node --conditions=rtc-source --import tsx scripts/size-exceptions.ts --note "Issue N's … added 0.1 KB."

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { measureModels, MODEL_BUDGET } from "./bench/bundle-size.ts";

interface Exception {
  model: string;
  ceiling_kb: number;
  reason: string;
}

const ROOT = join(import.meta.dirname, "..");
const FILE = join(ROOT, "test", "package", "model-size-exceptions.json");
const at = process.argv.indexOf("--note");
const note = at >= 0 ? process.argv[at + 1] : undefined;

const old: Exception[] = JSON.parse(readFileSync(FILE, "utf8"));
const models = await measureModels(ROOT);
const out: Exception[] = [];
for (const m of models.filter((x) => x.gzipped > MODEL_BUDGET)) {
  const ceiling = Math.ceil((m.gzipped / 1024) * 100) / 100;
  const prev = old.find((e) => e.model === m.name);
  if (prev === undefined && note === undefined) throw new Error(`${m.name} is over the budget for the first time: pass --note with the reason`);
  const reason = prev === undefined ? note! : prev.ceiling_kb === ceiling || note === undefined ? prev.reason : `${prev.reason} ${note}`;
  out.push({ model: m.name, ceiling_kb: ceiling, reason });
  process.stdout.write(`${m.name}: ${prev?.ceiling_kb ?? "new"} -> ${ceiling} KB\n`);
}
for (const e of old) if (!out.some((x) => x.model === e.model)) process.stdout.write(`${e.model}: within the budget now, removed\n`);
// Keep the file's order for entries that stay; new ones go last.
out.sort((a, b) => (old.findIndex((e) => e.model === a.model) + 1 || Infinity) - (old.findIndex((e) => e.model === b.model) + 1 || Infinity));
writeFileSync(FILE, `${JSON.stringify(out, null, 2)}\n`);
const sorted = models.map((m) => m.gzipped);
process.stdout.write(`${out.length} over ${MODEL_BUDGET / 1024} KB; median ${(sorted[sorted.length >> 1]! / 1024).toFixed(2)} KB, largest ${(sorted[sorted.length - 1]! / 1024).toFixed(2)} KB\n`);
