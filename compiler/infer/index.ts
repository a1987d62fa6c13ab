// `inferTemplate`: a response template derived from a model's Jinja chat template by differential
// rendering, verified by round trip. Pipeline: render variations (probe.ts, render.ts) → generation
// prompt (prompt.ts) → reasoning → content → tools → emit → verify; every comparison is logged
// (explain.ts).

import { checkTemplate } from "../check/template.ts";
import type { Diagnostic } from "../check/diagnostics.ts";
import type { JsonValue } from "response-template/runtime";
import { typeArguments } from "./arg-types.ts";
import { classifyContent } from "./content.ts";
import { emitTemplate, type ResponseTemplate } from "./emit.ts";
import { ExplainLog, type ExplainStep, type Gap } from "./explain.ts";
import { ChatTemplate } from "./jinja-compat.ts";
import { portableTemplate } from "./portable.ts";
import { PROBE_TOOLS, VARIANTS } from "./probe.ts";
import { InferError, classifyPrompt } from "./prompt.ts";
import { classifyReasoning } from "./reasoning.ts";
import { DEFAULT_SHAPE, Renderer, type TurnResult } from "./render.ts";
import { classifyTools } from "./tools.ts";
import type { Analysis, Classification } from "./types.ts";
import { probeValues } from "./values.ts";
import { VERIFY_TOOLS, verify, type Verdict } from "./verify.ts";

export { COMPAT_FEATURES, ChatTemplate } from "./jinja-compat.ts";
export { formatExplain } from "./explain.ts";
export type { Classification } from "./types.ts";
export type { ResponseTemplate } from "./emit.ts";
export type { Verdict } from "./verify.ts";
export { InferError };

/** What the chat template is rendered with, and which form to emit (`rtc infer --bos/--eos/--var/--portable`). */
export interface InferOptions {
  /** bos_token / eos_token passed to the chat template (default `<s>` / `</s>`). */
  bos?: string;
  /** Also, when given, a marker that ends the turn in the inferred template (models write it after their turn). */
  eos?: string;
  /** Extra variables the chat template reads (custom_tools, functions, …). */
  vars?: Record<string, unknown>;
  /** Emit the form the Python reference loads: rtc extensions replaced by its nearest means, or left out
   * (portable.ts); `losses` says what that gives up. */
  portable?: boolean;
}

/** inferTemplate's answer: the template (if any) with everything that justifies or limits it. */
export interface InferResult {
  /** The inferred template (null when nothing could be inferred). */
  template: ResponseTemplate | null;
  /** The chat template's formats in the seed's vocabulary (reasoning `tag`, tool calls `json-object`, …). */
  classification: Classification | null;
  /** Every rendering comparison made, in order (`rtc infer --explain`, printed by formatExplain). */
  explain: ExplainStep[];
  /** What could not be determined; the template leaves those parts out. */
  gaps: Gap[];
  /** One per verification conversation (and reasoning setting): rendered, parsed back, compared. */
  verdicts: Verdict[];
  /** `rtc check --portable` notes: where the template uses rtc extensions. */
  portability: Diagnostic[];
  /** With `portable`: what the portable form gives up against the inferred one. */
  losses: string[];
  /** A template was inferred, at least one conversation round-trips and no applicable one fails. */
  ok: boolean;
  /** Why nothing could be inferred. */
  error?: string;
}

/**
 * Derives a response template from a model's Jinja chat template by differential rendering (conversations
 * that differ in one thing), then verifies it by round trip: each conversation is rendered and parsed back.
 * Never throws for a bad chat template: `error` says why nothing was inferred, and `ok` whether it round-trips.
 */
export function inferTemplate(chatTemplate: string, options: InferOptions = {}): InferResult {
  const log = new ExplainLog();
  const fail = (error: string): InferResult => ({ template: null, classification: null, explain: log.steps, gaps: log.gaps, verdicts: [], portability: [], losses: [], ok: false, error });
  let compiled: ChatTemplate;
  try {
    compiled = new ChatTemplate(chatTemplate);
  } catch (e) {
    return fail(`the chat template does not parse: ${e instanceof Error ? e.message : String(e)}`);
  }
  const settings = { bos: options.bos ?? "<s>", eos: options.eos ?? "</s>", vars: options.vars ?? {} };
  const renderer = new Renderer(compiled, { ...settings, tools: PROBE_TOOLS });
  const shape = { ...DEFAULT_SHAPE };
  try {
    const prompt = classifyPrompt(renderer, shape, log);
    const on = prompt.reasoningSwitch?.on ?? {};
    const cache = new Map<string, TurnResult>();
    const a: Analysis = {
      renderer,
      shape,
      log,
      on,
      turn(name, s = shape) {
        const key = `${name}${JSON.stringify(s)}`;
        let t = cache.get(key);
        if (!t) {
          t = renderer.turn(VARIANTS[name], s, on);
          // Templates that want `content: null` beside tool calls.
          if (!t.ok && s.emptyContent === "") {
            const alt = renderer.turn(VARIANTS[name], { ...s, emptyContent: null }, on);
            if (alt.ok) t = alt;
          }
          cache.set(key, t);
        }
        return t;
      },
    };
    const reasoning = classifyReasoning(a, prompt, chatTemplate);
    let { content, turnEnd } = classifyContent(a, prompt, reasoning);
    const { tools, dialect, anchorTrim } = classifyTools(a, prompt, reasoning, turnEnd);
    if (anchorTrim) {
      prompt.anchor = prompt.anchor.slice(0, prompt.anchor.length - anchorTrim.length);
      prompt.prewritten = anchorTrim + prompt.prewritten;
      ({ content, turnEnd } = classifyContent(a, prompt, reasoning));
    }
    const parts = { prompt: { ...prompt, turnEnds: turnEnds(turnEnd, options.eos, log) }, reasoning, content, tools, shape };
    let template = typeArguments(a, emitTemplate(parts, dialect, log), tools, reasoning);
    let losses: string[] = [];
    let toolsLeftOut: string | null = null;
    if (options.portable) {
      const p = portableTemplate(template);
      ({ template, losses } = p);
      for (const loss of losses) log.note("X1", "portable form", loss);
      if (p.leftOut.includes("tool_calls")) toolsLeftOut = "the portable template leaves tool calls out (the reference has no parser for this format)";
    }
    const classification: Classification = { ...parts, unreadable: probeValues(a, template, parts) };
    const verdicts = verify(template, classification, new Renderer(compiled, { ...settings, tools: VERIFY_TOOLS }), toolsLeftOut);
    const portability = checkTemplate(template as unknown as JsonValue, { portable: true }).filter((d) => d.severity === "portability");
    const ok = verdicts.some((v) => v.status === "pass") && !verdicts.some((v) => v.status === "fail");
    return { template, classification, explain: log.steps, gaps: log.gaps, verdicts, portability, losses, ok };
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e));
  }
}

/**
 * The markers that end the model's turn: the one the renderings show, and the model's end-of-sequence
 * token when it is known (given, or read from tokenizer_config.json): models write it after their turn
 * (GigaChat's trailing `</s>`, Phi's `<|endoftext|>`), and it is never text. The default eos used for
 * rendering is a guess, and `</s>` can be text (HTML), so it is not used so.
 */
function turnEnds(turnEnd: string | null, eos: string | undefined, log: ExplainLog): string[] {
  const ends = turnEnd ? [turnEnd] : [];
  if (eos?.trim() && !ends.includes(eos)) {
    ends.push(eos);
    log.note("C4", "end of sequence", `the model's eos token ${JSON.stringify(eos)} also ends the turn (the text stops before it)`);
  }
  return ends;
}
