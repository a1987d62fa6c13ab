// npm run mutate -- [folder …] [--concurrency N] [--report]
// Mutation testing (StrykerJS + its vitest runner) over the runtime and the code generator, one folder at a
// time (test/mutation/folders.json), in the order given (default: all). After each folder it updates
// test/mutation/SCORES.md and lists the surviving mutants that test/mutation/triage.md does not explain.
// `--report` only re-reads the last reports (reports/mutation/<folder>.json) and does both.
// `--verify folder…` checks triage.md's "killed by" claims without a Stryker run: each such survivor of the
// last report is applied to the current source (found by its line's text if lines moved), the test files
// its line names are run, and the claims whose tests still pass are listed (exit 1 if any).
// Not part of `npm test` or CI: a full run takes hours on two cores (see test/mutation/README.md).

import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
const ROOT = join(import.meta.dirname, "..");
/** Folder name → the files it mutates (globs). */
const FOLDERS = JSON.parse(readFileSync(join(ROOT, "test/mutation/folders.json"), "utf8")) as Record<string, string[]>;
const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const concurrency = option("--concurrency") ?? process.env.RTC_MUTATE_CONCURRENCY ?? "1";
const reportOnly = args.includes("--report");
const verify = args.includes("--verify");
const names = args.filter((a) => !a.startsWith("--"));
for (const n of names) if (!(n in FOLDERS)) throw new Error(`unknown folder ${n}; one of ${Object.keys(FOLDERS).join(", ")}`);
const folders = names.length ? names : Object.keys(FOLDERS);

interface Mutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: "Killed" | "Survived" | "NoCoverage" | "Timeout" | "CompileError" | "RuntimeError" | "Ignored" | "Pending";
  statusReason?: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

/** A surviving mutant as triage.md names it: file, line, mutator, original text → replacement. */
interface Survivor {
  file: string;
  line: number;
  mutator: string;
  original: string;
  replacement: string;
}

function originalText(source: string, m: Mutant): string {
  const lines = source.split("\n");
  const { start, end } = m.location;
  const text =
    start.line === end.line
      ? lines[start.line - 1]!.slice(start.column - 1, end.column - 1)
      : [lines[start.line - 1]!.slice(start.column - 1), ...lines.slice(start.line, end.line - 1), lines[end.line - 1]!.slice(0, end.column - 1)].join("\n");
  return oneLine(text);
}
const oneLine = (s: string) => {
  const flat = s.replace(/\s+/g, " ").trim();
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
};

/** `path:line Mutator \`original\` → \`replacement\``, the key a triage line starts with (the line number is only a hint). */
const survivorKey = (s: Survivor) => `${s.file}:${s.line} ${s.mutator} \`${s.original}\` → \`${s.replacement}\``;
const matchKey = (s: Survivor) => `${s.file} ${s.mutator} \`${s.original}\` → \`${s.replacement}\``;

/** Triage entries (`- <key> — <verdict>`) by key without the line number: "killed" or "explained". */
function triaged(): Map<string, "killed" | "explained"> {
  const file = join(ROOT, "test/mutation/triage.md");
  const out = new Map<string, "killed" | "explained">();
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const m = /^- (\S+):\d+ (\w+) (`.*`) → (`.*`) — (killed by|equivalent:|accepted:)/.exec(line);
    if (m) out.set(`${m[1]} ${m[2]} ${m[3]} → ${m[4]}`, m[5] === "killed by" ? "killed" : "explained");
  }
  return out;
}

interface FolderScore {
  name: string;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  ignored: number;
  errors: number;
  survivors: Survivor[];
}

function score(name: string): FolderScore | null {
  const file = join(ROOT, `reports/mutation/${name}.json`);
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, "utf8")) as Report;
  const s: FolderScore = { name, killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0, errors: 0, survivors: [] };
  for (const [path, { source, mutants }] of Object.entries(report.files)) {
    for (const m of mutants) {
      if (m.status === "Killed") s.killed++;
      else if (m.status === "Timeout") s.timeout++;
      else if (m.status === "Ignored") s.ignored++;
      else if (m.status === "CompileError" || m.status === "RuntimeError") s.errors++;
      else {
        if (m.status === "Survived") s.survived++;
        else s.noCoverage++;
        s.survivors.push({ file: path, line: m.location.start.line, mutator: m.mutatorName, original: originalText(source, m), replacement: oneLine(m.replacement ?? "") });
      }
    }
  }
  return s;
}

const pct = (s: FolderScore) => {
  const valid = s.killed + s.timeout + s.survived + s.noCoverage;
  return valid === 0 ? "–" : `${((100 * (s.killed + s.timeout)) / valid).toFixed(1)}%`;
};

function writeScores(): void {
  const rows = Object.keys(FOLDERS)
    .map(score)
    .filter((s): s is FolderScore => s !== null);
  const known = triaged();
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).stdout.trim();
  const table = [
    "| folder | score | killed | timeout | survived | no coverage | ignored (static) | survivors not explained |",
    "|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (s) => `| ${s.name} | ${pct(s)} | ${s.killed} | ${s.timeout} | ${s.survived} | ${s.noCoverage} | ${s.ignored} | ${s.survivors.filter((v) => known.get(matchKey(v)) !== "explained").length} |`,
    ),
  ];
  const text = `# Mutation scores\n\nWritten by \`npm run mutate\` (last run at commit ${commit}); score = (killed + timeout) / (killed + timeout + survived + no coverage). Surviving mutants and why each is harmless or what test now kills it: [triage.md](triage.md).\n\n${table.join("\n")}\n`;
  writeFileSync(join(ROOT, "test/mutation/SCORES.md"), text);
  console.log(`\n${table.join("\n")}\n`);
  for (const s of rows) {
    const open = s.survivors.filter((v) => !known.has(matchKey(v)));
    const claimed = s.survivors.filter((v) => known.get(matchKey(v)) === "killed");
    if (open.length) console.log(`${s.name}: ${open.length} surviving mutant(s) not in triage.md:\n${open.map((v) => `- ${survivorKey(v)} — `).join("\n")}\n`);
    if (claimed.length) console.log(`${s.name}: ${claimed.length} mutant(s) triage.md says a test kills, still alive in the last run (rerun the folder, or fix the test):\n${claimed.map((v) => `- ${survivorKey(v)}`).join("\n")}\n`);
  }
}

/** The test files each "killed by" line of triage.md names, by key without the line number. */
function killClaims(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of readFileSync(join(ROOT, "test/mutation/triage.md"), "utf8").split("\n")) {
    const m = /^- (\S+):\d+ (\w+) (`.*`) → (`.*`) — killed by (.*)$/.exec(line);
    if (m) out.set(`${m[1]} ${m[2]} ${m[3]} → ${m[4]}`, [...new Set(m[5]!.match(/test\/[\w./-]+\.test\.ts/g) ?? [])]);
  }
  return out;
}

/** The source with mutant `m` applied, or null when its text is no longer within 10 lines of where it was. */
function applyMutant(reportSource: string, current: string, m: Mutant): string | null {
  const was = reportSource.split("\n");
  const now = current.split("\n");
  const { start, end } = m.location;
  for (let d = 0; d <= 10; d++) {
    for (const line of new Set([start.line - d, start.line + d])) {
      if (line < 1 || now[line - 1] !== was[start.line - 1]) continue;
      const offset = (lines: string[], l: number, c: number) => lines.slice(0, l - 1).reduce((a, t) => a + t.length + 1, 0) + c - 1;
      const a = offset(was, start.line, start.column);
      const b = offset(was, end.line, end.column);
      const shift = line - start.line;
      const ca = offset(now, start.line + shift, start.column);
      const cb = offset(now, end.line + shift, end.column);
      if (current.slice(ca, cb) !== reportSource.slice(a, b)) continue;
      return current.slice(0, ca) + (m.replacement ?? "") + current.slice(cb);
    }
  }
  return null;
}

function verifyClaims(name: string): number {
  const file = join(ROOT, `reports/mutation/${name}.json`);
  if (!existsSync(file)) throw new Error(`no report for ${name}: run npm run mutate -- ${name} first`);
  const report = JSON.parse(readFileSync(file, "utf8")) as Report;
  const claims = killClaims();
  let wrong = 0;
  let checked = 0;
  for (const [path, { source, mutants }] of Object.entries(report.files)) {
    const target = join(ROOT, path);
    const current = readFileSync(target, "utf8");
    try {
      for (const m of mutants) {
        if (m.status !== "Survived" && m.status !== "NoCoverage") continue;
        const s: Survivor = { file: path, line: m.location.start.line, mutator: m.mutatorName, original: originalText(source, m), replacement: oneLine(m.replacement ?? "") };
        const tests = claims.get(matchKey(s));
        if (!tests) continue;
        const mutated = applyMutant(source, current, m);
        if (mutated === null || tests.length === 0) {
          console.log(`- ${survivorKey(s)}: ${mutated === null ? "its code changed; cannot apply" : "the line names no test file"}`);
          wrong++;
          continue;
        }
        writeFileSync(target, mutated);
        const r = spawnSync("npx", ["vitest", "run", ...tests], { cwd: ROOT, encoding: "utf8" });
        writeFileSync(target, current);
        checked++;
        if (r.status === 0) {
          console.log(`- ${survivorKey(s)}: ${tests.join(", ")} still pass`);
          wrong++;
        }
      }
    } finally {
      writeFileSync(target, current);
    }
  }
  console.log(`${name}: ${checked} "killed by" claims checked, ${wrong} not borne out`);
  return wrong;
}

if (verify) {
  let wrong = 0;
  for (const name of names.length ? names : folders.filter((n) => existsSync(join(ROOT, `reports/mutation/${n}.json`)))) wrong += verifyClaims(name);
  process.exit(wrong ? 1 : 0);
}

if (!reportOnly) {
  for (const name of folders) {
    console.log(`\n== ${name} (concurrency ${concurrency}) ==`);
    const r = spawnSync("npx", ["stryker", "run", "test/mutation/stryker.config.mjs"], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, RTC_MUTATE_FOLDER: name, RTC_MUTATE_CONCURRENCY: concurrency },
    });
    if (r.status !== 0) {
      console.error(`stryker failed on ${name} (exit ${r.status})`);
      process.exit(r.status ?? 1);
    }
  }
}
writeScores();
