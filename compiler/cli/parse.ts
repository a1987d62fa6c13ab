// rtc parse: model output streaming in on stdin → the message at EOF, region events as they happen
// (--events), or OpenAI chat.completion.chunk objects as they happen (--openai, --sse). Text is fed to the
// parser as it arrives and output is written after every feed, waiting while stdout is full, so memory holds
// the parser's state (the message) and not the input or the output. --batch hands over to batch.ts.
// --on-error recover (both modes): a region that fails does not stop the parse; the message is then written
// as {message, errors}, --events ends with a {"type": "errors", errors} line, and --openai/--sse report the
// errors on stderr (see ParseIssue).

import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { finishChunk, roleChunk, toChunk, type ChatCompletionChunk, type ChatDelta, type OpenAIStreamOptions } from "response-template/openai";
import type { JsonValue, ParseIssue, ParseOptions, RegionEvent, ResponseFormat, ToolDefinition } from "response-template/runtime";
import { makeDict } from "response-template/runtime";
import { answerAs, openTemplate, type ResolvedTemplate } from "../batch/template.ts";
import { UsageError } from "./errors.ts";
import { describeError, Output, readTextFile, toJson } from "./io.ts";
import { EventView } from "./render-events.ts";
import { Utf8Stream } from "./utf8.ts";

const OPTIONS = {
  template: { type: "string", short: "t" },
  prefix: { type: "string" },
  "prefix-file": { type: "string" },
  tools: { type: "string" },
  "response-format": { type: "string" },
  events: { type: "boolean" },
  openai: { type: "boolean" },
  sse: { type: "boolean" },
  model: { type: "string" },
  chunk: { type: "string" },
  batch: { type: "string" },
  out: { type: "string" },
  jobs: { type: "string" },
  "default-prefix": { type: "string" },
  "on-error": { type: "string" },
} as const;

type Values = { [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]["type"] extends "boolean" ? boolean : string };

/** Options that only one mode reads: given in the other they are an error, not silently ignored. */
const STREAM_ONLY = ["prefix", "prefix-file", "tools", "response-format", "events", "openai", "sse", "model", "chunk"] as const;
const BATCH_ONLY = ["out", "jobs", "default-prefix"] as const;

export async function runParse(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: OPTIONS }) as { values: Values };
  const onError = values["on-error"] ?? "throw";
  if (onError !== "throw" && onError !== "recover") throw new UsageError(`parse: --on-error takes throw or recover, got "${onError}"`);
  const given = (keys: readonly (keyof Values)[]) => keys.filter((k) => values[k] !== undefined).map((k) => `--${k}`);
  if (values.batch !== undefined) {
    const wrong = given(STREAM_ONLY);
    if (wrong.length) throw new UsageError(`parse --batch: ${wrong.join(", ")} ${wrong.length > 1 ? "do" : "does"} not apply to a batch (records carry their own prefix and tools; see --default-prefix)`);
    return (await import("./batch.ts")).runBatchCli({ ...values, onError });
  }
  const wrong = given(BATCH_ONLY);
  if (wrong.length) throw new UsageError(`parse: ${wrong.join(", ")} only ${wrong.length > 1 ? "apply" : "applies"} with --batch`);
  if (!values.template) throw new UsageError("parse: -t <template.json|name> is required");
  if (values.events && (values.openai || values.sse)) throw new UsageError("parse: choose --events or --openai/--sse, not both");
  if (values.model !== undefined && !values.openai && !values.sse) throw new UsageError("parse: --model applies to --openai / --sse output");
  const options: ParseOptions = { prefix: readPrefix(values), onError };
  if (values.tools !== undefined) options.tools = readTools(values.tools);
  const format = values["response-format"];
  if (format !== undefined && format !== "json" && format !== "text") throw new UsageError(`parse: --response-format takes json or text, got "${format}"`);
  const chunk = chunkSize(values.chunk);
  const template = await openTemplate(values.template, onError);

  const sink =
    values.openai || values.sse
      ? openAISink(template, { ...options, responseFormat: format }, values)
      : values.events
        ? eventSink(template, options)
        : messageSink(template, options, format);
  const out = new Output();
  const input = new Utf8Stream("stdin");
  const pieces = chunk ? new CodePointChunker(chunk) : null;
  let fed = 0;
  const feed = async (text: string) => {
    let written: string;
    try {
      written = sink.feed(text);
    } catch (e) {
      throw new Error(`stdin, in the text from UTF-16 offset ${fed} to ${fed + text.length}: ${describeError(e)}`);
    }
    fed += text.length;
    await out.write(written);
  };
  // The first output (the OpenAI role chunk) waits for the first bytes, so that an empty stdin writes nothing.
  let started = false;
  for await (const bytes of process.stdin as AsyncIterable<Buffer>) {
    if (!bytes.length) continue;
    if (!started) await out.write(sink.start());
    started = true;
    const text = input.decode(bytes);
    if (!pieces) {
      if (text) await feed(text);
    } else for (const p of pieces.push(text)) await feed(p);
  }
  input.end();
  if (!started) throw new Error("stdin is empty: pipe the model output in, as in rtc parse -t qwen3 --prefix \"\" < output.txt");
  if (pieces) for (const p of pieces.end()) await feed(p);
  let last: string;
  try {
    last = sink.finish();
  } catch (e) {
    throw new Error(`stdin, at its end (UTF-16 offset ${fed}): ${describeError(e)}`);
  }
  await out.write(last);
  return 0;
}

/** Recover mode's errors as JSON values. */
function issues(errors: readonly ParseIssue[]): JsonValue {
  return errors.map((e) => makeDict(Object.entries(e)));
}

function readPrefix(values: Values): string {
  if (values.prefix !== undefined && values["prefix-file"] !== undefined) throw new UsageError("parse: give --prefix or --prefix-file, not both");
  if (values["prefix-file"] !== undefined) return readTextFile(values["prefix-file"]);
  if (values.prefix === undefined) {
    throw new UsageError('parse: --prefix is required: the prompt the output continues, which may open a region such as <think> (--prefix "" when there is none)');
  }
  return values.prefix;
}

function readTools(path: string): ToolDefinition[] {
  let tools: unknown;
  try {
    tools = JSON.parse(readTextFile(path));
  } catch (e) {
    if (e instanceof SyntaxError) throw new Error(`${path}: --tools: not valid JSON: ${e.message}`);
    throw e;
  }
  if (!Array.isArray(tools)) throw new Error(`${path}: --tools takes a JSON list of tool definitions`);
  return tools as ToolDefinition[];
}

function chunkSize(raw: string | undefined): number {
  if (raw === undefined) return 0;
  const n = Number(raw);
  if (!(Number.isInteger(n) && n > 0)) throw new UsageError(`parse: --chunk takes a positive whole number, got "${raw}"`);
  return n;
}

/** Cuts text arriving in arbitrary pieces into chunks of exactly `size` code points (the last may be shorter). */
class CodePointChunker {
  private pending = "";
  constructor(private readonly size: number) {}

  *push(text: string): Generator<string> {
    const s = this.pending + text;
    let start = 0;
    let count = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) i++;
      else if (c >= 0xd800 && c <= 0xdbff) break; // a high surrogate at the very end waits for its pair
      if (++count === this.size) {
        yield s.slice(start, i + 1);
        start = i + 1;
        count = 0;
      }
    }
    this.pending = s.slice(start);
  }

  *end(): Generator<string> {
    if (this.pending) yield this.pending;
    this.pending = "";
  }
}

/** What one output mode writes: at start, after each feed, and at the end. */
interface Sink {
  start(): string;
  feed(text: string): string;
  finish(): string;
}

/** The message at EOF (a JSON answer's fence unwrapped when `format` is json). */
function messageSink(template: ResolvedTemplate, options: ParseOptions, format: ResponseFormat | undefined): Sink {
  const parser = template.createParser(options);
  return {
    start: () => "",
    feed: (text) => {
      parser.feed(text);
      return "";
    },
    finish: () => {
      const { message, errors } = parser.finalize();
      answerAs(message, format);
      return toJson(errors ? makeDict([["message", message], ["errors", issues(errors)]]) : message) + "\n";
    },
  };
}

function eventSink(template: ResolvedTemplate, options: ParseOptions): Sink {
  const parser = template.createParser(options);
  if (process.stdout.isTTY && !process.env.NO_COLOR) {
    // A terminal gets the coloured view, written as it goes too.
    const view = new EventView();
    return {
      start: () => view.push(parser.initialEvents),
      feed: (text) => view.push(parser.feed(text)),
      finish: () => {
        const { message, events, errors } = parser.finalize();
        return view.push(events) + view.end(message, errors);
      },
    };
  }
  const lines = (events: readonly RegionEvent[]) => events.map((e) => toJson(e as never) + "\n").join("");
  return {
    start: () => lines(parser.initialEvents),
    feed: (text) => lines(parser.feed(text)),
    finish: () => {
      const { events, errors } = parser.finalize();
      return lines(events) + (errors ? toJson(makeDict([["type", "errors"], ["errors", issues(errors)]])) + "\n" : "");
    },
  };
}

function openAISink(template: ResolvedTemplate, options: ParseOptions & OpenAIStreamOptions, values: Values): Sink {
  const stream = template.createOpenAIStream(options);
  const meta = { id: `chatcmpl-${randomUUID().replace(/-/g, "")}`, model: values.model ?? template.name, created: Math.floor(Date.now() / 1000) };
  const frame = values.sse ? (c: ChatCompletionChunk) => `data: ${JSON.stringify(c)}\n\n` : (c: ChatCompletionChunk) => JSON.stringify(c) + "\n";
  const chunks = (deltas: readonly ChatDelta[]) => deltas.map((d) => frame(toChunk(d, meta))).join("");
  return {
    start: () => frame(roleChunk(meta)) + chunks(stream.initialDeltas),
    feed: (text) => chunks(stream.feed(text)),
    finish: () => {
      const done = stream.finalize();
      if (done.errors?.length) process.stderr.write(`rtc: recovered: ${toJson(issues(done.errors))}\n`);
      if (done.divergent.length) {
        process.stderr.write(`rtc: warning: ${done.divergent.join(", ")} closed twice; the final message replaced text already streamed (rtc check: implicit-overwrite)\n`);
      }
      return chunks(done.deltas) + frame(finishChunk(done.openai, meta)) + (values.sse ? "data: [DONE]\n\n" : "");
    },
  };
}
