// A response parser and an OpenAIDeltaStream in one object: feed model text, get OpenAI deltas.
// The parser is created with `eventDetails`, so a tool call's region_open event carries the named groups of
// its open delimiter (a function name in the delimiter, as in gpt-oss or Qwen3-Coder) and the call's header
// goes out before its arguments instead of at close — without keeping a copy of the text to re-match.

import type { PyPattern } from "../runtime/regex/api.ts";
import type { Message, ParseOptions, ResponseParser } from "../runtime/types.ts";
import type { TemplateSpec } from "../runtime/template/spec.ts";
import type { OpenAIMessage, OpenAIMessageOptions } from "./message.ts";
import { OpenAIDeltaStream, type ChatDelta, type FieldInfo } from "./stream.ts";
import { dictKeys, isDict } from "../runtime/python/values.ts";
import type { JsonValue } from "../runtime/types.ts";

export interface OpenAIStream {
  /** Deltas for what the prefix already wrote (a prefilled `<think>`…). */
  readonly initialDeltas: ChatDelta[];
  feed(chunk: string): ChatDelta[];
  finalize(): { message: Message; openai: OpenAIMessage; deltas: ChatDelta[]; divergent: string[] };
}

/** A field as the adapter needs it: a TemplateSpec field, or one read straight off template JSON. */
export type HostField = FieldInfo & { open?: TemplateSpec["fields"][number]["open"] };

export interface OpenAIStreamHost {
  /** The template's fields (for field kinds and transforms): `loadTemplate(t).spec`, or `fieldsOf(templateJson)`
   * when no validator is at hand (generated parsers in a browser). */
  spec: { fields: readonly HostField[] };
  /** A fresh response parser for the template, created with `eventDetails: true` (without it, names that
   * live in the open delimiter are sent when the call closes). */
  parser: ResponseParser;
  /** Unused (kept for compatibility: the parser's events now carry what it was needed for). */
  keptPrefix?: string;
  /** Compiles Python patterns; needed for xml-inline argument streaming. */
  compile?: (source: string) => PyPattern;
}

export type OpenAIStreamOptions = OpenAIMessageOptions & { coercesArguments?: boolean };

/** Wraps a parser (see interpreted.ts `createOpenAIStream` for the one-call form). */
export function wrapParser(host: OpenAIStreamHost, options: OpenAIStreamOptions = {}): OpenAIStream {
  const { spec, parser, compile } = host;
  const core = new OpenAIDeltaStream({ ...options, fields: spec.fields, patterns: compile ? { pattern: cached(compile) } : undefined });
  return {
    initialDeltas: core.push(parser.initialEvents),
    feed: (chunk) => core.push(parser.feed(chunk)),
    finalize() {
      const { message, events } = parser.finalize();
      const last = core.push(events);
      const done = core.finish(message);
      return { message, openai: done.message, deltas: last.length ? [...last, ...done.deltas] : done.deltas, divergent: done.divergent };
    },
  };
}

/** Field infos read from template JSON without validating it (the parser that runs it has done that). */
export function fieldsOf(template: JsonValue): HostField[] {
  if (!isDict(template) || !isDict(template.fields)) return [];
  const fields = template.fields;
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
        transform: f.transform === null ? undefined : f.transform,
        transformEach: f.transform_each === true,
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
  return wrapParser(
    { spec: { fields: fieldsOf(generated.template) }, parser: generated.createResponseParser({ ...options, eventDetails: true }) },
    { ...options, coercesArguments: options.coercesArguments ?? Boolean(options.tools?.length) },
  );
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
