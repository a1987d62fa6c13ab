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

/** The parsed assistant message: `defaults` plus one key per field that captured something. */
export type Message = JsonObject;

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

export interface ResponseParser {
  readonly initialEvents: RegionEvent[];
  feed(chunk: string): RegionEvent[];
  finalize(): { message: Message; events: RegionEvent[] };
}

/** What a generated parser module exports (`response-template/models/<name>`, or a module `rtc build` wrote). */
export interface ParserModule {
  readonly template: JsonValue;
  parseResponse(text: string, options: ParseOptions): Message;
  parseResponse(text: string[], options: ParseOptions): Message[];
  createResponseParser(options: ParseOptions): ResponseParser;
}
