// rtc parse --batch: the CLI side of batch/ (parse.ts hands over when --batch is given; it has already
// refused the options that only apply to a single stream).

import { runBatch } from "../batch/run.ts";
import { UsageError } from "./errors.ts";

export interface BatchCliValues {
  template?: string;
  batch?: string;
  out?: string;
  jobs?: string;
  "default-prefix"?: string;
  onError?: "throw" | "recover";
}

export async function runBatchCli(values: BatchCliValues): Promise<number> {
  if (!values.template) throw new UsageError("parse --batch: -t <template.json|name> is required");
  let jobs: number | undefined;
  if (values.jobs !== undefined) {
    jobs = Number(values.jobs);
    if (!Number.isInteger(jobs) || jobs < 1) throw new UsageError(`parse --batch: --jobs takes a positive whole number, got "${values.jobs}"`);
  }
  if (!values.batch) throw new UsageError("parse --batch: give a JSONL file, or - for stdin");
  const options = { template: values.template, input: values.batch, output: values.out, jobs, defaultPrefix: values["default-prefix"], onError: values.onError };
  const result = await runBatch({ ...options, summary: false });
  // An empty input is almost always a mistake (a wrong file, nothing piped in): say so instead of a summary.
  if (!result.records) throw new Error(`${values.batch === "-" ? "stdin" : values.batch}: no records: the input is empty`);
  process.stderr.write(`rtc parse --batch: ${result.summary}\n`);
  return 0; // failed records are reported in the output and the summary, not by the exit code
}
