// rtc infer over a folder of chat templates that are not committed here (an outside corpus kept locally):
// the @huggingface/jinja parse and render rate (with the compatibility layer), then per template the
// inference's verdict — inferred and round-tripping, or refused with its failed conversations — and the
// totals. `node --conditions=rtc-source --import tsx scripts/infer-outside.ts FOLDER [--json OUT]`.

import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ChatTemplate, inferTemplate } from "../compiler/infer/index.ts";
import { loadChatTemplate } from "../compiler/infer/load.ts";

const [folder, flag, out] = process.argv.slice(2);
if (!folder) throw new Error("usage: infer-outside.ts FOLDER [--json OUT]");
const files = readdirSync(folder).filter((f) => /\.(jinja|json)$/.test(f)).sort();
const conversation = [
  { role: "system", content: "You are helpful." },
  { role: "user", content: "Hi" },
  { role: "assistant", content: "Hello" },
  { role: "user", content: "Again" },
];

interface Row { file: string; parse: string | null; render: string | null; ok: boolean; error: string | null; classes: string | null; pass: number; fail: number; na: number; failures: string[] }
const rows: Row[] = [];
let parsed = 0;
let rendered = 0;
for (const f of files) {
  const input = loadChatTemplate(join(folder, f));
  let parse: string | null = null;
  let render: string | null = null;
  try {
    const t = new ChatTemplate(input.source);
    try {
      t.render({ messages: conversation, add_generation_prompt: true, bos_token: "<s>", eos_token: "</s>" });
    } catch (e) {
      render = String(e instanceof Error ? e.message : e).split("\n")[0]!;
    }
  } catch (e) {
    parse = String(e instanceof Error ? e.message : e).split("\n")[0]!;
  }
  if (!parse) parsed++;
  if (!parse && !render) rendered++;
  const r = inferTemplate(input.source, { bos: input.bos, eos: input.eos });
  const count = (s: string) => r.verdicts.filter((v) => v.status === s).length;
  const c = r.classification;
  const row: Row = {
    file: f,
    parse,
    render,
    ok: r.ok,
    error: r.error ?? null,
    classes: c ? `${c.reasoning.mode}/${c.content.mode}/${c.tools.format}` : null,
    pass: count("pass"),
    fail: count("fail"),
    na: count("n/a"),
    failures: r.verdicts.filter((v) => v.status === "fail").map((v) => `${v.conversation}${v.mode ? ` [${v.mode}]` : ""}: ${v.reason}`),
  };
  rows.push(row);
  console.log(`${row.ok ? "pass  " : "refuse"} ${f}: ${row.classes ?? row.error} ${row.pass}/${row.fail}/${row.na}`);
  for (const l of row.failures) console.log(`         ${l.slice(0, 300)}`);
}
const sum = (k: "pass" | "fail" | "na") => rows.reduce((a, r) => a + r[k], 0);
console.log(
  `\n${files.length} chat templates: parse ${parsed}/${files.length}, render ${rendered}/${files.length}; ` +
    `inferred and round-tripping ${rows.filter((r) => r.ok).length}, refused ${rows.filter((r) => !r.ok).length}; ` +
    `round trips ${sum("pass")} pass / ${sum("fail")} fail / ${sum("na")} n.a.`,
);
if (flag === "--json" && out) writeFileSync(out, JSON.stringify(rows, null, 1) + "\n");
