// Generation prompt: which variable switches reasoning, where the assistant turn starts (the start
// anchor), and what the prompt writes after it for the model to continue (an opened `<think>`, `>>>`).

import { commonPrefix, commonSuffix, markerSpans, trailingMarkerRun } from "./diff.ts";
import { closerCandidates } from "./reasoning.ts";
import type { ExplainLog } from "./explain.ts";
import { NEEDLE, USER_TEXT } from "./probe.ts";
import { DEFAULT_USER, assistantDict, type MessageShape, type Renderer, type Vars } from "./render.ts";
import type { PromptClass } from "./types.ts";

export class InferError extends Error {}

/** Variables chat templates read to switch reasoning on and off (on value, off value; undefined: unset). */
const SWITCHES: [string, unknown, unknown][] = [
  ["enable_thinking", true, false],
  ["thinking", true, false],
  ["reasoning_effort", "high", undefined],
];
const SECOND_USER = "RTC_USER_SECOND";

export function classifyPrompt(r: Renderer, shape: MessageShape, log: ExplainLog): Omit<PromptClass, "turnEnds"> {
  const base = r.prompt();
  if (!base.ok) throw new InferError(`the chat template does not render a generation prompt: ${base.error}`);

  let reasoningSwitch: PromptClass["reasoningSwitch"] = null;
  for (const [name, onValue, offValue] of SWITCHES) {
    const onVars = { [name]: onValue };
    const offVars = offValue === undefined ? {} : { [name]: offValue };
    const on = r.prompt(onVars);
    const off = r.prompt(offVars);
    if (on.ok && off.ok && afterLastUser(on.text) !== afterLastUser(off.text)) {
      reasoningSwitch = { name, on: onVars, off: offVars };
      const label = (v: unknown) => (v === undefined ? `${name} unset` : `${name}=${JSON.stringify(v)}`);
      log.compare("P1", `generation prompt: ${label(offValue)} vs ${label(onValue)}`, [label(offValue), afterLastUser(off.text)], [label(onValue), afterLastUser(on.text)], `\`${name}\` switches reasoning in the generation prompt`);
      break;
    }
  }
  if (!reasoningSwitch) log.note("P1", `generation prompt: ${SWITCHES.map((s) => s[0]).join(" / ")}`, "no variable changes the generation prompt after the user turn");
  const on = reasoningSwitch?.on ?? {};
  const prompt = r.prompt(on);
  if (!prompt.ok) throw new InferError(`generation prompt: ${prompt.error}`);

  // The assistant header: where the generation prompt and an earlier assistant turn agree after the user
  // turn, less the user turn's own closing (what follows the user text when no assistant turn comes).
  const afterUser = (s: string, at = s.lastIndexOf(USER_TEXT)) => s.slice(at + USER_TEXT.length);
  const genHeader = afterUser(prompt.text);
  const history = r.render([...DEFAULT_USER, assistantDict({ content: NEEDLE.content[0] }, shape), { role: "user", content: SECOND_USER }], true, on);
  const noPrompt = r.render(DEFAULT_USER, false, on);
  let anchor = "";
  if (history.ok && history.text.includes(NEEDLE.content[0])) {
    const h = history.text;
    const histHeader = h.slice(h.indexOf(USER_TEXT) + USER_TEXT.length, h.indexOf(NEEDLE.content[0]));
    // Both switch states, and the prompt with the switch unset, must find the anchor: it ends before
    // anything they write differently (RWKV writes `Assistant:` unset, `Assistant: <think>` switched).
    const offPrompt = reasoningSwitch ? r.prompt(reasoningSwitch.off) : null;
    const offHeader = offPrompt?.ok ? afterUser(offPrompt.text) : genHeader;
    const userEnd = noPrompt.ok ? afterUser(noPrompt.text) : "";
    const dropUserEnd = (x: string) => (userEnd && x.startsWith(userEnd) && x.length > userEnd.length ? x.slice(userEnd.length) : x);
    const common = genHeader.slice(0, Math.min(commonPrefix(genHeader, histHeader), commonPrefix(genHeader, offHeader), commonPrefix(genHeader, afterUser(base.text))));
    anchor = dropUserEnd(common);
    // A prompt that inserts a turn before the assistant's (Command R+) agrees with the history only at
    // its end: then the header is their common ending.
    const ending = dropUserEnd(histHeader.slice(histHeader.length - commonSuffix(histHeader, genHeader)));
    if (ending.length > anchor.length && markerSpans(ending).length && genHeader.endsWith(ending) && offHeader.endsWith(ending)) anchor = ending;
    if (!/\S/u.test(anchor)) anchor = trailingMarkerRun(common);
    // A reasoning opener is not part of the header: where another rendering closes it right away
    // (`<think></think>`), the anchor ends before it.
    for (;;) {
      const spans = markerSpans(anchor);
      const last = spans.at(-1);
      // Whitespace after the opener (EXAONE's `<think>\n`) does not keep it in the header.
      if (!last || last[1] !== anchor.trimEnd().length || last[0] === 0) break;
      const marker = anchor.slice(last[0], last[1]);
      // An empty block the prompt writes (`<think></think>`) is not part of the header either.
      const prev = spans.at(-2);
      if (prev && prev[1] === last[0] && prev[0] > 0 && closerCandidates(anchor.slice(prev[0], prev[1])).includes(marker)) {
        anchor = anchor.slice(0, prev[0]);
        continue;
      }
      const closers = closerCandidates(marker);
      const at = common.length;
      const closedRightAway = [offHeader, histHeader].some((h) => closers.some((c) => h.slice(at).replace(/^\s+/u, "").startsWith(c)));
      if (!closedRightAway) break;
      anchor = anchor.slice(0, last[0]);
    }
    log.compare("P2", "assistant header: generation prompt vs an earlier assistant turn (after the user text)", ["generation prompt", genHeader], ["earlier turn", histHeader], anchor ? `start anchor ${JSON.stringify(anchor)}` : "no common header");
  }
  if (!/\S/u.test(anchor)) {
    anchor = trailingMarkerRun(genHeader);
    log.note("P2", "assistant header", anchor ? `start anchor ${JSON.stringify(anchor)} (the generation prompt's last marker)` : "no start anchor");
  }
  // Leading whitespace belongs to the previous turn's end (and hand-written prompts may lack it);
  // trailing whitespace stays: without it, it would open the implicit field first.
  anchor = anchor.replace(/^\s+/u, "");
  if (!anchor) throw new InferError("no start anchor: the generation prompt writes nothing that marks the assistant turn");

  const prewrittenOf = (v: Vars): string | null => {
    const p = r.prompt(v);
    if (!p.ok) return null;
    const at = p.text.lastIndexOf(anchor);
    return at < 0 ? null : p.text.slice(at + anchor.length);
  };
  const prewritten = prewrittenOf(on) ?? "";
  const prewrittenOff = reasoningSwitch ? prewrittenOf(reasoningSwitch.off) : null;
  const unset = reasoningSwitch ? prewrittenOf({}) : null;
  const prewrittenUnset = unset !== null && unset !== prewritten && unset !== prewrittenOff ? unset : null;
  log.note("P3", "what the generation prompt writes after the anchor", prewritten ? `the model continues after ${JSON.stringify(prewritten)}` + (prewrittenOff !== null ? ` (reasoning off: ${JSON.stringify(prewrittenOff)})` : "") : "nothing: the model writes the whole turn");
  return { anchor, prewritten, prewrittenOff, prewrittenUnset, reasoningSwitch };
}

const afterLastUser = (s: string): string => s.slice(Math.max(0, s.lastIndexOf(USER_TEXT)));
