// OpenAI `chat.completion.chunk` envelopes around deltas, for servers that speak the OpenAI streaming API.

import type { OpenAIMessage } from "./message.ts";
import type { ChatDelta } from "./stream.ts";

/** An OpenAI `chat.completion.chunk` server-sent event body with one choice (index 0). */
export interface ChatCompletionChunk {
  id: string;
  object: "chat.completion.chunk";
  created: number;
  model: string;
  choices: { index: number; delta: ChatDelta & { role?: "assistant" }; finish_reason: "stop" | "tool_calls" | null }[];
}

/** The fields every chunk of one completion repeats: its id, the model name and the creation time. */
export interface ChunkMeta {
  id: string;
  model: string;
  /** Unix seconds. */
  created: number;
}

/** One chunk carrying one delta. */
export function toChunk(delta: ChatDelta & { role?: "assistant" }, meta: ChunkMeta): ChatCompletionChunk {
  return { id: meta.id, object: "chat.completion.chunk", created: meta.created, model: meta.model, choices: [{ index: 0, delta, finish_reason: null }] };
}

/** The opening chunk OpenAI sends (`{role: "assistant", content: ""}`). */
export function roleChunk(meta: ChunkMeta): ChatCompletionChunk {
  return toChunk({ role: "assistant", content: "" }, meta);
}

/** The closing chunk: an empty delta with `finish_reason` "tool_calls" when the message called a tool. */
export function finishChunk(message: OpenAIMessage, meta: ChunkMeta): ChatCompletionChunk {
  const chunk = toChunk({}, meta);
  chunk.choices[0]!.finish_reason = message.tool_calls?.length ? "tool_calls" : "stop";
  return chunk;
}
