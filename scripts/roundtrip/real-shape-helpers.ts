// Helpers and prompts shared by the real-shape row writers (real-shapes.ts, real-shapes-second-pass.ts).

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export interface Issue {
  kind: "region" | "unclaimed" | "overwritten" | "missing";
  field: string | null;
  start: number;
  end: number;
}
export interface Row {
  name: string;
  shape: string;
  prefix: string;
  text: string;
  expected: Record<string, Json>;
  tools?: Json[];
  on_error?: "recover";
  errors?: Issue[];
}

// ---- message helpers ------------------------------------------------------------------------------------
export const call = (name: string, args: Record<string, Json>): Json => ({ type: "function", function: { name, arguments: args } });
export function msg(m: { thinking?: string; content?: string; calls?: Json[] }): Record<string, Json> {
  const out: Record<string, Json> = { role: "assistant" };
  if (m.thinking) out.thinking = m.thinking;
  if (m.content) out.content = m.content;
  if (m.calls?.length) out.tool_calls = m.calls;
  return out;
}
/** The stream offsets of `from` … end of `to` in `text` (kept prefix empty: the prefix ends at the anchor). */
export function span(text: string, from: string, to: string, kind: Issue["kind"], field: string | null, after = 0): Issue {
  const start = text.indexOf(from, after);
  const end = text.indexOf(to, start) + to.length;
  if (start < 0 || end < to.length) throw new Error(`span: ${JSON.stringify(from)}…${JSON.stringify(to)} not in ${JSON.stringify(text)}`);
  return { kind, field, start, end };
}
export const recover = (r: Omit<Row, "on_error">): Row => ({ ...r, on_error: "recover" });

export const WEATHER = call("get_weather", { city: "Paris" });
export const TOOL_WEATHER: Json = {
  type: "function",
  function: {
    name: "get_weather",
    parameters: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" }, zip: { type: "string" }, metric: { type: "boolean" } } },
  },
};

// ---- prompts (each ends with the template's start anchor) --------------------------------------------------
export const Q = "What's the weather in Paris?";
export const CHATML = `<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n<|im_start|>user\n${Q}<|im_end|>\n<|im_start|>assistant\n`;
export const CHATML_THINK = `${CHATML}<think>\n`;
export const LLAMA3 = `<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\n${Q}<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n`;
export const LLAMA4 = `<|begin_of_text|><|header_start|>user<|header_end|>\n\n${Q}<|eot|><|header_start|>assistant<|header_end|>\n\n`;
export const MISTRAL = `<s>[INST]${Q}[/INST]`;
export const HARMONY = `<|start|>system<|message|>You are ChatGPT.<|end|><|start|>user<|message|>${Q}<|end|><|start|>assistant`;
export const DS = `<｜begin▁of▁sentence｜><｜User｜>${Q}<｜Assistant｜>`;
export const KIMI = `<|im_user|>user<|im_middle|>${Q}<|im_end|><|im_assistant|>assistant<|im_middle|>`;
export const GRANITE = `<|start_of_role|>user<|end_of_role|>${Q}<|end_of_text|>\n<|start_of_role|>assistant<|end_of_role|>`;
export const GEMMA4 = `<bos><|turn>user\n${Q}<turn|>\n<|turn>model\n`;
export const HY3 = `<｜hy_begin_of_sentence:opensource｜><｜hy_User:opensource｜>${Q}<｜hy_Assistant:opensource｜>`;

// ---- shapes shared by several families ----
export const hermesCall = (name: string, args: Json) => `<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;
export const qwenXml = (name: string, params: [string, string][]) =>
  `<tool_call>\n<function=${name}>\n${params.map(([k, v]) => `<parameter=${k}>\n${v}\n</parameter>\n`).join("")}</function>\n</tool_call>`;
