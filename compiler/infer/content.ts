// Content: whether the answer text is wrapped in markers (always, or only after reasoning), and which
// marker ends the model's turn.

import { commonSuffix, firstMarker, trailingMarkerRun } from "./diff.ts";
import { NEEDLE } from "./probe.ts";
import { DEFAULT_USER, assistantDict } from "./render.ts";
import type { Analysis, ContentClass, PromptClass, ReasoningClass } from "./types.ts";

const C1 = NEEDLE.content[0];

export interface ContentResult {
  content: ContentClass;
  /** The marker that ends a text turn, if the turn ends in one. */
  turnEnd: string | null;
}

export function classifyContent(a: Analysis, p: Omit<PromptClass, "turnEnds">, r: ReasoningClass): ContentResult {
  const one = a.turn("content");
  const two = a.turn("content2");
  if (!one.ok || !two.ok || !one.output.includes(C1)) {
    throw new Error(`the chat template does not render an assistant text turn: ${!one.ok ? one.error : !two.ok ? two.error : "the text is missing"}`);
  }
  const out = one.output;
  const at = out.indexOf(C1);
  let before = out.slice(0, at);
  if (r.close && before.includes(r.close)) before = before.slice(before.lastIndexOf(r.close) + r.close.length);
  before = before.replace(/^\s+/u, "");
  let open: string | null = before.trim() ? before : null;
  if (open && p.prewritten && !r.openedByPrompt) open = p.prewritten + open;
  const after = out.slice(at + C1.length);

  // The turn's end is what a text turn and a tool-call turn end with alike.
  const call = a.turn("call");
  const callTail = call.ok && call.output.includes(NEEDLE.fn[0]) ? call.output.slice(call.output.lastIndexOf(NEEDLE.value[0]) + NEEDLE.value[0].length) : null;
  const shared = callTail === null ? "" : after.slice(after.length - commonSuffix(after, callTail));
  const lead = shared.replace(/^\s+/u, "");
  const sharedEnd = firstMarker(lead);
  let end = sharedEnd && sharedEnd.start === 0 ? sharedEnd : firstMarker(after);
  // Without a `<…>` / `[…]` marker, the first word after the text ends the turn (MiniMax's `[e~[`).
  let turnEnd = end ? end.text : after.trim() ? after.trim().split(/\s/u)[0]! : null;
  if (!turnEnd) {
    // The final turn ends with nothing: an earlier assistant turn shows what ends it (its end marker, or
    // the next turn's opener, which the model writes when it stops).
    const h = a.renderer.render([...DEFAULT_USER, assistantDict({ content: C1 }, a.shape), { role: "user", content: "RTC_USER_SECOND" }], false, a.on);
    if (h.ok && h.text.includes(C1)) {
      const next = h.text.slice(h.text.indexOf(C1) + C1.length, h.text.indexOf("RTC_USER_SECOND"));
      end = firstMarker(next);
      turnEnd = end ? end.text : next.trim() ? next.trim().split(/\s/u)[0]! : null;
      if (turnEnd) a.log.note("C3", "end of turn", `the final turn ends with nothing; an earlier assistant turn is followed by ${JSON.stringify(next)}: the turn ends at ${JSON.stringify(turnEnd)}`);
    }
  }
  const beforeEnd = turnEnd ? after.slice(0, after.indexOf(turnEnd)).trim() : after.trim();
  const close = beforeEnd && firstMarker(beforeEnd)?.text === beforeEnd ? beforeEnd : null;
  a.log.compare("C1", "content: two different texts", ["text A", out], ["text B", two.output], `${open ? `wrapped: opens with ${JSON.stringify(open)}` : "plain text"}${close ? `, closes with ${JSON.stringify(close)}` : ""}; the turn ends ${turnEnd ? `with ${JSON.stringify(turnEnd)}` : "with the end of the output (no marker)"}`);
  if (beforeEnd && !close) a.log.gap("content", `text between the content and the turn's end is not a marker: ${JSON.stringify(beforeEnd)}`);

  let mode: ContentClass["mode"] = open ? "always-wrapped" : "plain";
  if (!open && r.close && (r.mode === "tag" || r.mode === "forced-open" || r.mode === "delimiter")) {
    const withReasoning = a.turn("reasoning");
    if (withReasoning.ok && withReasoning.output.includes(NEEDLE.reasoning)) {
      const o = withReasoning.output;
      const between = o.slice(o.indexOf(NEEDLE.reasoning) + NEEDLE.reasoning.length, o.indexOf(C1));
      const wrap = trailingMarkerRun(between.slice(between.indexOf(r.close) + r.close.length));
      if (wrap) {
        mode = "wrapped-with-reasoning";
        open = wrap;
        a.log.note("C2", "content after reasoning", `wrapped only after reasoning: opens with ${JSON.stringify(wrap)}`);
      }
    }
  }
  return { content: { mode, open, close }, turnEnd };
}
