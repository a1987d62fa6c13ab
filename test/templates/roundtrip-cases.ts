// The cases the round-trip harness builds from a row of roundtrip-table.ts and a conversation: the
// normalisations and input transforms (with their reasons), the model output a server would return, the
// prefix of each mode, and the message the parse must give. Shared by roundtrip.test.ts and the grammar
// tests (test/grammar/), which feed the same rendered turns to grammar engines.

import type { AssistantTurn, Conversation } from "./conversations.ts";
import { render, type RenderOptions } from "./render.ts";

/** What each normalisation name does to the expected message, and why. */
export const NORMALISATIONS: Record<string, { why: string; apply: (t: AssistantTurn) => AssistantTurn }> = {
  "no-thinking": {
    why: "the chat template does not render reasoning in the rendered assistant turn",
    apply: ({ thinking: _, ...rest }) => rest,
  },
  "no-content-with-calls": {
    why: "the chat template drops the text content of a turn that has tool calls",
    apply: (t) => (t.tool_calls ? { ...t, content: undefined } : t),
  },
  "content-as-thinking-with-calls": {
    why: "gpt-oss renders the content of a tool-calling turn into the analysis channel",
    apply: (t) => (t.tool_calls && t.content !== undefined && t.thinking === undefined ? { ...t, thinking: t.content, content: undefined } : t),
  },
  "first-call-only": {
    why: "the chat template renders only the first tool call of a turn (one call per message formats)",
    apply: (t) => (t.tool_calls ? { ...t, tool_calls: t.tool_calls.slice(0, 1) } : t),
  },
  "no-calls-with-content": {
    why: "the chat template drops the tool calls of a turn that also has text content",
    apply: (t) => (t.content !== undefined && t.tool_calls ? { ...t, tool_calls: undefined } : t),
  },
  "no-thinking-without-calls": {
    why: "the chat template renders reasoning only for turns with tool calls (interleaved thinking)",
    apply: (t) => (t.tool_calls ? t : { ...t, thinking: undefined }),
  },
  "no-tool-calls": {
    why: "the chat template does not render tool calls of assistant turns at all",
    apply: ({ tool_calls: _, ...rest }) => rest,
  },
};

/** Input transforms: the format cannot carry something, so the conversation is rendered without it. */
export const INPUT_TRANSFORMS: Record<string, { why: string; apply: (c: Conversation) => Conversation }> = {
  "strip-nulls": {
    why: "the chat template renders null argument values as nothing (`none:,`, Gemma 4) or leaves them out (MiniMax M3)",
    apply: (c) => mapArgs(c, (v) => stripNulls(v)),
  },
  "no-single-quotes": {
    why: "the chat template wraps string arguments in single quotes without escaping them",
    apply: (c) => mapArgs(c, (v) => mapStrings(v, (s) => s.replaceAll("'", "’"))),
  },
  "no-structured-args": {
    why: "the chat template writes object/array argument values with Python str() (`{'a': 1}`), not JSON",
    apply: (c) =>
      mapArgs(c, (v) => Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x === null || typeof x !== "object"))),
  },
  "no-quotes-in-strings": {
    why: "the chat template writes string values without escaping double quotes",
    apply: (c) => mapArgs(c, (v) => mapStrings(v, (s) => s.replaceAll('"', "”"))),
  },
};

function mapArgs(c: Conversation, f: (v: unknown) => unknown): Conversation {
  const calls = c.assistant.tool_calls?.map((tc) => ({ ...tc, arguments: f(tc.arguments) as Record<string, unknown> }));
  return { ...c, assistant: { ...c.assistant, tool_calls: calls } };
}
function stripNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripNulls);
  if (v && typeof v === "object") {
    return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== null).map(([k, x]) => [k, stripNulls(x)]));
  }
  return v;
}
function mapStrings(v: unknown, f: (s: string) => string): unknown {
  if (typeof v === "string") return f(v);
  if (Array.isArray(v)) return v.map((x) => mapStrings(x, f));
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapStrings(x, f)]));
  return v;
}

export interface RoundTripRow {
  template: string;
  chat: string;
  render?: RenderOptions;
  /** Conversation names (default: all). */
  conversations?: string[];
  normalise?: string[];
  inputs?: string[];
  /** Why conversations were left out, when they were. */
  note?: string;
  /** End-of-turn tokens: the model stops generating after the first of these, so the rendered turn is
   * cut there. Whitespace a chat template writes after the turn is never model output and is dropped. */
  stop?: string[];
  /** Like `stop`, but the output is cut before the token (a chat template that writes the next turn's
   * header without closing the assistant turn). */
  stopBefore?: string[];
  /** Prompt mode for chat templates that omit, in history, the opener the generation prompt writes
   * (Apriel's "Here are my reasoning steps:"): the model output is the rendered turn after the point
   * where the rendering and the generation prompt diverge. */
  promptContinues?: boolean;
  /** History mode splits after the last occurrence of this marker instead of where the rendering and the
   * generation prompt diverge (templates whose generation prompt inserts a turn before the assistant's). */
  split?: string;
  /** Which modes run (default both). */
  modes?: ("history" | "prompt")[];
}

/** The model output a server would return for a rendered assistant turn. */
export function asGenerated(output: string, row: RoundTripRow): string {
  let cut = output.length;
  for (const s of row.stop ?? []) {
    const i = output.indexOf(s);
    if (i >= 0 && i + s.length < cut) cut = i + s.length;
  }
  for (const s of row.stopBefore ?? []) {
    const i = output.indexOf(s);
    if (i >= 0 && i < cut) cut = i;
  }
  return output.slice(0, cut).replace(/\s+$/u, "");
}

export function expectedMessage(turn: AssistantTurn): Record<string, unknown> {
  const m: Record<string, unknown> = { role: "assistant" };
  if (turn.thinking) m.thinking = turn.thinking;
  if (turn.content) m.content = turn.content;
  if (turn.tool_calls?.length) {
    m.tool_calls = turn.tool_calls.map((c) => ({ type: "function", function: { name: c.name, arguments: c.arguments } }));
  }
  return m;
}

/** The conversation as the row renders it and the message the parse must give. */
export function caseOf(row: RoundTripRow, original: Conversation): { conv: Conversation; expected: Record<string, unknown> } {
  const conv = (row.inputs ?? []).reduce((c, n) => INPUT_TRANSFORMS[n]!.apply(c), original);
  let turn = conv.assistant;
  for (const n of row.normalise ?? []) turn = NORMALISATIONS[n]!.apply(turn);
  return { conv, expected: expectedMessage(turn) };
}

/** What the row's normalisations take out of the conversation's message (moved text, such as gpt-oss's
 * content read as thinking, is not taken out), each as a piece of text the rendered turn would hold if
 * the chat template rendered it: the first line of reasoning or content, a tool call's name. */
export function droppedByNormalising(row: RoundTripRow, original: Conversation): { what: string; text: string }[] {
  const { conv, expected } = caseOf(row, original);
  const kept = JSON.stringify(expected);
  const turn = conv.assistant;
  const out: { what: string; text: string }[] = [];
  const firstLine = (s: string) => s.split("\n")[0]!;
  if (turn.thinking && !kept.includes(JSON.stringify(firstLine(turn.thinking)).slice(1, -1))) out.push({ what: "the reasoning", text: firstLine(turn.thinking) });
  if (turn.content && !kept.includes(JSON.stringify(firstLine(turn.content)).slice(1, -1))) out.push({ what: "the content", text: firstLine(turn.content) });
  const keptNames = ((expected.tool_calls ?? []) as { function: { name: string } }[]).map((c) => c.function.name);
  for (const c of turn.tool_calls ?? []) if (!keptNames.includes(c.name)) out.push({ what: `the call ${c.name}`, text: c.name });
  return out;
}

/** History mode: the rendered conversation split where it leaves the generation prompt (or at `split`). */
export function historyCase(row: RoundTripRow, conv: Conversation): { prefix: string; output: string } {
  const r = render(row.chat, conv, row.render);
  let { prefix, output } = r;
  if (row.split) {
    const at = r.full.lastIndexOf(row.split);
    prefix = r.full.slice(0, at + row.split.length);
    output = r.full.slice(at + row.split.length);
  }
  return { prefix, output: asGenerated(output, row) };
}

/** Prompt mode applies when the rendering extends the generation prompt (or the row says it continues it). */
export function promptApplies(row: RoundTripRow, conv: Conversation): boolean {
  const r = render(row.chat, conv, row.render);
  return r.full.startsWith(r.genPrompt) || row.promptContinues === true;
}

/** Prompt mode: exactly the generation prompt as prefix, the rest of the rendering as output. */
export function promptCase(row: RoundTripRow, conv: Conversation): { prefix: string; output: string } {
  const r = render(row.chat, conv, row.render);
  const extends_ = r.full.startsWith(r.genPrompt);
  return { prefix: r.genPrompt, output: asGenerated(extends_ ? r.full.slice(r.genPrompt.length) : r.output, row) };
}
