// Shapes shared by the interpreter, generated parsers and the compiler.
// Values keep Python's distinctions (see python/values.ts): ints beyond 2^53 are bigint,
// integral or non-finite floats are PyFloat, and dicts remember key order in KEY_ORDER.

import type { PyFloat } from "./python/values.ts";

/**
 * A value as rtc keeps it: JSON plus Python's distinctions — `bigint` for ints beyond 2^53, `PyFloat` for
 * integral or non-finite floats (`3.0`, `inf`, `nan`), and dicts whose Python key order is recorded under
 * `KEY_ORDER` when it differs from JavaScript's. `pyDumps` prints one exactly as Python's `json.dumps`.
 */
export type JsonValue =
  | null
  | boolean
  | number
  | bigint
  | PyFloat
  | string
  | JsonValue[]
  | { [key: string]: JsonValue };

/** A Python dict as rtc keeps it (key order: see `dictKeys` and `KEY_ORDER`). */
export type JsonObject = { [key: string]: JsonValue };

/**
 * The parsed assistant message: `defaults` plus one key per field that captured something. A generated
 * module exports its own `Message`, which names the template's fields (`thinking?: string`, ...).
 */
export type Message = JsonObject;

/**
 * A tool call as templates build it, `{"type": "function", "function": ...}`. `F` is what the template
 * proves about the function part (JsonValue when the model writes it as JSON). For OpenAI's validated
 * shape, see `toOpenAIMessage` in `response-template/openai`.
 */
export type ToolCall<F extends JsonValue = JsonValue> = { type: "function"; function: F };

/** A field's region began: an explicit open delimiter matched, or the implicit field got its first character. */
export interface RegionOpenEvent {
  type: "region_open";
  field: string;
  /** Only with `eventDetails`: the open delimiter's named groups that took part in the match (what the
   * field's transform sees as captures; `{}` for a literal open or the implicit field). */
  captures?: Record<string, string>;
  /** Only with `eventDetails`: stream offset (UTF-16, kept prefix then generation) of the region's text. */
  offset?: number;
}
/** Raw text of the open region, as soon as no delimiter can still claim it (held-back text comes later). */
export interface RegionChunkEvent {
  type: "region_chunk";
  field: string;
  text: string;
  /** True exactly when the field's content parser is not text/int/float/bool, i.e. the chunk is raw
   * content (JSON, XML, …) rather than the field's final text, as in the reference. */
  dirty: boolean;
}
/** A region ended: its close matched, the stream ended inside it, or (the implicit field's region) an explicit open began. */
export interface RegionCloseEvent {
  type: "region_close";
  field: string;
  /** The parsed, transformed and coerced value of this one block (not the field's accumulated value). */
  value: JsonValue;
}
/**
 * Recover mode only (`onError: "recover"`): the region that opened with `region_open` could not be parsed
 * or stored. It has no value; its raw text (delimiters included) follows as a chunk of the implicit field
 * when the template has one. `start`/`end` are stream offsets of that raw text.
 */
export interface RegionErrorEvent {
  type: "region_error";
  field: string;
  start: number;
  end: number;
  reason: string;
}
/** What `feed`, `initialEvents` and `finalize` report; the shapes are the reference's (plus `region_error` in recover mode). */
export type RegionEvent = RegionOpenEvent | RegionChunkEvent | RegionCloseEvent | RegionErrorEvent;

/**
 * What recover mode reports instead of throwing or dropping text, in stream offsets (UTF-16 positions in
 * the kept prefix followed by the generation):
 * - `region`: a region whose content, transform or storage failed; [start, end) is its raw text with
 *   both delimiters, which was moved to the implicit field (or, without one, is only reported here);
 * - `unclaimed`: text outside every region in a template without an implicit field (the reference drops
 *   it silently); runs of whitespace only are not reported;
 * - `overwritten`: an earlier block of a non-repeating field, replaced by a later block (the reference
 *   keeps only the last one); [start, end) is the earlier block's text;
 * - `missing`: a required field (`optional: false`) that never appeared; start = end = end of stream.
 */
export interface ParseIssue {
  kind: "region" | "unclaimed" | "overwritten" | "missing";
  /** The field concerned; null for unclaimed text. */
  field: string | null;
  start: number;
  end: number;
  reason: string;
}

/** `"throw"` (default): the reference's behaviour, a bad region raises. `"recover"`: see ParseIssue. */
export type OnError = "throw" | "recover";

/** What parseResponse returns in recover mode. */
export interface Recovered<M extends JsonObject = Message> {
  message: M;
  errors: ParseIssue[];
}

/** Options that select recover mode; parseResponse's overloads return `Recovered` for them. */
export type RecoverOptions = ParseOptions & { onError: "recover" };

/** OpenAI-style tool definition, with or without the `function` wrapper. */
export type ToolDefinition = JsonObject;

/**
 * Options of every parse. `prefix` is required: the chat template may have opened a region (a prefilled
 * `<think>`) that the parser must see. A missing prefix throws `ParserStateError` (Python's ValueError), one
 * of the wrong type `ArgumentError`.
 */
export interface ParseOptions {
  /** The chat prompt before the generation; `""` opts out explicitly. Required. */
  prefix: string;
  /** Tool definitions: string arguments of closed tool calls are cast to the declared parameter types,
   * as the reference's `tools=` argument does (`string` parameters never cast). */
  tools?: ToolDefinition[];
  /** What a region that cannot be parsed does: raise (default, as the reference) or be recovered. */
  onError?: OnError;
  /**
   * An rtc extension, off by default: `region_open` events also carry the open match's `captures` and the
   * region's stream `offset` (facts only the parser knows; the OpenAI stream uses them to send a call's name
   * from its open delimiter at once). Off, events have exactly the reference's shape.
   */
  eventDetails?: boolean;
}

/**
 * What the request asked the answer to be, for the serving layers (an rtc extension, off by default):
 * `"json"` when the request's `response_format` is json_object or json_schema. A `content` that is exactly
 * one Markdown fence (no tag, or `json`) around one JSON document is then unwrapped to that document
 * (`unwrapJsonFence`); any other content is left as written. `"text"` keeps the reference's behaviour. The
 * parsers themselves do not read it: their message is the reference's.
 */
export type ResponseFormat = "text" | "json";

/** A streaming parser; `M` is the message type (a generated module's own `Message`). */
export interface ResponseParser<M extends JsonObject = Message> {
  /** Events from the kept part of the prefix (after the start anchor), before any generation. */
  readonly initialEvents: RegionEvent[];
  /**
   * Adds generated text and returns the events it completes. A chunk may be cut anywhere (even inside a
   * surrogate pair or a delimiter); text that could still begin a delimiter is held back. Throws
   * `ParserStateError` after `finalize()`, `ContentError` when a region cannot be parsed (unless recover mode).
   */
  feed(chunk: string): RegionEvent[];
  /** `errors` is present in recover mode (empty when nothing went wrong). */
  finalize(): { message: M; events: RegionEvent[]; errors?: ParseIssue[] };
}

/**
 * What a generated parser module exports (`response-template/models/<name>`, or a module `rtc build`
 * wrote); `M` is its `Message` type. Every module is a `ParserModule` (of plain JsonObject messages).
 */
export interface ParserModule<M extends JsonObject = Message> {
  /** The response template the module was compiled from. */
  readonly template: JsonValue;
  /** Parses one whole response in recover mode: the message and what was recovered (see ParseIssue). */
  parseResponse(text: string, options: RecoverOptions): Recovered<M>;
  /** Parses each response of a list in recover mode, one `{message, errors}` per text. */
  parseResponse(text: string[], options: RecoverOptions): Recovered<M>[];
  /** Parses one whole response (one feed, then finalize); throws on a region that cannot be parsed. */
  parseResponse(text: string, options: ParseOptions): M;
  /** Parses each response of a list, one message per text (all with the same options). */
  parseResponse(text: string[], options: ParseOptions): M[];
  /** A streaming parser over this module's template (see ResponseParser). */
  createResponseParser(options: ParseOptions): ResponseParser<M>;
}
