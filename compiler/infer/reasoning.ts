// Reasoning: how the chat template writes a reasoning block in the final assistant turn — its opener
// (in the output, or already in the generation prompt) and its closer.

import { escapeRegex, firstMarker, markerSpans, trailingMarkerRun } from "./diff.ts";
import { NEEDLE } from "./probe.ts";
import type { Analysis, PromptClass, ReasoningClass } from "./types.ts";

const R = NEEDLE.reasoning;
const C = NEEDLE.content[0];

export function classifyReasoning(a: Analysis, p: Omit<PromptClass, "turnEnds">, source: string): ReasoningClass {
  const none: ReasoningClass = { mode: "none", open: null, close: null, openedByPrompt: false, closedWhenOff: false, bareClose: false };
  const content = a.turn("content");
  let reasoning = a.turn("reasoning");
  if (reasoning.ok && !reasoning.output.includes(R)) {
    // Content blocks count only if the template reads them: text as a block renders as text as a string.
    const blockShape = { ...a.shape, contentBlocks: true };
    const blocks = a.turn("reasoning", blockShape);
    const textBlock = a.turn("content", blockShape);
    if (blocks.ok && blocks.output.includes(R) && textBlock.ok && content.ok && textBlock.output === content.output) {
      a.shape.contentBlocks = true;
      reasoning = blocks;
      a.log.note("R0", "reasoning as content blocks", "the chat template reads reasoning from a `thinking` content block");
    }
  }
  if (!content.ok || !reasoning.ok) {
    a.log.gap("reasoning", `rendering failed: ${!content.ok ? content.error : (reasoning as { error: string }).error}`);
    return none;
  }
  let out = reasoning.output;
  let mode: ReasoningClass["mode"] = "tag";
  a.log.compare("R1", "reasoning: content only vs reasoning + content", ["content", content.output], ["reasoning + content", out], out.includes(R) ? "the reasoning is rendered" : "the reasoning is not rendered in the final turn");
  if (!out.includes(R)) {
    const withCalls = a.turn("reasoningCalls");
    if (withCalls.ok && withCalls.output.includes(R)) {
      out = withCalls.output;
      mode = "tools-only";
      a.log.compare("R3", "reasoning scope: reasoning + content vs reasoning + tool calls", ["reasoning + content", reasoning.output], ["reasoning + calls", out], "reasoning is rendered only in turns with tool calls");
    } else return notRendered(a, p, source);
  }

  const at = out.indexOf(R);
  // What precedes the reasoning in the turn, after any text written before it (`answer<think>…`).
  const before = out.slice(0, at).split(C).at(-1)!;
  const after = out.slice(at + R.length);
  // Reasoning comes first in the turn: what precedes it is its opener (`<|channel>thought`), provided
  // it has a marker.
  let open: string | null = (markerSpans(before).length ? before.trim() : "") || null;
  let openedByPrompt = false;
  if (!open && before.trim() === "") {
    const pre = trailingMarkerRun(p.prewritten) || p.prewritten.trim();
    if (pre) {
      open = pre;
      openedByPrompt = true;
      if (mode === "tag") mode = trailingMarkerRun(p.prewritten) ? "forced-open" : "delimiter";
    } else if (mode === "tag") mode = "delimiter";
  }
  const closeMarker = firstMarker(after);
  if (!closeMarker || (mode !== "tools-only" && after.indexOf(C) >= 0 && closeMarker.start > after.indexOf(C))) {
    a.log.gap("reasoning", "no marker separates the reasoning from what follows it");
    return none;
  }
  const close = closeMarker.text;
  const off = p.prewrittenOff;
  const closedWhenOff = off !== null && open !== null && off.includes(open) && off.includes(close);
  a.log.note("R2", "reasoning markers", `${mode}: opens with ${open ? JSON.stringify(open) : "nothing (the output starts inside the reasoning)"}${openedByPrompt ? " written by the generation prompt" : ""}, closes with ${JSON.stringify(close)}${closedWhenOff ? "; switched off, the prompt writes an empty closed block" : ""}`);
  // A closer with no opener at the start of a turn: the prompt opened the block, the prompt switched
  // off writes the closer alone, or the chat template writes it so for a turn without reasoning.
  const bareClose = openedByPrompt || (off !== null && off.trim().startsWith(close)) || (content.output.trim().startsWith(close) && !(open && content.output.includes(open)));
  return { mode, open, close, openedByPrompt, closedWhenOff, bareClose };
}

/**
 * The chat template drops reasoning from the final turn. When the generation prompt opens a reasoning
 * block, its closer is the opener's conventional pair, provided the chat template's source contains it.
 */
function notRendered(a: Analysis, p: Omit<PromptClass, "turnEnds">, source: string): ReasoningClass {
  // Switched off, the prompt may write an empty block: its two markers are the opener and the closer.
  // The prompt with the switch unset counts too (Gemma 4 variants write the empty block unless thinking
  // is switched on). Between the two markers only whitespace, or one word that belongs to the opener
  // (`<|channel>thought\n<channel|>`), may stand.
  // A prompt that always writes it (reasoning always off) is read the same way.
  for (const text of [p.prewrittenOff, p.prewrittenUnset, p.prewritten].filter((t): t is string => !!t)) {
    const spans = markerSpans(text);
    for (let i = 0; i + 1 < spans.length; i++) {
      const [os, oe] = spans[i]!;
      const [cs, ce] = spans[i + 1]!;
      const between = text.slice(oe, cs);
      const close = text.slice(cs, ce);
      if (!closerCandidates(text.slice(os, oe)).includes(close) || !/^\s*(?:\w+\s*)?$/u.test(between)) continue;
      const open = (text.slice(os, oe) + between).trimEnd();
      const openedByPrompt = p.prewritten.trimEnd().endsWith(open);
      a.log.note("R2", "reasoning markers", `not rendered in any turn; ${text === p.prewrittenOff ? "switched off" : text === p.prewrittenUnset ? "with the switch unset" : "always"}, the generation prompt writes the empty block ${JSON.stringify(open)} … ${JSON.stringify(close)}`);
      return { mode: "not-rendered", open, close, openedByPrompt, closedWhenOff: true, bareClose: openedByPrompt };
    }
  }
  const open = trailingMarkerRun(p.prewritten);
  if (!open) {
    a.log.note("R2", "reasoning markers", "none: the chat template renders no reasoning and the prompt opens none");
    return { mode: "none", open: null, close: null, openedByPrompt: false, closedWhenOff: false, bareClose: false };
  }
  const lastOpen = open.match(/(?:<[^<>]+>|\[[^[\]]+\])$/u)?.[0] ?? open;
  const close = closerCandidates(lastOpen).find((c) => source.includes(c));
  if (!close) {
    a.log.gap("reasoning", `the generation prompt opens ${JSON.stringify(open)} but no turn renders reasoning, and its closer is not in the chat template`);
    return { mode: "not-rendered", open, close: null, openedByPrompt: true, closedWhenOff: false, bareClose: false };
  }
  a.log.note("R2", "reasoning markers", `not rendered in any turn; the generation prompt opens ${JSON.stringify(open)}, and its conventional closer ${JSON.stringify(close)} occurs in the chat template's source`);
  return { mode: "not-rendered", open, close, openedByPrompt: true, closedWhenOff: false, bareClose: true };
}

/** Conventional closers of an opening marker: `<x>` → `</x>`, `<|START_X|>` → `<|END_X|>`, `[X]` → `[/X]`. */
export function closerCandidates(open: string): string[] {
  const out: string[] = [];
  const tag = open.match(/^<([\w:.-]+)(?:\s[^>]*)?>$/u);
  if (tag) out.push(`</${tag[1]}>`);
  // Gemma 4's `<|channel>` … `<channel|>`: the bar moves to the other side.
  const bar = open.match(/^<\|([\w:.-]+)>$/u);
  if (bar) out.push(`<${bar[1]}|>`);
  const sq = open.match(/^\[([^\]/]+)\]$/u);
  if (sq) out.push(`[/${sq[1]}]`);
  for (const [x, y] of [["START", "END"], ["start", "end"], ["BEGIN", "END"], ["begin", "end"], ["Begin", "End"], ["Start", "End"]]) {
    const re = new RegExp(escapeRegex(x!), "u");
    if (re.test(open)) out.push(open.replace(re, y!));
  }
  return out;
}
