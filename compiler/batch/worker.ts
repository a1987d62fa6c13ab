// Batch worker thread: resolves the template once, then runs tasks (task.ts) as they arrive.

import { parentPort, workerData } from "node:worker_threads";
import type { TaskMessage } from "./protocol.ts";
import { runTask, type TaskContext } from "./task.ts";
import { openTemplate } from "./template.ts";
import type { OnError } from "response-template/runtime";

const { template, context, onError } = workerData as { template: string; context: TaskContext; onError: OnError };
const resolved = await openTemplate(template, onError);
const port = parentPort!;
port.on("message", (task: TaskMessage) => {
  const result = runTask(resolved.parse, task, context);
  const buf = result.bytes;
  // Transfer the output buffer when it owns its memory (small Buffers share a pool and must be copied).
  const own = buf.byteOffset === 0 && buf.byteLength === buf.buffer.byteLength;
  port.postMessage(result, own ? [buf.buffer as ArrayBuffer] : []);
});
port.postMessage({ ready: true });
