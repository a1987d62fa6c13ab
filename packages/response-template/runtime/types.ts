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
export type RegionEvent = RegionOpenEvent | RegionChunkEvent | RegionCloseEvent;

/** OpenAI-style tool definition, with or without the `function` wrapper. */
export type ToolDefinition = JsonObject;

export interface ParseOptions {
  /** The chat prompt before the generation; `""` opts out explicitly. Required. */
  prefix: string;
  tools?: ToolDefinition[];
}

/** A streaming parser; `M` is the message type (a generated module's own `Message`). */
export interface ResponseParser<M extends JsonObject = Message> {
  readonly initialEvents: RegionEvent[];
  feed(chunk: string): RegionEvent[];
  finalize(): { message: M; events: RegionEvent[] };
}

/**
 * What a generated parser module exports (`response-template/models/<name>`, or a module `rtc build`
 * wrote); `M` is its `Message` type. Every module is a `ParserModule` (of plain JsonObject messages).
 */
export interface ParserModule<M extends JsonObject = Message> {
  readonly template: JsonValue;
  parseResponse(text: string, options: ParseOptions): M;
  parseResponse(text: string[], options: ParseOptions): M[];
  createResponseParser(options: ParseOptions): ResponseParser<M>;
}
