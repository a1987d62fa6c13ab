// The adversarial section of `npm run bench` (issue 9): per-chunk cost of each adversarial input at a small
// and a large size, fed one character at a time, for the generated module, the interpreter and the OpenAI
// stream, with the ratio large/small (target ≤ 2: the cost of a feed does not grow with what came before).
// The OpenAI stream runs in a child process with a memory cap and a time limit. With RTC_BENCH_PYTHON set
// to a Python that has transformers, the reference runs the small sizes too (scripts/bench/adversarial_reference.py).

import { spawn } from "node:child_process";
import { join } from "node:path";
import { CASES } from "./adversarial-cases.ts";
import { BLOCK, WINDOW, feeder, measure, type Api, type Measurement } from "./adversarial-measure.ts";

const ROOT = join(import.meta.dirname, "..", "..");

interface Cell {
  api: Api | "python";
  small: Measurement | string;
  large: Measurement | string;
}

/** Runs `args` as a child Node process with the rtc-source condition; resolves with its stdout lines. */
function child(args: string[], input: string | null, limitMs: number, command = process.execPath): Promise<{ lines: string[]; failure: string | null }> {
  return new Promise((resolve) => {
    const argv = command === process.execPath ? ["--max-old-space-size=2048", "--conditions=rtc-source", "--import", "tsx", ...args] : args;
    const p = spawn(command, argv, { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (err += d));
    const timer = setTimeout(() => p.kill("SIGKILL"), limitMs);
    p.on("close", (code, signal) => {
      clearTimeout(timer);
      const lines = out.split("\n").filter(Boolean);
      const failure =
        signal === "SIGKILL"
          ? `did not finish in ${Math.round(limitMs / 1000)} s`
          : code !== 0
            ? /heap out of memory|Allocation failed/.test(err)
              ? "out of memory (2 GB heap)"
              : `failed: ${err.trim().split("\n").pop()?.slice(0, 80)}`
            : null;
      resolve({ lines, failure });
    });
    p.stdin.end(input ?? "");
  });
}

const fmt = (m: Measurement | string) => (typeof m === "string" ? m : m.ns < 10_000 ? m.ns.toFixed(0) : `${(m.ns / 1000).toFixed(1)} µs`);

export async function adversarialSection(quick: boolean): Promise<string[]> {
  const [small, large] = quick ? [10_000, 100_000] : [10_000, 1_000_000];
  const kb = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000} MB` : `${n / 1000} KB`);
  const limitMs = quick ? 60_000 : 300_000;
  const rows: { c: (typeof CASES)[number]; cells: Cell[]; agree: boolean }[] = [];

  // Warm up the parsers on every case at the small size first, so that the small size is not charged JIT time.
  for (const [i, c] of CASES.entries()) {
    for (const api of ["generated", "interpreted"] as const) measure(await feeder(api, c.template), CASES[i]!.text(2_000));
  }
  for (const [i, c] of CASES.entries()) {
    const cells: Cell[] = [];
    for (const api of ["generated", "interpreted"] as const) {
      const create = await feeder(api, c.template);
      cells.push({ api, small: measure(create, c.text(small)), large: measure(create, c.text(large)) });
    }
    const r = await child(["scripts/bench/adversarial-cell.ts", "openai", String(i), "2000", String(small), String(large)], null, limitMs);
    const got = new Map(r.lines.map((l) => JSON.parse(l) as Measurement & { size: number }).map((m) => [m.size, m]));
    cells.push({ api: "openai", small: got.get(small) ?? r.failure ?? "no result", large: got.get(large) ?? r.failure ?? "no result" });
    const [g, n] = cells as [Cell, Cell];
    const agree = [g.small, g.large].every((m, k) => typeof m !== "string" && m.outcome === ([n.small, n.large][k] as Measurement).outcome);
    rows.push({ c, cells, agree });
    process.stdout.write(
      `adversarial ${c.name.padEnd(28)} ${cells.map((x) => `${x.api} ${fmt(x.small)} → ${fmt(x.large)}`).join("  ")} ns/chunk\n`,
    );
  }

  // The Python reference, where measurable: the small size, and ten times it within a time budget.
  const python = process.env.RTC_BENCH_PYTHON;
  const pyRows = new Map<string, { small: string; large: string }>();
  let pyNote: string;
  if (python) {
    const budget = quick ? 20 : 60;
    const cells = CASES.flatMap((c) =>
      [small, small * 10].map((size) => ({ name: c.name, template: join(ROOT, "templates", `${c.template}.json`), size, text: c.text(size) })),
    );
    const r = await child(["scripts/bench/adversarial_reference.py"], JSON.stringify({ window: WINDOW, budget, cells }), (budget + 5) * cells.length * 1000, python);
    for (const line of r.lines) {
      const o = JSON.parse(line) as { name: string; size: number; ns?: number; fed?: number; chars?: number; error?: string };
      const v =
        o.error !== undefined
          ? "n/a (template uses an rtc extension)"
          : o.ns !== undefined
            ? fmt({ ns: o.ns, ms: 0, outcome: "" })
            : `> ${budget} s (${o.fed} of ${o.chars} chars fed)`;
      const row = pyRows.get(o.name) ?? { small: "", large: "" };
      row[o.size === small ? "small" : "large"] = v;
      pyRows.set(o.name, row);
    }
    pyNote = `Python reference (transformers' ResponseParser, ${python}): ${kb(small)} and ${kb(small * 10)} within ${budget} s per text${r.failure ? ` (${r.failure})` : ""}.`;
  } else {
    pyNote = "Python reference: not run (set RTC_BENCH_PYTHON to a Python with transformers to add it).";
    process.stdout.write(`adversarial: ${pyNote}\n`);
  }

  const ratio = (x: Cell) => (typeof x.small === "string" || typeof x.large === "string" ? null : x.large.ns / x.small.ns);
  const verdict = (r: number | null) => (r === null ? "—" : r <= 2 ? `${r.toFixed(2)} (met)` : `**${r.toFixed(2)} (not met)**`);
  const lines = [
    "## Adversarial inputs",
    "",
    `Generated by \`npm run bench\` (scripts/bench/adversarial.ts${quick ? ", BENCH_QUICK: smaller sizes" : ""}). Each text is fed one character at a time; ` +
      `the cost per chunk is the best of the blocks of ${BLOCK} in its last ${WINDOW.toLocaleString("en")} chunks, at ${kb(small)} and at ${kb(large)}: ` +
      "the ratio is the growth of a feed's cost with what came before it (target ≤ 2). The OpenAI stream runs in a child process " +
      `(2 GB heap, ${limitMs / 1000} s). Generated and interpreted outcomes are checked equal. ns per chunk, one run each.`,
    "",
    `| input | template | what it stresses | generated ${kb(small)} → ${kb(large)} | ratio | interpreted ${kb(small)} → ${kb(large)} | ratio | OpenAI stream ${kb(small)} → ${kb(large)} | ratio |${python ? ` Python ${kb(small)} → ${kb(small * 10)} |` : ""}`,
    `|---|---|---|---:|---:|---:|---:|---:|---:|${python ? "---:|" : ""}`,
    ...rows.map(({ c, cells, agree }) => {
      const py = pyRows.get(c.name);
      return (
        `| ${c.name}${agree ? "" : " (**outcomes differ**)"} | ${c.template} | ${c.what.replace(/\|/g, "\\|")} | ` +
        cells.map((x) => `${fmt(x.small)} → ${fmt(x.large)} | ${verdict(ratio(x))}`).join(" | ") +
        ` |${python ? ` ${py ? `${py.small} → ${py.large}` : "—"} |` : ""}`
      );
    }),
    "",
    `- ${pyNote}`,
    "- Why every feed costs its new text only: resumable searches (runtime/core/regex/resumable.ts, runtime/core/engine/delimiters.ts) " +
      "and held-back text kept out of the scanned buffer (runtime/core/engine/stream.ts); README, \"Linear streaming\".",
    "",
  ];
  return lines;
}
