// A response parser and an OpenAIDeltaStream in one object: feed model text, get OpenAI deltas.
// The parser is created with `eventDetails`, so a tool call's region_open event carries the named groups of
// its open delimiter (a function name in the delimiter, as in gpt-oss or Qwen3-Coder) and the call's header
// goes out before its arguments instead of at close — without keeping a copy of the text to re-match.

import { CONTENT_PARSERS } from "../core/content/index.ts";
import type { PyPattern } from "../core/regex/api.ts";
import { StreamParser } from "../core/engine/stream.ts";
import type { Message, OnError, ParseIssue, ParseOptions, ResponseParser } from "../core/types.ts";
import type { TemplateSpec } from "../core/template/spec.ts";
import type { OpenAIMessage, OpenAIMessageOptions } from "./message.ts";
import { OpenAIDeltaStream, type ChatDelta, type DeltaStreamOptions, type FieldInfo } from "./stream.ts";
import { dictKeys, isDict } from "../core/python/values.ts";
import type { JsonObject, JsonValue } from "../core/types.ts";

/**
 * A response parser that answers in OpenAI `chat.completion.chunk` deltas: each delta carries one kind of
 * thing (reasoning, content, one call's header, or a run of one call's arguments), nothing is taken back, and
 * the deltas add up to `toOpenAIMessage(finalMessage)` (except fields listed in `divergent`).
 */
export interface OpenAIStream {
  /** Deltas for what the prefix already wrote (a prefilled `<think>`…). */
  readonly initialDeltas: ChatDelta[];
  /** Feeds model text to the parser; returns the deltas it makes certain. Throws what the parser's feed throws. */
  feed(chunk: string): ChatDelta[];
  /** `errors`: recover mode's report (see ParseIssue), present exactly when the parser runs in recover mode. */
  finalize(): { message: Message; openai: OpenAIMessage; deltas: ChatDelta[]; divergent: string[]; errors?: ParseIssue[] };
  /** Calls 0…completedCalls-1 are complete: their region closed and all their argument text was sent. */
  readonly completedCalls: number;
}

/** A field as the adapter needs it: a TemplateSpec field, or one read straight off template JSON. */
export type HostField = FieldInfo & { open?: TemplateSpec["fields"][number]["open"] };

/** What `wrapParser` streams over: a parser the stream will own, and the template's fields. */
export interface OpenAIStreamHost {
  /** The template's fields (for field kinds and transforms): `loadTemplate(t).spec`, or `fieldsOf(templateJson)`
   * when no validator is at hand (generated parsers in a browser). */
  spec: { fields: readonly HostField[] };
  /** A fresh response parser for the template, created with `eventDetails: true` (without it, names that
   * live in the open delimiter are sent when the call closes). The stream owns it: feed only the stream. */
  parser: ResponseParser;
  /** Unused (kept for compatibility: the parser's events now carry what it was needed for). */
  keptPrefix?: string;
  /** Compiles Python patterns; needed for xml-inline argument streaming. */
  compile?: (source: string) => PyPattern;
  /** The `\w` table (WORD), for a json value parser with `unquoted_keys` in those bodies. */
  word?: string;
}

/** `onError` must be the one the parser was created with: in recover mode calls are sent whole at close. */
export type OpenAIStreamOptions = OpenAIMessageOptions & { coercesArguments?: boolean; onError?: OnError };

/** Wraps a parser (see interpreted.ts `createOpenAIStream` for the one-call form). */
export function wrapParser(host: OpenAIStreamHost, options: OpenAIStreamOptions = {}): OpenAIStream {
  const patterns = host.compile ? { pattern: cached(host.compile), parsers: CONTENT_PARSERS, word: host.word } : undefined;
  return new ParserDeltaStream(
    host.parser,
    new OpenAIDeltaStream({
      idFor: options.idFor,
      reasoningKey: options.reasoningKey,
      coercesArguments: options.coercesArguments,
      fields: host.spec.fields,
      patterns,
      recover: options.onError === "recover",
      responseFormat: options.responseFormat,
    }),
  );
}

/** A parser and its delta stream (no closures: streams are made per request). The stream owns the parser:
 * an rtc engine parser delivers its events straight to the delta stream (StreamParser.deliverTo), so no
 * event list or chunk event is made per feed, and its feed() returns nothing of its own. */
export class ParserDeltaStream implements OpenAIStream {
  readonly initialDeltas: ChatDelta[];
  private readonly direct: boolean;

  constructor(
    private readonly parser: ResponseParser,
    private readonly core: OpenAIDeltaStream,
  ) {
    this.initialDeltas = core.push(parser.initialEvents);
    this.direct = parser instanceof StreamParser;
    if (parser instanceof StreamParser) parser.deliverTo(core);
  }

  feed(chunk: string): ChatDelta[] {
    if (!this.direct) return this.core.push(this.parser.feed(chunk));
    this.parser.feed(chunk);
    return this.core.take();
  }

  get completedCalls(): number {
    return this.core.completedCalls;
  }

  finalize(): { message: Message; openai: OpenAIMessage; deltas: ChatDelta[]; divergent: string[]; errors?: ParseIssue[] } {
    const { message, events, errors } = this.parser.finalize();
    const last = this.core.push(events);
    const done = this.core.finish(message);
    const result = { message, openai: done.message, deltas: last.length ? [...last, ...done.deltas] : done.deltas, divergent: done.divergent };
    return errors ? { ...result, errors } : result;
  }
}

const fieldLists = new WeakMap<object, HostField[]>();

/** Field infos read from template JSON without validating it (the parser that runs it has done that).
 * Read once per template object: treat the template as immutable once streams use it. */
export function fieldsOf(template: JsonValue): HostField[] {
  if (!isDict(template) || !isDict(template.fields)) return [];
  let list = fieldLists.get(template);
  if (list === undefined) fieldLists.set(template, (list = readFields(template.fields)));
  return list;
}

function readFields(fields: JsonObject): HostField[] {
  return dictKeys(fields).flatMap((name): HostField[] => {
    const f = fields[name];
    if (!isDict(f)) return [];
    const repeats = Boolean(f.repeats);
    return [
      {
        name,
        content: typeof f.content === "string" ? f.content : "text",
        contentArgs: f.content_args ?? {},
        repeats,
        join: typeof f.join === "string" && repeats ? f.join : null,
        joinSkipsEmpty: f.join_skips_empty === true,
        transform: f.transform === null ? undefined : f.transform,
        transformEach: f.transform_each === true,
        into: typeof f.into === "string" ? f.into : null,
        argumentTypes: f.argument_types === "json" ? "json" : null,
        argumentLiterals: f.argument_literals === "python" ? "python" : null,
        open: typeof f.open_pattern === "string" ? { kind: "pattern", source: f.open_pattern } : null,
      },
    ];
  });
}

/** A generated parser module (`response-template/models/<name>`, or `await loadParser(name)` from
 * `response-template/models`) as an OpenAI stream. xml-inline arguments are sent when their call closes
 * (streaming them tag by tag needs the pattern translator: pass `compile` to `wrapParser`). */
export function openAIStreamForGenerated(
  generated: { template: JsonValue; createResponseParser(options: ParseOptions): ResponseParser },
  options: ParseOptions & OpenAIStreamOptions,
): OpenAIStream {
  const parser = generated.createResponseParser(detailed(options));
  return new ParserDeltaStream(parser, new OpenAIDeltaStream(streamOptions(options, fieldsOf(generated.template))));
}

/** The parser's options: the caller's, with region_open captures (eventDetails). */
export function detailed(options: ParseOptions): ParseOptions {
  // Not `{ ...options, eventDetails: true }`: Node 20's V8 takes a slow path for that spread (about 0.5 µs,
  // as much as a short message's parse costs).
  const copy = Object.assign({}, options);
  copy.eventDetails = true;
  return copy;
}

/** The delta stream's options for a template's fields; string arguments are sent at close when tools may cast them. */
export function streamOptions(
  options: OpenAIStreamOptions & { tools?: unknown[] },
  fields: readonly FieldInfo[],
  /** Compiles patterns for xml-inline bodies (it should cache: it is called per stream). */
  compile?: (source: string) => PyPattern,
  /** The `\w` table (WORD), for a json value parser with `unquoted_keys` in those bodies. */
  word?: string,
): DeltaStreamOptions {
  return {
    idFor: options.idFor,
    reasoningKey: options.reasoningKey,
    fields,
    coercesArguments: options.coercesArguments ?? Boolean(options.tools?.length),
    recover: options.onError === "recover",
    responseFormat: options.responseFormat,
    patterns: compile ? { pattern: compile, parsers: CONTENT_PARSERS, word } : undefined,
  };
}

function cached(compile: (source: string) => PyPattern): (source: string) => PyPattern {
  const memo = new Map<string, PyPattern>();
  return (source) => {
    let p = memo.get(source);
    if (!p) memo.set(source, (p = compile(source)));
    return p;
  };
}

export type { ParseOptions };
