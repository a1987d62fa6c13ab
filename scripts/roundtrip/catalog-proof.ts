// Writes each entry's `proven_on` in templates/catalog.json from the round-trip table and the samples
// (test/templates/proof.ts; catalog.test.ts checks it). Run after changing roundtrip-table.ts or the samples.
// Usage: node --conditions=rtc-source --import tsx scripts/roundtrip/catalog-proof.ts

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { proofOf } from "../../test/templates/proof.ts";

const file = join(import.meta.dirname, "../../templates/catalog.json");
const catalog = JSON.parse(readFileSync(file, "utf8")) as { templates: Record<string, unknown>[] };

// Conversation lists stay on one line each: the catalog is read by people.
const inline: string[] = [];
const mark = (value: unknown) => `@inline:${inline.push(oneLine(value)) - 1}@`;
/** JSON on one line, spaced as the hand-written parts of the catalog are. */
function oneLine(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(oneLine).join(", ")}]`;
  if (value !== null && typeof value === "object") return `{ ${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${oneLine(v)}`).join(", ")} }`;
  return JSON.stringify(value);
}

catalog.templates = catalog.templates.map((entry) => {
  const proof = proofOf(entry.name as string);
  const round_trip = proof.round_trip.map((r) => ({ ...r, history: mark(r.history), prompt: mark(r.prompt), ...(r.left_out ? { left_out: mark(r.left_out) } : {}) }));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(entry)) {
    if (k === "proven_on") continue;
    out[k] = v;
    if (k === "samples") out.proven_on = { ...proof, round_trip };
  }
  return out;
});

// shared_ids entries are one line each, as written by hand.
const withShared = catalog as { shared_ids?: unknown[] };
if (withShared.shared_ids) withShared.shared_ids = withShared.shared_ids.map((e) => mark(e as unknown[]));
const text = JSON.stringify(catalog, null, 2).replace(/"@inline:(\d+)@"/g, (_, i: string) => inline[Number(i)]!);
writeFileSync(file, `${text}\n`);
console.log(`wrote proven_on for ${catalog.templates.length} templates`);
