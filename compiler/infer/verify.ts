// Self-verification: standard conversations rendered through the chat template and parsed back with the
// inferred template (the interpreter), one verdict each. What the chat template does not render (reasoning
// it drops, a second call it leaves out) is not expected back, and each such omission is named.

import { parseResponse } from "response-template";
import type { ToolDefinition } from "response-template/runtime";
import { parseInput, type MessageShape, type Renderer, type Vars } from "./render.ts";
import type { Classification } from "./types.ts";
import { valueKinds } from "./values.ts";

export interface VerifyCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface Conversation {
  name: string;
  history?: { role: string; content: string }[];
  user: string;
  assistant: { reasoning?: string; content?: string; tool_calls?: VerifyCall[] };
  /** The rendered turn with its reasoning closer removed (a model that never closed its reasoning before
   * calling a tool): not something a chat template renders, a check of the zero-width close. */
  unclosedReasoning?: boolean;
}

/** The round trip of one verification conversation through the chat template and the inferred template. */
export interface Verdict {
  /** The conversation's name (`content`, `reasoning+content`, `call-string`, …). */
  conversation: string;
  /** Generation-prompt variables the conversation was rendered with ("" when none). */
  mode: string;
  /** `n/a`: the conversation does not apply (the template has no such field, or writes a value unreadably). */
  status: "pass" | "fail" | "n/a";
  /** Why it failed or does not apply. */
  reason?: string;
  /** What the chat template does not render, left out of the expected message. */
  omitted: string[];
}

/** Tools the verification conversations call (OpenAI shape, typed parameters for argument coercion). */
export const VERIFY_TOOLS = [
  tool("get_weather", "Get the weather forecast for a city", { city: { type: "string" }, days: { type: "integer" } }, ["city"]),
  tool(
    "search_docs",
    "Search the documentation",
    { query: { type: "string" }, limit: { type: "number" }, exact: { type: "boolean" }, filters: { type: "object" }, tags: { type: "array", items: { type: "string" } }, cursor: { type: "string", nullable: true } },
    ["query"],
  ),
];

function tool(name: string, description: string, properties: Record<string, Record<string, unknown>>, required: string[]) {
  const props = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, { ...v, description: `The ${k}` }]));
  return { type: "function", function: { name, description, parameters: { type: "object", properties: props, required } } };
}

const THINKING = 'The user wants a greeting.\nI should answer "briefly" — and politely ✓.';
const CONTENT = 'Hello! Here is a "quoted" word,\na second line, and ünïcödé 🌍.';
const weather = (args: Record<string, unknown>): VerifyCall => ({ name: "get_weather", arguments: args });
const search = (args: Record<string, unknown>): VerifyCall => ({ name: "search_docs", arguments: { query: "streaming parser", ...args } });
const HISTORY = [
  { role: "user", content: "Hi there." },
  { role: "assistant", content: "An earlier answer that must not leak." },
];

export const CONVERSATIONS: Conversation[] = [
  { name: "content", user: "Say hello.", assistant: { content: CONTENT } },
  { name: "reasoning+content", user: "Say hello.", assistant: { reasoning: THINKING, content: CONTENT } },
  { name: "call-string", user: "Weather?", assistant: { tool_calls: [weather({ city: 'Paris "Île-de-France"\nFR <b> & \'x\'', days: 3 })] } },
  { name: "call-number", user: "Search.", assistant: { tool_calls: [search({ limit: 2.5 })] } },
  { name: "call-boolean", user: "Search.", assistant: { tool_calls: [search({ exact: true })] } },
  { name: "call-null", user: "Search.", assistant: { tool_calls: [search({ cursor: null })] } },
  { name: "call-nested", user: "Search.", assistant: { tool_calls: [search({ filters: { lang: "en", nested: { depth: 2, ok: false } }, tags: ["alpha", "x y"] })] } },
  { name: "call-unicode", user: "Weather?", assistant: { tool_calls: [weather({ city: "Zürich ✓ 東京 🌍" })] } },
  { name: "two-calls", user: "Weather and docs?", assistant: { tool_calls: [weather({ city: "Paris", days: 2 }), search({ exact: false })] } },
  { name: "reasoning+calls", user: "Weather and docs?", assistant: { reasoning: "I need two tools.", tool_calls: [weather({ city: "Paris" }), search({})] } },
  { name: "unclosed-reasoning+calls", user: "Weather and docs?", assistant: { reasoning: "I need two tools.", tool_calls: [weather({ city: "Paris" }), search({})] }, unclosedReasoning: true },
  { name: "content+call", user: "Weather?", assistant: { content: "Let me check.", tool_calls: [weather({ city: "Paris" })] } },
  { name: "multi-turn", history: HISTORY, user: "Say hello.", assistant: { content: CONTENT } },
  { name: "multi-turn+call", history: HISTORY, user: "Weather?", assistant: { content: "Let me check.", tool_calls: [weather({ city: "Oslo" })] } },
];

/** `toolsLeftOut`: why the template has no tool-call field although the chat template writes calls. */
export function verify(template: unknown, c: Classification, renderer: Renderer, toolsLeftOut: string | null = null): Verdict[] {
  const sw = c.prompt.reasoningSwitch;
  const label = (v: Vars) => (sw ? (sw.name in v ? `${sw.name}=${JSON.stringify(v[sw.name])}` : `${sw.name} unset`) : "");
  const modes: { label: string; vars: Vars; reasoning: boolean }[] = [{ label: label(sw?.on ?? {}), vars: sw?.on ?? {}, reasoning: true }];
  if (sw) modes.push({ label: label(sw.off), vars: sw.off, reasoning: false });
  const out: Verdict[] = [];
  for (const mode of modes) {
    for (const conv of CONVERSATIONS) {
      if (!mode.reasoning && conv.assistant.reasoning !== undefined) continue;
      const leftOut = toolsLeftOut !== null && conv.assistant.tool_calls !== undefined;
      out.push({ ...(leftOut ? { conversation: conv.name, status: "n/a" as const, reason: toolsLeftOut, omitted: [] } : verifyOne(template, c, renderer, conv, mode.vars)), mode: mode.label });
    }
  }
  return out;
}

function verifyOne(template: unknown, c: Classification, renderer: Renderer, conv: Conversation, vars: Vars): Omit<Verdict, "mode"> {
  const verdict = (status: Verdict["status"], reason: string | undefined, omitted: string[] = []) => ({ conversation: conv.name, status, ...(reason ? { reason } : {}), omitted });
  const a = conv.assistant;
  if (a.tool_calls && c.tools.format === "none") return verdict("n/a", "the chat template does not render tool calls");
  for (const tc of a.tool_calls ?? []) {
    for (const kind of valueKinds(tc.arguments)) {
      const written = c.unreadable[kind];
      if (written !== undefined) return verdict("n/a", `${kind} argument values do not read back (the chat template writes …${JSON.stringify(written)}…)`);
    }
  }

  const history = [...(conv.history ?? []), { role: "user", content: conv.user }];
  const shape: MessageShape = c.shape;
  const full = renderer.render([...history, assistantMessage(conv, shape)], false, vars);
  const prompt = renderer.render(history, true, vars);
  if (!full.ok || !prompt.ok) return verdict("n/a", `the chat template raises: ${!full.ok ? full.error : (prompt as { error: string }).error}`);

  const r = c.reasoning;
  const input = parseInput(prompt.text, full.text, r);
  const prefix = input.prefix;
  let output = cutAtTurnEnd(input.output, [...c.prompt.turnEnds, ...(c.tools.turnEnd ? [c.tools.turnEnd] : [])]);
  if (conv.unclosedReasoning) {
    const thinking = (template as { fields: Record<string, { close_pattern?: unknown }> }).fields.thinking;
    if (!thinking) return verdict("n/a", "the template has no reasoning field");
    if (typeof thinking.close_pattern !== "string" || !thinking.close_pattern.includes("|(?=")) return verdict("n/a", "no tool-call marker ends unclosed reasoning: calls open without a marker of their own");
    const at = output.indexOf(a.reasoning!.trim());
    const end = at < 0 || !r.close ? -1 : output.indexOf(r.close, at);
    if (end < 0) return verdict("n/a", "the chat template does not render reasoning beside tool calls");
    output = output.slice(0, end) + output.slice(end + r.close!.length);
  }

  const omitted: string[] = [];
  const expected: Record<string, unknown> = { role: "assistant" };
  if (a.reasoning !== undefined) {
    if (output.includes(a.reasoning.trim())) expected.thinking = a.reasoning.trim();
    else omitted.push("reasoning (not rendered)");
  }
  if (a.content !== undefined) {
    if (!output.includes(a.content.trim())) omitted.push("content (not rendered)");
    else if (r.open && r.close && insideReasoning(output, a.content.trim(), r.open, r.close)) {
      expected.thinking = [expected.thinking, a.content.trim()].filter((x) => x).join("\n");
      omitted.push("content (rendered as reasoning)");
    } else expected.content = a.content.trim();
  }
  if (a.tool_calls) {
    const kept = a.tool_calls.filter((tc) => output.includes(tc.name));
    if (kept.length < a.tool_calls.length) omitted.push(`${a.tool_calls.length - kept.length} of ${a.tool_calls.length} tool calls (not rendered)`);
    if (kept.length) expected.tool_calls = kept.map((tc) => ({ type: "function", function: { name: tc.name, arguments: tc.arguments } }));
  }
  if (Object.keys(expected).length === 1) return verdict("n/a", "the chat template renders nothing of this turn", omitted);
  if (prefix === prompt.text && r.open && r.close && expected.content !== undefined && !output.includes(r.close)) {
    const open = r.open.trim();
    if (prompt.text.lastIndexOf(open) > prompt.text.lastIndexOf(r.close) && open.length) {
      return verdict("n/a", `the generation prompt opens ${JSON.stringify(open)} and the rendered turn writes its text without ever closing it: no consistent model output`, omitted);
    }
  }

  let got: unknown;
  try {
    got = plain(parseResponse(template, output, { prefix, tools: VERIFY_TOOLS as unknown as ToolDefinition[] }));
  } catch (e) {
    return verdict("fail", `parse error: ${e instanceof Error ? e.message : String(e)} (output ${JSON.stringify(output)})`, omitted);
  }
  if (sameValue(got, expected)) return verdict("pass", undefined, omitted);
  return verdict("fail", `parsed ${JSON.stringify(got)}, expected ${JSON.stringify(expected)} (output ${JSON.stringify(output)})`, omitted);
}

function assistantMessage(conv: Conversation, shape: MessageShape): Record<string, unknown> {
  const a = conv.assistant;
  const msg: Record<string, unknown> = { role: "assistant", content: a.content ?? shape.emptyContent };
  if (shape.contentBlocks) {
    msg.content = [
      ...(a.reasoning !== undefined ? [{ type: "thinking", thinking: a.reasoning }] : []),
      ...(a.content !== undefined ? [{ type: "text", text: a.content }] : []),
    ];
    if (!(msg.content as unknown[]).length) msg.content = shape.emptyContent;
  }
  if (a.reasoning !== undefined) Object.assign(msg, { reasoning_content: a.reasoning, thinking: a.reasoning, reasoning: a.reasoning });
  if (a.tool_calls) {
    msg.tool_calls = a.tool_calls.map((tc, i) => ({
      id: `call${String(i + 1).padStart(5, "0")}`,
      type: "function",
      function: { name: tc.name, arguments: shape.argsAsString ? JSON.stringify(tc.arguments) : tc.arguments },
    }));
  }
  return msg;
}

/** The output up to and including the first marker that ends the turn (the model stops there). */
function cutAtTurnEnd(output: string, ends: string[]): string {
  let cut = output.length;
  for (const e of ends) {
    const i = output.indexOf(e);
    if (i >= 0 && i + e.length < cut) cut = i + e.length;
  }
  return output.slice(0, cut).replace(/\s+$/u, "");
}

function insideReasoning(output: string, text: string, open: string, close: string): boolean {
  const at = output.indexOf(text);
  const o = output.lastIndexOf(open.trim(), at);
  return o >= 0 && output.indexOf(close, o) > at;
}

/** Parsed values as plain JSON (Python floats and big integers as numbers). */
export function plain(v: unknown): unknown {
  if (v instanceof Number) return v.valueOf();
  if (typeof v === "bigint") return Number(v);
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (a && b && typeof a === "object" && typeof b === "object") {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => k in b && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return a === b;
}
