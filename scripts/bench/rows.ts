// The benchmark's machine-readable form: one row per measurement. `npm run bench -- --json FILE` writes
// them; BENCHMARKS.md's parser table is built from the same rows (pivot below), so the two never disagree.

import { arch, cpus, platform, totalmem } from "node:os";

export type Engine = "generated" | "interpreted" | "floor";
export type Mode = "whole" | "stream";

/** One measurement: whole text in MB/s (characters), streaming in ns per 4-character chunk. */
export interface BenchRow {
  template: string;
  engine: Engine;
  mode: Mode;
  /** Message length in characters. */
  size: number;
  value: number;
  unit: "MB/s" | "ns/chunk";
}

/** What one bench case measured at one size. */
export interface Measured {
  name: string;
  size: number;
  whole: Record<Engine, number>;
  stream: Record<Engine, number>;
  /** Streaming one long text region (generated only), reported as template `<name>:text-region`. */
  textGen: number;
}

export const TEXT_REGION = ":text-region";

export function benchRows(ms: readonly Measured[]): BenchRow[] {
  const out: BenchRow[] = [];
  const engines: Engine[] = ["generated", "interpreted", "floor"];
  for (const m of ms) {
    for (const engine of engines) out.push({ template: m.name, engine, mode: "whole", size: m.size, value: round(m.whole[engine]), unit: "MB/s" });
    for (const engine of engines) out.push({ template: m.name, engine, mode: "stream", size: m.size, value: round(m.stream[engine]), unit: "ns/chunk" });
    out.push({ template: m.name + TEXT_REGION, engine: "generated", mode: "stream", size: m.size, value: round(m.textGen), unit: "ns/chunk" });
  }
  return out;
}

const round = (x: number) => Math.round(x * 100) / 100;

/** The FILE of `--json FILE` (or `--json=FILE`), else null. */
export function jsonPath(argv: readonly string[]): string | null {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--json") {
      const f = argv[i + 1];
      if (f === undefined || f.startsWith("--")) throw new Error("bench: --json needs a file name");
      return f;
    }
    if (a.startsWith("--json=")) return a.slice(7);
  }
  return null;
}

/** The machine line of BENCHMARKS.md. */
export function machine(): string {
  const c = cpus();
  return `${c[0]?.model.trim() ?? "unknown CPU"} × ${c.length}, ${Math.round(totalmem() / 2 ** 30)} GB, ${platform()}-${arch()}, Node ${process.version}`;
}

/** Rows of one (template, size), keyed `engine/mode`. */
export interface Cell {
  template: string;
  size: number;
  get(engine: Engine, mode: Mode): number;
  textRegion: number | null;
}

/** Groups rows by template and size, in first-seen order (text-region rows joined to their template). */
export function cells(rows: readonly BenchRow[]): Cell[] {
  const by = new Map<string, { template: string; size: number; v: Map<string, number>; text: number | null }>();
  for (const r of rows) {
    const text = r.template.endsWith(TEXT_REGION);
    const template = text ? r.template.slice(0, -TEXT_REGION.length) : r.template;
    const key = `${template}\u0000${r.size}`;
    let c = by.get(key);
    if (!c) by.set(key, (c = { template, size: r.size, v: new Map(), text: null }));
    if (text) c.text = r.value;
    else c.v.set(`${r.engine}/${r.mode}`, r.value);
  }
  return [...by.values()].map((c) => ({
    template: c.template,
    size: c.size,
    textRegion: c.text,
    get(engine, mode) {
      const v = c.v.get(`${engine}/${mode}`);
      if (v === undefined) throw new Error(`bench rows: no ${engine} ${mode} row for ${c.template} at ${c.size}`);
      return v;
    },
  }));
}
