// Batch throughput: npx tsx compiler/batch/bench.ts [records=200000] [jobs...=1 2]
// (Load average matters: on a shared machine, compare runs made at the same time.)
// Generates a synthetic JSONL file (generate.ts), parses it with each job count, prints records/s and MB/s.

import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { writeBatchFile, writeTemplateFile } from "./generate.ts";
import { runBatch } from "./run.ts";

const n = Number(process.argv[2] ?? 200_000);
const jobList = process.argv.slice(3).map(Number);
const dir = mkdtempSync(join(tmpdir(), "rtc-batch-"));
try {
  const input = join(dir, "in.jsonl");
  const template = join(dir, "template.json");
  writeTemplateFile(template);
  await writeBatchFile(input, n);
  const size = statSync(input).size;
  console.log(`${n.toLocaleString("en-US")} records, ${(size / 1e6).toFixed(1)} MB`);
  for (const jobs of jobList.length ? jobList : [1, 2]) {
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const cpu0 = process.cpuUsage();
    const s = await runBatch({ template, input, output: join(dir, `out-${jobs}.jsonl`), jobs, summary: false, progress: false });
    clearInterval(sampler);
    const cpu = process.cpuUsage(cpu0);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    console.log(
      `jobs=${jobs}: ${Math.round(s.records / s.seconds).toLocaleString("en-US")} records/s, ${(s.bytes / 1e6 / s.seconds).toFixed(1)} MB/s ` +
        `(${s.seconds.toFixed(2)} s${jobs > 1 ? `; first worker ready after ${s.startupSeconds.toFixed(2)} s, the main thread parsing meanwhile` : ""}; ` +
        `${s.errors} errors; peak RSS ${(peak / 1e6).toFixed(0)} MB; ` +
        `${Math.round(s.records / cpuSeconds).toLocaleString("en-US")} records per CPU-second, which load on the machine does not change)`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
