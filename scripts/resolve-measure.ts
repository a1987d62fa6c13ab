// How often resolving a model id the catalog does not list gives the template a person would choose
// (scripts/resolve-measure.json), and how the chat templates of /work/shared/chat-templates (or a folder
// given as the argument) resolve. A variant pair counts as its family. Prints a table and the totals.
//   node --conditions=rtc-source --import tsx scripts/resolve-measure.ts [chat-templates-folder]

import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { whichTemplate } from "../generated/resolve.ts";

const family = (name: string) => name.replace(/-robust$/, "");
const { ids } = JSON.parse(readFileSync(new URL("./resolve-measure.json", import.meta.url), "utf8")) as { ids: [string, string | null][] };

let right = 0;
const wrong: string[] = [];
for (const [id, want] of ids) {
  let got: string | null = null;
  let how = "error";
  try {
    const c = whichTemplate(id);
    got = family(c.name);
    how = `${c.source}/${c.confidence}`;
  } catch {
    // a clear error (ResolveError)
  }
  const ok = got === want;
  if (ok) right++;
  else wrong.push(`${id}: got ${got ?? "error"}, a person would choose ${want ?? "none (an error)"}`);
  console.log(`${ok ? "ok  " : "MISS"} ${id.padEnd(56)} ${(got ?? "error").padEnd(18)} ${how}`);
}
console.log(`\nmodel ids: ${right}/${ids.length} (${((100 * right) / ids.length).toFixed(1)}%) as a person would choose`);
for (const w of wrong) console.log(`  ${w}`);

const folder = process.argv[2] ?? "/work/shared/chat-templates";
if (existsSync(folder)) {
  const counts = new Map<string, number>();
  for (const f of readdirSync(folder).filter((x) => x.endsWith(".jinja"))) {
    let key = "error";
    try {
      key = whichTemplate(readFileSync(join(folder, f), "utf8")).source;
    } catch {
      // counted as an error
    }
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  console.log(`chat templates in ${folder}: ${[...counts].map(([k, n]) => `${k} ${n}`).join(", ")}`);
}
