// A response parser and an OpenAIDeltaStream in one object: feed model text, get OpenAI deltas.
// Knowing the parser as well as its events lets the adapter recover the named groups of a tool call's open
// pattern (a function name in the delimiter, as in gpt-oss or Qwen3-Coder) the moment the region opens,
// so that the call's header goes out before its arguments instead of at close.

import type { ContentContext } from "../runtime/content/index.ts";
import type { PyPattern } from "../runtime/regex/api.ts";
import type { Message, OnError, ParseIssue, ParseOptions, RegionEvent, ResponseParser } from "../runtime/types.ts";
import type { TemplateSpec } from "../runtime/template/spec.ts";
import { TOOL_CALLS_FIELD, type OpenAIMessage, type OpenAIMessageOptions } from "./message.ts";
import { OpenAIDeltaStream, type ChatDelta, type FieldInfo } from "./stream.ts";
import { dictKeys, isDict } from "../runtime/python/values.ts";
import type { JsonValue } from "../runtime/types.ts";

export interface OpenAIStream {
  /** Deltas for what the prefix already wrote (a prefilled `<think>`…). */
  readonly initialDeltas: ChatDelta[];
  feed(chunk: string): ChatDelta[];
  /** `errors`: recover mode's report (see ParseIssue), present exactly when the parser runs in recover mode. */
  finalize(): { message: Message; openai: OpenAIMessage; deltas: ChatDelta[]; divergent: string[]; errors?: ParseIssue[] };
}

/** A field as the adapter needs it: a TemplateSpec field, or one read straight off template JSON. */
export type HostField = FieldInfo & { open?: TemplateSpec["fields"][number]["open"] };

export interface OpenAIStreamHost {
  /** The template's fields (for field kinds, transforms and open patterns): `loadTemplate(t).spec`, or
   * `fieldsOf(templateJson)` when no validator is at hand (generated parsers in a browser). */
  spec: { fields: readonly HostField[] };
  /** A fresh response parser for the template. */
  parser: ResponseParser;
  /** The part of the prefix the parser keeps (after the start anchor). */
  keptPrefix: string;
  /** Compiles Python patterns; needed for capture recovery and xml-inline argument streaming. */
  compile?: (source: string) => PyPattern;
}

/** `onError` must be the one the parser was created with: in recover mode calls are sent whole at close. */
export type OpenAIStreamOptions = OpenAIMessageOptions & { coercesArguments?: boolean; onError?: OnError };

/** Wraps a parser (see interpreted.ts `createOpenAIStream` for the one-call form). */
export function wrapParser(host: OpenAIStreamHost, options: OpenAIStreamOptions = {}): OpenAIStream {
  const { spec, parser, compile } = host;
  const patterns: ContentContext | undefined = compile ? { pattern: cached(compile) } : undefined;
  const core = new OpenAIDeltaStream({ ...options, fields: spec.fields, patterns, recover: options.onError === "recover" });
  // Tool-call fields (tool_calls, and fields feeding it with `into`) whose open pattern names groups.
  const openPatterns = new Map<string, PyPattern>();
  for (const f of spec.fields) {
    if ((f.into ?? f.name) !== TOOL_CALLS_FIELD || f.open?.kind !== "pattern" || !patterns) continue;
    const p = patterns.pattern(f.open.source);
    if (p.groupNames.length) openPatterns.set(f.name, p);
  }
  const offsetOf = (): number | null => {
    const o = (parser as unknown as { offset?: unknown }).offset;
    return typeof o === "number" ? o : null;
  };
  let raw = host.keptPrefix;

  /** Named groups of the tool_calls open match for an open still pending at the end of `events`. */
  const recover = (events: readonly RegionEvent[], before: number | null): Map<number, Record<string, string | null>> | undefined => {
    if (openPatterns.size === 0 || before === null) return undefined;
    const after = offsetOf();
    if (after === null) return undefined;
    let open = -1;
    let openPattern: PyPattern | undefined;
    let bodyLen = 0;
    events.forEach((e, i) => {
      const p = openPatterns.get(e.field);
      if (!p) {
        if (open >= 0 && e.type !== "region_chunk") open = -1;
        return;
      }
      if (e.type === "region_open") {
        open = i;
        openPattern = p;
        bodyLen = 0;
      } else if (e.type === "region_chunk") bodyLen += e.text.length;
      else open = -1;
    });
    if (open < 0 || !openPattern) return undefined;
    const end = after - bodyLen;
    for (let p = before; p <= end; ) {
      const m = openPattern.search(raw, p, false);
      if (!m || m.start > end) break;
      if (m.end === end) return new Map([[open, m.groups]]);
      p = m.start + 1;
    }
    return undefined;
  };

  const initialDeltas = core.push(parser.initialEvents, recover(parser.initialEvents, 0));
  return {
    initialDeltas,
    feed(chunk) {
      const before = offsetOf();
      raw += chunk;
      const events = parser.feed(chunk);
      return core.push(events, recover(events, before));
    },
    finalize() {
      const { message, events, errors } = parser.finalize();
      const last = core.push(events);
      const done = core.finish(message);
      const result = { message, openai: done.message, deltas: [...last, ...done.deltas], divergent: done.divergent };
      return errors ? { ...result, errors } : result;
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
        into: typeof f.into === "string" ? f.into : null,
        argumentTypes: f.argument_types === "json" ? "json" : null,
        open: typeof f.open_pattern === "string" ? { kind: "pattern", source: f.open_pattern } : null,
      },
    ];
  });
}

/** A generated parser module (`response-template/models/<name>`, or `await loadParser(name)` from `response-template/models`) as an OpenAI stream. Names that live in
 * the open delimiter are sent when the call closes (recovering them early needs the pattern translator). */
export function openAIStreamForGenerated(
  generated: { template: JsonValue; createResponseParser(options: ParseOptions): ResponseParser },
  options: ParseOptions & OpenAIStreamOptions,
): OpenAIStream {
  return wrapParser(
    { spec: { fields: fieldsOf(generated.template) }, parser: generated.createResponseParser(options), keptPrefix: "" },
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
