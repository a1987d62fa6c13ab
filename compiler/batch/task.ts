// One task: whole input lines → output lines. Shared by the worker threads and the single-thread path.
// Input bytes are decoded strictly: a record with invalid UTF-8 becomes an error line naming the byte offset
// in the input (never U+FFFD in place of the bytes).

import type { ParseOne } from "./template.ts";
import type { ResultMessage, TaskMessage } from "./protocol.ts";
import { failure, processRecord, type RecordOptions } from "./record.ts";
import { decodeUtf8, InvalidUtf8Error } from "../cli/utf8.ts";

export interface TaskContext extends RecordOptions {
  /** The input's name, for error messages. */
  source: string;
}

const NL = 0x0a;

export function runTask(parse: ParseOne, task: TaskMessage, context: TaskContext): ResultMessage {
  const out: string[] = [];
  let errors = 0;
  const add = (r: { line: string; error: boolean }) => {
    out.push(r.line);
    if (r.error) errors++;
  };
  const record = (raw: string, lineNo: number) => {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (line.trim()) add(processRecord(parse, line, lineNo, context));
  };
  let text: string | null;
  try {
    text = decodeUtf8(task.bytes, context.source, task.firstByte);
  } catch {
    text = null;
  }
  if (text !== null) text.split("\n").forEach((raw, i) => record(raw, task.firstLine + i));
  else {
    // Some line is not UTF-8: decode line by line (a newline byte never sits inside a multi-byte character).
    let start = 0;
    for (let lineNo = task.firstLine; start <= task.bytes.length; lineNo++) {
      const nl = task.bytes.indexOf(NL, start);
      const end = nl < 0 ? task.bytes.length : nl;
      try {
        record(decodeUtf8(task.bytes.subarray(start, end), context.source, task.firstByte + start), lineNo);
      } catch (e) {
        if (!(e instanceof InvalidUtf8Error)) throw e;
        add(failure(lineNo, [], `${e.message} (line ${lineNo + 1})`));
      }
      start = end + 1;
    }
  }
  const bytes = Buffer.from(out.length ? out.join("\n") + "\n" : "");
  return { seq: task.seq, bytes, records: out.length, errors };
}
