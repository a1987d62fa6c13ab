// Shapes shared by the interpreter, generated parsers and the compiler.
// Values keep Python's distinctions (see python/values.ts): ints beyond 2^53 are bigint,
// integral or non-finite floats are PyFloat, and dicts remember key order in KEY_ORDER.

import type { PyFloat } from "./python/values.ts";

export type JsonValue =
  | null
  | boolean
  | number
  | bigint
  | PyFloat
  | string
  | JsonValue[]
  | { [key: string]: JsonValue };

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

export interface RegionOpenEvent {
  type: "region_open";
  field: string;
  /** Only with `eventDetails`: the open delimiter's named groups that took part in the match (what the
   * field's transform sees as captures; `{}` for a literal open or the implicit field). */
  captures?: Record<string, string>;
  /** Only with `eventDetails`: stream offset (UTF-16, kept prefix then generation) of the region's text. */
  offset?: number;
}
export interface RegionChunkEvent {
  type: "region_chunk";
  field: string;
  text: string;
  dirty: boolean;
}
export interface RegionCloseEvent {
  type: "region_close";
  field: string;
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

export interface ParseOptions {
  /** The chat prompt before the generation; `""` opts out explicitly. Required. */
  prefix: string;
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

/** A streaming parser; `M` is the message type (a generated module's own `Message`). */
export interface ResponseParser<M extends JsonObject = Message> {
  readonly initialEvents: RegionEvent[];
  feed(chunk: string): RegionEvent[];
  /** `errors` is present in recover mode (empty when nothing went wrong). */
  finalize(): { message: M; events: RegionEvent[]; errors?: ParseIssue[] };
}

/**
 * What a generated parser module exports (`response-template/models/<name>`, or a module `rtc build`
 * wrote); `M` is its `Message` type. Every module is a `ParserModule` (of plain JsonObject messages).
 */
export interface ParserModule<M extends JsonObject = Message> {
  readonly template: JsonValue;
  parseResponse(text: string, options: RecoverOptions): Recovered<M>;
  parseResponse(text: string[], options: RecoverOptions): Recovered<M>[];
  parseResponse(text: string, options: ParseOptions): M;
  parseResponse(text: string[], options: ParseOptions): M[];
  createResponseParser(options: ParseOptions): ResponseParser<M>;
}
