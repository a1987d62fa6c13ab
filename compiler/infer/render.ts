// Renders probe conversations through the chat template and cuts out what the model writes: the text
// after the generation prompt, aligned the way a server sees it.

import { commonPrefix, markerOverlap } from "./diff.ts";
import type { ChatTemplate } from "./jinja-compat.ts";
import type { ReasoningClass } from "./types.ts";
import { USER_TEXT, type ProbeMessage } from "./probe.ts";

export interface RenderSettings {
  bos: string;
  eos: string;
  /** Variables the chat template reads besides messages and tools. */
  vars: Record<string, unknown>;
  tools: unknown[];
}

/** How a probe message is written into the chat template's message dicts. */
export interface MessageShape {
  /** Tool-call arguments as a JSON string instead of an object. */
  argsAsString: boolean;
  /** content of a turn without text ("" or null). */
  emptyContent: "" | null;
  /** Reasoning and text as content blocks ([{type: "thinking"}, {type: "text"}]). */
  contentBlocks: boolean;
}

export const DEFAULT_SHAPE: MessageShape = { argsAsString: false, emptyContent: "", contentBlocks: false };

export type Vars = Record<string, unknown>;

export interface ChatMessage {
  role: string;
  content: unknown;
  [k: string]: unknown;
}

export function assistantDict(m: ProbeMessage, shape: MessageShape): ChatMessage {
  const msg: ChatMessage = { role: "assistant", content: m.content ?? shape.emptyContent };
  if (shape.contentBlocks && (m.reasoning !== undefined || m.content !== undefined)) {
    const blocks: Record<string, string>[] = [];
    if (m.reasoning !== undefined) blocks.push({ type: "thinking", thinking: m.reasoning });
    if (m.content !== undefined) blocks.push({ type: "text", text: m.content });
    msg.content = blocks;
  }
  if (m.reasoning !== undefined) {
    msg.reasoning_content = m.reasoning;
    msg.thinking = m.reasoning;
    msg.reasoning = m.reasoning;
  }
  if (m.tool_calls) {
    msg.tool_calls = m.tool_calls.map((c, i) => ({
      id: c.id ?? `call${String(i + 1).padStart(5, "0")}`,
      type: "function",
      function: { name: c.name, arguments: shape.argsAsString ? JSON.stringify(c.arguments) : c.arguments },
    }));
  }
  return msg;
}

export type Rendered = { ok: true; text: string } | { ok: false; error: string };

/** One assistant turn as the model sees and writes it. */
export interface Turn {
  /** The generation prompt (what the model is given). */
  prompt: string;
  /** The rendered conversation, assistant turn included. */
  full: string;
  /** Where `full` and `prompt` part (never inside a marker). */
  split: number;
  /** What the model writes after the prompt: `full` after the split, less what the prompt already wrote. */
  output: string;
}

export type TurnResult = ({ ok: true } & Turn) | { ok: false; error: string };

export const DEFAULT_USER = [{ role: "user", content: USER_TEXT }];

export class Renderer {
  private readonly cache = new Map<string, Rendered>();
  constructor(
    readonly template: ChatTemplate,
    readonly settings: RenderSettings,
  ) {}

  render(messages: unknown[], addGenerationPrompt: boolean, vars: Vars = {}): Rendered {
    const ctx = {
      messages,
      tools: this.settings.tools,
      add_generation_prompt: addGenerationPrompt,
      bos_token: this.settings.bos,
      eos_token: this.settings.eos,
      ...this.settings.vars,
      ...vars,
    };
    const key = JSON.stringify(ctx);
    let r = this.cache.get(key);
    if (!r) {
      try {
        r = { ok: true, text: this.template.render(ctx) };
      } catch (e) {
        r = { ok: false, error: e instanceof Error ? e.message : String(e) };
      }
      this.cache.set(key, r);
    }
    return r;
  }

  /** The generation prompt after `history` (default: the probe's user turn). */
  prompt(vars: Vars = {}, history: unknown[] = DEFAULT_USER): Rendered {
    return this.render(history, true, vars);
  }

  /** Renders history + the assistant message and aligns it with the generation prompt. */
  turn(message: ProbeMessage, shape: MessageShape, vars: Vars = {}, history: unknown[] = DEFAULT_USER): TurnResult {
    const prompt = this.prompt(vars, history);
    if (!prompt.ok) return { ok: false, error: `generation prompt: ${prompt.error}` };
    const full = this.render([...history, assistantDict(message, shape)], false, vars);
    if (!full.ok) return full;
    return { ok: true, ...alignTurn(prompt.text, full.text) };
  }
}

/**
 * The model's output for a rendered turn: `full` after the point where it parts from the generation
 * prompt, less any markers the prompt already wrote at its end (a prompt ending `<think></think>` and a
 * rendered turn going on `</think>answer` mean the model wrote `answer`).
 */
export function alignTurn(prompt: string, full: string): Turn {
  const split = commonPrefix(prompt, full);
  const rest = full.slice(split);
  const overlap = markerOverlap(prompt.slice(split), rest);
  return { prompt, full, split, output: rest.slice(overlap) };
}

/**
 * What to parse for a rendered turn: the aligned output after the generation prompt; but when the
 * prompt opens a reasoning block that the rendered turn drops entirely (closer included), the prompt is
 * not what preceded this output, and it is parsed after the rendered history instead.
 */
export function parseInput(prompt: string, full: string, r: Pick<ReasoningClass, "openedByPrompt" | "close">): { prefix: string; output: string } {
  const { output } = alignTurn(prompt, full);
  if (r.openedByPrompt && r.close && !prompt.endsWith(r.close) && !output.includes(r.close) && !full.startsWith(prompt)) {
    const split = commonPrefix(prompt, full);
    return { prefix: full.slice(0, split), output: full.slice(split) };
  }
  return { prefix: prompt, output };
}
