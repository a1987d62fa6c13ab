/**
 * rtc → OpenAI: whole messages (toOpenAIMessage) and streaming deltas (OpenAIDeltaStream over any parser's
 * events, wrapParser around a parser). No dependencies beyond rtc's runtime, so this ships to browsers.
 * The interpreter-backed one-call form, createOpenAIStream, lives in ./interpreted.ts (bundlers leave the
 * interpreter out when only generated parsers are used).
 *
 * @packageDocumentation
 * @module response-template/openai
 */

export {
  toOpenAIMessage,
  normalizeToolCalls,
  argumentsText,
  defaultIdFor,
  type OpenAIMessage,
  type OpenAIToolCall,
  type OpenAIMessageOptions,
  type NormalizedCall,
  type IdFor,
} from "./message.ts";
export { OpenAIDeltaStream, type ChatDelta, type DeltaToolCall, type DeltaStreamOptions, type FieldInfo } from "./stream.ts";
export {
  wrapParser,
  fieldsOf,
  openAIStreamForGenerated,
  type OpenAIStream,
  type OpenAIStreamHost,
  type OpenAIStreamOptions,
  type HostField,
} from "./adapter.ts";
export { toChunk, roleChunk, finishChunk, type ChatCompletionChunk, type ChunkMeta } from "./chunks.ts";
export { createOpenAIStream } from "./interpreted.ts";
