// rtc parse --batch: the CLI side of compiler/batch (parse.ts hands over when --batch is given).

import { runBatch } from "../batch/run.ts";

export interface BatchCliValues {
  template?: string;
  batch?: string;
  out?: string;
  jobs?: string;
}

export async function runBatchCli(values: BatchCliValues): Promise<number> {
  if (!values.template) throw new Error("parse --batch: -t <template.json|name> is required");
  let jobs: number | undefined;
  if (values.jobs !== undefined) {
    jobs = Number(values.jobs);
    if (!Number.isInteger(jobs) || jobs < 1) throw new Error(`parse: --jobs takes a positive whole number, got "${values.jobs}"`);
  }
  if (!values.out) {
    // `rtc parse --batch … | head`: a closed pipe ends the run quietly.
    process.stdout.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code === "EPIPE") process.exit(0);
      throw e;
    });
  }
  await runBatch({ template: values.template, input: values.batch!, output: values.out, jobs });
  return 0; // failed records are reported in the output and the summary, not by the exit code
}
