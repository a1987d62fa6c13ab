// Serving benchmarks (issue 10): the OpenAI stream against the bare parser it wraps, and many interleaved
// streams against one. templates/qwen3.json, 4-character chunks, the generated module (models/qwen3.ts)
// and the interpreter. Every ratio compares contenders timed in alternation in the same run (best of
// several rounds), in process CPU time rather than wall time: the machine is shared, and CPU time is what
// a contender costs whatever else runs.
//
// Run alone: NODE_OPTIONS='--expose-gc --conditions=rtc-source' npx tsx scripts/bench/serving.ts
// (`npm run bench` runs it too and writes its section of BENCHMARKS.md).

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as qwen3 from "../../generated/qwen3.ts";
import { createResponseParser } from "../../runtime/interpret/index.ts";
import { createOpenAIStream, openAIStreamForGenerated } from "../../runtime/openai/index.ts";
import { pyJsonLoads } from "../../runtime/core/python/json.ts";

const ROOT = join(import.meta.dirname, "..", "..");
const QUICK = process.env.BENCH_QUICK === "1";
const PREFIX = "<|im_start|>assistant\n";
const TEMPLATE = pyJsonLoads(readFileSync(join(ROOT, "templates", "qwen3.json"), "utf8"));
const SIZES = [2_000, 200_000, 5_000_000];

const WORDS =
  "The model weighs the question: is 3 < 4? It checks the units (km vs. miles), then writes a few more words about it.\n";

function filler(n: number): string {
  return WORDS.repeat(Math.ceil(n / WORDS.length)).slice(0, Math.max(1, n));
}

/** A qwen3 message of about `size` characters: 40% reasoning, then the answer, then one tool call per 2 KB
 * (parallel calls at the end, as a model writes them: the content field closes once, nothing diverges). */
export function servingMessage(size: number, seed = 0): string {
  const calls = Math.max(1, Math.floor(size / 2_000));
  let tail = "";
  for (let i = 0; i < calls; i++) {
    tail += `\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "days": ${(i + seed) % 7}, "units": "metric"}}\n</tool_call>`;
  }
  const text = Math.max(20, size - Math.floor(size * 0.4) - tail.length - 40);
  return `<think>\n${filler(size * 0.4)}</think>\n\n${filler(text)}${tail}<|im_end|>`;
}

function chunksOf(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += 4) out.push(text.slice(i, i + 4));
  return out;
}

interface Feeder {
  feed(chunk: string): unknown;
  finalize(): unknown;
}

type Make = () => Feeder;

const CONTENDERS: Record<string, Make> = {
  "parser (generated)": () => qwen3.createResponseParser({ prefix: PREFIX }),
  "OpenAI stream (generated)": () => openAIStreamForGenerated(qwen3, { prefix: PREFIX }),
  "parser (interpreted)": () => createResponseParser(TEMPLATE, { prefix: PREFIX }),
  "OpenAI stream (interpreted)": () => createOpenAIStream(TEMPLATE, { prefix: PREFIX }),
};

const gc = (globalThis as { gc?: () => void }).gc;

/** Process CPU time in ns (user + system, all threads: garbage collection included). */
function cpuNs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) * 1000;
}

/** ns per chunk of one whole stream (create, feed every chunk, finalize), best of `rounds`; contenders
 * alternate round by round. Small messages repeat within a sample to get above timer noise. */
function timeAlternating(makes: Make[], chunks: string[], rounds: number): number[] {
  const reps = Math.max(1, Math.floor(200_000 / chunks.length));
  const once = (make: Make) => {
    for (let r = 0; r < reps; r++) {
      const p = make();
      for (let i = 0; i < chunks.length; i++) p.feed(chunks[i]!);
      p.finalize();
    }
  };
  for (const m of makes) once(m); // warm up
  const best = makes.map(() => Infinity);
  for (let round = 0; round < rounds; round++) {
    makes.forEach((m, k) => {
      const t0 = cpuNs();
      once(m);
      const ns = (cpuNs() - t0) / (chunks.length * reps);
      if (ns < best[k]!) best[k] = ns;
    });
  }
  return best;
}

/** Heap retained by streams fed all of a message's chunks (before finalize), per input character. Small
 * messages are fed to enough streams at once (about 2 MB in all) for the heap to notice. */
function retainedPerChar(make: Make, chunks: string[], chars: number): number {
  if (!gc) return NaN;
  const n = Math.max(1, Math.round(2_000_000 / chars));
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const ps = Array.from({ length: n }, make);
  for (const p of ps) for (let i = 0; i < chunks.length; i++) p.feed(chunks[i]!);
  gc();
  gc();
  const after = process.memoryUsage().heapUsed;
  for (const p of ps) p.finalize(); // keeps them alive across the measurement
  return (after - before) / (chars * n);
}

/** The same, in a fresh process per contender and size: in a process that has run other streams, a heap
 * baseline is skewed by what they left behind (up to a whole message). */
function retainedInChild(name: string, size: number): number {
  const r = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), "--retained", name, String(size)], {
    encoding: "utf8",
    env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --expose-gc` },
  });
  const value = Number(r.stdout.trim().split("\n").at(-1));
  if (r.status !== 0 || !Number.isFinite(value)) throw new Error(`retained-memory run failed for ${name} at ${size}: ${r.stderr}`);
  return value;
}

/** A schedule of feeds: chunk `chunks[j]` goes to stream `streams[j]`. The chunk strings are cut in the
 * order they are fed, so that the input is read sequentially in memory whatever the order (as a server's
 * freshly received chunks are): the comparison is about the streams' own state, not the harness's. */
interface Schedule {
  streams: Uint16Array;
  chunks: string[];
}

function schedule(messages: string[], roundRobin: boolean): Schedule {
  const streams: number[] = [];
  const chunks: string[] = [];
  const add = (k: number, i: number) => {
    streams.push(k);
    chunks.push(messages[k]!.slice(i, i + 4));
  };
  if (roundRobin) {
    const longest = Math.max(...messages.map((m) => m.length));
    for (let i = 0; i < longest; i += 4) messages.forEach((m, k) => i < m.length && add(k, i));
  } else messages.forEach((m, k) => {
    for (let i = 0; i < m.length; i += 4) add(k, i);
  });
  return { streams: Uint16Array.from(streams), chunks };
}

/** Runs a schedule: streams are created before their first chunk and finalized after their last. */
function runSchedule(make: Make, s: Schedule, n: number): void {
  const ps: (Feeder | null)[] = new Array(n).fill(null);
  const left = new Array<number>(n).fill(0);
  for (let j = 0; j < s.streams.length; j++) left[s.streams[j]!]!++;
  for (let j = 0; j < s.chunks.length; j++) {
    const k = s.streams[j]!;
    const p = (ps[k] ??= make());
    p.feed(s.chunks[j]!);
    if (--left[k]! === 0) p.finalize();
  }
}

/** ns per chunk feeding `n` streams one after another vs round-robin (one chunk to each in turn). */
function timeInterleaved(make: Make, messages: string[], rounds: number): { single: number; interleaved: number } {
  const seq = schedule(messages, false);
  const rr = schedule(messages, true);
  const total = seq.chunks.length;
  runSchedule(make, seq, messages.length);
  runSchedule(make, rr, messages.length);
  let single = Infinity;
  let interleaved = Infinity;
  for (let r = 0; r < rounds; r++) {
    let t0 = cpuNs();
    runSchedule(make, seq, messages.length);
    single = Math.min(single, (cpuNs() - t0) / total);
    t0 = cpuNs();
    runSchedule(make, rr, messages.length);
    interleaved = Math.min(interleaved, (cpuNs() - t0) / total);
  }
  return { single, interleaved };
}

export interface ServingRow {
  size: number;
  /** ns per chunk, by contender name. */
  ns: Record<string, number>;
  /** Retained heap bytes per input character, by contender name. */
  bytes: Record<string, number>;
}

export interface ServingResult {
  rows: ServingRow[];
  interleaved: { name: string; single: number; interleaved: number }[];
  streams: number;
}

export function runServing(log: (line: string) => void = (l) => process.stdout.write(l + "\n")): ServingResult {
  const names = Object.keys(CONTENDERS);
  const rows: ServingRow[] = [];
  const inputs = SIZES.map((size) => {
    const text = servingMessage(size);
    return { text, chunks: chunksOf(text) };
  });
  const bytes = SIZES.map((size) => Object.fromEntries(names.map((n) => [n, retainedInChild(n, size)])));
  inputs.forEach(({ text, chunks }, k) => {
    const size = SIZES[k]!;
    const rounds = QUICK ? 3 : size >= 1_000_000 ? 5 : 15;
    const times = timeAlternating(
      names.map((n) => CONTENDERS[n]!),
      chunks,
      rounds,
    );
    const row: ServingRow = { size: text.length, ns: {}, bytes: bytes[k]! };
    names.forEach((n, j) => (row.ns[n] = times[j]!));
    rows.push(row);
    log(
      `serving ${String(text.length).padStart(8)} ch  ` +
        names.map((n) => `${n} ${row.ns[n]!.toFixed(0)} ns/chunk ${row.bytes[n]!.toFixed(2)} B/ch`).join("  "),
    );
  });
  const streams = 64;
  const messages = Array.from({ length: streams }, (_, k) => servingMessage(20_000, k));
  const interleaved = names.map((name) => {
    const r = timeInterleaved(CONTENDERS[name]!, messages, QUICK ? 3 : 9);
    log(`serving ${streams} streams round-robin: ${name} single ${r.single.toFixed(0)} interleaved ${r.interleaved.toFixed(0)} ns/chunk`);
    return { name, ...r };
  });
  return { rows, interleaved, streams };
}

export function servingReport(r: ServingResult): string[] {
  const f0 = (x: number) => x.toFixed(0);
  const f2 = (x: number) => x.toFixed(2);
  const verdict = (ok: boolean) => (ok ? "met" : "**not met**");
  const pairs: [string, string, string][] = [
    ["generated", "parser (generated)", "OpenAI stream (generated)"],
    ["interpreted", "parser (interpreted)", "OpenAI stream (interpreted)"],
  ];
  const lines = [
    "## Serving: the OpenAI stream and interleaved streams",
    "",
    "`templates/qwen3.json`, 4-character chunks; a message of 40% reasoning, then the answer, then one tool call",
    "per 2 KB. **ns/chunk**: create, feed every chunk, finalize (best of several rounds, contenders alternating).",
    "**B/char**: heap retained after the last feed (before finalize), per input character — the parser keeps the",
    "message it builds (closed values and the open region's text), so the stream's own cost is the difference.",
    "",
    "| engine | size (chars) | parser ns/chunk | OpenAI ns/chunk | OpenAI / parser | parser B/char | OpenAI B/char |",
    "|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const [engine, p, o] of pairs) {
    for (const row of r.rows) {
      lines.push(
        `| ${engine} | ${row.size} | ${f0(row.ns[p]!)} | ${f0(row.ns[o]!)} | ${f2(row.ns[o]! / row.ns[p]!)}x | ${f2(row.bytes[p]!)} | ${f2(row.bytes[o]!)} |`,
      );
    }
  }
  lines.push(
    "",
    `${r.streams} streams of 20 KB each, fed one after another (single) and round-robin one chunk each (interleaved):`,
    "",
    "| contender | single ns/chunk | interleaved ns/chunk | interleaved / single |",
    "|---|---:|---:|---:|",
    ...r.interleaved.map((x) => `| ${x.name} | ${f0(x.single)} | ${f0(x.interleaved)} | ${f2(x.interleaved / x.single)}x |`),
    "",
    "Targets (issue 10):",
    "",
  );
  for (const [engine, p, o] of pairs) {
    const ratios = r.rows.map((row) => row.ns[o]! / row.ns[p]!);
    const os = r.rows.map((row) => row.ns[o]!);
    const growth = os[os.length - 1]! / os[0]!;
    const extra = r.rows.map((row) => row.bytes[o]! - row.bytes[p]!);
    lines.push(
      `- ${engine}: OpenAI stream / parser ${ratios.map(f2).join(" / ")} (≤ 1.5: ${verdict(Math.max(...ratios) <= 1.5)}); ` +
        `OpenAI ns/chunk 5 MB / 2 KB ${f2(growth)} (≤ 1.3: ${verdict(growth <= 1.3)}); ` +
        `retained beyond the parser's ${extra.map(f2).join(" / ")} B/char.`,
    );
  }
  const worst = Math.max(...r.interleaved.map((x) => x.interleaved / x.single));
  lines.push(`- ${r.streams} interleaved streams / single: worst ${f2(worst)} (≤ 1.3: ${verdict(worst <= 1.3)}).`, "");
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf("--retained");
  if (at >= 0) {
    const text = servingMessage(Number(process.argv[at + 2]));
    process.stdout.write(`${retainedPerChar(CONTENDERS[process.argv[at + 1]!]!, chunksOf(text), text.length)}\n`);
  } else process.stdout.write(servingReport(runServing()).join("\n") + "\n");
}
