// Writes the real-shape rows of templates/samples/<name>.jsonl: model outputs in the shapes models really
// emit — format variants, reasoning left open before a call, typed argument values, text outside every
// field, malformed regions — learned from the models' chat templates and from the inference servers' own
// parser tests (llama.cpp tests/test-chat.cpp, vLLM's tool parsers). Texts and expected messages are
// written here by hand; every row names the shape it covers (`shape`), which the report
// (scripts/real-shapes-report.ts) and the catalog's limitations refer to. Rows with `on_error: "recover"`
// also state the errors recover mode must report. Rows of make-samples.ts (no `shape`) are kept.
// Usage: npx tsx scripts/roundtrip/real-shapes.ts

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { type Json, type Issue, type Row, hermesCall, qwenXml, call, msg, span, recover, WEATHER, TOOL_WEATHER, Q, CHATML, CHATML_THINK, LLAMA3, LLAMA4, MISTRAL, HARMONY, DS, KIMI, GRANITE, GEMMA4, HY3 } from "./real-shape-helpers.ts";
import { addPartialCallRows, addSecondPassRows, addTokenSpellingRows } from "./real-shapes-second-pass.ts";
import { addContinuedMessageRows, addFunctionaryPythonRows, addInterleavedContentRows, addPythonLiteralRows, addReasoningMarkupRows, addWrappedArgumentsRows, addGemmaThoughtRows, addHarmonyHeaderRows, addListDamageRows } from "./real-shapes-third-pass.ts";

// ---- shapes shared by several families --------------------------------------------------------------------
/** Qwen's XML call format (Qwen3-Coder, Qwen3.5): variants models write. */
function qwenXmlShapes(prefix: string, eos: string, opts: { think: boolean }): Row[] {
  const rows: Row[] = [
    {
      name: "function-without-tool-call",
      shape: "qwen-xml: <function=…> without the surrounding <tool_call>",
      prefix,
      text: `<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>${eos}`,
      expected: msg({ calls: [WEATHER] }),
    },
    {
      name: "indented-values-typed",
      shape: "qwen-xml: values indented by the model; non-string values typed as JSON without tools",
      prefix,
      text: `<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n      1\n    </parameter>\n<parameter=metric>\nTrue\n</parameter>\n<parameter=tags>\n["a", "b"]\n</parameter>\n</function>\n</tool_call>${eos}`,
      expected: msg({ calls: [call("get_weather", { city: "Paris", days: 1, metric: true, tags: ["a", "b"] })] }),
    },
    {
      name: "values-typed-by-tools",
      shape: "qwen-xml: with tools the schema types values (a zip code declared string stays a string)",
      prefix,
      text: `${qwenXml("get_weather", [["city", "Paris"], ["zip", "75001"], ["days", "3"]])}${eos}`,
      tools: [TOOL_WEATHER],
      expected: msg({ calls: [call("get_weather", { city: "Paris", zip: "75001", days: 3 })] }),
    },
    {
      name: "cdata-value",
      shape: "qwen-xml: a CDATA value containing </parameter>",
      prefix,
      text: `<tool_call>\n<function=run_python>\n<parameter=code>\n<![CDATA[print("</parameter>")\nx = 1]]>\n</parameter>\n</function>\n</tool_call>${eos}`,
      expected: msg({ calls: [call("run_python", { code: 'print("</parameter>")\nx = 1' })] }),
    },
    {
      name: "missing-parameter-close",
      shape: "qwen-xml: a parameter without </parameter> (ended by the next parameter or </function>)",
      prefix,
      text: `<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n<parameter=days>\n3\n</function>\n</tool_call>${eos}`,
      expected: msg({ calls: [call("get_weather", { city: "Paris", days: 3 })] }),
    },
    {
      name: "code-value-keeps-indentation",
      shape: "qwen-xml: a string value keeps its inner indentation and newlines (one newline each side is the format's)",
      prefix,
      text: `${qwenXml("write_file", [["path", "a.py"], ["content", "def f():\n    return 1"]])}${eos}`,
      expected: msg({ calls: [call("write_file", { path: "a.py", content: "def f():\n    return 1" })] }),
    },
  ];
  if (opts.think) {
    rows.push(
      {
        name: "unclosed-think-then-call",
        shape: "reasoning opened by the prompt and never closed: the tool call ends it",
        prefix: `${prefix}<think>\n`,
        text: `The user wants the weather.\n\n${qwenXml("get_weather", [["city", "Paris"]])}${eos}`,
        expected: msg({ thinking: "The user wants the weather.", calls: [WEATHER] }),
      },
      {
        name: "several-think-blocks",
        shape: "several <think> blocks in one message (all kept, joined)",
        prefix,
        text: `<think>\nFirst the city.\n</think>\n\n<think>\nThen the unit.\n</think>\n\nIt is sunny.${eos}`,
        expected: msg({ thinking: "First the city.Then the unit.", content: "It is sunny." }),
      },
    );
  }
  return rows;
}

/** Content before and after calls; the newline a server leaves when it strips the end-of-turn token. */
function contentAroundCalls(prefix: string, eos: string, callText: string, calls: Json[]): Row[] {
  return [
    {
      name: "content-after-calls",
      shape: "text after the last tool call (kept after the text before the calls, one newline between: join_skips_empty)",
      prefix,
      text: `Let me check.\n${callText}\nI will report back.${eos}`,
      expected: msg({ content: "Let me check.\nI will report back.", calls }),
    },
    {
      name: "newline-after-calls-no-eos",
      shape: "a newline after the last call, end-of-turn token stripped by the server",
      prefix,
      text: `Let me check.\n${callText}\n`,
      expected: msg({ content: "Let me check.", calls }),
    },
  ];
}

// ---- the rows, per template ---------------------------------------------------------------------------------
const ROWS: Record<string, Row[]> = {};
const add = (name: string, ...rows: Row[]) => (ROWS[name] ??= []).push(...rows);

// Qwen3 (reference template, verbatim): recovery of malformed calls, and what recover mode reports.
{
  const bad = `Checking.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}\n</tool_call><|im_end|>`;
  add(
    "qwen3",
    recover({
      name: "recover-malformed-json",
      shape: "malformed JSON in a call (a brace missing): recover keeps the raw call as content",
      prefix: CHATML,
      text: bad,
      expected: msg({ content: `Checking.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}\n</tool_call>` }),
      errors: [span(bad, "\n<tool_call>", "</tool_call>", "region", "tool_calls")],
    }),
  );
  const after = `Let me check.\n${hermesCall("get_weather", { city: "Paris" })}\nDone.<|im_end|>`;
  add(
    "qwen3",
    recover({
      name: "recover-reports-overwritten-content",
      shape: "text after the last call overwrites the content (verbatim quirk): recover mode reports the lost text",
      prefix: CHATML,
      text: after,
      expected: msg({ content: "Done.", calls: [WEATHER] }),
      errors: [{ kind: "overwritten", field: "content", start: 0, end: "Let me check.".length }],
    }),
  );
}

// Qwen3, robust variant.
{
  const c = hermesCall("get_weather", { city: "Paris" });
  add(
    "qwen3-robust",
    {
      name: "unclosed-think-then-call",
      shape: "reasoning opened by the prompt and never closed: the tool call ends it",
      prefix: CHATML_THINK,
      text: `The user wants the weather in Paris.\n${c}<|im_end|>`,
      expected: msg({ thinking: "The user wants the weather in Paris.", calls: [WEATHER] }),
    },
    {
      name: "model-opened-unclosed-think-then-call",
      shape: "reasoning opened by the model and never closed: the tool call ends it",
      prefix: CHATML,
      text: `<think>\nNeed the weather.\n\n${c}<|im_end|>`,
      expected: msg({ thinking: "Need the weather.", calls: [WEATHER] }),
    },
    {
      name: "several-think-blocks",
      shape: "several <think> blocks in one message (all kept, joined)",
      prefix: CHATML,
      text: `<think>\nFirst the city.\n</think>\n\n<think>\nThen the unit.\n</think>\n\nIt is sunny.<|im_end|>`,
      expected: msg({ thinking: "First the city.Then the unit.", content: "It is sunny." }),
    },
    ...contentAroundCalls(CHATML, "<|im_end|>", c, [WEATHER]),
  );
  const trunc = `<tool_call>\n{"name": "get_weather", "argu`;
  add(
    "qwen3-robust",
    recover({
      name: "recover-truncated-call",
      shape: "the stream ends inside a call's JSON: recover keeps the raw text as content",
      prefix: CHATML,
      text: trunc,
      expected: msg({ content: trunc }),
      errors: [{ kind: "region", field: "hermes_calls", start: 0, end: trunc.length }],
    }),
  );
  const two = `${c}\n<tool_call>\n{"name": "get_time", "arguments": {"tz": }}\n</tool_call><|im_end|>`;
  add(
    "qwen3-robust",
    recover({
      name: "recover-second-call-malformed",
      shape: "one good call, one malformed: the good call stays a call",
      prefix: CHATML,
      text: two,
      expected: msg({ calls: [WEATHER], content: `<tool_call>\n{"name": "get_time", "arguments": {"tz": }}\n</tool_call>` }),
      errors: [span(two, "\n<tool_call>", "</tool_call>", "region", "hermes_calls", c.length)],
    }),
  );
}

// Qwen3.5 (reference template, verbatim): shapes it already reads.
add("qwen3_5", {
  name: "values-typed-by-tools",
  shape: "qwen-xml: with tools the schema types values (a zip code declared string stays a string)",
  prefix: CHATML,
  text: `${qwenXml("get_weather", [["city", "Paris"], ["zip", "75001"], ["days", "3"]])}<|im_end|>`,
  tools: [TOOL_WEATHER],
  expected: msg({ calls: [call("get_weather", { city: "Paris", zip: "75001", days: 3 })] }),
});
add("qwen3_5-robust", ...qwenXmlShapes(CHATML, "<|im_end|>", { think: true }), ...contentAroundCalls(CHATML, "<|im_end|>", qwenXml("get_weather", [["city", "Paris"]]), [WEATHER]));
add("qwen3-coder", ...qwenXmlShapes(CHATML, "<|im_end|>", { think: false }));

// Gemma 4, robust variant (edge cases from llama.cpp's tests) and the verbatim template's typed values.
{
  const gcall = "<|tool_call>call:get_weather{city:<|\"|>Paris<|\"|>}<tool_call|>";
  add(
    "gemma4-robust",
    {
      name: "content-after-call",
      shape: "text after a call (kept, not overwriting the text before it)",
      prefix: GEMMA4,
      text: `Let me check.${gcall}I will report back.<turn|>`,
      expected: msg({ content: "Let me check.\nI will report back.", calls: [WEATHER] }),
    },
    {
      name: "empty-thought-after-content",
      shape: "an empty thought channel opened again after the answer",
      prefix: GEMMA4,
      text: "<|channel>thought\n<channel|>Hello, world!\nWhat's up?<|channel>thought\n<channel|>",
      expected: msg({ content: "Hello, world!\nWhat's up?" }),
    },
    {
      name: "stray-channel-close",
      shape: "a stray <channel|> after an empty thought",
      prefix: GEMMA4,
      text: "<|channel>thought\n<channel|>Hello, world!\nWhat's up?<|channel>thought\n<channel|><channel|>",
      expected: msg({ content: "Hello, world!\nWhat's up?" }),
    },
    {
      name: "doubled-channel-open",
      shape: "the channel open token written twice",
      prefix: GEMMA4,
      text: "<|channel><|channel>thought\n<channel|>Hello, world!\nWhat's up?",
      expected: msg({ content: "Hello, world!\nWhat's up?" }),
    },
    {
      name: "several-thoughts",
      shape: "several thought blocks (all kept, joined)",
      prefix: GEMMA4,
      text: "<|channel>thought\nFirst.<channel|><|channel>thought\nSecond.<channel|>Answer.<turn|>",
      expected: msg({ thinking: "First.Second.", content: "Answer." }),
    },
  );
  const typed = [
    ["typed-number", "call:special_function{arg1:-7}", call("special_function", { arg1: -7 })],
    ["typed-null", "call:set_nullable{value:null}", call("set_nullable", { value: null })],
    ["typed-nested", "call:set_config{config:{theme:<|\"|>dark<|\"|>,count:3},todos:[<|\"|>buy milk<|\"|>,<|\"|>walk dog<|\"|>]}", call("set_config", { config: { theme: "dark", count: 3 }, todos: ["buy milk", "walk dog"] })],
  ] as const;
  for (const name of ["gemma4", "gemma4-robust"]) {
    for (const [n, body, c] of typed) {
      add(name, { name: n, shape: "gemma4: unquoted keys, <|\"|> strings, numbers, null, nested values", prefix: GEMMA4, text: `<|tool_call>${body}<tool_call|>`, expected: msg({ calls: [c] }) });
    }
  }
}

// Qwen2.5: every call syntax it emits, reasoning.
add(
  "qwen2-5",
  {
    name: "function-tag-call",
    shape: "qwen2.5: <function=NAME>{args}</function>",
    prefix: CHATML,
    text: `<function=get_weather>{"city": "Paris"}</function><|im_end|>`,
    expected: msg({ calls: [WEATHER] }),
  },
  {
    name: "fenced-json-call",
    shape: "qwen2.5: a call in a ```json fence",
    prefix: CHATML,
    text: 'I will look it up.\n```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```<|im_end|>',
    expected: msg({ content: "I will look it up.", calls: [WEATHER] }),
  },
  {
    name: "bare-json-call",
    shape: "qwen2.5: a bare JSON call as the whole message",
    prefix: CHATML,
    text: '{"name": "get_weather", "arguments": {"city": "Paris"}}<|im_end|>',
    expected: msg({ calls: [WEATHER] }),
  },
  {
    name: "mixed-syntaxes-in-order",
    shape: "qwen2.5: <tool_call> and <function=…> in one message, kept in stream order",
    prefix: CHATML,
    text: `${hermesCall("get_weather", { city: "Paris" })}\n<function=get_time>{"tz": "CET"}</function><|im_end|>`,
    expected: msg({ calls: [WEATHER, call("get_time", { tz: "CET" })] }),
  },
  {
    name: "json-answer-is-content",
    shape: "qwen2.5: a JSON answer that is not a call stays content",
    prefix: CHATML,
    text: '{"name": "John", "age": 30}<|im_end|>',
    expected: msg({ content: '{"name": "John", "age": 30}' }),
  },
  {
    name: "think-then-call",
    shape: "<think> reasoning (Qwen2.5 reasoning fine-tunes), left open before a call",
    prefix: CHATML,
    text: `<think>\nNeed the weather.\n${hermesCall("get_weather", { city: "Paris" })}<|im_end|>`,
    expected: msg({ thinking: "Need the weather.", calls: [WEATHER] }),
  },
);

// Mistral family: [TOOL_CALLS]name{…} without [ARGS].
for (const name of ["mistral-small-3-2", "devstral", "magistral"]) {
  add(
    name,
    {
      name: "call-without-args-marker",
      shape: "mistral: [TOOL_CALLS]name{…} without [ARGS]",
      prefix: MISTRAL,
      text: `[TOOL_CALLS]get_weather{"city": "Paris"}</s>`,
      expected: msg({ calls: [WEATHER] }),
    },
    {
      name: "two-calls-without-args-marker",
      shape: "mistral: two calls, [TOOL_CALLS]name{…} without [ARGS]",
      prefix: MISTRAL,
      text: `Checking.[TOOL_CALLS]get_weather{"city": "Paris"}[TOOL_CALLS]get_time{"tz": "CET"}</s>`,
      expected: msg({ content: "Checking.", calls: [WEATHER, call("get_time", { tz: "CET" })] }),
    },
  );
}
add("mistral-nemo", {
  name: "object-instead-of-list",
  shape: "[TOOL_CALLS] followed by one call object where the format has a list (json-calls reads it)",
  prefix: MISTRAL,
  text: `[TOOL_CALLS]{"name": "get_weather", "arguments": {"city": "Paris"}}</s>`,
  expected: msg({ calls: [WEATHER] }),
});

// xLAM: the call list after text, fenced, or tagged.
{
  const list = JSON.stringify([{ name: "get_weather", arguments: { city: "Paris" } }, { name: "get_time", arguments: { tz: "CET" } }]);
  const calls = [WEATHER, call("get_time", { tz: "CET" })];
  add(
    "xlam",
    { name: "list-after-text", shape: "xlam: the call list after some text", prefix: CHATML, text: `I will check both.\n${list}<|im_end|>`, expected: msg({ content: "I will check both.", calls }) },
    { name: "list-in-fence", shape: "xlam: the call list in a ```json fence", prefix: CHATML, text: `\`\`\`json\n${list}\n\`\`\`<|im_end|>`, expected: msg({ calls }) },
    { name: "list-after-tool-calls-marker", shape: "xlam: the call list after [TOOL_CALLS]", prefix: CHATML, text: `[TOOL_CALLS]${list}<|im_end|>`, expected: msg({ calls }) },
    { name: "list-in-tool-call-tag", shape: "xlam: the call list inside <tool_call>…</tool_call>", prefix: CHATML, text: `<tool_call>${list}</tool_call><|im_end|>`, expected: msg({ calls }) },
  );
}

// Hunyuan Hy3: tags without the :opensource suffix; typed values.
{
  const plainTags = `<think>\nNeed the weather.\n</think>\nChecking.\n<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n<arg_key>days</arg_key>\n<arg_value>1</arg_value>\n</tool_call>\n</tool_calls><｜hy_eos:opensource｜>`;
  add(
    "hunyuan-hy3",
    {
      name: "tags-without-suffix",
      shape: "hy3: reasoning and call tags written without :opensource; <arg_value>1</arg_value> typed without tools",
      prefix: HY3,
      text: plainTags,
      expected: msg({ thinking: "Need the weather.", content: "Checking.", calls: [call("get_weather", { city: "Paris", days: 1 })] }),
    },
    {
      name: "mixed-suffixes",
      shape: "hy3: suffixed and plain tags mixed in one call",
      prefix: HY3,
      text: `<tool_calls:opensource>\n<tool_call:opensource>get_weather<tool_sep>\n<arg_key>city</arg_key:opensource>\n<arg_value:opensource>Paris</arg_value>\n</tool_call>\n</tool_calls:opensource><｜hy_eos:opensource｜>`,
      expected: msg({ calls: [WEATHER] }),
    },
    {
      name: "values-typed-by-tools",
      shape: "hy3: with tools the schema types values (a zip code declared string stays a string)",
      prefix: HY3,
      text: `<tool_calls:opensource>\n<tool_call:opensource>get_weather<tool_sep:opensource>\n<arg_key:opensource>zip</arg_key:opensource>\n<arg_value:opensource>75001</arg_value:opensource>\n</tool_call:opensource>\n</tool_calls:opensource>`,
      tools: [TOOL_WEATHER],
      expected: msg({ calls: [call("get_weather", { zip: "75001" })] }),
    },
  );
}

// GLM: <arg_value> values typed as the chat template writes them (non-strings as JSON).
for (const name of ["glm-4-5", "glm-4-7"]) {
  const P = `[gMASK]<sop><|user|>\n${Q}<|assistant|>`;
  const glm = "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n<arg_key>days</arg_key>\n<arg_value>1</arg_value>\n<arg_key>zip</arg_key>\n<arg_value>75001</arg_value>\n</tool_call>";
  add(
    name,
    {
      name: "arg-values-typed",
      shape: "glm: <arg_value>1</arg_value> is 1 without tools (non-strings are written as JSON)",
      prefix: P,
      text: `${glm}<|observation|>`,
      expected: msg({ calls: [call("get_weather", { city: "Paris", days: 1, zip: 75001 })] }),
    },
    {
      name: "arg-values-typed-by-tools",
      shape: "glm: with tools the schema types values (a zip code declared string stays a string)",
      prefix: P,
      text: `${glm}<|observation|>`,
      tools: [TOOL_WEATHER],
      expected: msg({ calls: [call("get_weather", { city: "Paris", days: 1, zip: "75001" })] }),
    },
  );
}

// MiniMax M3: its chat template writes every leaf, top-level or nested, with one macro (strings raw,
// numbers with str(), booleans with tojson), so top-level values are typed as nested ones are.
{
  const P = `]~b]user\n${Q}[e~[\n]~b]ai\n`;
  const mm = (k: string, v: string) => `]<]minimax[>[<${k}>${v}]<]minimax[>[</${k}>`;
  const text = `]<]minimax[>[<tool_call>\n]<]minimax[>[<invoke name="get_weather">${mm("city", "Paris")}${mm("days", "3")}${mm("zip", "75001")}${mm("metric", "true")}]<]minimax[>[</invoke>\n]<]minimax[>[</tool_call>[e~[`;
  add(
    "minimax-m3",
    {
      name: "arg-values-typed",
      shape: "minimax-m3: top-level <days>3</days> is 3 and <metric>true</metric> is true without tools (non-strings are written as JSON scalars, as nested leaves are)",
      prefix: P,
      text,
      expected: msg({ calls: [call("get_weather", { city: "Paris", days: 3, zip: 75001, metric: true })] }),
    },
    {
      name: "arg-values-typed-by-tools",
      shape: "minimax-m3: with tools the schema types top-level values (a zip code declared string stays a string)",
      prefix: P,
      text,
      tools: [TOOL_WEATHER],
      expected: msg({ calls: [call("get_weather", { city: "Paris", days: 3, zip: "75001", metric: true })] }),
    },
  );
}

// Phi-4-mini: functools[…].
add(
  "phi-4-mini",
  {
    name: "functools-list",
    shape: "phi-4-mini: functools[{…}] calls",
    prefix: `<|user|>${Q}<|end|><|assistant|>`,
    text: `functools[{"name": "get_weather", "arguments": {"city": "Paris"}}]<|end|>`,
    expected: msg({ calls: [WEATHER] }),
  },
  {
    name: "text-then-functools",
    shape: "phi-4-mini: text, then functools[{…}, {…}]",
    prefix: `<|user|>${Q}<|end|><|assistant|>`,
    text: `Checking both. functools[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_time", "arguments": {"tz": "CET"}}]<|end|>`,
    expected: msg({ content: "Checking both.", calls: [WEATHER, call("get_time", { tz: "CET" })] }),
  },
);

// Granite: <tool_call> followed by a list.
{
  const list = `[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_time", "arguments": {"tz": "CET"}}]`;
  const calls = [WEATHER, call("get_time", { tz: "CET" })];
  add(
    "granite-4",
    { name: "tool-call-list-unclosed", shape: "granite: <tool_call> [list] without a closing tag", prefix: GRANITE, text: `<tool_call> ${list}<|end_of_text|>`, expected: msg({ calls }) },
    { name: "tool-call-list-closed", shape: "granite: <tool_call>[list]</tool_call>", prefix: GRANITE, text: `Checking.\n<tool_call>${list}</tool_call><|end_of_text|>`, expected: msg({ content: "Checking.", calls }) },
  );
  add(
    "granite-3-3",
    { name: "tool-call-tag-list", shape: "granite: <tool_call> [list] instead of <|tool_call|>", prefix: GRANITE, text: `<tool_call> ${list}<|end_of_text|>`, expected: msg({ calls }) },
  );
}

// Granite 3.2: plain-text reasoning markers.
{
  const G = `<|start_of_role|>user<|end_of_role|>${Q}<|end_of_text|>\n<|start_of_role|>assistant<|end_of_role|>`;
  add(
    "granite-3-2",
    { name: "plain-text", shape: "granite 3.2: content only", prefix: G, text: "It is sunny in Paris.<|end_of_text|>", expected: msg({ content: "It is sunny in Paris." }) },
    {
      name: "thought-process-then-response",
      shape: "granite 3.2: Here is my thought process: … Here is my response: …",
      prefix: G,
      text: "Here is my thought process:\nThe user asks about Paris.\n\nHere is my response:\nIt is sunny in Paris.<|end_of_text|>",
      expected: msg({ thinking: "The user asks about Paris.", content: "It is sunny in Paris." }),
    },
    {
      name: "heres-spelling",
      shape: "granite 3.2: Here's my thought process: / Here's my response:",
      prefix: G,
      text: "Here's my thought process:\nShort.\nHere's my response:\nSunny.<|end_of_text|>",
      expected: msg({ thinking: "Short.", content: "Sunny." }),
    },
    {
      name: "tool-call-list",
      shape: "granite 3.2: <|tool_call|>[list]",
      prefix: G,
      text: '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Paris"}}]<|end_of_text|>',
      expected: msg({ calls: [WEATHER] }),
    },
    {
      name: "unclosed-thought-at-eos",
      shape: "granite 3.2: the stream ends inside the thought process",
      prefix: G,
      text: "Here is my thought process:\nStill thinking",
      expected: msg({ thinking: "Still thinking" }),
    },
  );
}

// Llama 4: <|python_start|>, hyphenated names, ;-separated calls.
add(
  "llama-4",
  {
    name: "python-start-wrapped",
    shape: "llama 4: calls wrapped in <|python_start|> … <|python_end|>",
    prefix: LLAMA4,
    text: `<|python_start|>[get_weather(city="Paris")]<|python_end|><|eot|>`,
    expected: msg({ calls: [WEATHER] }),
  },
  {
    name: "hyphenated-name",
    shape: "pythonic calls: a hyphenated function name",
    prefix: LLAMA4,
    text: `[get-weather(city="Paris")]<|eot|>`,
    expected: msg({ calls: [call("get-weather", { city: "Paris" })] }),
  },
  {
    name: "semicolon-separated",
    shape: "pythonic calls separated by ';'",
    prefix: LLAMA4,
    text: `[get_weather(city="Paris"); get_time(tz="CET")]<|eot|>`,
    expected: msg({ calls: [WEATHER, call("get_time", { tz: "CET" })] }),
  },
  {
    name: "python-start-json",
    shape: "llama 4: JSON calls inside <|python_start|>",
    prefix: LLAMA4,
    text: `<|python_start|>{"name": "get_weather", "parameters": {"city": "Paris"}}<|python_end|><|eot|>`,
    expected: msg({ calls: [WEATHER] }),
  },
);

// LFM2: JSON calls where pythonic ones were expected; hyphenated names.
add(
  "lfm2",
  {
    name: "json-list-instead-of-python",
    shape: "lfm2: a JSON call list inside <|tool_call_start|> (system prompt asked for JSON)",
    prefix: CHATML,
    text: `<|tool_call_start|>[{"name": "get_weather", "arguments": {"city": "Paris"}}]<|tool_call_end|>Checking.<|im_end|>`,
    expected: msg({ content: "Checking.", calls: [WEATHER] }),
  },
  {
    name: "hyphenated-name",
    shape: "pythonic calls: a hyphenated function name",
    prefix: CHATML,
    text: `<|tool_call_start|>[get-weather(city="Paris")]<|tool_call_end|><|im_end|>`,
    expected: msg({ calls: [call("get-weather", { city: "Paris" })] }),
  },
);
{
  const text = `<|tool_call_start|>[get_weather(city="Paris", days=)]<|tool_call_end|>Done.<|im_end|>`;
  add(
    "lfm2",
    recover({
      name: "recover-malformed-python-call",
      shape: "a pythonic call with a missing value: recover keeps it as content, the rest of the message intact",
      prefix: CHATML,
      text,
      expected: msg({ content: `<|tool_call_start|>[get_weather(city="Paris", days=)]<|tool_call_end|>Done.` }),
      errors: [span(text, "<|tool_call_start|>", "<|tool_call_end|>", "region", "tool_calls")],
    }),
  );
}

// Llama 3.x: built-in calls after <|python_tag|>, ;-separated JSON, "arguments" instead of "parameters".
add(
  "llama-3-1",
  {
    name: "builtin-brave-search",
    shape: "llama 3.x: <|python_tag|>brave_search.call(query=…)",
    prefix: LLAMA3,
    text: `<|python_tag|>brave_search.call(query="weather in Paris")<|eom_id|>`,
    expected: msg({ calls: [call("brave_search", { query: "weather in Paris" })] }),
  },
  {
    name: "builtin-code-interpreter",
    shape: "llama 3.x: <|python_tag|>code_interpreter.call(code=…)",
    prefix: LLAMA3,
    text: `<|python_tag|>code_interpreter.call(code="print(6 * 7)")<|eom_id|>`,
    expected: msg({ calls: [call("code_interpreter", { code: "print(6 * 7)" })] }),
  },
  {
    name: "semicolon-separated-json",
    shape: "llama 3.2: JSON calls separated by ';'",
    prefix: LLAMA3,
    text: `{"name": "get_weather", "parameters": {"city": "Paris"}}; {"name": "get_time", "parameters": {"tz": "CET"}}<|eot_id|>`,
    expected: msg({ calls: [WEATHER, call("get_time", { tz: "CET" })] }),
  },
  {
    name: "arguments-key",
    shape: "llama 3.x: a JSON call with \"arguments\" instead of \"parameters\"",
    prefix: LLAMA3,
    text: `{"type": "function", "name": "get_weather", "arguments": {"city": "Paris"}}<|eot_id|>`,
    expected: msg({ calls: [WEATHER] }),
  },
  {
    name: "python-tag-json-list",
    shape: "llama 3.x: a JSON call list after <|python_tag|>",
    prefix: LLAMA3,
    text: `<|python_tag|>[{"name": "get_weather", "parameters": {"city": "Paris"}}]<|eom_id|>`,
    expected: msg({ calls: [WEATHER] }),
  },
);

// gpt-oss (harmony): calls on the analysis channel, recipient before the channel, constrain variants,
// built-in tools, a continued message.
{
  const args = '{"city": "Paris"}';
  add(
    "gpt-oss",
    {
      name: "call-on-analysis-channel",
      shape: "harmony: a call on the analysis channel",
      prefix: HARMONY,
      text: `<|channel|>analysis<|message|>Need the weather.<|end|><|start|>assistant<|channel|>analysis to=functions.get_weather <|constrain|>json<|message|>${args}<|call|>`,
      expected: msg({ thinking: "Need the weather.", calls: [WEATHER] }),
    },
    {
      name: "recipient-before-channel",
      shape: "harmony: to=functions.f before <|channel|>",
      prefix: HARMONY,
      text: `<|channel|>analysis<|message|>Need the weather.<|end|><|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>${args}<|call|>`,
      expected: msg({ thinking: "Need the weather.", calls: [WEATHER] }),
    },
    {
      name: "constrain-adjacent",
      shape: "harmony: <|constrain|>json right after the channel",
      prefix: HARMONY,
      text: `<|channel|>commentary to=functions.get_weather<|constrain|>json<|message|>${args}<|call|>`,
      expected: msg({ calls: [WEATHER] }),
    },
    {
      name: "builtin-browser",
      shape: "harmony: a built-in browser.search call",
      prefix: HARMONY,
      text: `<|channel|>analysis<|message|>Search it.<|end|><|start|>assistant<|channel|>analysis to=browser.search code<|message|>{"query": "Paris weather"}<|call|>`,
      expected: msg({ thinking: "Search it.", calls: [call("browser.search", { query: "Paris weather" })] }),
    },
    {
      name: "builtin-container-exec",
      shape: "harmony: a built-in container.exec call",
      prefix: HARMONY,
      text: `<|channel|>commentary to=container.exec code<|message|>{"cmd": ["ls", "-la"]}<|call|>`,
      expected: msg({ calls: [call("container.exec", { cmd: ["ls", "-la"] })] }),
    },
    {
      name: "builtin-python",
      shape: "harmony: a built-in python call (raw code)",
      prefix: HARMONY,
      text: `<|channel|>analysis to=python code<|message|>print(6 * 7)<|call|>`,
      expected: msg({ calls: [call("python", { code: "print(6 * 7)" })] }),
    },
    {
      name: "continued-message-keeps-analysis",
      shape: "harmony: a continued message (the start anchor repeats in the prompt) keeps the earlier analysis",
      prefix: `${HARMONY}<|channel|>analysis<|message|>Need the weather.<|end|><|start|>assistant`,
      text: `<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>${args}<|call|>`,
      expected: msg({ thinking: "Need the weather.", calls: [WEATHER] }),
    },
    {
      name: "preamble-and-final",
      shape: "harmony: a commentary preamble and a final answer (both kept)",
      prefix: HARMONY,
      text: "<|channel|>commentary<|message|>Let me look.<|end|><|start|>assistant<|channel|>final<|message|>It is sunny.<|return|>",
      expected: msg({ content: "Let me look.\n\nIt is sunny." }),
    },
  );
}

// <think> reasoning for Reka Edge and Kimi-K2; unclosed reasoning ends at a call (Kimi-K2-Thinking, DeepSeek).
add("reka-edge", {
  name: "think-then-content",
  shape: "<think> reasoning (Reka Edge)",
  prefix: `<sep>human: ${Q}<sep>assistant:`,
  text: " <think>\nThe user asks about Paris.\n</think>\n\nIt is sunny.\n\n<sep>",
  expected: msg({ thinking: "The user asks about Paris.", content: "It is sunny." }),
});
const kimiCall = `<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>`;
add("kimi-k2", {
  name: "think-then-call",
  shape: "<think> reasoning (Kimi-K2), then a call",
  prefix: KIMI,
  text: `<think>Need the weather.</think>${kimiCall}<|im_end|>`,
  expected: msg({ thinking: "Need the weather.", calls: [WEATHER] }),
});
add("kimi-k2-thinking", {
  name: "unclosed-think-then-call",
  shape: "reasoning never closed: the tool call section ends it",
  prefix: KIMI,
  text: `<think>Need the weather.${kimiCall}<|im_end|>`,
  expected: msg({ thinking: "Need the weather.", calls: [WEATHER] }),
});
add("deepseek-v3-1", {
  name: "unclosed-think-then-call",
  shape: "reasoning opened by the prompt and never closed: the tool call ends it",
  prefix: `${DS}<think>`,
  text: `Need the weather.<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Paris"}<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜end▁of▁sentence｜>`,
  expected: msg({ thinking: "Need the weather.", calls: [WEATHER] }),
});
add("deepseek-v4", {
  name: "unclosed-think-then-call",
  shape: "reasoning opened by the prompt and never closed: the tool call ends it",
  prefix: `${DS}<think>`,
  text: `Need the weather.\n\n<｜DSML｜tool_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">Paris</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls><｜end▁of▁sentence｜>`,
  expected: msg({ thinking: "Need the weather.", calls: [WEATHER] }),
});
add("deepseek-r1", {
  name: "several-think-blocks",
  shape: "several <think> blocks in one message (all kept, joined)",
  prefix: DS,
  text: "<think>\nFirst.\n</think>\n<think>\nSecond.\n</think>\nAnswer.<｜end▁of▁sentence｜>",
  expected: msg({ thinking: "First.Second.", content: "Answer." }),
});

// Several reasoning blocks in one message: all kept, joined (every rtc template's reasoning repeats).
for (const [name, prefix, open, close, eos] of [
  ["qwq", CHATML, "<think>\n", "\n</think>\n\n", "<|im_end|>"],
  ["step-3-5", CHATML, "<think>\n", "\n</think>\n", "<|im_end|>"],
  ["glm-4-5", `[gMASK]<sop><|user|>\n${Q}<|assistant|>`, "\n<think>", "</think>\n", "<|user|>"],
  ["glm-4-7", `[gMASK]<sop><|user|>\n${Q}<|assistant|>`, "<think>", "</think>", "<|user|>"],
  ["minimax-m2", `]~b]user\n${Q}[e~[\n]~b]ai\n`, "<think>\n", "\n</think>\n\n", "[e~["],
  ["magistral", MISTRAL, "[THINK]", "[/THINK]", "</s>"],
  ["seed-oss", `<seed:bos>user\n${Q}<seed:eos><seed:bos>assistant\n`, "<seed:think>", "</seed:think>", "<seed:eos>"],
] as const) {
  add(name, {
    name: "several-think-blocks",
    shape: "several reasoning blocks in one message (all kept, joined)",
    prefix,
    text: `${open}First.${close}${open}Second.${close}Answer.${eos}`,
    expected: msg({ thinking: "First.Second.", content: "Answer." }),
  });
}

// GigaChat: a trailing </s>.
add("gigachat-3", {
  name: "trailing-eos-token",
  shape: "gigachat: the answer ends with </s>",
  prefix: `user<|role_sep|>\n${Q}<|message_sep|>\n\nassistant<|role_sep|>\n`,
  text: "It is sunny in Paris.</s>",
  expected: msg({ content: "It is sunny in Paris." }),
});

// Text outside every field.
add(
  "ernie-4-5",
  {
    name: "content-without-response-tags",
    shape: "ernie: text after </think> without <response> tags",
    prefix: "User: What's the weather?\nAssistant:",
    text: "abc</think>def",
    expected: msg({ thinking: "abc", content: "def" }),
  },
  {
    name: "response-tags",
    shape: "ernie: <response> tags",
    prefix: "User: What's the weather?\nAssistant:",
    text: "Need it.\n</think>\n\n<response>\nIt is sunny.\n</response>",
    expected: msg({ thinking: "Need it.", content: "It is sunny." }),
  },
);
add("hunyuan-a13b", {
  name: "text-outside-answer",
  shape: "hunyuan-a13b: text outside <answer>",
  prefix: `<|startoftext|>${Q}<|extra_0|>`,
  text: "<think>\nNeed it.\n</think>\nNote first.\n<answer>\nIt is sunny.\n</answer><|eos|>",
  expected: msg({ thinking: "Need it.", content: "Note first.\nIt is sunny." }),
});
add(
  "command-r7b",
  {
    name: "plain-text-without-markers",
    shape: "command r7b: plain text without <|START_RESPONSE|>",
    prefix: `<|START_OF_TURN_TOKEN|><|USER_TOKEN|>${Q}<|END_OF_TURN_TOKEN|><|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>`,
    text: "It is sunny in Paris.<|END_OF_TURN_TOKEN|>",
    expected: msg({ content: "It is sunny in Paris." }),
  },
);
{
  const text = `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "get_weather"}]<|END_ACTION|><|END_OF_TURN_TOKEN|>`;
  add(
    "command-r7b",
    recover({
      name: "recover-bad-transform",
      shape: "a bad transform: a call without \"parameters\" (the transform's {parameters} has no value)",
      prefix: `<|START_OF_TURN_TOKEN|><|USER_TOKEN|>${Q}<|END_OF_TURN_TOKEN|><|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>`,
      text,
      expected: msg({ content: `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "get_weather"}]<|END_ACTION|>` }),
      errors: [span(text, "<|START_ACTION|>", "<|END_ACTION|>", "region", "tool_calls")],
    }),
  );
}
{
  const text = `Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Par`;
  add(
    "hermes-2-pro",
    recover({
      name: "recover-truncated-call",
      shape: "the stream ends inside a call's JSON: recover keeps content and the raw call text",
      prefix: CHATML,
      text,
      expected: msg({ content: `Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Par` }),
      errors: [{ kind: "region", field: "hermes_calls", start: "Let me check.".length, end: text.length }],
    }),
  );
}
{
  // A template without an implicit field: recover mode reports the text the reference drops.
  const text = `<|channel|>analysis<|message|>Thinking.<|end|>stray words<|start|>assistant<|channel|>final<|message|>Sunny.<|return|>`;
  add(
    "gpt-oss",
    recover({
      name: "recover-reports-unclaimed-text",
      shape: "text outside every field (no implicit field): recover mode reports it",
      prefix: HARMONY,
      text,
      expected: msg({ thinking: "Thinking.", content: "Sunny." }),
      errors: [span(text, "stray words", "stray words", "unclaimed", null)],
    }),
  );
}

// ---- families new to the library --------------------------------------------------------------------------
{
  const P = `<bos><start_of_turn>developer\nYou can call functions.<end_of_turn>\n<start_of_turn>user\n${Q}<end_of_turn>\n<start_of_turn>model\n`;
  const fc = (b: string) => `<start_function_call>call:${b}<end_function_call>`;
  add(
    "functiongemma",
    { name: "plain-text", shape: "functiongemma: content only", prefix: P, text: "It is sunny.<end_of_turn>", expected: msg({ content: "It is sunny." }) },
    { name: "one-call", shape: "functiongemma: <start_function_call>call:NAME{k:<escape>v<escape>}", prefix: P, text: fc("get_weather{city:<escape>Paris<escape>}"), expected: msg({ calls: [WEATHER] }) },
    {
      name: "parallel-calls-typed",
      shape: "functiongemma: two calls with numbers, booleans, lists and an <escape> string holding braces and commas",
      prefix: P,
      text: `${fc("get_weather{city:<escape>Paris, {FR}<escape>,days:3,metric:true}")}${fc("get_time{zones:[<escape>CET<escape>,<escape>UTC<escape>]}")}<start_function_response>`,
      expected: msg({ calls: [call("get_weather", { city: "Paris, {FR}", days: 3, metric: true }), call("get_time", { zones: ["CET", "UTC"] })] }),
    },
    { name: "text-then-call", shape: "functiongemma: text before a call", prefix: P, text: `Checking.${fc("get_weather{city:<escape>Paris<escape>}")}`, expected: msg({ content: "Checking.", calls: [WEATHER] }) },
    { name: "lookalikes", shape: "functiongemma: marker lookalikes stay text", prefix: P, text: "A <start_function_call without end and <escape> here.<end_of_turn>", expected: msg({ content: "A <start_function_call without end and <escape> here." }) },
  );
}
{
  const P = `<|system|>\nYou can call functions.\n<|user|>\n${Q}\n<|assistant|>\n`;
  add(
    "granite-20b-fc",
    { name: "plain-text", shape: "granite-20b-fc: content only", prefix: P, text: "It is sunny.<|endoftext|>", expected: msg({ content: "It is sunny." }) },
    { name: "one-call", shape: "granite-20b-fc: <function_call> {…}", prefix: P, text: '<function_call> {"name": "get_weather", "arguments": {"city": "Paris"}}<|endoftext|>', expected: msg({ calls: [WEATHER] }) },
    {
      name: "two-calls",
      shape: "granite-20b-fc: several <function_call> objects in a row",
      prefix: P,
      text: '<function_call> {"name": "get_weather", "arguments": {"city": "Paris"}}\n<function_call> {"name": "get_time", "arguments": {"tz": "CET"}}<|endoftext|>',
      expected: msg({ calls: [WEATHER, call("get_time", { tz: "CET" })] }),
    },
    { name: "text-then-call", shape: "granite-20b-fc: text before a call", prefix: P, text: 'Checking.\n<function_call> {"name": "get_weather", "arguments": {"city": "Paris"}}', expected: msg({ content: "Checking.", calls: [WEATHER] }) },
    { name: "lookalikes", shape: "granite-20b-fc: marker lookalikes stay text", prefix: P, text: "Say <function_call without a bracket.<|endoftext|>", expected: msg({ content: "Say <function_call without a bracket." }) },
  );
}
{
  const P = `<|startoftext|><|bom|><|system|> You can call tools.<|eom|><|bom|><|user|> ${Q}<|eom|><|bom|><|assistant|>`;
  add(
    "jamba",
    { name: "plain-text", shape: "jamba: content only", prefix: P, text: " It is sunny.<|eom|>", expected: msg({ content: "It is sunny." }) },
    { name: "one-call", shape: "jamba: <tool_calls>[…]</tool_calls>", prefix: P, text: ' <tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</tool_calls><|eom|>', expected: msg({ calls: [WEATHER] }) },
    {
      name: "two-calls",
      shape: "jamba: two calls in the list",
      prefix: P,
      text: ' <tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_time", "arguments": {"tz": "CET"}}]</tool_calls><|eom|>',
      expected: msg({ calls: [WEATHER, call("get_time", { tz: "CET" })] }),
    },
    { name: "text-then-call", shape: "jamba: text before the calls", prefix: P, text: ' Checking. <tool_calls>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</tool_calls><|eom|>', expected: msg({ content: "Checking.", calls: [WEATHER] }) },
    { name: "lookalikes", shape: "jamba: marker lookalikes stay text", prefix: P, text: " A <tool_calls without bracket and <|eom| too.<|eom|>", expected: msg({ content: "A <tool_calls without bracket and <|eom| too." }) },
  );
}
{
  const P = `[Round 0] USER:${Q} ASSISTANT:`;
  const lc = '<longcat_tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</longcat_tool_call>';
  add(
    "longcat-flash",
    { name: "plain-text", shape: "longcat: content only", prefix: P, text: "It is sunny.</longcat_s>", expected: msg({ content: "It is sunny." }) },
    { name: "think-then-content", shape: "longcat: <longcat_think> reasoning", prefix: P, text: "<longcat_think>\nParis.\n</longcat_think>\nIt is sunny.</longcat_s>", expected: msg({ thinking: "Paris.", content: "It is sunny." }) },
    { name: "one-call", shape: "longcat: <longcat_tool_call>{…}</longcat_tool_call>", prefix: P, text: `${lc}</longcat_s>`, expected: msg({ calls: [WEATHER] }) },
    { name: "unclosed-think-then-call", shape: "reasoning never closed: the tool call ends it", prefix: P, text: `<longcat_think>\nNeed it.\n${lc}</longcat_s>`, expected: msg({ thinking: "Need it.", calls: [WEATHER] }) },
    { name: "lookalikes", shape: "longcat: marker lookalikes stay text", prefix: P, text: "A <longcat_tool_call without bracket.</longcat_s>", expected: msg({ content: "A <longcat_tool_call without bracket." }) },
  );
}
{
  const P = `<beginning_of_sentence>user name=User\n${Q}<end_of_sentence>\n<beginning_of_sentence>ai name=MiniMax AI\n`;
  add(
    "minimax-m1",
    { name: "plain-text", shape: "minimax-m1: content only", prefix: P, text: "It is sunny.<end_of_sentence>", expected: msg({ content: "It is sunny." }) },
    { name: "think-then-content", shape: "minimax-m1: <think> reasoning", prefix: P, text: "<think>\nParis.\n</think>\nIt is sunny.<end_of_sentence>", expected: msg({ thinking: "Paris.", content: "It is sunny." }) },
    {
      name: "calls-one-per-line",
      shape: "minimax-m1: <tool_calls> with one JSON object per line",
      prefix: P,
      text: '<think>\nTwo lookups.\n</think>\n<tool_calls>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n{"name": "get_time", "arguments": {"tz": "CET"}}\n</tool_calls><end_of_sentence>',
      expected: msg({ thinking: "Two lookups.", calls: [WEATHER, call("get_time", { tz: "CET" })] }),
    },
    {
      name: "new-tokenizer-markers",
      shape: "minimax-m1: the ]~b]ai / [e~[ spelling of the turn markers",
      prefix: `]~b]user name=User\n${Q}[e~[\n]~b]ai name=MiniMax AI\n`,
      text: "It is sunny.[e~[",
      expected: msg({ content: "It is sunny." }),
    },
    { name: "unclosed-think-at-eos", shape: "minimax-m1: the stream ends inside reasoning", prefix: P, text: "<think>\nStill thinking", expected: msg({ thinking: "Still thinking" }) },
  );
}
{
  const P = `<｜begin▁of▁sentence｜>You are a helpful assistant.<|BOT|>user\n${Q}<|EOT|><|BOT|>assistant\n<think>\n`;
  const st = (name: string, params: [string, string][]) =>
    `<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="${name}">\n${params.map(([k, v]) => `<steptml:parameter name="${k}">${v}</steptml:parameter>\n`).join("")}</steptml:invoke><｜tool_call_end｜>`;
  add(
    "step-3",
    { name: "reasoning-then-content", shape: "step-3: reasoning opened by the prompt, then content", prefix: P, text: "Paris.\n</think>\nIt is sunny.<|EOT|>", expected: msg({ thinking: "Paris.", content: "It is sunny." }) },
    {
      name: "one-call",
      shape: "step-3: steptml invoke inside the tool-call tokens; values typed without tools",
      prefix: P,
      text: `Need it.\n</think>\n<｜tool_calls_begin｜>\n${st("get_weather", [["city", "Paris"], ["days", "2"]])}\n<｜tool_calls_end｜><|EOT|>`,
      expected: msg({ thinking: "Need it.", calls: [call("get_weather", { city: "Paris", days: 2 })] }),
    },
    {
      name: "two-calls",
      shape: "step-3: two calls",
      prefix: P,
      text: `Two.\n</think>\n<｜tool_calls_begin｜>\n${st("get_weather", [["city", "Paris"]])}\n${st("get_time", [["tz", "CET"]])}\n<｜tool_calls_end｜><|EOT|>`,
      expected: msg({ thinking: "Two.", calls: [WEATHER, call("get_time", { tz: "CET" })] }),
    },
    {
      name: "unclosed-think-then-call",
      shape: "reasoning opened by the prompt and never closed: the tool call ends it",
      prefix: P,
      text: `Need it.\n<｜tool_calls_begin｜>\n${st("get_weather", [["city", "Paris"]])}\n<｜tool_calls_end｜><|EOT|>`,
      expected: msg({ thinking: "Need it.", calls: [WEATHER] }),
    },
    { name: "unclosed-at-eos", shape: "step-3: the stream ends inside reasoning", prefix: P, text: "Still thinking", expected: msg({ thinking: "Still thinking" }) },
  );
}

const dir = join(import.meta.dirname, "../../templates/samples");
const readRows = (name: string): string[] => {
  const file = join(dir, `${name}.jsonl`);
  return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter((l) => l.trim()) : [];
};
addTokenSpellingRows(add);
addPartialCallRows(add);
const rowsOf = (name: string) => [...readRows(name).map((l) => JSON.parse(l) as Row).filter((r) => !("shape" in r)), ...(ROWS[name] ?? [])];
addSecondPassRows(add, rowsOf);
addHarmonyHeaderRows(add);
addGemmaThoughtRows(add);
addFunctionaryPythonRows(add);
addReasoningMarkupRows(add);
addInterleavedContentRows(add);
addPythonLiteralRows(add);
addWrappedArgumentsRows(add);
addContinuedMessageRows(add);
addListDamageRows(add, rowsOf);
let written = 0;
for (const name of Object.keys(ROWS)) {
  const own = readRows(name).filter((l) => !("shape" in JSON.parse(l)));
  const shapes = ROWS[name]!.map((r) => JSON.stringify(r));
  writeFileSync(join(dir, `${name}.jsonl`), `${[...own, ...shapes].join("\n")}\n`);
  written += shapes.length;
}
console.log(`wrote ${written} real-shape rows for ${Object.keys(ROWS).length} templates`);
