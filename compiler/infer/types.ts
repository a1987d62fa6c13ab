// What the analysis concludes, part by part (the classification `inferTemplate` returns), and the state
// the steps share.

import type { ExplainLog } from "./explain.ts";
import type { MessageShape, Renderer, Turn, Vars } from "./render.ts";
import type { VariantName } from "./probe.ts";

export interface PromptClass {
  /** Where the assistant turn starts in the prompt (the template's start_anchor). */
  anchor: string;
  /** What the generation prompt writes after the anchor (reasoning switched on). */
  prewritten: string;
  /** The same with reasoning switched off, when a switch exists. */
  prewrittenOff: string | null;
  /** The same with the switch unset (null when it equals `prewritten` or `prewrittenOff`). */
  prewrittenUnset: string | null;
  /** The variable that switches reasoning in the generation prompt. */
  reasoningSwitch: { name: string; on: Vars; off: Vars } | null;
  /** Markers that end the model's turn (the first ends text turns). */
  turnEnds: string[];
}

export type ReasoningMode = "none" | "tag" | "forced-open" | "delimiter" | "tools-only" | "not-rendered";

export interface ReasoningClass {
  mode: ReasoningMode;
  open: string | null;
  close: string | null;
  /** The generation prompt writes the opener (the model starts inside the reasoning). */
  openedByPrompt: boolean;
  /** With reasoning switched off the prompt writes an empty, closed block. */
  closedWhenOff: boolean;
  /** The closer can come without its opener at the start of the turn (the prompt wrote the opener, or
   * switched off it writes the closer alone): a bare closer there ends an empty reasoning block. */
  bareClose: boolean;
}

export type ContentMode = "plain" | "always-wrapped" | "wrapped-with-reasoning";

export interface ContentClass {
  mode: ContentMode;
  open: string | null;
  close: string | null;
}

export type ToolFormat = "none" | "json-object" | "json-array" | "json-keyed" | "python-calls" | "tag-json" | "tag-tagged";
export type CallIdPlace = "none" | "in-json" | "before-name" | "between-name-and-args" | "after-args";

export interface ArgsTags {
  /** Text before the key, between key and value, after the value (whitespace kept). */
  keyOpen: string;
  keyClose: string;
  valueClose: string;
  /** Tags that say whether the value is a string: keyClose is `before` + a type mark + `after`, and
   * the mark of a string value contains `stringMark`. */
  typed: { before: string; after: string; stringMark: string } | null;
}

export interface ToolsClass {
  format: ToolFormat;
  /** Markers around all calls of a turn. */
  section: { open: string; close: string };
  /**
   * One call: the markers before and after it, and between them the call itself as a skeleton in which
   * placeholders (tools.ts PH) stand for the name, id, index, arguments, argument keys and values.
   */
  call: { open: string; unit: string; close: string; separator: string };
  /** Paths into a JSON call object (json-object, json-array). */
  json: { name: string[]; arguments: string[] } | null;
  /** Tagged arguments (tag-tagged). */
  args: ArgsTags | null;
  callId: CallIdPlace;
  /** Whether two calls render as two (false: the chat template renders one call per turn). */
  parallel: boolean;
  /** Markers that end a turn with tool calls, when they differ from a text turn's. */
  turnEnd: string | null;
}

/** Kinds of argument values a chat template may write in a way the inferred template cannot read back. */
export type ValueKind = "null" | "object" | "quotes" | "markup";

/** What inferTemplate found in the renderings, part by part (the seed's vocabulary; see docs/infer.md). */
export interface Classification {
  prompt: PromptClass;
  reasoning: ReasoningClass;
  content: ContentClass;
  tools: ToolsClass;
  shape: MessageShape;
  /** Argument values that do not read back, with how the chat template writes them (values.ts). */
  unreadable: Partial<Record<ValueKind, string>>;
}

/** State shared by the steps: the renderer, the message shape found so far, the explain log. */
export interface Analysis {
  renderer: Renderer;
  shape: MessageShape;
  log: ExplainLog;
  /** Variables that switch reasoning on (empty when there is no switch). */
  on: Vars;
  /** The model output of a variation (reasoning switched on), or the rendering error. */
  turn(name: VariantName, shape?: MessageShape): ({ ok: true } & Turn) | { ok: false; error: string };
}
