// npm run mutate -- [folder …] [--concurrency N] [--report | --verify | --timeouts | --killers folder test-file…]
// Mutation testing (StrykerJS + its vitest runner) over the runtime and the code generator, one folder at a
// time (test/mutation/folders.json), in the order given (default: all). After each folder it updates
// test/mutation/SCORES.md and lists the surviving mutants that test/mutation/triage.md does not explain.
// `--report` only re-reads the last reports (reports/mutation/<folder>.json) and does both.
// `--verify folder…` checks triage.md's "killed by" claims without a Stryker run: each such survivor of the
// last report is applied to the current source (found by its line's text if lines moved), the test files
// its line names are run, and the claims whose tests still pass are listed (exit 1 if any).
// `--killers folder test-file…` helps triage: each survivor of the folder's last report that triage.md does
// not explain is applied in turn, the given test files are run, and a triage line is printed naming the
// first test that fails (or left open when all pass). It edits the source in place while it runs.
// `--timeouts folder…` rechecks the mutants Stryker stopped for time (not those stopped by its hit counter,
// which counts loop iterations whatever the load): each is applied, the test files covering it run with a
// limit of 4× their time without it plus 30 s, and the report's status becomes what that run shows
// (Killed, Survived, or Timeout confirmed). On a busy machine Stryker's time limit also stops slow runs.
// Not part of `npm test` or CI: a full run takes hours on two cores (see test/mutation/README.md).

import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
const ROOT = join(import.meta.dirname, "..");
/** Folder name → the files it mutates (globs). */
const FOLDERS = JSON.parse(readFileSync(join(ROOT, "test/mutation/folders.json"), "utf8")) as Record<string, string[] | { mutate: string[]; tests: string }>;
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
const killers = args.includes("--killers");
const timeouts = args.includes("--timeouts");
const testFiles = killers ? args.filter((a) => a.endsWith(".test.ts")) : [];
const names = args.filter((a) => !a.startsWith("--") && !testFiles.includes(a));
for (const n of names) if (!(n in FOLDERS)) throw new Error(`unknown folder ${n}; one of ${Object.keys(FOLDERS).join(", ")}`);
const folders = names.length ? names : Object.keys(FOLDERS);

interface Mutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: "Killed" | "Survived" | "NoCoverage" | "Timeout" | "CompileError" | "RuntimeError" | "Ignored" | "Pending";
  statusReason?: string;
  /** Ids of the tests that reach it (Stryker's per-test coverage). */
  coveredBy?: string[];
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
  testFiles?: Record<string, { tests: { id: string }[] }>;
}

/** A surviving mutant as triage.md names it: file, line, mutator, original text → replacement. */
interface Survivor {
  file: string;
  line: number;
  mutator: string;
  original: string;
  replacement: string;
  /** The mutant in its report, and the source it was made on. */
  mutant: Mutant;
  source: string;
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

/** One line of triage.md: its verdict and, for "killed by", the test files it names. */
interface Verdict {
  /** The line of triage.md. */
  text: string;
  file: string;
  line: number;
  kind: "killed" | "explained";
  tests: string[];
}

/** triage.md's lines (`- <key> — <verdict>`) by key without the line number (see `assignVerdicts`). */
function triaged(): Map<string, Verdict[]> {
  const file = join(ROOT, "test/mutation/triage.md");
  const out = new Map<string, Verdict[]>();
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const m = /^- (\S+):(\d+) (\w+) (`.*`) → (`.*`) — (killed by|equivalent:|accepted:)(.*)$/.exec(line);
    if (!m) {
      if (/^- (runtime|compiler|ai-sdk|generated)\//.test(line)) throw new Error(`triage.md: not a triage line (- <file>:<line> <Mutator> \`a\` → \`b\` — killed by|equivalent:|accepted: …): ${line}`);
      continue;
    }
    const key = `${m[1]} ${m[3]} ${m[4]} → ${m[5]}`;
    const tests = m[6] === "killed by" ? [...new Set(m[7]!.match(/test\/[\w./-]+\.test\.ts/g) ?? [])] : [];
    out.set(key, [...(out.get(key) ?? []), { text: line, file: m[1]!, line: Number(m[2]), kind: m[6] === "killed by" ? "killed" : "explained", tests }]);
  }
  return out;
}

/**
 * Which triage line explains which survivor. Each line explains one mutant: a line's number is only a hint
 * (code moves after a run), so survivors take the lines of their key nearest first, and a mutant elsewhere
 * that makes the same change (`this.issues` → `false` on another line) is not covered by someone else's
 * verdict. Assigned over every folder at once, since one file can span folders (stream.ts).
 */
function assignVerdicts(survivors: Survivor[], known = triaged()): Map<Survivor, Verdict> {
  const pairs: { s: Survivor; v: Verdict; d: number }[] = [];
  for (const s of survivors) for (const v of known.get(matchKey(s)) ?? []) pairs.push({ s, v, d: Math.abs(v.line - s.line) });
  pairs.sort((a, b) => a.d - b.d);
  const out = new Map<Survivor, Verdict>();
  const used = new Set<Verdict>();
  for (const { s, v } of pairs) {
    if (out.has(s) || used.has(v)) continue;
    out.set(s, v);
    used.add(v);
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
  /** Survivors whose code is no longer in the current source (removed or rewritten since the run). */
  gone: Set<Survivor>;
}

function score(name: string): FolderScore | null {
  const file = join(ROOT, `reports/mutation/${name}.json`);
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, "utf8")) as Report;
  const s: FolderScore = { name, killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0, errors: 0, survivors: [], gone: new Set() };
  for (const [path, { source, mutants }] of Object.entries(report.files)) {
    const current = existsSync(join(ROOT, path)) ? readFileSync(join(ROOT, path), "utf8") : "";
    for (const m of mutants) {
      if (m.status === "Killed") s.killed++;
      else if (m.status === "Timeout") s.timeout++;
      else if (m.status === "Ignored") s.ignored++;
      else if (m.status === "CompileError" || m.status === "RuntimeError") s.errors++;
      else {
        if (m.status === "Survived") s.survived++;
        else s.noCoverage++;
        const v: Survivor = {
          file: path,
          line: m.location.start.line,
          mutator: m.mutatorName,
          original: originalText(source, m),
          replacement: oneLine(m.replacement ?? ""),
          mutant: m,
          source,
        };
        s.survivors.push(v);
        if (applyMutant(source, current, m) === null) s.gone.add(v);
      }
    }
  }
  return s;
}

const pct = (s: FolderScore) => {
  const valid = s.killed + s.timeout + s.survived + s.noCoverage;
  return valid === 0 ? "–" : `${((100 * (s.killed + s.timeout)) / valid).toFixed(1)}%`;
};

/** Every folder that has a report. */
const allScores = () =>
  Object.keys(FOLDERS)
    .map(score)
    .filter((s): s is FolderScore => s !== null);

function writeScores(): void {
  const rows = allScores();
  const known = triaged();
  const verdicts = assignVerdicts(rows.flatMap((s) => s.survivors), known);
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).stdout.trim();
  const table = [
    "| folder | score | killed | timeout | survived | no coverage | ignored (static) | killed by later tests | equivalent or accepted | code since changed | untriaged | score with later tests |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map((s) => {
      const verdict = (v: Survivor) => verdicts.get(v)?.kind ?? (s.gone.has(v) ? "gone" : "open");
      const count = (k: string) => s.survivors.filter((v) => verdict(v) === k).length;
      const valid = s.killed + s.timeout + s.survived + s.noCoverage;
      const later = valid ? `${((100 * (s.killed + s.timeout + count("killed"))) / valid).toFixed(1)}%` : "–";
      const entry = FOLDERS[s.name]!;
      const name = Array.isArray(entry) ? s.name : `${s.name} (${entry.tests} tests)`;
      return `| ${name} | ${pct(s)} | ${s.killed} | ${s.timeout} | ${s.survived} | ${s.noCoverage} | ${s.ignored} | ${count("killed")} | ${count("explained")} | ${count("gone")} | ${count("open")} | ${later} |`;
    }),
  ];
  const text = `# Mutation scores\n\nWritten by \`npm run mutate\` from the last report of each folder (reports/mutation/, not committed; tables written at commit ${commit}). Score = (killed + timeout) / (killed + timeout + survived + no coverage). Of the survivors: *killed by later tests* are those [triage.md](triage.md) names a test for, added after the run (\`npm run mutate -- --verify <folder>\` checks each by applying it; a rerun of the folder counts them as killed); *equivalent or accepted* are explained there; *code since changed* are on code rewritten or removed after the run; *untriaged* are none of these. *Score with later tests* counts the later kills as killed. Timeouts are Stryker's (its hit counter, or its time limit), except where \`npm run mutate -- --timeouts\` has rerun a time-limited one with a generous limit and recorded what that run showed. A folder marked *(regex tests)* or *(engine tests)* ran only a narrower test set (TEST_SETS in test/mutation/vitest.config.ts: the regex runtime's own suites; the engine's suites, recorded sessions and templates); its survivors are triaged against the whole suite.\n\n${table.join("\n")}\n`;
  writeFileSync(join(ROOT, "test/mutation/SCORES.md"), text);
  console.log(`\n${table.join("\n")}\n`);
  for (const s of rows) {
    const open = s.survivors.filter((v) => !verdicts.has(v) && !s.gone.has(v));
    const claimed = s.survivors.filter((v) => verdicts.get(v)?.kind === "killed");
    if (open.length) console.log(`${s.name}: ${open.length} surviving mutant(s) not in triage.md:\n${open.map((v) => `- ${survivorKey(v)} — `).join("\n")}\n`);
    if (claimed.length) console.log(`${s.name}: ${claimed.length} mutant(s) triage.md says a test kills, still alive in the last run (rerun the folder, or fix the test):\n${claimed.map((v) => `- ${survivorKey(v)}`).join("\n")}\n`);
  }
  // Lines on a reported file that explain no survivor: killed by a rerun since (the line can go), or a key
  // that names no mutant (a typo: the mutant it meant is then listed as untriaged above).
  const files = new Set(rows.flatMap((s) => s.survivors.map((v) => v.file)));
  const used = new Set(verdicts.values());
  const idle = [...known.values()].flat().filter((v) => files.has(v.file) && !used.has(v));
  if (idle.length) console.log(`${idle.length} triage.md line(s) explain no survivor of the last reports:\n${idle.map((v) => v.text.slice(0, 160)).join("\n")}\n`);
}

/**
 * A mutant's text as it is spliced in. Stryker replaces a node of the syntax tree; spliced as text, an
 * operand's new operator would bind with its neighbours (`a && b && c` with `a && b` → `a || b` would read
 * `a || (b && c)`), so a binary operator's replacement is parenthesized.
 */
function replacementText(m: Mutant): string {
  const r = m.replacement ?? "";
  return ["LogicalOperator", "EqualityOperator", "ArithmeticOperator"].includes(m.mutatorName) ? `(${r})` : r;
}

/**
 * The source with mutant `m` applied, or null when its text is no longer within `window` lines of where it
 * was (the nearest place first).
 */
function applyMutant(reportSource: string, current: string, m: Mutant, window = 10): string | null {
  const was = reportSource.split("\n");
  const now = current.split("\n");
  const { start, end } = m.location;
  for (let d = 0; d <= window; d++) {
    for (const line of new Set([start.line - d, start.line + d])) {
      if (line < 1 || now[line - 1] !== was[start.line - 1]) continue;
      const offset = (lines: string[], l: number, c: number) => lines.slice(0, l - 1).reduce((a, t) => a + t.length + 1, 0) + c - 1;
      const a = offset(was, start.line, start.column);
      const b = offset(was, end.line, end.column);
      const shift = line - start.line;
      const ca = offset(now, start.line + shift, start.column);
      const cb = offset(now, end.line + shift, end.column);
      if (current.slice(ca, cb) !== reportSource.slice(a, b)) continue;
      return current.slice(0, ca) + replacementText(m) + current.slice(cb);
    }
  }
  return null;
}

/** A mutant may loop forever: the test run is stopped after this long, which counts as killing it. */
const TEST_TIMEOUT_MS = 180_000;
/** How long `--timeouts` lets a mutant's covering tests run without it. */
const BASELINE_LIMIT_MS = 900_000;
/** How `--timeouts` marks a status it has set (and skips it the next time). */
const RECHECKED = "rechecked by npm run mutate -- --timeouts:";

/**
 * Runs vitest in a process group of its own, so that a run stopped for its time limit takes its workers
 * with it (a worker in an endless loop outlives its parent otherwise). Null status: stopped.
 */
function runTests(args: string[], limitMs = TEST_TIMEOUT_MS): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn("npx", ["vitest", "run", ...args], { cwd: ROOT, stdio: "ignore", detached: true });
    const stop = () => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(stop, limitMs);
    process.once("exit", stop);
    child.on("exit", (status) => {
      clearTimeout(timer);
      process.off("exit", stop);
      resolve(status);
    });
  });
}

/** Runs `f` with `target` holding `mutated`, and puts `current` back after, also on Ctrl-C or kill. */
async function withMutant<T>(target: string, current: string, mutated: string, f: () => Promise<T>): Promise<T> {
  const restore = () => writeFileSync(target, current);
  const onSignal = (signal: NodeJS.Signals) => {
    restore();
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    writeFileSync(target, mutated);
    return await f();
  } finally {
    restore();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

/** `killed by <file> › <test>` for the first of `tests`' tests that fails with `s` applied, or null. */
async function firstKiller(s: Survivor, tests: string[]): Promise<string | null> {
  const target = join(ROOT, s.file);
  const current = readFileSync(target, "utf8");
  const mutated = applyMutant(s.source, current, s.mutant)!;
  const out = join(ROOT, "reports/mutation/killers.json");
  rmSync(out, { force: true });
  const status = await withMutant(target, current, mutated, () => runTests([...tests, "--reporter=json", `--outputFile=${out}`]));
  if (status === null || !existsSync(out)) return `killed by ${tests.join(", ")} (stopped after ${TEST_TIMEOUT_MS / 1000} s: an endless loop)`;
  const results = JSON.parse(readFileSync(out, "utf8")) as { testResults: { name: string; status: string; assertionResults: { status: string; ancestorTitles: string[]; title: string }[] }[] };
  for (const file of results.testResults) {
    const failed = file.assertionResults.find((a) => a.status === "failed");
    if (failed) return `killed by ${file.name.slice(ROOT.length + 1)} › ${[...failed.ancestorTitles, failed.title].join(" › ")}`;
  }
  // A file that fails to load has no assertions: it fails as a whole.
  const broken = results.testResults.find((f) => f.status === "failed");
  if (broken) return `killed by ${broken.name.slice(ROOT.length + 1)} (the file fails to load)`;
  // A worker that dies (out of memory: a mutant that grows a list forever) leaves its test "pending" in a
  // report that says passed; only the exit status tells.
  return status === 0 ? null : `killed by ${tests.join(", ")} (the run failed with no failing test: a worker died, e.g. out of memory)`;
}

async function verifyClaims(folder: FolderScore, verdicts: Map<Survivor, Verdict>): Promise<number> {
  let wrong = 0;
  let checked = 0;
  for (const s of folder.survivors) {
    const verdict = verdicts.get(s);
    if (verdict?.kind !== "killed") continue;
    const target = join(ROOT, s.file);
    const current = readFileSync(target, "utf8");
    const mutated = applyMutant(s.source, current, s.mutant);
    if (mutated === null || verdict.tests.length === 0) {
      console.log(`- ${survivorKey(s)}: ${mutated === null ? "its code changed; cannot apply" : "the line names no test file"}`);
      wrong++;
      continue;
    }
    const status = await withMutant(target, current, mutated, () => runTests(verdict.tests));
    checked++;
    // A run stopped for its time limit (the mutant loops forever) killed it, as Stryker's Timeout does.
    if (status === 0) {
      console.log(`- ${survivorKey(s)}: ${verdict.tests.join(", ")} still pass`);
      wrong++;
    }
  }
  console.log(`${folder.name}: ${checked} "killed by" claims checked, ${wrong} not borne out`);
  return wrong;
}

/** `--timeouts`: the folder's time-limited mutants rerun with a generous limit; the report is rewritten after each. */
async function recheckTimeouts(name: string): Promise<void> {
  const file = join(ROOT, `reports/mutation/${name}.json`);
  const report = JSON.parse(readFileSync(file, "utf8")) as Report;
  const fileOf = new Map<string, string>();
  for (const [path, { tests }] of Object.entries(report.testFiles ?? {})) for (const t of tests) fileOf.set(t.id, path);
  const baselines = new Map<string, number | null>();
  const counts = { Killed: 0, Survived: 0, Timeout: 0, skipped: 0 };
  for (const [path, { source, mutants }] of Object.entries(report.files)) {
    for (const m of mutants) {
      if (m.status !== "Timeout" || m.statusReason?.startsWith("Hit limit") || m.statusReason?.startsWith(RECHECKED)) continue;
      const tests = [...new Set((m.coveredBy ?? []).map((id) => fileOf.get(id)))].filter((f): f is string => f !== undefined).sort();
      const target = join(ROOT, path);
      const current = readFileSync(target, "utf8");
      // A timeout is not triaged by its line: its code may have moved further since the run.
      const mutated = applyMutant(source, current, m, 1000);
      if (mutated === null || tests.length === 0) {
        console.log(`- ${path}:${m.location.start.line} ${m.mutatorName}: ${mutated === null ? "its code changed; cannot apply" : "no covering test in the report"}`);
        counts.skipped++;
        continue;
      }
      const key = tests.join(" ");
      let base = baselines.get(key);
      if (base === undefined) {
        // Without the mutant (a covering set can be most of the suite: minutes on a busy machine).
        const t0 = Date.now();
        base = (await runTests(tests, BASELINE_LIMIT_MS)) === 0 ? Date.now() - t0 : null;
        baselines.set(key, base);
      }
      if (base === null) {
        console.log(`- ${path}:${m.location.start.line} ${m.mutatorName}: its ${tests.length} covering test file(s) fail or take over ${BASELINE_LIMIT_MS / 60_000} min without it; left as it was`);
        counts.skipped++;
        continue;
      }
      const limit = 4 * base + 30_000;
      const status = await withMutant(target, current, mutated, () => runTests(tests, limit));
      m.status = status === null ? "Timeout" : status === 0 ? "Survived" : "Killed";
      m.statusReason = `${RECHECKED} ${tests.length} test file(s) ${status === null ? `stopped after ${(limit / 1000).toFixed(0)} s` : status === 0 ? "pass" : "fail"} (${(base / 1000).toFixed(0)} s without the mutant)`;
      counts[m.status]++;
      console.log(`- ${path}:${m.location.start.line} ${m.mutatorName} → ${m.status}`);
      writeFileSync(file, JSON.stringify(report));
    }
  }
  console.log(`${name}: timeouts rechecked: ${counts.Timeout} still stop, ${counts.Killed} killed, ${counts.Survived} survived, ${counts.skipped} left as they were`);
}

if (timeouts) {
  for (const n of folders) if (existsSync(join(ROOT, `reports/mutation/${n}.json`))) await recheckTimeouts(n);
  writeScores();
  process.exit(0);
}

if (verify) {
  for (const n of names) if (!existsSync(join(ROOT, `reports/mutation/${n}.json`))) throw new Error(`no report for ${n}: run npm run mutate -- ${n} first`);
  const rows = allScores();
  const verdicts = assignVerdicts(rows.flatMap((s) => s.survivors));
  let wrong = 0;
  for (const folder of rows) if (!names.length || names.includes(folder.name)) wrong += await verifyClaims(folder, verdicts);
  process.exit(wrong ? 1 : 0);
}

if (killers) {
  if (names.length !== 1 || !testFiles.length) throw new Error("usage: npm run mutate -- --killers <folder> <test file>…");
  const rows = allScores();
  const verdicts = assignVerdicts(rows.flatMap((s) => s.survivors));
  const folder = rows.find((s) => s.name === names[0]);
  if (!folder) throw new Error(`no report for ${names[0]}: run npm run mutate -- ${names[0]} first`);
  for (const s of folder.survivors) {
    if (verdicts.has(s) || folder.gone.has(s)) continue;
    console.log(`- ${survivorKey(s)} — ${(await firstKiller(s, testFiles)) ?? ""}`);
  }
  process.exit(0);
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
