// Templates used by the OpenAI tests when the template library is not there yet (shapes from the docs).

export const SMOL = {
  defaults: { role: "assistant" },
  start_anchor: "<|im_start|>assistant\n",
  fields: {
    thinking: { open: "<think>", close: "</think>", content: "text" },
    tool_calls: { open: "<tool_call>", close: "</tool_call>", repeats: true, content: "json", transform: { type: "function", function: "{content}" } },
    content: { close: "<|im_end|>", content: "text" },
  },
};

export const GPT_OSS = {
  defaults: { role: "assistant" },
  start_anchor: "<|start|>assistant",
  fields: {
    thinking: { open: "<|channel|>analysis<|message|>", close: "<|end|>" },
    tool_calls: {
      open_pattern: "<\\|channel\\|>commentary to=functions\\.(?P<name>\\w+).*?<\\|message\\|>",
      close: "<|call|>",
      repeats: true,
      content: "json",
      transform: { type: "function", function: { name: "{name}", arguments: "{content}" } },
    },
    content: { open: "<|channel|>final<|message|>", close: ["<|return|>", "<|end|>"] },
  },
};

export const QWEN_CODER = {
  defaults: { role: "assistant" },
  start_anchor: "<|im_start|>assistant\n",
  fields: {
    tool_calls: {
      open_pattern: "<tool_call>\\s*<function=(?P<name>\\w+)>",
      close: "</tool_call>",
      repeats: true,
      content: "xml-inline",
      content_args: {
        tag_pattern: "<parameter=(?P<key>\\w+)>\\s*(?P<value>.*?)\\s*</parameter>",
        value_parser: { name: "json", args: { allow_non_json: true } },
      },
      transform: { type: "function", function: { name: "{name}", arguments: "{content}" } },
    },
    content: { close: "<|im_end|>" },
  },
};

export const SAMPLES: { template: object; name: string; prefix: string; text: string }[] = [
  {
    name: "smol",
    template: SMOL,
    prefix: "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n<think>",
    text: 'I should greet\n</think>\nSure!<tool_call>{"name": "greet", "arguments": {"greeting": "Hi \\u00e9!", "n": 2.50}}</tool_call><tool_call>\n{"arguments": {"a": [1, {"b": null}]}, "name": "second"}\n</tool_call><|im_end|>',
  },
  {
    name: "gpt-oss",
    template: GPT_OSS,
    prefix: "<|start|>user<|message|>weather?<|end|><|start|>assistant",
    text: '<|channel|>analysis<|message|>Need weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_current_weather <|constrain|>json<|message|>{"location": "San Francisco, CA", "days": [1, 2]}<|call|>',
  },
  {
    name: "qwen3-coder",
    template: QWEN_CODER,
    prefix: "<|im_start|>assistant\n",
    text: "Let me check.\n<tool_call>\n<function=get_weather>\n<parameter=city>\nLondon\n</parameter>\n<parameter=days>\n3\n</parameter>\n<parameter=opts>\n{\"x\": [1, 2]}\n</parameter>\n</function>\n</tool_call>",
  },
];
