// Real-shape rows of issue 28 ("real output, second pass"): shapes learned from the inference servers'
// parser tests (llama.cpp tests/test-chat.cpp, vLLM tests/tool_parsers) and written here by hand, or derived
// from a family's own sample rows by one perturbation whose intended message is known (a parameter closer
// dropped). Called by real-shapes.ts, which writes every row into templates/samples/<name>.jsonl.
// docs/real-output.md describes each shape and how rtc reads it.

import { CHATML, DS, GEMMA4, LLAMA3, Q, WEATHER, call, msg, recover, span, type Issue, type Row } from "./real-shape-helpers.ts";

type Add = (name: string, ...rows: Row[]) => void;
const SEED = `<seed:bos>user\n${Q}<seed:eos><seed:bos>assistant\n`;
const TIME = call("get_time", { tz: "CET" });
const weatherJson = JSON.stringify({ name: "get_weather", arguments: { city: "Paris" } });

/** Item 1: the wrappers Hermes/Qwen-style models put around a JSON call, and fences around them. */
function hermesWrappers(eos: string): Row[] {
  const one = (name: string, shape: string, text: string, content = ""): Row => ({
    name,
    shape: `json call wrapper: ${shape}`,
    prefix: CHATML,
    text: `${text}${eos}`,
    expected: msg({ content, calls: [WEATHER] }),
  });
  return [
    one("function-tag-call", "<function=NAME>{args}</function>", `<function=get_weather>{"city": "Paris"}</function>`),
    one("function-name-attribute-call", '<function name="NAME">{args}</function>', `<function name="get_weather">\n{"city": "Paris"}\n</function>`),
    one("tool-tag-call", "<tool>{call}</tool>", `<tool>\n  ${weatherJson}\n</tool>`),
    one("tools-tag-call", "<tools>{call}</tools>", `<tools>\n  ${weatherJson}\n</tools>`),
    one("response-tag-call", "<response>{call}</response>", `<response>\n  ${weatherJson}\n</response>`),
    one("json-tag-call", "<json>{call}</json> (any letter case: <JSON>)", `<JSON>\n  ${weatherJson}\n</JSON>`),
    one("function-call-tag-call", "<function_call>{call}</function_call> after text", `Checking.\n<function_call> ${weatherJson} </function_call>`, "Checking."),
    one("fenced-response-tag-call", "```xml fence around <response>{call}</response>", "```xml\n<response>\n    " + weatherJson + "\n</response>\n```"),
    one("fenced-call", "```json fence around a call", "```json\n  " + weatherJson + "\n```"),
    one("bare-fence-call", "``` fence (no language) around a call", "```\n" + weatherJson + "\n```"),
    one("bare-call", "a bare JSON call as the whole message", weatherJson),
    one("bare-call-after-text", "a bare JSON call on its own line after text", `Let me look.\n${weatherJson}`, "Let me look."),
    {
      name: "two-function-tag-calls",
      shape: "json call wrapper: two <function=NAME>{args}</function> calls",
      prefix: CHATML,
      text: `<function=get_weather>{"city": "Paris"}</function>\n<function=get_time>{"tz": "CET"}</function>${eos}`,
      expected: msg({ calls: [WEATHER, TIME] }),
    },
    {
      name: "json-answer-in-tag-is-content",
      shape: "json call wrapper: a JSON object that is not a call stays content, tags and all",
      prefix: CHATML,
      text: `<json>{"city": "Paris"}</json>${eos}`,
      expected: msg({ content: `<json>{"city": "Paris"}</json>` }),
    },
    {
      name: "serialized-arguments",
      shape: "a call whose arguments are a JSON string holding the object (decoded once)",
      prefix: CHATML,
      text: `<tool_call>\n{"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}\n</tool_call>${eos}`,
      expected: msg({ calls: [WEATHER] }),
    },
  ];
}

/** Items 21 and 6: a call region that is not one call object is an error span; its text, with the
 * whitespace before it, stays content. */
function hermesInvalid(eos: string): Row[] {
  const bad = (name: string, shape: string, body: string): Row => {
    const text = `Checking.\n<tool_call>${body}</tool_call>${eos}`;
    return recover({
      name,
      shape,
      prefix: CHATML,
      text,
      expected: msg({ content: `Checking.\n<tool_call>${body}</tool_call>` }),
      errors: [span(text, "\n<tool_call>", "</tool_call>", "region", "hermes_calls")],
    });
  };
  return [
    bad("recover-list-in-call", "call objects are validated: a JSON list after <tool_call> is an error span, not a call", `\n[${weatherJson}]\n`),
    bad("recover-number-name", "call objects are validated: a non-string name is an error span, not a call", '\n{"name": 42, "arguments": {}}\n'),
    bad("recover-empty-call", "an empty call region (<tool_call>   </tool_call>) is no call: an error span, kept as text", "   "),
    bad("recover-malformed-keeps-newline", "a failed call kept as content keeps the whitespace its open pattern consumed", '\n{"name": "get_weather", "arguments": {"city": }}\n'),
  ];
}

/** Item 2: for each XML-parameter family, the parameter closer the model left out (the value ends at the
 * next parameter opener, or at the function closer). Derived from the family's own first call row. */
const XML_FAMILIES: [template: string, closer: string, functionEnd: string][] = [
  ["seed-oss", "</parameter>", "</function>"],
  ["nemotron-3", "</parameter>", "</function>"],
  ["step-3-5", "</parameter>", "</function>"],
  ["minimax-m2", "</parameter>", "</invoke>"],
  ["glm-4-5", "</arg_value>", "</tool_call>"],
  ["glm-4-7", "</arg_value>", "</tool_call>"],
  ["laguna", "</arg_value>", "</tool_call>"],
  ["hunyuan-hy3", "</arg_value:opensource>", "</tool_call:opensource>"],
  ["minicpm5", "</param>", "</function>"],
  ["step-3", "</steptml:parameter>", "</steptml:invoke>"],
  ["deepseek-v3-2", "</｜DSML｜parameter>", "</｜DSML｜invoke>"],
  ["deepseek-v4", "</｜DSML｜parameter>", "</｜DSML｜invoke>"],
];

/** `text` without the closer at `at` (and the newline right after it, which belongs to the closer's line). */
function dropCloser(text: string, at: number, closer: string): string {
  const end = at + closer.length;
  return text.slice(0, at) + text.slice(text[end] === "\n" ? end + 1 : end);
}

function missingClosers(template: string, closer: string, fnEnd: string, source: Row): Row[] {
  const first = source.text.indexOf(closer);
  const end = source.text.indexOf(fnEnd);
  const last = source.text.lastIndexOf(closer, end);
  const base = { prefix: source.prefix, expected: source.expected, ...(source.tools ? { tools: source.tools } : {}) };
  return [
    { name: "missing-parameter-close", shape: `xml parameter with no closing tag: the value ends at the next parameter (${closer} dropped)`, text: dropCloser(source.text, first, closer), ...base },
    { name: "missing-last-parameter-close", shape: `xml parameter with no closing tag: the value ends at the function closer (${template})`, text: dropCloser(source.text, last, closer), ...base },
  ];
}

/** The family's first call row (own rows of make-samples.ts first) whose first call has two parameters. */
function callSource(rows: Row[], closer: string, fnEnd: string): Row {
  const found = rows.find((r) => {
    if (r.on_error || !r.expected.tool_calls) return false;
    const end = r.text.indexOf(fnEnd);
    const first = r.text.indexOf(closer);
    return end > 0 && first >= 0 && first < r.text.lastIndexOf(closer, end);
  });
  if (!found) throw new Error(`no call row with two parameters (${closer} … ${fnEnd})`);
  return found;
}

export function addSecondPassRows(add: Add, rowsOf: (template: string) => Row[]): void {
  for (const name of ["qwen3-robust", "hermes-2-pro", "qwen2-5"]) {
    // qwen2-5 already has some of these shapes (real-shapes.ts): a row name is written once.
    const have = new Set(rowsOf(name).map((r) => r.name));
    add(name, ...[...hermesWrappers("<|im_end|>"), ...hermesInvalid("<|im_end|>")].filter((r) => !have.has(r.name)));
  }
  for (const [template, closer, fnEnd] of XML_FAMILIES) add(template, ...missingClosers(template, closer, fnEnd, callSource(rowsOf(template), closer, fnEnd)));

  // Item 12: a call without its wrapper, for the Qwen-XML families whose template has one.
  const xml = (name: string) => `<function=${name}>\n<parameter=city>\nParis\n</parameter>\n</function>`;
  for (const [template, prefix, eos] of [["seed-oss", SEED, "<seed:eos>"], ["nemotron-3", CHATML, "<|im_end|>"], ["step-3-5", CHATML, "<|im_end|>"]] as const) {
    add(
      template,
      { name: "call-without-wrapper", shape: "a call without its wrapper (bare <function=…>…</function>)", prefix, text: `${xml("get_weather")}${eos}`, expected: msg({ calls: [WEATHER] }) },
      // Item 8: names with `-` and `.`.
      { name: "dotted-dashed-name", shape: "function names with - or .", prefix, text: `${xml("get-weather.v2")}${eos}`, expected: msg({ calls: [call("get-weather.v2", { city: "Paris" })] }) },
    );
  }
  add(
    "gemma4-robust",
    {
      name: "dotted-dashed-name",
      shape: "function names with - or .",
      prefix: GEMMA4,
      text: '<|tool_call>call:get-weather.v2{city:<|"|>Paris<|"|>}<tool_call|>',
      expected: msg({ calls: [call("get-weather.v2", { city: "Paris" })] }),
    },
  );
  add("qwen3-robust", {
    name: "dotted-dashed-name",
    shape: "function names with - or .",
    prefix: CHATML,
    text: `<tool_call>\n${JSON.stringify({ name: "get-weather.v2", arguments: { city: "Paris" } })}\n</tool_call><|im_end|>`,
    expected: msg({ calls: [call("get-weather.v2", { city: "Paris" })] }),
  });
}

/** Item 18: the calls-begin token as DeepSeek R1 distills spell it (llama.cpp accepts these spellings). */
export function addTokenSpellingRows(add: Add): void {
  const body = '<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Paris"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜end▁of▁sentence｜>';
  const spellings = ["<｜tool calls begin｜>", "<｜tool▁calls｜>", "<｜tool_calls_begin｜>"];
  add(
    "deepseek-r1",
    ...spellings.map((open, i) => ({
      name: `calls-begin-spelling-${i + 1}`,
      shape: `alternative spelling of the calls-begin token: ${open}`,
      prefix: DS,
      text: `<think>\nNeed the weather.\n</think>\n\n${open}${body}`,
      expected: msg({ thinking: "Need the weather.", calls: [WEATHER] }),
    })),
  );
}

/**
 * Items 9 and 10: a multi-call block with one malformed entry, text after a call list, a list cut off at
 * the end of the stream. Recover mode keeps the calls that read (json-calls' partial reading); each span
 * left out is a region error, from the entry's start to where the next entry begins.
 */
export function addPartialCallRows(add: Add): void {
  const good = (name: string, args: Record<string, string>, key = "arguments") => JSON.stringify({ name, [key]: args });
  const w = good("get_weather", { city: "Paris" });
  const t = good("get_time", { tz: "CET" });
  const bad = '{"name": "get_news", "arguments": {"topic": "rain"}'; // its closing brace missing
  const cut = '{"name": "get_time", "argu';
  const left = (text: string, from: string, to: string | null, field: string): Issue => {
    const start = text.indexOf(from);
    return { kind: "region", field, start, end: to === null ? text.length : text.indexOf(to, start) };
  };
  const row = (name: string, shape: string, prefix: string, text: string, calls: unknown[], errors: Issue[], content?: string): Row =>
    recover({ name, shape, prefix, text, expected: msg({ calls: calls as never, ...(content ? { content } : {}) }), errors });
  const M1 = `<beginning_of_sentence>user name=User\n${Q}<end_of_sentence>\n<beginning_of_sentence>ai name=MiniMax AI\n`;
  const m1a = `<tool_calls>\n${w}\n${bad}\n${t}\n</tool_calls><end_of_sentence>`;
  const m1b = `<tool_calls>\n${w}\n${cut}`;
  add(
    "minimax-m1",
    row("multi-call-one-malformed", "a multi-call block (one JSON call per line) with one malformed entry", M1, m1a, [WEATHER, TIME], [left(m1a, bad, t, "tool_calls")]),
    row("multi-call-cut-off", "a multi-call block cut off at the end of the stream", M1, m1b, [WEATHER], [left(m1b, cut, null, "tool_calls")]),
  );
  const l1 = `[${good("get_weather", { city: "Paris" }, "parameters")}, {"name": 7, "parameters": {}}, ${good("get_time", { tz: "CET" }, "parameters")}]<|eot_id|>`;
  const l2 = `${good("get_weather", { city: "Paris" }, "parameters")}; ${cut}`;
  const l3 = `[${good("get_weather", { city: "Paris" }, "parameters")}] I will check that for you.<|eot_id|>`;
  add(
    "llama-3-1",
    row("call-list-bad-item", "a JSON call list with one item that is not a call", LLAMA3, l1, [WEATHER, TIME], [left(l1, '{"name": 7', `, ${good("get_time", { tz: "CET" }, "parameters")}`, "json_calls")]),
    row("call-list-cut-off", "';'-separated calls cut off at the end of the stream", LLAMA3, l2, [WEATHER], [left(l2, cut, null, "json_calls")]),
    row("text-after-call-list", "text after a JSON call list", LLAMA3, l3, [WEATHER], [left(l3, "I will", "<|eot_id|>", "json_calls")]),
  );
  for (const name of ["qwen3-robust", "hermes-2-pro", "qwen2-5"]) {
    const b = `${w}\n${bad}\n${t}<|im_end|>`;
    add(name, row("bare-calls-one-malformed", "bare JSON calls, one a line, one malformed", CHATML, b, [WEATHER, TIME], [left(b, bad, t, "bare_calls")]));
  }
}
