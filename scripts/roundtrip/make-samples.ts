// Writes templates/samples/<name>.jsonl: hand-written model outputs in each family's real format, with
// the message each must parse to. Every format below is written out by hand from the model's chat
// template or published parser (not produced by rendering), so the samples check the response templates
// independently of the round-trip harness. Usage: npx tsx scripts/roundtrip/make-samples.ts
//
// Standard rows per template (named by what they exercise):
//   plain-text            content only, with quotes, newlines and non-ASCII
//   reasoning-only        a reasoning block and nothing else (templates without reasoning: the
//                         reasoning markers of other families stay plain text — "no-reasoning-field")
//   parallel-tool-calls   two calls with strings (quotes, unicode), numbers, booleans, arrays, objects
//   unclosed-at-eos       the stream ends inside a region (reasoning, or a call missing its close)
//   delimiter-lookalikes  text holding strings that start like the template's delimiters
// plus format-specific extras (prompt-opened reasoning, content before calls, alternative spellings).
//
// A template read against sibling chat templates that spell the turn differently (Laguna S vs XS,
// GigaChat 3 vs 3.1) gets the standard rows once per sibling spelling (SIBLINGS below): each row names
// the chat templates whose spelling it is written in (`chat_templates`), and a row both spell alike is
// written once, naming both.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

type Args = Record<string, unknown>;
interface Call {
  name: string;
  arguments: Args;
}
interface Row {
  name: string;
  prefix: string;
  text: string;
  expected: Record<string, unknown>;
  /** The chat templates (test/fixtures/chat-templates) whose spelling the row is written in, for
   * templates with sibling spellings. */
  chat_templates?: string[];
}

/** How tool-call argument values come back from the format (without `tools` coercion). */
type Typing = "json" | "strings";

interface Fmt {
  prefix: string;
  eos: string;
  think?: (t: string) => string;
  /** The prompt opens the reasoning block: [prompt suffix, text that closes it]. */
  promptThink?: [string, string];
  content?: (c: string) => string;
  calls?: (cs: Call[]) => string;
  typing?: Typing;
  /** The format allows text before the calls in one message. */
  contentThenCalls?: (c: string, cs: Call[]) => string;
  /** One call per message: the parallel row becomes a single call (limitation noted in the catalog). */
  singleCall?: boolean;
  /** Reasoning written with the delimiters of other families, kept as content by non-reasoning templates. */
  lookalike: string;
  /** How an unclosed row is written when the default (unclosed reasoning / unclosed call) does not apply. */
  unclosed?: Row;
  extra?: Row[];
}

/** One sibling's spelling of a template's format: a short label and the chat templates it is read from. */
interface Spelling {
  label: string;
  chats: string[];
  fmt: Fmt;
}

// ---- shared sample values ---------------------------------------------------------------------------
const CONTENT = 'Sure — the answer is "42".\nSecond line: ünïcödé ✓ 🚀';
const THINK = "User asks for the answer.\nCompute: 6 × 7 = 42.";
const C1: Call = { name: "get_weather", arguments: { location: 'Tōkyō, "JP"', unit: "celsius" } };
const C2: Call = {
  name: "calculate",
  arguments: { expression: "2*(3+4)", precision: 2, verbose: false, tags: ["math", "β"], options: { round: true, digits: 3 } },
};
const PARALLEL = [C1, C2];
const Q = "What is 6×7? Also the weather in Tokyo.";

/** Python json.dumps (ensure_ascii=False) spacing. */
function pyjson(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return `[${v.map(pyjson).join(", ")}]`;
  if (typeof v === "object") return `{${Object.entries(v as Args).map(([k, x]) => `${JSON.stringify(k)}: ${pyjson(x)}`).join(", ")}}`;
  return JSON.stringify(v);
}
/** A value as tag-based formats write it: strings raw, everything else JSON. */
const raw = (v: unknown) => (typeof v === "string" ? v : pyjson(v));
/** Python literal (repr-like) for python-call formats. */
function pylit(v: unknown): string {
  if (v === null) return "None";
  if (v === true) return "True";
  if (v === false) return "False";
  if (typeof v === "string") return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(pylit).join(", ")}]`;
  if (typeof v === "object") return `{${Object.entries(v as Args).map(([k, x]) => `${JSON.stringify(k)}: ${pylit(x)}`).join(", ")}}`;
  return String(v);
}
const pycall = (c: Call) => `${c.name}(${Object.entries(c.arguments).map(([k, v]) => `${k}=${pylit(v)}`).join(", ")})`;
const jcall = (c: Call) => pyjson({ name: c.name, arguments: c.arguments });

function expectedArgs(c: Call, typing: Typing): Args {
  if (typing === "json") return c.arguments;
  return Object.fromEntries(Object.entries(c.arguments).map(([k, v]) => [k, raw(v)]));
}
const toolCalls = (cs: Call[], typing: Typing) => cs.map((c) => ({ type: "function", function: { name: c.name, arguments: expectedArgs(c, typing) } }));
const msg = (m: Record<string, unknown>) => ({ role: "assistant", ...m });

// ---- prompts ----------------------------------------------------------------------------------------
const CHATML = `<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n<|im_start|>user\n${Q}<|im_end|>\n<|im_start|>assistant\n`;
const LLAMA3 = `<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\n${Q}<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n`;
const MISTRAL = `<s>[INST]${Q}[/INST]`;
const COHERE = `<|START_OF_TURN_TOKEN|><|USER_TOKEN|>${Q}<|END_OF_TURN_TOKEN|><|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>`;
const DS = `<｜begin▁of▁sentence｜><｜User｜>${Q}<｜Assistant｜>`;
const GRANITE = `<|start_of_role|>user<|end_of_role|>${Q}<|end_of_text|>\n<|start_of_role|>assistant<|end_of_role|>`;
const GLM = `[gMASK]<sop><|user|>\n${Q}<|assistant|>`;

// ---- format pieces reused by several families ---------------------------------------------------------
const thinkTag = (t: string) => `<think>\n${t}\n</think>\n\n`;
const hermesCalls = (cs: Call[]) => cs.map((c) => `<tool_call>\n${jcall(c)}\n</tool_call>`).join("\n");
const qwenXmlCalls = (cs: Call[]) =>
  cs
    .map((c) => `<tool_call>\n<function=${c.name}>\n${Object.entries(c.arguments).map(([k, v]) => `<parameter=${k}>\n${raw(v)}\n</parameter>\n`).join("")}</function>\n</tool_call>`)
    .join("\n");
const glmCalls = (nl: string) => (cs: Call[]) =>
  cs.map((c) => `<tool_call>${c.name}${nl}${Object.entries(c.arguments).map(([k, v]) => `<arg_key>${k}</arg_key>${nl}<arg_value>${raw(v)}</arg_value>${nl}`).join("")}</tool_call>`).join(nl);
const dsR1Calls = (cs: Call[]) =>
  `<｜tool▁calls▁begin｜>${cs.map((c) => `<｜tool▁call▁begin｜>function<｜tool▁sep｜>${c.name}\n\`\`\`json\n${pyjson(c.arguments)}\n\`\`\`<｜tool▁call▁end｜>`).join("\n")}<｜tool▁calls▁end｜>`;
const dsml = (wrapper: string) => (cs: Call[]) =>
  `<｜DSML｜${wrapper}>\n${cs
    .map(
      (c) =>
        `<｜DSML｜invoke name="${c.name}">\n${Object.entries(c.arguments)
          .map(([k, v]) => `<｜DSML｜parameter name="${k}" string="${typeof v === "string"}">${raw(v)}</｜DSML｜parameter>\n`)
          .join("")}</｜DSML｜invoke>\n`,
    )
    .join("")}</｜DSML｜${wrapper}>`;
const mistralCalls = (cs: Call[]) => cs.map((c) => `[TOOL_CALLS]${c.name}[ARGS]${pyjson(c.arguments)}`).join("");
const jsonList = (cs: Call[]) => pyjson(cs.map((c) => ({ name: c.name, arguments: c.arguments })));
const kimiCalls = (cs: Call[]) =>
  `<|tool_calls_section_begin|>${cs.map((c, i) => `<|tool_call_begin|>functions.${c.name}:${i}<|tool_call_argument_begin|>${pyjson(c.arguments)}<|tool_call_end|>`).join("")}<|tool_calls_section_end|>`;
const gemmaValue = (v: unknown): string => {
  if (typeof v === "string") return `<|"|>${v}<|"|>`;
  if (Array.isArray(v)) return `[${v.map(gemmaValue).join(",")}]`;
  if (v !== null && typeof v === "object") return `{${Object.entries(v as Args).map(([k, x]) => `${k}:${gemmaValue(x)}`).join(",")}}`;
  return String(v);
};
const MM = "]<]minimax[>[";
const mmValue = (v: unknown): string => {
  if (Array.isArray(v)) return v.map((x) => `${MM}<item>${mmValue(x)}${MM}</item>`).join("");
  if (v !== null && typeof v === "object") return Object.entries(v as Args).map(([k, x]) => `${MM}<${k}>${mmValue(x)}${MM}</${k}>`).join("");
  return String(v);
};

const LOOK_CHATML = "Tags like <tool_call (unfinished), </think and <|im_end| are just text; also a < b > c.";

// ---- the formats --------------------------------------------------------------------------------------
const F: Record<string, Fmt> = {
  qwen3: {
    prefix: CHATML,
    eos: "<|im_end|>",
    think: thinkTag,
    promptThink: [`${CHATML}<think>\n`, "\n</think>\n\n"],
    calls: hermesCalls,
    contentThenCalls: (c, cs) => `${c}\n\n${hermesCalls(cs)}`,
    lookalike: LOOK_CHATML,
  },
  "qwen2-5": { prefix: CHATML, eos: "<|im_end|>", think: thinkTag, calls: hermesCalls, contentThenCalls: (c, cs) => `${c}\n${hermesCalls(cs)}`, lookalike: LOOK_CHATML },
  qwq: {
    prefix: CHATML,
    eos: "<|im_end|>",
    think: thinkTag,
    promptThink: [`${CHATML}<think>\n`, "\n</think>\n\n"],
    calls: hermesCalls,
    lookalike: LOOK_CHATML,
  },
  smollm3: {
    prefix: CHATML,
    eos: "<|im_end|>",
    think: thinkTag,
    calls: hermesCalls,
    contentThenCalls: (c, cs) => `${c}\n${hermesCalls(cs)}`,
    lookalike: LOOK_CHATML,
  },
  "hermes-2-pro": { prefix: CHATML, eos: "<|im_end|>", calls: hermesCalls, contentThenCalls: (c, cs) => `${c}\n${hermesCalls(cs)}`, lookalike: LOOK_CHATML },
  bielik: { prefix: CHATML, eos: "<|im_end|>", think: thinkTag, calls: hermesCalls, lookalike: LOOK_CHATML },
  "granite-4": {
    prefix: GRANITE,
    eos: "<|end_of_text|>",
    calls: hermesCalls,
    contentThenCalls: (c, cs) => `${c}\n${hermesCalls(cs)}`,
    lookalike: "Not a call: <tool_call or <|end_of_text| — keep as text.",
  },
  "reka-edge": {
    prefix: `<sep>human: ${Q}<sep>assistant:`,
    eos: "\n\n<sep>",
    think: thinkTag,
    content: (c) => ` ${c}`,
    calls: (cs) => ` ${hermesCalls(cs)}`,
    lookalike: "A <sep without its bracket and <tool_call text.",
  },
  qwen3_5: {
    prefix: CHATML,
    eos: "<|im_end|>",
    think: thinkTag,
    promptThink: [`${CHATML}<think>\n`, "\n</think>\n\n"],
    calls: qwenXmlCalls,
    typing: "strings",
    contentThenCalls: (c, cs) => `${c}\n\n${qwenXmlCalls(cs)}`,
    lookalike: "Mentions <function=x without closing and <parameter= too.",
  },
  "qwen3-coder": {
    prefix: CHATML,
    eos: "<|im_end|>",
    calls: qwenXmlCalls,
    typing: "json",
    contentThenCalls: (c, cs) => `${c}\n${qwenXmlCalls(cs)}`,
    lookalike: "Code: if a <tool_call and x </function then <|im_end| stays.",
  },
  "nemotron-3": {
    prefix: CHATML,
    eos: "<|im_end|>",
    think: (t) => `<think>\n${t}\n</think>\n`,
    promptThink: [`${CHATML}<think>\n`, "\n</think>\n"],
    calls: qwenXmlCalls,
    typing: "json",
    lookalike: LOOK_CHATML,
  },
  "step-3-5": {
    prefix: CHATML,
    eos: "<|im_end|>",
    think: (t) => `<think>\n${t}\n</think>\n`,
    promptThink: [`${CHATML}<think>\n`, "\n</think>\n"],
    calls: (cs) => qwenXmlCalls(cs).replaceAll("</tool_call>\n<tool_call>", "</tool_call><tool_call>"),
    typing: "json",
    lookalike: LOOK_CHATML,
  },
  "seed-oss": {
    prefix: `<seed:bos>user\n${Q}<seed:eos><seed:bos>assistant\n`,
    eos: "<seed:eos>",
    think: (t) => `<seed:think>${t}</seed:think>`,
    calls: (cs) =>
      cs
        .map((c) => `<seed:tool_call>\n<function=${c.name}>\n${Object.entries(c.arguments).map(([k, v]) => `<parameter=${k}>${raw(v)}</parameter>\n`).join("")}</function>\n</seed:tool_call>`)
        .join("\n"),
    typing: "json",
    lookalike: "Seed tags: <seed:think without end, <seed:eos and <seed:tool_call stay.",
  },
  gemma4: {
    prefix: `<bos><|turn>user\n${Q}<turn|>\n<|turn>model\n`,
    eos: "<turn|>",
    think: (t) => `<|channel>thought\n${t}<channel|>`,
    calls: (cs) => cs.map((c) => `<|tool_call>call:${c.name}${gemmaValue(c.arguments)}<tool_call|>`).join(""),
    contentThenCalls: (c, cs) => `${c}${cs.map((x) => `<|tool_call>call:${x.name}${gemmaValue(x.arguments)}<tool_call|>`).join("")}`,
    lookalike: "Markers <|channel without end, <turn| and <|tool_call are plain text.",
  },
  "gemma-2": {
    prefix: `<bos><start_of_turn>user\n${Q}<end_of_turn>\n<start_of_turn>model\n`,
    eos: "<end_of_turn>",
    lookalike: "An <end_of_turn without its bracket, and <start_of_turn too.",
    extra: [
      {
        name: "multi-turn-prefix",
        prefix: `<bos><start_of_turn>user\nHi<end_of_turn>\n<start_of_turn>model\nOld answer.<end_of_turn>\n<start_of_turn>user\n${Q}<end_of_turn>\n<start_of_turn>model\n`,
        text: "New answer.<end_of_turn>",
        expected: msg({ content: "New answer." }),
      },
    ],
  },
  "gpt-oss": {
    prefix: `<|start|>system<|message|>You are ChatGPT.<|end|><|start|>user<|message|>${Q}<|end|><|start|>assistant`,
    eos: "",
    think: (t) => `<|channel|>analysis<|message|>${t}<|end|><|start|>assistant`,
    content: (c) => `<|channel|>final<|message|>${c}<|return|>`,
    calls: (cs) => cs.map((c) => `<|channel|>commentary to=functions.${c.name} <|constrain|>json<|message|>${pyjson(c.arguments)}<|call|>`).join("<|start|>assistant"),
    lookalike: "Harmony words like <|channel| and <|end| and to=functions are plain here.",
    extra: [
      {
        name: "commentary-preamble",
        prefix: `<|start|>user<|message|>${Q}<|end|><|start|>assistant`,
        text: `<|channel|>analysis<|message|>Check weather.<|end|><|start|>assistant<|channel|>commentary<|message|>Let me check.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>${pyjson(C1.arguments)}<|call|>`,
        expected: msg({ thinking: "Check weather.", content: "Let me check.", tool_calls: toolCalls([C1], "json") }),
      },
      {
        name: "recipient-in-header",
        prefix: `<|start|>user<|message|>${Q}<|end|><|start|>assistant`,
        text: `<|channel|>analysis<|message|>Need the weather.<|end|><|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>${pyjson(C1.arguments)}<|call|>`,
        expected: msg({ thinking: "Need the weather.", tool_calls: toolCalls([C1], "json") }),
      },
    ],
  },
  "deepseek-r1": {
    prefix: DS,
    eos: "<｜end▁of▁sentence｜>",
    think: thinkTag,
    promptThink: [`${DS}<think>\n`, "\n</think>\n\n"],
    calls: dsR1Calls,
    lookalike: "Unicode bars <｜tool▁calls▁begin without end and <｜end▁of▁sentence are text.",
  },
  "deepseek-v3": {
    prefix: DS,
    eos: "<｜end▁of▁sentence｜>",
    calls: dsR1Calls,
    contentThenCalls: (c, cs) => `${c}\n\n${dsR1Calls(cs)}`,
    lookalike: "Unicode bars <｜tool▁calls▁begin without end and <｜end▁of▁sentence are text.",
  },
  "deepseek-v3-1": {
    prefix: `${DS}</think>`,
    eos: "<｜end▁of▁sentence｜>",
    think: (t) => `<think>${t}</think>`,
    promptThink: [`${DS}<think>`, "</think>"],
    calls: (cs) => `<｜tool▁calls▁begin｜>${cs.map((c) => `<｜tool▁call▁begin｜>${c.name}<｜tool▁sep｜>${pyjson(c.arguments)}<｜tool▁call▁end｜>`).join("")}<｜tool▁calls▁end｜>`,
    lookalike: "Markers <｜tool▁sep and <think without bracket stay text.",
  },
  "deepseek-v3-2": {
    prefix: `${DS}</think>`,
    eos: "<｜end▁of▁sentence｜>",
    think: (t) => `<think>${t}</think>`,
    promptThink: [`${DS}<think>`, "</think>"],
    calls: dsml("function_calls"),
    contentThenCalls: (c, cs) => `${c}\n\n${dsml("function_calls")(cs)}`,
    lookalike: 'DSML-ish <｜DSML｜invoke name="x" without closing bracket is text.',
  },
  "deepseek-v4": {
    prefix: `${DS}</think>`,
    eos: "<｜end▁of▁sentence｜>",
    think: (t) => `<think>${t}</think>`,
    promptThink: [`${DS}<think>`, "</think>"],
    calls: dsml("tool_calls"),
    contentThenCalls: (c, cs) => `${c}\n\n${dsml("tool_calls")(cs)}`,
    lookalike: "DSML-ish <｜DSML｜tool_calls without closing bracket is text.",
  },
  "llama-3-1": {
    prefix: LLAMA3,
    eos: "<|eot_id|>",
    calls: (cs) => pyjson({ name: cs[0]!.name, parameters: cs[0]!.arguments }),
    singleCall: true,
    lookalike: 'Starts with text, so {"name": "x"} inside content is not a call; <|eot_id| neither.',
    extra: [
      {
        name: "python-tag-json",
        prefix: LLAMA3,
        text: `<|python_tag|>${pyjson({ name: C2.name, parameters: C2.arguments })}<|eom_id|>`,
        expected: msg({ tool_calls: toolCalls([C2], "json") }),
      },
    ],
  },
  "llama-4": {
    prefix: `<|begin_of_text|><|header_start|>user<|header_end|>\n\n${Q}<|eot|><|header_start|>assistant<|header_end|>\n\n`,
    eos: "<|eot|>",
    calls: (cs) => `[${cs.map(pycall).join(", ")}]`,
    lookalike: "Text first: [get_weather(city='x')] later is content; <|eot| too.",
  },
  "functionary-v3-1": {
    prefix: LLAMA3,
    eos: "<|eot_id|>",
    calls: (cs) => cs.map((c) => `<function=${c.name}>${pyjson(c.arguments)}</function>`).join(""),
    contentThenCalls: (c, cs) => `${c}${cs.map((x) => `<function=${x.name}>${pyjson(x.arguments)}</function>`).join("")}`,
    lookalike: "A <function= without name end and </function stay text.",
  },
  "functionary-v3-2": {
    prefix: `${LLAMA3}>>>`,
    eos: "<|eot_id|>",
    content: (c) => `all\n${c}`,
    calls: (cs) => cs.map((c) => `${c.name}\n${pyjson(c.arguments)}`).join(">>>"),
    contentThenCalls: (c, cs) => `all\n${c}>>>${cs.map((x) => `${x.name}\n${pyjson(x.arguments)}`).join(">>>")}`,
    lookalike: "Arrows >> and > are fine; <|eot_id| too.",
  },
  "firefunction-v2": {
    prefix: LLAMA3,
    eos: "<|eot_id|>",
    calls: (cs) => ` functools${jsonList(cs)}`,
    lookalike: "The word functools without a list and <|eot_id| are text.",
  },
  "mistral-nemo": {
    prefix: MISTRAL,
    eos: "</s>",
    calls: (cs) => `[TOOL_CALLS]${pyjson(cs.map((c, i) => ({ name: c.name, arguments: c.arguments, id: `call${i}abcd` })))}`,
    lookalike: "Brackets [TOOL_CALLS without end and [/INST are text.",
  },
  "mistral-small-3-2": {
    prefix: MISTRAL,
    eos: "</s>",
    calls: mistralCalls,
    contentThenCalls: (c, cs) => `${c}${mistralCalls(cs)}`,
    lookalike: "Brackets [TOOL_CALLS without end and [ARGS are text.",
    extra: [
      {
        name: "call-id",
        prefix: MISTRAL,
        text: `[TOOL_CALLS]get_weather[CALL_ID]a1B2c3D4e[ARGS]${pyjson(C1.arguments)}</s>`,
        expected: msg({ tool_calls: toolCalls([C1], "json") }),
      },
    ],
  },
  devstral: {
    prefix: MISTRAL,
    eos: "</s>",
    calls: mistralCalls,
    contentThenCalls: (c, cs) => `${c}${mistralCalls(cs)}`,
    lookalike: "Brackets [TOOL_CALLS without end and [ARGS are text.",
  },
  magistral: {
    prefix: MISTRAL,
    eos: "</s>",
    think: (t) => `[THINK]${t}[/THINK]`,
    calls: mistralCalls,
    lookalike: "Brackets [THINK without end, [/THINK and [TOOL_CALLS are text.",
  },
  "command-r7b": {
    prefix: COHERE,
    eos: "<|END_OF_TURN_TOKEN|>",
    think: (t) => `<|START_THINKING|>${t}<|END_THINKING|>`,
    content: (c) => `<|START_RESPONSE|>${c}<|END_RESPONSE|>`,
    calls: (cs) => `<|START_ACTION|>${pyjson(cs.map((c, i) => ({ tool_call_id: String(i), tool_name: c.name, parameters: c.arguments })))}<|END_ACTION|>`,
    lookalike: "Inside a response <|START_ACTION| and <|END_RESPONSE are text.",
  },
  "command-a-reasoning": {
    prefix: COHERE,
    eos: "<|END_OF_TURN_TOKEN|>",
    think: (t) => `<|START_THINKING|>${t}<|END_THINKING|>`,
    promptThink: [`${COHERE}<|START_THINKING|>`, "<|END_THINKING|>"],
    content: (c) => `<|START_TEXT|>${c}<|END_TEXT|>`,
    calls: (cs) => `<|START_ACTION|>${pyjson(cs.map((c, i) => ({ tool_call_id: String(i), tool_name: c.name, parameters: c.arguments })))}<|END_ACTION|>`,
    lookalike: "Inside text <|START_ACTION| and <|END_TEXT are plain.",
  },
  "command-r-plus": {
    prefix: COHERE,
    eos: "<|END_OF_TURN_TOKEN|>",
    calls: (cs) => `Action: \`\`\`json\n${pyjson(cs.map((c) => ({ tool_name: c.name, parameters: c.arguments })))}\n\`\`\``,
    lookalike: "Say Action without a colon, and <|END_OF_TURN_TOKEN| is text.",
  },
  "granite-3-3": {
    prefix: GRANITE,
    eos: "<|end_of_text|>",
    think: (t) => `<think>${t}</think>`,
    calls: (cs) => `<|tool_call|>${jsonList(cs)}`,
    lookalike: "Text with <think and <|tool_call without bars, and </response too.",
    extra: [
      {
        name: "think-then-response",
        prefix: GRANITE,
        text: `<think>${THINK}</think><response>${CONTENT}</response><|end_of_text|>`,
        expected: msg({ thinking: THINK, content: CONTENT }),
      },
    ],
  },
  "glm-4-5": {
    prefix: GLM,
    eos: "<|user|>",
    think: (t) => `\n<think>${t}</think>\n`,
    calls: glmCalls("\n"),
    typing: "json",
    contentThenCalls: (c, cs) => `\n${c}\n${glmCalls("\n")(cs)}`,
    lookalike: "Keys <arg_key and <tool_call without brackets are text.",
  },
  "glm-4-7": {
    prefix: `${GLM}</think>`,
    eos: "<|user|>",
    think: (t) => `<think>${t}</think>`,
    promptThink: [`${GLM}<think>`, "</think>"],
    calls: glmCalls(""),
    typing: "json",
    lookalike: "Keys <arg_key and <tool_call without brackets are text.",
  },
  // Laguna S 2.1's spelling (no newlines); Laguna XS's is in SIBLINGS.
  laguna: {
    prefix: `<user>${Q}</user>\n<assistant></think>`,
    eos: "</assistant>",
    think: (t) => `<think>${t}</think>`,
    promptThink: [`<user>${Q}</user>\n<assistant><think>`, "</think>"],
    calls: glmCalls(""),
    contentThenCalls: (c, cs) => `${c}${glmCalls("")(cs)}`,
    typing: "json",
    lookalike: "Tags <tool_call and </assistant without brackets stay.",
  },
  "hunyuan-hy3": {
    prefix: `<｜hy_begin_of_sentence:opensource｜><｜hy_User:opensource｜>${Q}<｜hy_Assistant:opensource｜><think:opensource></think:opensource>`,
    eos: "<｜hy_eos:opensource｜>",
    think: (t) => `<think:opensource>${t}</think:opensource>`,
    promptThink: [`<｜hy_User:opensource｜>${Q}<｜hy_Assistant:opensource｜><think:opensource>`, "</think:opensource>"],
    calls: (cs) =>
      `<tool_calls:opensource>\n${cs
        .map(
          (c) =>
            `<tool_call:opensource>${c.name}<tool_sep:opensource>\n${Object.entries(c.arguments)
              .map(([k, v]) => `<arg_key:opensource>${k}</arg_key:opensource>\n<arg_value:opensource>${raw(v)}</arg_value:opensource>\n`)
              .join("")}</tool_call:opensource>\n`,
        )
        .join("")}</tool_calls:opensource>`,
    typing: "json",
    lookalike: "Tags <tool_call:opensource without end stay text.",
  },
  "hunyuan-a13b": {
    prefix: `<|startoftext|>${Q}<|extra_0|>`,
    eos: "<|eos|>",
    think: (t) => `<think>\n${t}\n</think>\n`,
    content: (c) => `<answer>\n${c}\n</answer>`,
    calls: (cs) => `<tool_calls>\n${jsonList(cs)}\n</tool_calls>`,
    lookalike: "An <answer without bracket, </answer too.",
  },
  "kimi-k2": {
    prefix: `<|im_user|>user<|im_middle|>${Q}<|im_end|><|im_assistant|>assistant<|im_middle|>`,
    eos: "<|im_end|>",
    think: (t) => `<think>${t}</think>`,
    calls: kimiCalls,
    contentThenCalls: (c, cs) => `${c}${kimiCalls(cs)}`,
    lookalike: "Markers <|tool_call_begin| and <|im_end| without bars end are text.",
  },
  "kimi-k2-thinking": {
    prefix: `<|im_user|>user<|im_middle|>${Q}<|im_end|><|im_assistant|>assistant<|im_middle|>`,
    eos: "<|im_end|>",
    think: (t) => `<think>${t}</think>`,
    calls: kimiCalls,
    lookalike: "Markers <|tool_call_begin| and <|im_end| without bars end are text.",
  },
  "minimax-m2": {
    prefix: `]~b]user\n${Q}[e~[\n]~b]ai\n`,
    eos: "[e~[",
    think: (t) => `<think>\n${t}\n</think>\n\n`,
    promptThink: [`]~b]user\n${Q}[e~[\n]~b]ai\n<think>\n`, "\n</think>\n\n"],
    calls: (cs) =>
      `<minimax:tool_call>\n${cs
        .map((c) => `<invoke name="${c.name}">\n${Object.entries(c.arguments).map(([k, v]) => `<parameter name="${k}">${raw(v)}</parameter>\n`).join("")}</invoke>\n`)
        .join("")}</minimax:tool_call>`,
    typing: "json",
    lookalike: "Brackets [e~ and <invoke without a name are text.",
  },
  "minimax-m3": {
    prefix: `]~b]user\n${Q}[e~[\n]~b]ai\n`,
    eos: "[e~[",
    think: (t) => `<mm:think>${t}</mm:think>`,
    calls: (cs) =>
      `${MM}<tool_call>\n${cs.map((c) => `${MM}<invoke name="${c.name}">${mmValue(c.arguments)}${MM}</invoke>\n`).join("")}${MM}</tool_call>`,
    typing: "json",
    lookalike: "Brackets [e~ and <mm:think without end are text.",
  },
  lfm2: {
    prefix: CHATML,
    eos: "<|im_end|>",
    calls: (cs) => `<|tool_call_start|>[${cs.map(pycall).join(", ")}]<|tool_call_end|>`,
    contentThenCalls: (c, cs) => `${c}<|tool_call_start|>[${cs.map(pycall).join(", ")}]<|tool_call_end|>`,
    lookalike: "Markers <|tool_call_start| and <|im_end| without bars end are text.",
  },
  "lfm2-5": {
    prefix: CHATML,
    eos: "<|im_end|>",
    think: (t) => `<think>${t}</think>`,
    calls: (cs) => `<|tool_call_start|>[${cs.map(pycall).join(", ")}]<|tool_call_end|>`,
    lookalike: "Markers <|tool_call_start| and <|im_end| without bars end are text.",
  },
  "olmo-3": {
    prefix: CHATML,
    eos: "<|im_end|>",
    think: (t) => `<think>${t}</think>`,
    calls: (cs) => `<function_calls>\n${cs.map(pycall).join("\n")}\n</function_calls>`,
    lookalike: "Tags <function_calls without bracket stay text.",
  },
  apertus: {
    prefix: `<|user_start|>${Q}<|user_end|><|assistant_start|>`,
    eos: "<|assistant_end|>",
    think: (t) => `<|inner_prefix|>${t}<|inner_suffix|>`,
    calls: (cs) => `<|tools_prefix|>${pyjson(cs.map((c) => ({ [c.name]: c.arguments })))}<|tools_suffix|>`,
    contentThenCalls: (c, cs) => `${c}<|tools_prefix|>${pyjson(cs.map((x) => ({ [x.name]: x.arguments })))}<|tools_suffix|>`,
    lookalike: "Markers <|tools_prefix| and <|assistant_end| without end stay text.",
  },
  "phi-3-5": {
    prefix: `<|user|>\n${Q}<|end|>\n<|assistant|>\n`,
    eos: "<|end|>",
    lookalike: "An <|end| without bar and <|assistant| are text.",
    extra: [
      {
        name: "multi-turn-prefix",
        prefix: `<|user|>\nHi<|end|>\n<|assistant|>\nOld answer.<|end|>\n<|user|>\n${Q}<|end|>\n<|assistant|>\n`,
        text: "New answer.<|end|><|endoftext|>",
        expected: msg({ content: "New answer." }),
      },
    ],
  },
  "phi-4-mini": {
    prefix: `<|user|>${Q}<|end|><|assistant|>`,
    eos: "<|end|>",
    calls: (cs) => `<|tool_call|>${jsonList(cs)}<|/tool_call|>`,
    lookalike: "An <|end| without bar and <|tool_call| are text.",
  },
  "nemotron-nano-v2": {
    prefix: `<SPECIAL_11>User\n${Q}\n<SPECIAL_11>Assistant\n<think></think>`,
    eos: "\n<SPECIAL_12>",
    think: (t) => `<think>\n${t}\n</think>\n`,
    promptThink: [`<SPECIAL_11>User\n${Q}\n<SPECIAL_11>Assistant\n<think>\n`, "\n</think>\n"],
    calls: (cs) => `<TOOLCALL>${jsonList(cs)}</TOOLCALL>`,
    lookalike: "Tags <TOOLCALL and <SPECIAL_12 without bracket are text.",
  },
  // Apriel 1.6: the generation prompt opens the reasoning with "Here are my reasoning steps:".
  apriel: {
    prefix: `<|begin_user|>\n${Q}\n<|begin_assistant|>\n`,
    eos: "\n<|end|>",
    think: (t) => `Here are my reasoning steps:\n${t}\n[BEGIN FINAL RESPONSE]\n`,
    promptThink: [`<|begin_user|>\n${Q}\n<|begin_assistant|>\nHere are my reasoning steps:\n`, "\n[BEGIN FINAL RESPONSE]\n"],
    content: (c) => `${c}\n[END FINAL RESPONSE]`,
    calls: (cs) => `<tool_calls>${jsonList(cs)}</tool_calls>`,
    lookalike: "Brackets [BEGIN FINAL and <tool_calls without end are text.",
  },
  // Apriel 1.5: reasoning in <thinking> tags (its chat template writes a turn's `thought` after the
  // content, before the calls), no reasoning opener in the prompt.
  "apriel-1-5": {
    prefix: `<|user|>\n${Q}\n<|end|>\n<|assistant|>\n`,
    eos: "\n<|end|>",
    think: (t) => `<thinking>${t}</thinking>`,
    calls: (cs) => `\n<tool_calls>${jsonList(cs)}</tool_calls>`,
    contentThenCalls: (c, cs) => `${c}\n<tool_calls>${jsonList(cs)}</tool_calls>`,
    lookalike: "Tags <thinking without end and <tool_calls stay text.",
    extra: [
      {
        name: "content-then-reasoning",
        prefix: `<|user|>\n${Q}\n<|end|>\n<|assistant|>\n`,
        text: `${CONTENT}<thinking>${THINK}</thinking>\n<|end|>`,
        expected: msg({ thinking: THINK, content: CONTENT }),
      },
    ],
  },
  // GigaChat 3's spelling (a call is a message of its own); GigaChat 3.1's is in SIBLINGS.
  "gigachat-3": {
    prefix: `user<|role_sep|>\n${Q}<|message_sep|>\n\nassistant<|role_sep|>\n`,
    eos: "<|message_sep|>",
    calls: (cs) => `<|message_sep|>\n\nfunction call<|role_sep|>\n${jcall(cs[0]!)}`,
    contentThenCalls: (c, cs) => `${c}<|message_sep|>\n\nfunction call<|role_sep|>\n${jcall(cs[0]!)}`,
    singleCall: true,
    lookalike: "The words function call and <|role_sep| without end are text.",
  },
  internlm: {
    prefix: CHATML,
    eos: "<|im_end|>",
    calls: (cs) => cs.map((c) => `<|action_start|><|plugin|>\n${pyjson({ name: c.name, parameters: c.arguments })}<|action_end|>`).join("\n"),
    contentThenCalls: (c, cs) => `${c}${cs.map((x) => `<|action_start|><|plugin|>\n${pyjson({ name: x.name, parameters: x.arguments })}<|action_end|>`).join("\n")}`,
    lookalike: "Markers <|action_start| and <|plugin| without end are text.",
  },
  xlam: {
    prefix: CHATML,
    eos: "<|im_end|>",
    calls: jsonList,
    lookalike: 'Text first, so [{"name": "x"}] later is content; <|im_end| too.',
  },
  "solar-open": {
    prefix: `<|begin|>user<|content|>${Q}<|end|><|begin|>assistant`,
    eos: "",
    think: (t) => `<|think|>${t}<|end|><|begin|>assistant`,
    content: (c) => `<|content|>${c}<|end|>`,
    calls: (cs) =>
      `<|tool_calls|>${cs.map((c, i) => `<|tool_call:begin|>call_${i}<|tool_call:name|>${c.name}<|tool_call:args|>${pyjson(c.arguments)}<|tool_call:end|>`).join("")}<|calls|>`,
    lookalike: "Inside content <|tool_call:begin| and <|end| without bars are text.",
  },
  minicpm5: {
    prefix: CHATML,
    eos: "<|im_end|>",
    think: thinkTag,
    calls: (cs) =>
      cs
        .map(
          (c) =>
            `<function name="${c.name}">${Object.entries(c.arguments)
              .map(([k, v]) => {
                const s = raw(v);
                return `<param name="${k}">${/[<&\n]/.test(s) ? `<![CDATA[${s}]]>` : s}</param>`;
              })
              .join("")}</function>`,
        )
        .join(""),
    typing: "json",
    lookalike: 'A <function name="x" without end and <param stay text.',
  },
  // RWKV World: the generation prompt writes " <think>" with enable_thinking true (prompt-opens-reasoning),
  // " <think>\n</think>" with false, nothing when it is unset (the model may open reasoning itself).
  "rwkv-world": {
    prefix: `User: ${Q}\n\nAssistant:`,
    eos: "\n\n",
    think: (t) => ` <think>${t}</think>`,
    promptThink: [`User: ${Q}\n\nAssistant: <think>`, "</think>"],
    content: (c) => ` ${c}`,
    lookalike: "Single newlines\nand words like User: stay in the answer.",
    extra: [
      {
        name: "multi-turn-prefix",
        prefix: `User: Hi\n\nAssistant: Old answer.\n\nUser: ${Q}\n\nAssistant:`,
        text: " New answer.\n\n",
        expected: msg({ content: "New answer." }),
      },
      {
        name: "prompt-disables-reasoning",
        prefix: `User: ${Q}\n\nAssistant: <think>\n</think>`,
        text: ` ${CONTENT}\n\n`,
        expected: msg({ content: CONTENT }),
      },
      {
        name: "reasoning-with-blank-lines",
        prefix: `User: ${Q}\n\nAssistant: <think>`,
        text: "First step.\n\nSecond step.</think> The answer is 42.\n\n",
        expected: msg({ thinking: "First step.\n\nSecond step.", content: "The answer is 42." }),
      },
    ],
  },
  "ernie-4-5": {
    prefix: `User: ${Q}\nAssistant:`,
    eos: "",
    think: (t) => `${t}\n</think>\n\n`,
    content: (c) => `<response>\n${c}\n</response>`,
    calls: (cs) => `\n</think>\n\n${hermesCalls(cs)}`,
    lookalike: "Mentions <tool_call and </think without bracket.",
  },
};

// ---- row builders ---------------------------------------------------------------------------------------
/** Templates taken verbatim from the reference (their behaviour is the reference's, quirks included). */
const VERBATIM = new Set(["qwen3", "qwen3_5", "gemma4", "ernie-4-5"]);

function rows(name: string, f: Fmt): Row[] {
  const typing = f.typing ?? "json";
  const content = f.content ?? ((c: string) => c);
  // ERNIE opens reasoning at the very start, so its content-only text carries an empty reasoning block.
  const lead = name === "ernie-4-5" ? "\n</think>\n\n" : "";
  const out: Row[] = [];
  out.push({ name: "plain-text", prefix: f.prefix, text: `${lead}${content(CONTENT)}${f.eos}`, expected: msg({ content: CONTENT }) });
  if (f.think) {
    out.push({ name: "reasoning-only", prefix: f.prefix, text: `${f.think(THINK)}${f.eos}`, expected: msg({ thinking: THINK }) });
  } else {
    const t = `<think>${THINK}</think>`;
    out.push({ name: "no-reasoning-field", prefix: f.prefix, text: `${lead}${content(t)}${f.eos}`, expected: msg({ content: t }) });
  }
  if (f.calls) {
    const cs = f.singleCall ? [C2] : PARALLEL;
    out.push({
      name: f.singleCall ? "single-tool-call" : "parallel-tool-calls",
      prefix: f.prefix,
      text: `${f.calls(cs)}${f.eos}`,
      expected: msg({ tool_calls: toolCalls(cs, typing) }),
    });
    if (f.think && !f.singleCall) {
      out.push({
        name: "reasoning-then-calls",
        prefix: f.prefix,
        text: `${f.think("Two tools are needed.")}${f.calls(cs)}${f.eos}`,
        expected: msg({ thinking: "Two tools are needed.", tool_calls: toolCalls(cs, typing) }),
      });
    }
    if (f.contentThenCalls) {
      out.push({
        name: "content-then-calls",
        prefix: f.prefix,
        text: `${f.contentThenCalls("Let me check.", [C1])}${f.eos}`,
        expected: msg({ content: "Let me check.", tool_calls: toolCalls([C1], typing) }),
      });
      if (!VERBATIM.has(name)) {
        // servers usually strip the end-of-turn token: a trailing newline after the calls must not wipe
        // the content (the reference's own serve templates do lose it; see the catalog)
        out.push({
          name: "content-then-calls-no-eos",
          prefix: f.prefix,
          text: `${f.contentThenCalls("Let me check.", [C1])}\n`,
          expected: msg({ content: "Let me check.", tool_calls: toolCalls([C1], typing) }),
        });
      }
    }
  }
  if (f.unclosed) out.push(f.unclosed);
  else if (f.think) {
    const open = f.think("\u0000").split("\u0000")[0]!;
    out.push({ name: "unclosed-at-eos", prefix: f.prefix, text: `${open}Still thinking about 6 × 7`, expected: msg({ thinking: "Still thinking about 6 × 7" }) });
  } else if (f.calls) {
    // the stream stops before the call's closing delimiter: finalize closes the region
    const full = f.calls([C1]);
    const cut = unclosedCall(full);
    out.push({ name: "unclosed-at-eos", prefix: f.prefix, text: cut, expected: msg({ tool_calls: toolCalls([C1], typing) }) });
  } else {
    out.push({ name: "unclosed-at-eos", prefix: f.prefix, text: content("Cut off mid-sentence"), expected: msg({ content: "Cut off mid-sentence" }) });
  }
  out.push(...(f.extra ?? []));
  if (f.promptThink) {
    out.push({
      name: "prompt-opens-reasoning",
      prefix: f.promptThink[0],
      text: `${THINK}${f.promptThink[1]}${content(CONTENT)}${f.eos}`,
      expected: msg({ thinking: THINK, content: CONTENT }),
    });
  }
  out.push({
    name: "delimiter-lookalikes",
    prefix: f.prefix,
    text: `${lead}${content(f.lookalike)}${f.eos}`,
    expected: msg({ content: f.lookalike }),
  });
  return out;
}

/** Drops the closing delimiter of a single-call text (everything after the JSON / last value). */
function unclosedCall(full: string): string {
  const lastBrace = Math.max(full.lastIndexOf("}"), full.lastIndexOf(")"), full.lastIndexOf("]"));
  // tag-based calls without braces: stop before the final closing tag
  return lastBrace >= 0 ? full.slice(0, lastBrace + 1) : full.slice(0, full.lastIndexOf("</"));
}

// The robust variants of the reference's own templates read the same formats (Qwen3.5's values typed).
F["qwen3-robust"] = F.qwen3!;
F["qwen3_5-robust"] = { ...F.qwen3_5!, typing: "json" };
F["gemma4-robust"] = F.gemma4!;

// Sibling spellings: the template's F entry is the first; each row names the chat templates it is written
// for. Laguna XS writes newlines between every part (and after the prompt's </think>); GigaChat 3.1 writes
// a call after <|function_call|> inside the text message.
const LAGUNA_XS = `<user>\n${Q}\n</user>\n<assistant>\n`;
const SIBLINGS: Record<string, Spelling[]> = {
  laguna: [
    { label: "Laguna S", chats: ["poolside-Laguna-S-2.1.jinja"], fmt: F.laguna! },
    {
      label: "Laguna XS",
      chats: ["poolside-Laguna-XS-2.1.jinja", "poolside-Laguna-XS.2.jinja"],
      fmt: {
        prefix: `${LAGUNA_XS}</think>`,
        eos: "\n</assistant>",
        think: (t) => `<think>\n${t}\n</think>\n`,
        promptThink: [`${LAGUNA_XS}<think>`, "\n</think>"],
        content: (c) => `\n${c}`,
        calls: (cs) => `\n${glmCalls("\n")(cs)}`,
        contentThenCalls: (c, cs) => `\n${c}\n${glmCalls("\n")(cs)}`,
        typing: "json",
        lookalike: F.laguna!.lookalike,
      },
    },
  ],
  "gigachat-3": [
    { label: "GigaChat 3", chats: ["GigaChat3-10B-A1.8B.jinja"], fmt: F["gigachat-3"]! },
    {
      label: "GigaChat 3.1",
      chats: ["GigaChat3.1-10B-A1.8B.jinja"],
      fmt: {
        ...F["gigachat-3"]!,
        calls: (cs) => `<|function_call|>${jcall(cs[0]!)}`,
        contentThenCalls: (c, cs) => `${c}<|function_call|>${jcall(cs[0]!)}`,
      },
    },
  ],
};

/** The rows of every spelling, each naming its chat templates; a row two siblings spell alike is kept once. */
function siblingRows(name: string, spellings: Spelling[]): Row[] {
  const byText = new Map<string, { row: Row; labels: string[] }>();
  for (const s of spellings) {
    for (const row of rows(name, s.fmt)) {
      const key = JSON.stringify([row.prefix, row.text]);
      const seen = byText.get(key);
      if (seen) {
        seen.labels.push(s.label);
        seen.row.chat_templates!.push(...s.chats);
      } else byText.set(key, { row: { ...row, chat_templates: [...s.chats] }, labels: [s.label] });
    }
  }
  return [...byText.values()].map(({ row, labels }) => ({ ...row, name: `${row.name} · ${labels.join(", ")}` }));
}

const dir = join(import.meta.dirname, "../../templates/samples");
mkdirSync(dir, { recursive: true });
for (const [name, f] of Object.entries(F)) {
  // Real-shape rows (with a `shape` key) belong to scripts/roundtrip/real-shapes.ts: keep them.
  const file = join(dir, `${name}.jsonl`);
  const kept = existsSync(file) ? readFileSync(file, "utf8").split("\n").filter((l) => l.trim() && "shape" in JSON.parse(l)) : [];
  const own = SIBLINGS[name] ? siblingRows(name, SIBLINGS[name]) : rows(name, f);
  const body = [...own.map((r) => JSON.stringify(r)), ...kept].join("\n");
  writeFileSync(file, `${body}\n`);
}
console.log(`wrote ${Object.keys(F).length} sample files`);
