import { readdirSync, readFileSync } from "node:fs";
import { analysePattern } from "../compiler/plan/pattern-facts.ts";
const pats = new Set<string>();
for (const f of readdirSync("templates").filter((f) => f.endsWith(".json"))) {
  const t = JSON.parse(readFileSync(`templates/${f}`, "utf8"));
  if (typeof t.start_anchor_pattern === "string") pats.add(t.start_anchor_pattern);
  for (const fl of Object.values(t.fields ?? {}) as any[]) for (const k of ["open_pattern", "close_pattern"]) if (typeof fl[k] === "string") pats.add(fl[k]);
}
const by: Record<string, string[]> = {};
for (const p of pats) { let k = "error"; try { k = analysePattern(p).strategy.kind; } catch {} (by[k] ??= []).push(p); }
for (const [k, v] of Object.entries(by)) console.log(k, v.length);
console.log((by.resumable ?? []).slice(0, 40).join("\n"));
