// Per template: how many sample rows (and how many real-shape rows, those with a `shape` key) pass in all
// three modes the sample tests use — interpreter in one feed, 20 seeded chunkings, generated parser — and
// which rows fail, with the first difference. Usage: npx tsx scripts/real-shapes-report.ts [--fail-only] [names…]

import { isDeepStrictEqual } from "node:util";
import { createResponseParser, parseResponse } from "../runtime/interpret/index.ts";
import type { Message, ParseIssue, ParseOptions, ResponseParser } from "../runtime/core/types.ts";
import { chunkings, readSamples, type SampleRow } from "../test/templates/sample-rows.ts";
import { SAMPLE_DIR, TEMPLATE_DIR, loadGenerated, plain, templateJson, templateNames } from "../test/templates/support.ts";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const args = process.argv.slice(2);
const failOnly = args.includes("--fail-only");
const only = args.filter((a) => !a.startsWith("--"));
const generated = await loadGenerated();

function outcome(message: Message, errors: ParseIssue[] | undefined): unknown {
  const m = plain(message);
  return errors === undefined ? m : { message: m, errors: errors.map(({ kind, field, start, end }) => ({ kind, field, start, end })) };
}
function options(row: SampleRow): ParseOptions {
  return { prefix: row.prefix, ...(row.tools ? { tools: row.tools } : {}), ...(row.on_error ? { onError: row.on_error } : {}) };
}
function feed(p: ResponseParser, chunks: string[]): unknown {
  for (const c of chunks) p.feed(c);
  const { message, errors } = p.finalize();
  return outcome(message, errors);
}
function attempt(f: () => unknown): unknown {
  try {
    return f();
  } catch (e) {
    return { thrown: (e as Error).message.slice(0, 300) };
  }
}

let total = 0;
let totalPass = 0;
let shapes = 0;
let shapesPass = 0;
// Sample files without a template count as failing (the report also measures older template libraries).
const sampleFiles = readdirSync(SAMPLE_DIR).filter((f) => f.endsWith(".jsonl")).map((f) => f.slice(0, -6));
for (const name of only.length ? only : [...new Set([...templateNames(), ...sampleFiles])].sort()) {
  const rows = readSamples(name);
  if (!existsSync(join(TEMPLATE_DIR, `${name}.json`))) {
    const shapeRows = rows.filter((r) => r.shape).length;
    total += rows.length;
    shapes += shapeRows;
    console.log(`${name}: 0/${rows.length} rows pass; real-shape rows 0/${shapeRows} (no template)`);
    continue;
  }
  let pass = 0;
  let shapeRows = 0;
  let shapePass = 0;
  const failures: string[] = [];
  rows.forEach((row, i) => {
    const want = row.on_error ? { message: row.expected, errors: row.errors ?? [] } : row.expected;
    const modes: [string, () => unknown][] = [
      ["interpreted", () => (row.on_error ? outcome(...recovered(parseResponse(templateJson(name), row.text, { ...options(row), onError: "recover" }))) : plain(parseResponse(templateJson(name), row.text, options(row))))],
      ...chunkings(row.text, i + 1).map((ch, k): [string, () => unknown] => [`chunking ${k}`, () => feed(createResponseParser(templateJson(name), options(row)), ch)]),
      ["generated", () => (generated?.names.includes(name) ? feed(generated.getParser(name).createResponseParser(options(row)), [row.text]) : { missing: "generated parser" })],
    ];
    let bad: string | null = null;
    for (const [mode, run] of modes) {
      const got = attempt(run);
      if (!isDeepStrictEqual(got, want)) {
        bad = `${mode}: got ${JSON.stringify(got).slice(0, 400)}`;
        break;
      }
    }
    if (row.shape) shapeRows++;
    if (bad === null) {
      pass++;
      if (row.shape) shapePass++;
    } else failures.push(`  ✗ ${row.name}${row.shape ? ` [${row.shape}]` : ""}\n      ${bad}\n      want ${JSON.stringify(want).slice(0, 400)}`);
  });
  total += rows.length;
  totalPass += pass;
  shapes += shapeRows;
  shapesPass += shapePass;
  if (!failOnly || failures.length) console.log(`${name}: ${pass}/${rows.length} rows pass; real-shape rows ${shapePass}/${shapeRows}`);
  for (const f of failures) console.log(f);
}
console.log(`\nall templates: ${totalPass}/${total} rows pass; real-shape rows ${shapesPass}/${shapes}`);

function recovered(r: { message: Message; errors: ParseIssue[] }): [Message, ParseIssue[]] {
  return [r.message, r.errors];
}
