// The adversarial inputs of `npm run bench` (issue 9): each a library template and a text of about `size`
// characters built so that most of it stresses one thing, fed one character at a time.

export interface AdversarialCase {
  name: string;
  /** Library template (templates/<name>.json). */
  template: string;
  /** What the text stresses. */
  what: string;
  text(size: number): string;
}

const repeat = (unit: string, size: number) => unit.repeat(Math.max(1, Math.round(size / unit.length)));

export const CASES: AdversarialCase[] = [
  {
    name: "whitespace run",
    template: "qwen3",
    what: "newlines in content: the close pattern `\\s*(?:<|im_end|>|…)` is pending from the run's first newline",
    text: (n) => `Hello${"\n".repeat(n)}bye<|im_end|>`,
  },
  {
    name: "whitespace between messages",
    template: "gpt-oss",
    what: "newlines between messages: the call open `(?=(?:<|channel|>commentary)?\\s*to=functions…` is pending",
    text: (n) => `<|channel|>final<|message|>Hi<|end|>${"\n".repeat(n)}<|start|>assistant<|channel|>final<|message|>yo<|return|>`,
  },
  {
    name: "whitespace in a pending open",
    template: "glm-4-5",
    what: "spaces after a tool-call name: the open `\\s*<tool_call>\\s*(?:(?P<name>…)\\s*…)(?=<arg_key>|</tool_call>)` is pending, the other patterns are not",
    text: (n) => `Hi<tool_call>f${" ".repeat(n)}</tool_call>`,
  },
  {
    name: "run of `<`",
    template: "qwen3",
    what: "a delimiter's first character over and over (each one a pending `<think>`, `<tool_call>`, `<|im_end|>`)",
    text: (n) => `Hi ${"<".repeat(n)}<|im_end|>`,
  },
  {
    name: "near-misses",
    template: "qwen3",
    what: "`<tool_cal` over and over: each a pending tool-call open until the next character",
    text: (n) => `Hi ${repeat("<tool_cal", n)}<|im_end|>`,
  },
  {
    name: "tiny regions",
    template: "qwen3",
    what: "thousands of tool calls of a few characters each (open, JSON content, close)",
    text: (n) => `${repeat('<tool_call>\n{"name":"f","arguments":{}}\n</tool_call>', n)}<|im_end|>`,
  },
  {
    name: "deep JSON arguments",
    template: "qwen3",
    what: "a tool call whose arguments nest `n/2` deep (the region fails at its close: nesting ≥ 512)",
    text: (n) => `<tool_call>\n{"name":"f","arguments":${"[".repeat(n >> 1)}${"]".repeat(n >> 1)}}\n</tool_call><|im_end|>`,
  },
  {
    name: "long line, no newline",
    template: "devstral",
    what: "a tool-call name that never ends: `[TOOL_CALLS]` then one line without `[`, pending as `[^[\\]\\n]+?`",
    text: (n) => `[TOOL_CALLS]${"x".repeat(n)}[ARGS]{}</s>`,
  },
  {
    name: "name that never ends",
    template: "functiongemma",
    what: "a complete open match that grows at the edge: `call:(?P<name>[^{<\\s]+)` over one long name",
    text: (n) => `<start_function_call>call:${"x".repeat(n)}{}<end_function_call>`,
  },
];
