// One task: whole input lines → output lines. Shared by the worker threads and the single-thread path.

import type { ParseOne } from "./template.ts";
import type { ResultMessage, TaskMessage } from "./protocol.ts";
import { processRecord } from "./record.ts";

const decoder = new TextDecoder();

export function runTask(parse: ParseOne, task: TaskMessage): ResultMessage {
  const lines = decoder.decode(task.bytes).split("\n");
  const out: string[] = [];
  let errors = 0;
  lines.forEach((raw, i) => {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (!line.trim()) return;
    const r = processRecord(parse, line, task.firstLine + i);
    out.push(r.line);
    if (r.error) errors++;
  });
  const bytes = Buffer.from(out.length ? out.join("\n") + "\n" : "");
  return { seq: task.seq, bytes, records: out.length, errors };
}
