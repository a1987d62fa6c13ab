// rtc parse --batch: a JSONL file of records in, one result line per record out, in input order.
// Memory stays bounded whatever the file size: input is read in 256 KB chunks, each cut at its last line
// end into a task, at most three tasks per worker are queued or running, reading pauses while output is
// blocked, and results are written as soon as every earlier one has been. A record that fails becomes an
// `{id, error}` line; nothing a record contains stops the batch. Files are checked before anything is
// written: a missing input, an output that is the input (by any path), or an output folder that does not
// exist stop the run with one error naming the file.

import { statSync, type Stats } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { once } from "node:events";
import { availableParallelism } from "node:os";
import type { Readable, Writable } from "node:stream";
import { Worker } from "node:worker_threads";
import type { ResultMessage, TaskMessage } from "./protocol.ts";
import type { OnError } from "response-template/runtime";
import { clearLine, renderBar, summaryLine, type Progress } from "./progress.ts";
import { runTask, type TaskContext } from "./task.ts";
import { openTemplate } from "./template.ts";

/** Options of runBatch, one per `rtc parse --batch` flag. */
export interface BatchOptions {
  /** Template file or name. */
  template: string;
  /** Input JSONL path, or "-" for stdin. */
  input: string;
  /** Output path; stdout when absent. */
  output?: string;
  /** Worker threads; 1 parses on the main thread. Default and maximum (with a warning on `log`): the
   * machine's available parallelism. */
  jobs?: number;
  /** The prefix of records that have none; without it such records are errors (the API requires a prefix). */
  defaultPrefix?: string;
  /** Draw a progress bar on stderr: default when stderr is a terminal. */
  progress?: boolean;
  /** Where the bar and the summary line go (default process.stderr). */
  log?: NodeJS.WritableStream & { isTTY?: boolean };
  /** Print the summary line (default true). */
  summary?: boolean;
  /** "recover": records carry `message` and `errors` instead of failing on a bad region (default "throw"). */
  onError?: OnError;
}

/** What a finished batch reports (also printed as `summary` on `log`). */
export interface BatchSummary {
  /** Records read (error lines included). */
  records: number;
  /** Records written as `{id, error}` lines. */
  errors: number;
  /** Input bytes read. */
  bytes: number;
  /** Wall-clock seconds of the whole run. */
  seconds: number;
  /** Seconds until the first worker thread was ready (the main thread parses until then). */
  startupSeconds: number;
  /** Worker threads used (after lowering to the available parallelism). */
  jobs: number;
  /** The one-line summary, as written to `log`. */
  summary: string;
}

const NL = 0x0a;

function countNewlines(b: Uint8Array): number {
  let n = 0;
  for (let i = b.indexOf(NL); i >= 0; i = b.indexOf(NL, i + 1)) n++;
  return n;
}

/**
 * `rtc parse --batch`: parses a JSONL file of records (`{text, prefix, id?, tools?, …}`) into one result line
 * per record, in input order, on `jobs` worker threads with bounded memory. A bad record becomes an
 * `{id, error}` line and the batch goes on. Rejects, before writing anything, for a template that does not
 * load, a missing input or output folder, or an output that is the input file.
 */
export async function runBatch(options: BatchOptions): Promise<BatchSummary> {
  const log = options.log ?? process.stderr;
  const cores = availableParallelism();
  const jobs = Math.max(1, Math.min(Math.floor(options.jobs ?? cores), cores));
  if (options.jobs !== undefined && options.jobs > cores) {
    log.write(`rtc: warning: --jobs ${options.jobs} is more than this machine's ${cores} available core(s); using ${jobs}\n`);
  }
  const onError = options.onError ?? "throw";
  const resolved = await openTemplate(options.template, onError); // load errors stop here, before any output
  const context: TaskContext = { source: options.input === "-" ? "stdin" : options.input, defaultPrefix: options.defaultPrefix };
  const files = await openFiles(options.input, options.output);
  const input: Readable = files.input ? files.input.createReadStream({ highWaterMark: 1 << 18 }) : process.stdin;
  const output: Writable = files.output ? files.output.createWriteStream() : process.stdout;
  const progress: Progress = {
    bytes: 0,
    totalBytes: files.inputStat?.size ?? null,
    records: 0,
    errors: 0,
    started: performance.now(),
  };
  const showBar = options.progress ?? Boolean(log.isTTY);
  const timer = showBar ? setInterval(() => log.write(renderBar(progress)), 100) : null;

  // ---- ordered output ----
  const done = new Map<number, ResultMessage>();
  let nextOut = 0;
  let blocked = false;
  let wake: (() => void) | null = null;
  const signal = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const onDrain = () => {
    blocked = false;
    signal();
  };
  const deliver = (r: ResultMessage) => {
    done.set(r.seq, r);
    while (done.has(nextOut)) {
      const res = done.get(nextOut)!;
      done.delete(nextOut++);
      progress.records += res.records;
      progress.errors += res.errors;
      if (res.bytes.length && !output.write(res.bytes) && !blocked) {
        blocked = true;
        output.once("drain", onDrain);
      }
    }
    signal();
  };

  // ---- workers ----
  // Workers take a moment to start (each loads the runtime); until the first is ready the main thread parses
  // tasks itself, so start-up costs nothing but that overlap.
  const workers = jobs > 1 ? spawnWorkers(jobs, resolved.descriptor, context, onError) : [];
  let ready = 0;
  let startupSeconds = 0;
  let inflight = 0;
  let failure: Error | null = null;
  const idle: Worker[] = [];
  output.on("error", (e) => {
    failure = e;
    signal();
  });
  for (const w of workers) {
    w.on("message", (m: ResultMessage | { ready: true }) => {
      if ("ready" in m) {
        if (ready++ === 0) startupSeconds = (performance.now() - progress.started) / 1000;
      } else {
        inflight--;
        deliver(m);
      }
      idle.push(w);
      pump();
      signal();
    });
    w.on("error", (e) => {
      failure = e;
      signal();
    });
  }
  const queue: TaskMessage[] = [];
  const pump = () => {
    while (idle.length && queue.length) {
      const w = idle.pop()!;
      const task = queue.shift()!;
      inflight++;
      w.postMessage(task, [task.bytes.buffer as ArrayBuffer]);
    }
  };
  const waitFor = async (busy: () => boolean) => {
    while (!failure && busy()) {
      await new Promise<void>((r) => (wake = r));
      pump();
    }
    if (failure) throw failure;
  };

  let seq = 0;
  let line = 0;
  const dispatch = async (bytes: Uint8Array) => {
    const task: TaskMessage = { seq: seq++, firstLine: line, firstByte: progress.bytes, bytes };
    progress.bytes += bytes.length;
    line += countNewlines(bytes);
    if (ready === 0) deliver(runTask(resolved.parse, task, context));
    else {
      queue.push(task);
      pump();
    }
    // Back-pressure: a bounded number of tasks queued or running, and nothing while output is blocked.
    await waitFor(() => blocked || queue.length + inflight >= jobs * 3);
  };

  try {
    let rest: Buffer | null = null;
    for await (const chunk of input as AsyncIterable<Buffer>) {
      const buf: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk;
      const lastNl = buf.lastIndexOf(NL);
      if (lastNl < 0) {
        rest = buf;
        continue;
      }
      // Copy the whole lines into a buffer of their own, so it can be transferred to a worker.
      await dispatch(new Uint8Array(buf.subarray(0, lastNl + 1)));
      rest = lastNl + 1 < buf.length ? Buffer.from(buf.subarray(lastNl + 1)) : null;
    }
    if (rest) await dispatch(new Uint8Array(rest));
    await waitFor(() => inflight > 0 || queue.length > 0 || blocked);
  } finally {
    if (timer) {
      clearInterval(timer);
      log.write(clearLine());
    }
    await Promise.all(workers.map((w) => w.terminate()));
    await files.input?.close();
  }
  if (files.output) {
    output.end();
    await once(output, "finish");
  }
  const summary = summaryLine(progress, jobs);
  if (options.summary ?? true) log.write(`rtc parse --batch: ${summary}\n`);
  return {
    records: progress.records,
    errors: progress.errors,
    bytes: progress.bytes,
    seconds: (performance.now() - progress.started) / 1000,
    startupSeconds,
    jobs,
    summary,
  };
}

/** Worker threads running worker.js, or worker.ts through tsx's loader when running from source (a .ts
 * entry cannot be a Worker file directly; the source condition resolves the core package to its .ts files).
 * Each posts `{ready: true}` once it has loaded the template. */
function spawnWorkers(n: number, template: string, context: TaskContext, onError: OnError): Worker[] {
  const fromSource = import.meta.url.endsWith(".ts");
  const entry = new URL(fromSource ? "./worker.ts" : "./worker.js", import.meta.url).href;
  let boot = `import(${JSON.stringify(entry)});`;
  const execArgv = [...process.execArgv];
  if (fromSource) {
    const tsx = import.meta.resolve("tsx/esm/api");
    boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
    if (!execArgv.includes("--conditions=rtc-source")) execArgv.push("--conditions=rtc-source");
  }
  return Array.from({ length: n }, () => new Worker(boot, { eval: true, execArgv, workerData: { template, context, onError } }));
}

/** Opens the input and the output, refusing an output that is the input (whichever path names it: the
 * output is compared by device and inode before it is truncated). */
async function openFiles(
  inputPath: string,
  outputPath: string | undefined,
): Promise<{ input: FileHandle | null; inputStat: Stats | null; output: FileHandle | null }> {
  let input: FileHandle | null = null;
  let inputStat: Stats | null = null;
  if (inputPath !== "-") {
    input = await open(inputPath, "r");
    inputStat = await input.stat();
    if (inputStat.isDirectory()) {
      await input.close();
      throw new Error(`${inputPath}: is a directory, not a JSONL file`);
    }
  }
  if (outputPath === undefined) return { input, inputStat, output: null };
  const existing = statOrNull(outputPath);
  const same = existing && (inputStat ? existing.dev === inputStat.dev && existing.ino === inputStat.ino : false);
  if (same) {
    await input?.close();
    throw new Error(`--out ${outputPath}: is the input file ${inputPath}; writing it would destroy the input before it is read`);
  }
  try {
    return { input, inputStat, output: await open(outputPath, "w") };
  } catch (e) {
    await input?.close();
    throw e;
  }
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
