// Renders conversations through a model's real chat template (@huggingface/jinja with rtc infer's Jinja
// compatibility layer, compiler/infer/jinja-compat.ts) and splits the result into the prompt (`prefix`)
// and the assistant turn (model output), the way a server would see them.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ChatTemplate } from "../../compiler/infer/jinja-compat.ts";
import { TOOLS, type AssistantTurn, type Conversation } from "./conversations.ts";

export const CHAT_TEMPLATE_DIR = join(import.meta.dirname, "../fixtures/chat-templates");

export interface RenderOptions {
  bos?: string;
  eos?: string;
  /** Pass tool-call arguments as a JSON string (templates that print `arguments` verbatim). */
  argsAsString?: boolean;
  /** Extra variables for the template (enable_thinking, reasoning_effort, …). */
  vars?: Record<string, unknown>;
  /** Give tool calls ids (Mistral needs 9-character ids). */
  callIds?: string[];
  /** Value of `content` when the turn has none (some templates want null, some ""). */
  emptyContent?: string | null;
  /** Render the prompt with schema-light tool definitions (for templates whose schema rendering
   * uses Jinja features @huggingface/jinja lacks). Parsing still receives the full TOOLS. */
  simpleTools?: boolean;
  /** Send reasoning as a `thinking` content block and text as a `text` block (Mistral reasoning templates). */
  contentBlocks?: boolean;
  /** Tool definitions to render (default TOOLS; the field oracle, test/field/, renders its own). */
  tools?: ToolDef[];
}

export interface ToolDef {
  type: string;
  function: { name: string; description: string; parameters: { type: string; properties: Record<string, unknown>; required: string[] } };
}

/** Schema-light tool definitions: object/array parameters declared as strings. */
const simplify = (tools: readonly ToolDef[]) => tools.map((t) => ({
  type: "function",
  function: {
    name: t.function.name,
    description: t.function.description,
    parameters: {
      type: "object",
      properties: Object.fromEntries(
        Object.entries(t.function.parameters.properties).map(([k, v]) => {
          const type = (v as { type: string }).type;
          return [k, { type: type === "object" || type === "array" ? "string" : type, description: k }];
        }),
      ),
      required: t.function.parameters.required,
    },
  },
}));
const SIMPLE_TOOLS = simplify(TOOLS);

const cache = new Map<string, ChatTemplate>();
export function chatTemplate(file: string): ChatTemplate {
  let t = cache.get(file);
  if (!t) {
    t = new ChatTemplate(readFileSync(join(CHAT_TEMPLATE_DIR, file), "utf8"));
    cache.set(file, t);
  }
  return t;
}

export function assistantMessage(turn: AssistantTurn, o: RenderOptions): Record<string, unknown> {
  const msg: Record<string, unknown> = { role: "assistant", content: turn.content ?? o.emptyContent ?? "" };
  if (o.contentBlocks) {
    const blocks: Record<string, string>[] = [];
    if (turn.thinking !== undefined) blocks.push({ type: "thinking", thinking: turn.thinking });
    if (turn.content !== undefined) blocks.push({ type: "text", text: turn.content });
    msg.content = blocks.length ? blocks : (o.emptyContent ?? "");
  }
  if (turn.thinking !== undefined) {
    // Every key chat templates read reasoning from (`thought`: Apriel 1.5).
    msg.reasoning_content = turn.thinking;
    msg.thinking = turn.thinking;
    msg.reasoning = turn.thinking;
    msg.thought = turn.thinking;
  }
  if (turn.tool_calls) {
    msg.tool_calls = turn.tool_calls.map((c, i) => {
      const id = o.callIds?.[i] ?? `call_${i + 1}`;
      const args = o.argsAsString ? JSON.stringify(c.arguments) : c.arguments;
      return { id, type: "function", function: { name: c.name, arguments: args } };
    });
  }
  return msg;
}

function context(o: RenderOptions, messages: unknown[], addGenerationPrompt: boolean): Record<string, unknown> {
  return {
    messages,
    tools: o.tools ? (o.simpleTools ? simplify(o.tools) : o.tools) : o.simpleTools ? SIMPLE_TOOLS : TOOLS,
    add_generation_prompt: addGenerationPrompt,
    bos_token: o.bos ?? "<s>",
    eos_token: o.eos ?? "</s>",
    ...o.vars,
  };
}

export interface Rendered {
  /** The whole conversation, assistant turn included. */
  full: string;
  /** The prompt with the generation prompt (what the model is given). */
  genPrompt: string;
  /** `full` split at its longest common prefix with `genPrompt`. */
  prefix: string;
  output: string;
}

export function render(file: string, conv: Conversation, o: RenderOptions = {}): Rendered {
  const t = chatTemplate(file);
  const turns = [...(conv.history ?? []), { role: "user", content: conv.user }];
  const full = t.render(context(o, [...turns, assistantMessage(conv.assistant, o)], false));
  const genPrompt = t.render(context(o, turns, true));
  let n = 0;
  while (n < full.length && n < genPrompt.length && full[n] === genPrompt[n]) n++;
  // Never split inside a special-token-looking marker (`<…>`, `[…]`): back off to its start.
  const lt = full.lastIndexOf("<", n - 1);
  const sq = full.lastIndexOf("[", n - 1);
  if (lt >= 0 && full.indexOf(">", lt) >= n) n = Math.min(n, lt);
  if (sq >= 0 && full.indexOf("]", sq) >= n) n = Math.min(n, sq);
  return { full, genPrompt, prefix: full.slice(0, n), output: full.slice(n) };
}
