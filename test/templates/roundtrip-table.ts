// The round-trip table: (response template, chat template file, render options, conversations,
// normalisations). Normalisation and input-transform names are defined in roundtrip.test.ts.
// Python-only Jinja features are handled by the compatibility layer (compiler/infer/jinja-compat.ts).

import type { RoundTripRow } from "./roundtrip-cases.ts";

const NO_REASONING = ["content", "one-call", "two-calls", "content+call", "multi-turn-text", "multi-turn"];
const TEXT_ONLY = ["content", "reasoning+content", "multi-turn-text"];

export const ROUNDTRIP_TABLE: RoundTripRow[] = [
  // ChatML + <tool_call> JSON
  { template: "qwen3", chat: "Qwen-Qwen3-0.6B.jinja" },
  { template: "qwen3", chat: "MiMo-VL.jinja", normalise: ["no-thinking"] },
  { template: "qwen3-robust", chat: "Qwen-Qwen3-0.6B.jinja" },
  { template: "qwen3-robust", chat: "MiMo-VL.jinja", normalise: ["no-thinking"] },
  { template: "qwen2-5", chat: "Qwen-Qwen2.5-7B-Instruct.jinja", normalise: ["no-thinking"] },
  { template: "qwq", chat: "Qwen-QwQ-32B.jinja", normalise: ["no-thinking"] },
  { template: "smollm3", chat: "HuggingFaceTB-SmolLM3-3B.jinja", normalise: ["no-thinking", "no-tool-calls"] },
  { template: "hermes-2-pro", chat: "NousResearch-Hermes-2-Pro-Llama-3-8B-tool_use.jinja", render: { simpleTools: true }, normalise: ["no-thinking", "no-content-with-calls"] },
  { template: "hermes-2-pro", chat: "NousResearch-Hermes-3-Llama-3.1-8B-tool_use.jinja", render: { simpleTools: true }, normalise: ["no-thinking", "no-content-with-calls"] },
  { template: "bielik", chat: "Bielik-11B-v3.0-Instruct.jinja" },
  { template: "granite-4", chat: "ibm-granite-granite-4.0.jinja", normalise: ["no-thinking"] },
  { template: "granite-4", chat: "ibm-granite-granite-4.1.jinja", normalise: ["no-thinking"] },
  { template: "reka-edge", chat: "Reka-Edge.jinja", normalise: ["no-thinking"] },
  // <function=…><parameter=…>
  { template: "qwen3_5", chat: "Qwen3.5-4B.jinja" },
  { template: "qwen3_5-robust", chat: "Qwen3.5-4B.jinja" },
  { template: "qwen3-coder", chat: "Qwen3-Coder.jinja", normalise: ["no-thinking"] },
  { template: "nemotron-3", chat: "NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.jinja" },
  { template: "step-3-5", chat: "stepfun-ai-Step-3.5-Flash.jinja" },
  { template: "step-3-5", chat: "StepFun3.5-Flash.jinja" },
  { template: "seed-oss", chat: "ByteDance-Seed-OSS.jinja", inputs: ["no-structured-args"] },
  // Gemma
  { template: "gemma4", chat: "google-gemma-4-31B-it.jinja", normalise: ["no-thinking-without-calls"], inputs: ["strip-nulls"] },
  { template: "gemma4", chat: "google-gemma-4-31B-it-interleaved.jinja", normalise: ["no-thinking-without-calls"], inputs: ["strip-nulls"] },
  { template: "gemma4-robust", chat: "google-gemma-4-31B-it.jinja", normalise: ["no-thinking-without-calls"], inputs: ["strip-nulls"] },
  { template: "gemma4-robust", chat: "google-gemma-4-31B-it-interleaved.jinja", normalise: ["no-thinking-without-calls"], inputs: ["strip-nulls"] },
  { template: "gemma-2", chat: "google-gemma-2-2b-it.jinja", conversations: TEXT_ONLY, normalise: ["no-thinking"] },
  // gpt-oss harmony
  { template: "gpt-oss", chat: "openai-gpt-oss-120b.jinja", normalise: ["first-call-only", "content-as-thinking-with-calls"] },
  // DeepSeek
  { template: "deepseek-r1", chat: "llama-cpp-deepseek-r1.jinja", normalise: ["no-thinking", "no-calls-with-content"], stop: ["<｜end▁of▁sentence｜>"] },
  {
    template: "deepseek-r1",
    chat: "deepseek-ai-DeepSeek-R1-Distill-Qwen-32B.jinja",
    normalise: ["no-thinking", "no-content-with-calls"],
    stop: ["<｜end▁of▁sentence｜>"],
    note: "the text of a calling turn is rendered as a second assistant turn after the calls' end of sentence, which the model never writes in one turn",
  },
  { template: "deepseek-r1", chat: "deepseek-ai-DeepSeek-R1-Distill-Llama-8B.jinja", conversations: TEXT_ONLY, normalise: ["no-thinking"] },
  { template: "deepseek-v3-1", chat: "deepseek-ai-DeepSeek-V3.1.jinja", normalise: ["no-thinking"] },
  { template: "deepseek-v3-2", chat: "deepseek-ai-DeepSeek-V3.2.jinja", normalise: ["no-thinking"] },
  { template: "deepseek-v4", chat: "deepseek-ai-DeepSeek-V4.jinja", normalise: ["no-thinking"] },
  { template: "deepseek-v4", chat: "deepseek-ai-DeepSeek-V4-Flash-0731.jinja", normalise: ["no-thinking"] },
  // Llama family
  {
    template: "llama-3-1",
    chat: "meta-llama-Llama-3.1-8B-Instruct.jinja",
    conversations: ["content", "reasoning+content", "one-call", "content+call", "multi-turn-text", "multi-turn"],
    normalise: ["no-thinking", "no-content-with-calls"],
    note: "the chat template raises on parallel calls",
  },
  {
    template: "llama-3-1",
    chat: "meta-llama-Llama-3.2-3B-Instruct.jinja",
    conversations: ["content", "reasoning+content", "one-call", "content+call", "multi-turn-text", "multi-turn"],
    normalise: ["no-thinking", "no-content-with-calls"],
    note: "the chat template raises on parallel calls",
  },
  {
    template: "llama-3-1",
    chat: "meta-llama-Llama-3.3-70B-Instruct.jinja",
    conversations: ["content", "reasoning+content", "one-call", "content+call", "multi-turn-text", "multi-turn"],
    normalise: ["no-thinking", "no-content-with-calls"],
    note: "the chat template raises on parallel calls",
  },
  { template: "functionary-v3-1", chat: "meetkai-functionary-medium-v3.1.jinja", normalise: ["no-thinking"] },
  {
    template: "functionary-v3-2",
    chat: "meetkai-functionary-medium-v3.2.jinja",
    render: { argsAsString: true },
    normalise: ["no-thinking"],
  },
  {
    template: "firefunction-v2",
    chat: "fireworks-ai-llama-3-firefunction-v2.jinja",
    render: { vars: { functions: "[]", datetime: "2026-01-01" } },
    normalise: ["no-thinking"],
    stop: ["<|eot_id|>"],
  },
  // Mistral family
  { template: "mistral-nemo", chat: "mistralai-Mistral-Nemo-Instruct-2407.jinja", render: { callIds: ["abcDEF123", "ghiJKL456"] }, normalise: ["no-thinking", "no-content-with-calls"] },
  { template: "mistral-small-3-2", chat: "Mistral-Small-3.2-24B-Instruct-2506.jinja", render: { callIds: ["abcDEF123", "ghiJKL456"] }, normalise: ["no-thinking", "no-content-with-calls"] },
  { template: "devstral", chat: "unsloth-mistral-Devstral-Small-2507.jinja", normalise: ["no-thinking"] },
  { template: "magistral", chat: "mistralai-Ministral-3-14B-Reasoning-2512.jinja", render: { contentBlocks: true } },
  // Cohere
  { template: "command-r7b", chat: "CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja", normalise: ["no-thinking-without-calls", "no-content-with-calls"], stop: ["<|END_OF_TURN_TOKEN|>"] },
  { template: "command-a-reasoning", chat: "Cohere2MoE.jinja", normalise: ["no-content-with-calls"] },
  { template: "command-r-plus", chat: "CohereForAI-c4ai-command-r-plus-tool_use.jinja", render: { simpleTools: true }, normalise: ["no-thinking"], split: "<|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>", stop: ["<|END_OF_TURN_TOKEN|>"], stopBefore: ["<|START_OF_TURN_TOKEN|>"] },
  // Granite
  { template: "granite-3-3", chat: "ibm-granite-granite-3.3-2B-Instruct.jinja", normalise: ["no-thinking", "no-tool-calls"] },
  // GLM-style <arg_key>/<arg_value>
  { template: "glm-4-5", chat: "GLM-4.6.jinja" },
  { template: "glm-4-7", chat: "GLM-4.7-Flash.jinja" },
  { template: "laguna", chat: "poolside-Laguna-S-2.1.jinja", normalise: ["no-thinking"] },
  { template: "laguna", chat: "poolside-Laguna-XS-2.1.jinja" },
  { template: "laguna", chat: "poolside-Laguna-XS.2.jinja" },
  { template: "laguna", chat: "poolside-Laguna-S-2.1.jinja", render: { vars: { enable_thinking: true } } },
  { template: "laguna", chat: "poolside-Laguna-XS-2.1.jinja", render: { vars: { enable_thinking: true } } },
  { template: "laguna", chat: "poolside-Laguna-XS.2.jinja", render: { vars: { enable_thinking: true } } },
  { template: "hunyuan-hy3", chat: "tencent-Hy3.jinja" },
  // Kimi
  { template: "kimi-k2", chat: "moonshotai-Kimi-K2.jinja", normalise: ["no-thinking"] },
  { template: "kimi-k2", chat: "Kimi-K2-Instruct.jinja", normalise: ["no-thinking"] },
  { template: "kimi-k2-thinking", chat: "Kimi-K2-Thinking.jinja", normalise: ["no-thinking-without-calls"] },
  // MiniMax
  { template: "minimax-m2", chat: "MiniMax-M2.jinja" },
  { template: "minimax-m3", chat: "MiniMax-M3.jinja", inputs: ["strip-nulls"] },
  // Python-style calls
  { template: "lfm2", chat: "LFM2-8B-A1B.jinja", normalise: ["no-thinking", "no-tool-calls"] },
  { template: "lfm2", chat: "llama-cpp-lfm2.jinja", normalise: ["no-thinking", "no-tool-calls"] },
  { template: "lfm2", chat: "LFM2.5-Instruct.jinja", normalise: ["no-thinking", "no-tool-calls"] },
  { template: "lfm2-5", chat: "LFM2.5-8B-A1B.jinja", inputs: ["no-single-quotes"] },
  // JSON variants
  { template: "apertus", chat: "Apertus-8B-Instruct.jinja", normalise: ["no-thinking"] },
  {
    template: "nemotron-nano-v2",
    chat: "NVIDIA-Nemotron-Nano-v2.jinja",
    conversations: ["one-call", "two-calls", "reasoning+calls"],
    normalise: ["no-thinking"],
    note: "history drops the reasoning and its </think> while the prompt opens <think>, so text turns cannot be split consistently (covered by samples); content+call renders as two turns",
  },
  { template: "apriel-1-5", chat: "unsloth-Apriel-1.5.jinja", render: { simpleTools: true }, normalise: ["no-thinking"] },
  { template: "apriel-1-5", chat: "unsloth-Apriel-1.5.jinja", render: { simpleTools: true, vars: { add_thoughts: true } } },
  {
    template: "apriel",
    chat: "Apriel-1.6-15b-Thinker-fixed.jinja",
    render: { simpleTools: true },
    conversations: NO_REASONING,
    modes: ["history"],
    note: "the generation prompt opens the reasoning; turns without reasoning only round-trip as history",
  },
  {
    template: "apriel",
    chat: "Apriel-1.6-15b-Thinker-fixed.jinja",
    render: { simpleTools: true },
    conversations: ["reasoning+content", "reasoning+calls"],
    modes: ["prompt"],
    promptContinues: true,
    note: "history omits the prompt's 'Here are my reasoning steps:' opener, so reasoning turns round-trip against the generation prompt",
  },
  { template: "gigachat-3", chat: "GigaChat3-10B-A1.8B.jinja", render: { simpleTools: true }, normalise: ["no-thinking", "first-call-only"] },
  { template: "gigachat-3", chat: "GigaChat3.1-10B-A1.8B.jinja", render: { simpleTools: true }, normalise: ["no-thinking", "first-call-only"] },
  { template: "solar-open", chat: "upstage-Solar-Open-100B.jinja", normalise: ["no-content-with-calls"] },
  { template: "minicpm5", chat: "openbmb-MiniCPM5-1B.jinja", inputs: ["no-structured-args"] },
  // The same chat templates with reasoning switched the other way in the generation prompt
  { template: "qwen3", chat: "Qwen-Qwen3-0.6B.jinja", render: { vars: { enable_thinking: false } } },
  { template: "qwen3_5", chat: "Qwen3.5-4B.jinja", render: { vars: { enable_thinking: false } } },
  { template: "qwen3-robust", chat: "Qwen-Qwen3-0.6B.jinja", render: { vars: { enable_thinking: false } } },
  { template: "qwen3_5-robust", chat: "Qwen3.5-4B.jinja", render: { vars: { enable_thinking: false } } },
  { template: "smollm3", chat: "HuggingFaceTB-SmolLM3-3B.jinja", render: { vars: { enable_thinking: false } }, normalise: ["no-thinking", "no-tool-calls"] },
  { template: "glm-4-5", chat: "GLM-4.6.jinja", render: { vars: { enable_thinking: false } } },
  { template: "glm-4-7", chat: "GLM-4.7-Flash.jinja", render: { vars: { enable_thinking: false } } },
  { template: "nemotron-3", chat: "NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.jinja", render: { vars: { enable_thinking: false } } },
  { template: "deepseek-v3-1", chat: "deepseek-ai-DeepSeek-V3.1.jinja", render: { vars: { thinking: true } }, normalise: ["no-thinking"] },
  { template: "deepseek-v3-2", chat: "deepseek-ai-DeepSeek-V3.2.jinja", render: { vars: { thinking: true } } },
  { template: "deepseek-v4", chat: "deepseek-ai-DeepSeek-V4.jinja", render: { vars: { thinking: true } } },
  { template: "deepseek-v4", chat: "deepseek-ai-DeepSeek-V4-Flash-0731.jinja", render: { vars: { thinking: true } } },
  { template: "reka-edge", chat: "Reka-Edge.jinja", render: { vars: { enable_thinking: true } } },
  {
    template: "command-r7b",
    chat: "CohereForAI-c4ai-command-r7b-12-2024-tool_use.jinja",
    render: { vars: { enable_thinking: true } },
    normalise: ["no-thinking-without-calls", "no-content-with-calls"],
    stop: ["<|END_OF_TURN_TOKEN|>"],
  },
  // Content-only formats
  { template: "phi-3-5", chat: "microsoft-Phi-3.5-mini-instruct.jinja", conversations: TEXT_ONLY, normalise: ["no-thinking"], stop: ["<|end|>"] },
  { template: "rwkv-world", chat: "llama-cpp-rwkv-world.jinja", conversations: TEXT_ONLY, normalise: ["no-thinking"] },
  { template: "rwkv-world", chat: "llama-cpp-rwkv-world.jinja", render: { vars: { enable_thinking: true } }, conversations: TEXT_ONLY, normalise: ["no-thinking"] },
  { template: "rwkv-world", chat: "llama-cpp-rwkv-world.jinja", render: { vars: { enable_thinking: false } }, conversations: TEXT_ONLY, normalise: ["no-thinking"] },
];

/** (template, conversation, mode) cases of the table that do not apply: modes a row leaves out, and prompt
 * mode where the rendered turn does not extend the generation prompt. roundtrip.test.ts asserts the count,
 * so a case that silently stops running (a row's modes, a chat template whose rendering changed) fails. */
export const NOT_APPLICABLE_CASES = 152;
