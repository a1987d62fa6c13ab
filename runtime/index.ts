/**
 * `response-template`: parse chat-model output with a Hugging Face response template, whole or streaming.
 * The interpreter API; compiled parsers live in `response-template/models/<name>`, OpenAI-shaped output in
 * `response-template/openai`, the runtime compiled parsers import in `response-template/runtime`.
 *
 * @packageDocumentation
 * @module response-template
 */

export { loadTemplate, createResponseParser, parseResponse, type LoadedTemplate } from "./interpret/index.ts";
export {
  RtcError,
  TemplateError,
  ContentError,
  PartialContentError,
  PatternError,
  ParserStateError,
  NonTerminatingError,
  UnrepresentableError,
  type PyErrorClass,
  type JsonValue,
  type JsonObject,
  type Message,
  type ToolCall,
  type ParserModule,
  type RegionOpenEvent,
  type RegionChunkEvent,
  type RegionCloseEvent,
  type RegionEvent,
  type ToolDefinition,
  type ParseOptions,
  type ResponseFormat,
  type ResponseParser,
  type RegionErrorEvent,
  type ParseIssue,
  type OnError,
  type Recovered,
  type RecoverOptions,
} from "./core/index.ts";
