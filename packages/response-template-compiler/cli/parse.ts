// rtc parse: model output on stdin → message JSON (or the event stream as JSON lines).

import { parseArgs } from "node:util";
import { readFileSync } from "node:fs";
import { createAnyParser as createResponseParser } from "../legacy/any.ts";
import type { JsonValue } from "response-template/runtime";
import { readStdin, readTemplateFile, toJson } from "./io.ts";

export async function runParse(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      template: { type: "string", short: "t" },
      prefix: { type: "string" },
      "prefix-file": { type: "string" },
      events: { type: "boolean", default: false },
      chunk: { type: "string" },
      batch: { type: "string" },
      out: { type: "string" },
      jobs: { type: "string" },
    },
  });
  if (values.batch) return (await import("./batch.ts")).runBatchCli(values);
  if (!values.template) throw new Error("parse: -t <template.json> is required");
  const template = readTemplateFile(values.template);
  const prefix = values["prefix-file"] ? readFileSync(values["prefix-file"], "utf8") : (values.prefix ?? "");
  const text = await readStdin();
  const parser = createResponseParser(template, { prefix });
  const chunkSize = values.chunk ? Number(values.chunk) : 0;
  if (values.chunk && !(Number.isInteger(chunkSize) && chunkSize > 0)) {
    throw new Error(`parse: --chunk takes a positive whole number, got "${values.chunk}"`);
  }
  const out: string[] = [];
  const emit = (events: unknown[]) => {
    if (values.events) for (const e of events) out.push(toJson(e as JsonValue));
  };
  emit(parser.initialEvents);
  const cps = chunkSize ? Array.from(text) : [];
  if (chunkSize) for (let i = 0; i < cps.length; i += chunkSize) emit(parser.feed(cps.slice(i, i + chunkSize).join("")));
  else emit(parser.feed(text));
  const { message, events } = parser.finalize();
  emit(events);
  if (!values.events) out.push(toJson(message));
  else if (process.stdout.isTTY && !process.env.NO_COLOR) return (await import("./render-events.ts")).renderEventLines(out, message);
  process.stdout.write(out.join("\n") + "\n");
  return 0;
}
