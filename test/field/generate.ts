// The field oracle's conversation generator: seeded, so every case is reproducible from (seed, template).
// Conversations take the round-trip harness's shapes (test/templates/conversations.ts names them, and a
// round-trip row restricts which apply to its chat template); the text, reasoning, tool names and
// arguments vary: strings with quotes, newlines, markup characters and unicode, numbers, booleans,
// nested objects (with nulls inside), arrays. Values stay within what every format can carry: no
// top-level nulls, no integral floats (3.0 and 3 are different Python values), no leading/trailing
// whitespace in strings (formats that write values as text strip it).

import type { Conversation, ToolCallIn } from "../templates/conversations.ts";
import type { ToolDef } from "../templates/render.ts";

export type Rng = () => number;

/** mulberry32: small, fast, good enough to spread cases. */
export function rng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
export const int = (r: Rng, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));

const WORDS = ["check", "the", "forecast", "Île-de-France", "naïve", "résumé", "🌍", "✓", "数据", "x < y", "a & b", "'single'", '"double"', "back\\slash", "tab\there", "{braces}", "[list]", "50%"];
const SENTENCES = [
  "Let me look this up.",
  "I will call the tool first.",
  "Done, here is what I found:",
  "It's \"quoted\" — and fine.",
  "Ünïcödé works 🌍 too.",
];

function phrase(r: Rng, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(pick(r, WORDS));
  return out.join(" ");
}

/** Text of a content or reasoning block: a few sentences, sometimes over two lines. */
export function text(r: Rng): string {
  const parts = [pick(r, SENTENCES), `${phrase(r, int(r, 1, 4))}.`];
  if (r() < 0.5) parts.push(pick(r, SENTENCES));
  return parts.join(r() < 0.4 ? "\n" : " ");
}

type ParamType = "string" | "integer" | "number" | "boolean" | "object" | "array";
interface PoolTool {
  name: string;
  params: Record<string, ParamType>;
  required: string[];
}
const POOL: PoolTool[] = [
  { name: "get_weather", params: { city: "string", days: "integer" }, required: ["city"] },
  { name: "search_docs", params: { query: "string", limit: "number", exact: "boolean", filters: "object", tags: "array" }, required: ["query"] },
  { name: "send_message", params: { to: "string", body: "string", urgent: "boolean" }, required: ["to", "body"] },
  { name: "list_files", params: { path: "string", depth: "integer", options: "object" }, required: ["path"] },
  { name: "calc", params: { expression: "string", precision: "integer" }, required: ["expression"] },
  { name: "ping", params: {}, required: [] },
];

function str(r: Rng): string {
  const s = phrase(r, int(r, 1, 3));
  return r() < 0.25 ? `${s}\n${phrase(r, 1)}` : s;
}
function scalar(r: Rng): unknown {
  return pick(r, [() => str(r), () => int(r, -5, 900), () => r() < 0.5, () => null, () => pick(r, [0.5, 2.25, -1.75])])();
}
function nested(r: Rng, depth: number): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  const n = int(r, 1, 3);
  for (let i = 0; i < n; i++) {
    const k = pick(r, ["lang", "mode", "level", "deep", "ids", "note"]);
    o[k] = depth > 0 && r() < 0.3 ? nested(r, depth - 1) : k === "ids" ? [int(r, 1, 9), int(r, 10, 99)] : scalar(r);
  }
  return o;
}
function value(r: Rng, t: ParamType): unknown {
  switch (t) {
    case "string":
      return str(r);
    case "integer":
      return int(r, 0, 2000);
    case "number":
      return pick(r, [2.5, 0.25, 10.75, -3.5]);
    case "boolean":
      return r() < 0.5;
    case "object":
      return nested(r, 2);
    case "array":
      return Array.from({ length: int(r, 1, 3) }, () => pick(r, ["alpha", "βeta", "x y", "q\"t"]));
  }
}

export function toolDefs(rename: (n: string) => string = (n) => n): ToolDef[] {
  return POOL.map((t) => ({
    type: "function",
    function: {
      name: rename(t.name),
      description: `Tool ${t.name}`,
      parameters: {
        type: "object",
        properties: Object.fromEntries(Object.entries(t.params).map(([k, ty]) => [k, ty === "array" ? { type: ty, items: { type: "string" } } : { type: ty }])),
        required: t.required,
      },
    },
  }));
}

function call(r: Rng): ToolCallIn {
  const t = pick(r, POOL);
  const args: Record<string, unknown> = {};
  for (const [k, ty] of Object.entries(t.params)) if (t.required.includes(k) || r() < 0.6) args[k] = value(r, ty);
  return { name: t.name, arguments: args };
}

/** The round-trip harness's conversation names (a row's `conversations` restricts them). */
export const SHAPES = ["content", "reasoning+content", "one-call", "two-calls", "reasoning+calls", "multi-turn-text", "multi-turn", "content+call"] as const;

const HISTORY = [
  { role: "user", content: "Hi there." },
  { role: "assistant", content: "An earlier answer that must not leak." },
];

export function conversation(r: Rng, shape: string): Conversation {
  const calls = (n: number) => Array.from({ length: n }, () => call(r));
  const a: Conversation["assistant"] = {};
  if (shape.startsWith("reasoning")) a.thinking = text(r);
  if (shape === "content" || shape === "reasoning+content" || shape === "multi-turn-text" || shape === "multi-turn" || shape === "content+call") a.content = text(r);
  if (shape === "one-call" || shape === "content+call" || shape === "multi-turn") a.tool_calls = calls(1);
  if (shape === "two-calls" || shape === "reasoning+calls") a.tool_calls = calls(int(r, 2, 3));
  return { name: shape, history: shape.startsWith("multi-turn") ? HISTORY : undefined, user: "Please help.", assistant: a };
}
