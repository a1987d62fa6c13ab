// A parsed message as an OpenAI chat-completion assistant message. Dependency-free (runtime only), so it
// ships to browsers. The same normalisation is used by the streaming adapter (stream.ts): what the deltas
// add up to is defined here.

import { pyDumps } from "../core/python/dumps.ts";
import { isDict } from "../core/python/values.ts";
import type { JsonObject, JsonValue, Message, ResponseFormat } from "../core/types.ts";
import { unwrapJsonFence } from "../core/transform/json-fence.ts";

/** A tool call as OpenAI chat completions carry it. */
export interface OpenAIToolCall {
  /** The model's own id when it wrote one, else `idFor(index, call)` (`call_0`, `call_1`, … by default). */
  id: string;
  type: "function";
  /** `arguments` is a JSON string: `json.dumps(arguments, ensure_ascii=False)` as vLLM and transformers serve it. */
  function: { name: string; arguments: string };
}

/** An rtc message as an OpenAI assistant message (`toOpenAIMessage`). */
export interface OpenAIMessage {
  role: "assistant";
  content: string | null;
  /** Named `reasoning` instead when `reasoningKey: "reasoning"` is chosen. */
  reasoning_content?: string | null;
  reasoning?: string | null;
  /** Present only when the model called at least one tool (as in OpenAI responses). */
  tool_calls?: OpenAIToolCall[];
}

/** Id of the `index`-th tool call (0-based, in message order) when the model gave none. */
export type IdFor = (index: number, call: NormalizedCall) => string;

/** How `toOpenAIMessage` and the streams name tool calls and the reasoning key, and what the request asked for. */
export interface OpenAIMessageOptions {
  /** Id for a call the model gave none; default `defaultIdFor` (`call_<index>`). */
  idFor?: IdFor;
  /** Key for the reasoning text: `reasoning_content` (default; DeepSeek / vLLM) or `reasoning` (newer vLLM). */
  reasoningKey?: "reasoning_content" | "reasoning";
  /** `"json"` (an rtc extension) when the request's response_format asked for JSON: a content that is one
   * Markdown fence around one JSON document becomes that document (`unwrapJsonFence`). */
  responseFormat?: ResponseFormat;
}

/** The default IdFor: `call_0`, `call_1`, … by the call's index in the message. */
export const defaultIdFor: IdFor = (index) => `call_${index}`;

/** Message keys read as reasoning, in precedence order: the first one present wins. */
export const REASONING_FIELDS: readonly string[] = ["reasoning_content", "thinking", "reasoning"];
export const CONTENT_FIELD = "content";
export const TOOL_CALLS_FIELD = "tool_calls";

/** One tool call as the model expressed it, before an id is chosen. */
export interface NormalizedCall {
  /** The id the model wrote (a string `id` on the call), or null. */
  id: string | null;
  name: string;
  /** The arguments JSON text: the model's own string when it wrote one, else `json.dumps(arguments)`. */
  arguments: string;
}

/** `json.dumps(value, ensure_ascii=False)`: what vLLM and transformers' serving put in `arguments`. */
export function argumentsText(args: JsonValue | undefined): string {
  if (args === undefined || args === null) return "{}";
  if (typeof args === "string") return args;
  return pyDumps(args, { ensureAscii: false });
}

/**
 * The tool calls in a `tool_calls` value: a call dict (`{type, function: {name, arguments}}` or bare
 * `{name, arguments}`; `parameters` is accepted for `arguments`), or a list of them, nested lists flattened
 * (a repeating field whose blocks each hold a list). Anything else (a string, a number) is not a call.
 */
export function normalizeToolCalls(value: JsonValue | undefined): NormalizedCall[] {
  const out: NormalizedCall[] = [];
  collectCalls(value, out);
  return out;
}

function collectCalls(v: JsonValue | undefined, out: NormalizedCall[]): void {
  if (Array.isArray(v)) for (const item of v) collectCalls(item, out);
  else if (isDict(v)) {
    const call = normalizeCall(v);
    if (call) out.push(call);
  }
}

export function normalizeCall(v: JsonObject): NormalizedCall | null {
  const fn = isDict(v.function) ? v.function : v;
  const name = fn.name;
  if (typeof name !== "string") return null;
  const args = has(fn, "arguments") ? fn.arguments : has(fn, "parameters") ? fn.parameters : undefined;
  return { id: typeof v.id === "string" ? v.id : null, name, arguments: argumentsText(args) };
}

/** Text of a content or reasoning value: strings as they are, lists of strings joined, others as JSON. */
export function textOf(value: JsonValue | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((x) => typeof x === "string")) return value.join("");
  return pyDumps(value, { ensureAscii: false });
}

/** The first reasoning field the message has (see REASONING_FIELDS). */
export function reasoningField(message: Message): string | null {
  for (const k of REASONING_FIELDS) if (has(message, k)) return k;
  return null;
}

/** The message as an OpenAI assistant message. Ids are the model's, else `idFor(i)` (default `call_<i>`). */
export function toOpenAIMessage(message: Message, options: OpenAIMessageOptions = {}): OpenAIMessage {
  const idFor = options.idFor ?? defaultIdFor;
  const reasoningKey = options.reasoningKey ?? "reasoning_content";
  const rf = reasoningField(message);
  const content = textOf(message[CONTENT_FIELD]);
  const out: OpenAIMessage = {
    role: "assistant",
    content: (options.responseFormat === "json" && content && unwrapJsonFence(content)) || content,
    [reasoningKey]: rf === null ? null : textOf(message[rf]),
  };
  const calls = normalizeToolCalls(message[TOOL_CALLS_FIELD]);
  if (calls.length) {
    out.tool_calls = calls.map((c, i) => ({
      id: c.id ?? idFor(i, c),
      type: "function",
      function: { name: c.name, arguments: c.arguments },
    }));
  }
  return out;
}

function has(o: JsonObject, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}
