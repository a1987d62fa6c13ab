// Real-shape rows of issue 28, third pass: Harmony's final-channel constraint and stray `to=assistant`
// headers (item 14), Gemma 4's empty or unlabelled thought (item 15), Functionary v3.2's raw python code
// (item 17), tool markup inside reasoning (items 3, 11), LFM2's echoes (19), CDATA (16), content around
// reasoning (5), Python-literal arguments (22), DSML's `arguments` wrapper (20), a continued Apriel
// message (13), and, for every template whose chat template renders a JSON call list, that list with one
// malformed item or cut off at the end of the stream (items 9-10). The list rows are derived from the
// template's own sample rows: the perturbation fixes the intended message (the calls before and after
// the damage) and the span recover mode reports. Called by real-shapes.ts, which writes every row into
// templates/samples/<name>.jsonl.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseResponse } from "../../runtime/index.ts";
import { GEMMA4, HARMONY, Q, WEATHER, call, msg, recover, type Issue, type Json, type Row } from "./real-shape-helpers.ts";

type Add = (name: string, ...rows: Row[]) => void;

/** Item 14: Harmony headers the model writes besides the chat template's own. */
export function addHarmonyHeaderRows(add: Add): void {
  const answer = "Hello, world!\nWhat's up?";
  const row = (name: string, shape: string, text: string, m: Parameters<typeof msg>[0]): Row => ({ name, shape, prefix: HARMONY, text, expected: msg(m) });
  add(
    "gpt-oss",
    row(
      "stray-to-assistant-before-analysis",
      "harmony: a stray <|channel|>commentary to=assistant header before the analysis channel",
      `<|channel|>commentary to=assistant<|channel|>analysis<|message|>I'm\nthinking<|end|><|start|>assistant<|channel|>final<|message|>${answer}`,
      { thinking: "I'm\nthinking", content: answer },
    ),
    row(
      "stray-to-assistant-before-final",
      "harmony: a stray commentary to=assistant header before the final channel",
      `<|start|>assistant<|channel|>commentary to=assistant<|channel|>final<|message|>${answer}<|return|>`,
      { content: answer },
    ),
    row(
      "final-constrain-json",
      "harmony: the final channel constrained to JSON (response_format)",
      `<|channel|>analysis<|message|>Answer in JSON.<|end|><|start|>assistant<|channel|>final <|constrain|>json<|message|>{"city": "Paris"}<|return|>`,
      { thinking: "Answer in JSON.", content: '{"city": "Paris"}' },
    ),
    row("final-bare-json", "harmony: the final channel with a bare json constraint word", `<|channel|>final json<|message|>{"city": "Paris"}<|return|>`, { content: '{"city": "Paris"}' }),
  );
}

/** Item 15: Gemma 4's thought block empty without its newline, or opened without the `thought` label. */
export function addGemmaThoughtRows(add: Add): void {
  add(
    "gemma4-robust",
    { name: "empty-thought-no-newline", shape: "gemma 4: an empty thought block with no newline after the label", prefix: GEMMA4, text: "<|channel>thought<channel|>Hello!<turn|>", expected: msg({ content: "Hello!" }) },
    {
      name: "channel-without-label",
      shape: "gemma 4: <|channel> opened without the thought label",
      prefix: GEMMA4,
      text: "<|channel>Need the weather.<channel|><|tool_call>call:get_weather{city:<|\"|>Paris<|\"|>}<tool_call|>",
      expected: msg({ thinking: "Need the weather.", calls: [WEATHER] }),
    },
  );
}

// ---- items 9-10 for the templates whose chat template renders one JSON call list --------------------------
const LIST_TEMPLATES = [
  "mistral-nemo",
  "firefunction-v2",
  "jamba",
  "xlam",
  "phi-4-mini",
  "granite-3-2",
  "granite-3-3",
  "granite-4",
  "hunyuan-a13b",
  "nemotron-nano-v2",
  "apriel",
  "apriel-1-5",
];

interface Found {
  start: number;
  end: number;
  items: { start: number; end: number }[];
}

/** The first JSON list of call objects in `text`, with each item's span. */
function callList(text: string): Found | null {
  for (let i = text.indexOf("["); i >= 0; i = text.indexOf("[", i + 1)) {
    for (let k = text.indexOf("]", i); k >= 0; k = text.indexOf("]", k + 1)) {
      let value: unknown;
      try {
        value = JSON.parse(text.slice(i, k + 1));
      } catch {
        continue;
      }
      if (!Array.isArray(value) || value.length === 0 || !value.every((v) => v && typeof v === "object" && "name" in v)) break;
      // Item spans: each item is an object; find its braces by depth outside strings.
      const items: { start: number; end: number }[] = [];
      let depth = 0;
      let inString = false;
      for (let j = i + 1; j < k; j++) {
        const ch = text[j]!;
        if (inString) {
          if (ch === "\\") j++;
          else if (ch === '"') inString = false;
          continue;
        }
        if (ch === '"') inString = true;
        else if (ch === "{" && depth++ === 0) items.push({ start: j, end: -1 });
        else if (ch === "}" && --depth === 0) items[items.length - 1]!.end = j + 1;
      }
      return { start: i, end: k + 1, items };
    }
  }
  return null;
}

/**
 * From each list template's first row with a call list: a malformed object (its closing brace missing)
 * before the list's last item, and the list cut off inside a second item at the end of the stream.
 */
export function addListDamageRows(add: Add, rowsOf: (template: string) => Row[]): void {
  const bad = '{"name": "get_news", "arguments": {"topic": "rain"}';
  const cut = '{"name": "get_time", "argu';
  for (const name of LIST_TEMPLATES) {
    const source = rowsOf(name).find((r) => !r.on_error && callList(r.text) !== null);
    if (!source) throw new Error(`${name}: no own row with a JSON call list`);
    const list = callList(source.text)!;
    const calls = source.expected.tool_calls as Json[];
    const last = list.items[list.items.length - 1]!;
    // One malformed item before the last: every call of the row survives.
    const malformed = `${source.text.slice(0, last.start)}${bad}, ${source.text.slice(last.start)}`;
    const badAt = last.start;
    const { field, shift } = fieldAt(name, source.prefix, malformed, badAt);
    const errors: Issue[] = [{ kind: "region", field, start: shift + badAt, end: shift + badAt + bad.length + 2 }];
    add(name, recover({ name: "call-list-one-malformed", shape: "a JSON call list with one malformed item", prefix: source.prefix, text: malformed, expected: source.expected, errors }));
    // Cut off inside a second item at the end of the stream: the first call survives.
    const cutText = `${source.text.slice(0, list.items[0]!.end)}, ${cut}`;
    add(
      name,
      recover({
        name: "call-list-cut-off",
        shape: "a JSON call list cut off at the end of the stream",
        prefix: source.prefix,
        text: cutText,
        expected: { ...source.expected, tool_calls: calls.slice(0, 1) },
        errors: [{ kind: "region", field, start: shift + list.items[0]!.end + 2, end: shift + cutText.length }],
      }),
    );
  }
}

/**
 * The field whose region the parser reports the malformed item in, and how far stream offsets lie after
 * text offsets (the part of the prefix after the start anchor, such as a `<think></think>` the prompt
 * wrote). The message and the span are fixed by construction; only these two are read off the parser.
 */
function fieldAt(name: string, prefix: string, text: string, at: number): { field: string; shift: number } {
  const template = JSON.parse(readFileSync(join(import.meta.dirname, `../../templates/${name}.json`), "utf8"));
  const { errors } = parseResponse(template, text, { prefix, onError: "recover" });
  const e = errors.find((e) => e.kind === "region" && e.start >= at && e.start - at <= prefix.length);
  if (!e?.field) throw new Error(`${name}: no region error at ${at} in ${JSON.stringify(text)}: ${JSON.stringify(errors)}`);
  return { field: e.field, shift: e.start - at };
}

/** Item 17: Functionary v3.2 writing raw code for its python built-in (llama.cpp reads it as a call). */
export function addFunctionaryPythonRows(add: Add): void {
  const prefix = `<|start_header_id|>user<|end_header_id|>\n\n${Q}<|eot_id|><|start_header_id|>assistant<|end_header_id|>\n\n`;
  const python = (code: string) => call("python", { code });
  add(
    "functionary-v3-2",
    { name: "python-raw-code", shape: "functionary v3.2: raw code for the python built-in at the message start", prefix, text: 'python\nprint("hey")\nx = 1<|eot_id|>', expected: msg({ calls: [python('print("hey")\nx = 1')] }) },
    {
      name: "python-raw-code-after-text",
      shape: "functionary v3.2: text, then raw python code after >>>",
      prefix,
      text: "all\nLet me compute it.>>>python\nprint(6 * 7)<|eot_id|>",
      expected: msg({ content: "Let me compute it.", calls: [python("print(6 * 7)")] }),
    },
    {
      name: "python-json-arguments",
      shape: "functionary v3.2: the python recipient with JSON arguments is an ordinary call",
      prefix,
      text: 'get_weather\n{"city": "Paris"}>>>python\n{"code": "print(1)"}<|eot_id|>',
      expected: msg({ calls: [WEATHER, python("print(1)")] }),
    },
  );
}

/**
 * Item 3: tool markup inside reasoning that then resumes and closes. Magistral, Reka Edge, LFM2.5 and
 * DeepSeek V3.1 keep it as reasoning text, as llama.cpp's tests expect; in Reka and DeepSeek V3.1 a call
 * block that ends the turn still ends reasoning the model never closed (the zero-width close looks ahead
 * to the turn's end marker, with no `</think>` in between, so streaming holds the call until it is sure).
 * Item 11: Kimi K2 Thinking writing calls with neither per-call end nor section markers, inside reasoning
 * it never closed (Kimi extracts calls from reasoning).
 */
export function addReasoningMarkupRows(add: Add): void {
  const special = (arg1: number) => call("special_function", { arg1 });
  const REKA = `<sep>human: ${Q}<sep>assistant:`;
  const DS31 = `<｜begin▁of▁sentence｜><｜User｜>${Q}<｜Assistant｜><think>`;
  const KIMI = `<|im_user|>user<|im_middle|>${Q}<|im_end|><|im_assistant|>assistant<|im_middle|>`;
  const CHATML = `<|im_start|>user\n${Q}<|im_end|>\n<|im_start|>assistant\n`;
  add("magistral", {
    name: "call-markup-inside-reasoning",
    shape: "tool markup inside [THINK] that resumes: it stays reasoning text",
    prefix: `<s>[INST]${Q}[/INST]`,
    text: '[THINK]Let me think about [TOOL_CALLS]special_function[ARGS]{"arg1":1} and more[/THINK][TOOL_CALLS]special_function[ARGS]{"arg1": 1}',
    expected: msg({ thinking: 'Let me think about [TOOL_CALLS]special_function[ARGS]{"arg1":1} and more', calls: [special(1)] }),
  });
  const rekaInner = '<tool_call>\n{"name": "special_function", "arguments": {"arg1": 2}}</tool_call>';
  add(
    "reka-edge",
    {
      name: "call-markup-inside-reasoning",
      shape: "reka edge: a call inside reasoning that resumes and closes stays reasoning text",
      prefix: REKA,
      text: `<think>\nLet me think about ${rekaInner} hmm\n</think>\n\n<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}</tool_call><sep>`,
      expected: msg({ thinking: `Let me think about ${rekaInner} hmm`, calls: [special(1)] }),
    }
  );
  const dsCall = (name: string, city: string) => `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>${name}<｜tool▁sep｜>{"city": "${city}"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>`;
  add(
    "deepseek-v3-1",
    {
      name: "call-markup-inside-reasoning",
      shape: "deepseek v3.1: calls inside reasoning that resumes and closes stay reasoning text",
      prefix: DS31,
      text: `REASONING${dsCall("get_time2", "Tokyo2")}REASONING</think>${dsCall("get_time", "Tokyo")}<｜end▁of▁sentence｜>`,
      expected: msg({ thinking: `REASONING${dsCall("get_time2", "Tokyo2")}REASONING`, calls: [call("get_time", { city: "Tokyo" })] }),
    }
  );
  const kimiCall = (i: number, name: string, args: string) => `<|tool_call_begin|>functions.${name}:${i}<|tool_call_argument_begin|>${args}`;
  const code = call("python", { code: "print('hey')" });
  add(
    "kimi-k2-thinking",
    {
      name: "calls-without-end-markers-in-reasoning",
      shape: "kimi k2 thinking: consecutive calls with neither end nor section markers, inside unclosed reasoning",
      prefix: KIMI,
      text: `<think>I need to call two functions${kimiCall(0, "special_function", '{"arg1": 1}')}${kimiCall(1, "python", `{"code": "print('hey')"}`)}`,
      expected: msg({ thinking: "I need to call two functions", calls: [special(1), code] }),
    },
    {
      name: "calls-without-end-markers",
      shape: "kimi k2 thinking: consecutive calls without end markers, then the turn's end",
      prefix: KIMI,
      text: `${kimiCall(0, "get_weather", '{"city": "Paris"}')}\n${kimiCall(1, "get_time", '{"tz": "CET"}')}<|im_end|>`,
      expected: msg({ calls: [WEATHER, call("get_time", { tz: "CET" })] }),
    },
    {
      name: "call-section-inside-reasoning-that-resumes",
      shape: "kimi k2 thinking: a call section inside reasoning that resumes after it and closes later",
      prefix: KIMI,
      text: `<think>I need the weather<|tool_calls_section_begin|>${kimiCall(0, "get_weather", '{"city": "Paris"}')}<|tool_call_end|><|tool_calls_section_end|>then I answer</think>It is sunny.<|im_end|>`,
      expected: msg({ thinking: "I need the weather\nthen I answer", content: "It is sunny.", calls: [WEATHER] }),
    },
    {
      name: "text-after-call-section",
      shape: "kimi k2 thinking: text after a call section with no reasoning closer later stays content",
      prefix: KIMI,
      text: `<think>Plan.</think><|tool_calls_section_begin|>${kimiCall(0, "get_weather", '{"city": "Paris"}')}<|tool_call_end|><|tool_calls_section_end|>Checking now.<|im_end|>`,
      expected: msg({ thinking: "Plan.", content: "Checking now.", calls: [WEATHER] }),
    },
  );
  // Item 3 for LFM2.5, item 19 (a call body echoed after the call, a second end marker) for LFM2 and LFM2.5.
  add("lfm2-5", {
    name: "call-markup-inside-reasoning",
    shape: "lfm2.5: a call inside reasoning that resumes and closes stays reasoning text",
    prefix: CHATML,
    text: "<think>Let me think about <|tool_call_start|>[special_function(arg1=1)]<|tool_call_end|> hmm</think><|tool_call_start|>[special_function(arg1=1)]<|tool_call_end|><|im_end|>",
    expected: msg({ thinking: "Let me think about <|tool_call_start|>[special_function(arg1=1)]<|tool_call_end|> hmm", calls: [special(1)] }),
  });
  const body = "[grocery.orderIngredients(ingredientList=[{'name': 'apple', 'quantity': '2'}], deliveryAddress='123 Main St')]";
  const order = call("grocery.orderIngredients", { ingredientList: [{ name: "apple", quantity: "2" }], deliveryAddress: "123 Main St" });
  for (const name of ["lfm2", "lfm2-5"]) {
    add(
      name,
      { name: "echoed-call-body", shape: "lfm2: the call body and its end marker echoed after the call", prefix: CHATML, text: `<|tool_call_start|>${body}<|tool_call_end|>${body}<|tool_call_end|><|im_end|>`, expected: msg({ calls: [order] }) },
      {
        name: "second-end-marker",
        shape: "lfm2: a second end marker after a call, then text",
        prefix: CHATML,
        text: `<|tool_call_start|>[get_weather(city="Paris")]<|tool_call_end|><|tool_call_end|>\nChecking the weather [Paris].<|im_end|>`,
        expected: msg({ calls: [WEATHER], content: "Checking the weather [Paris]." }),
      },
    );
  }
  // Item 16: a CDATA value holding the parameter's closing tag (MiniCPM5; Qwen's templates read it already).
  add("minicpm5", {
    name: "cdata-holding-closing-tag",
    shape: "minicpm5: a CDATA value that contains </param>",
    prefix: CHATML,
    text: '<function name="html"><param name="markup"><![CDATA[<a href="/x">hi</a> </param>]]></param></function><|im_end|>',
    expected: msg({ calls: [call("html", { markup: '<a href="/x">hi</a> </param>' })] }),
  });
}

/** Item 5: content on both sides of an interleaved reasoning block keeps a separator (join_skips_empty). */
export function addInterleavedContentRows(add: Add): void {
  const CHATML = `<|im_start|>user\n${Q}<|im_end|>\n<|im_start|>assistant\n`;
  for (const name of ["qwen3-robust", "qwen3_5-robust", "qwq", "minicpm5"]) {
    add(name, {
      name: "content-around-reasoning",
      shape: "content before and after an interleaved reasoning block: one newline between its parts",
      prefix: CHATML,
      text: "Hello, world!\n<think>\nI'm\nthinking\n</think>\nWhat's up?<|im_end|>",
      expected: msg({ thinking: "I'm\nthinking", content: "Hello, world!\nWhat's up?" }),
    });
  }
}

/**
 * Item 22: object and array parameters written as Python literals (argument_literals). With tools the
 * schema must type the parameter object or array (vLLM's literal_eval fallback); a JSON string holding a
 * literal is read too. Without tools, a value that starts with `{` or `[` and is a literal is read.
 */
export function addPythonLiteralRows(add: Add): void {
  const tool: Json = {
    type: "function",
    function: { name: "process", parameters: { type: "object", properties: { name: { type: "string" }, data: { type: "object" }, tags: { type: "array" }, note: { type: "string" } } } },
  };
  const processed = call("process", { name: "hello", data: { key: "value", n: 1 }, tags: ["a", null], note: "{'kept': 'as text'}" });
  const CHATML = `<|im_start|>user\n${Q}<|im_end|>\n<|im_start|>assistant\n`;
  const param = (k: string, v: string) => `<parameter=${k}>\n${v}\n</parameter>\n`;
  const qwen = `<tool_call>\n<function=process>\n${param("name", "hello")}${param("data", `"{'key': 'value', 'n': 1}"`)}${param("tags", "['a', None]")}${param("note", "{'kept': 'as text'}")}</function>\n</tool_call><|im_end|>`;
  for (const name of ["qwen3-coder", "qwen3_5-robust"]) {
    add(name, {
      name: "python-literal-arguments",
      shape: "object and array parameters written as Python literals (one inside a JSON string); a string parameter keeps its text",
      prefix: CHATML,
      text: qwen,
      tools: [tool],
      expected: msg({ calls: [processed] }),
    });
  }
  const GLM = `[gMASK]<sop><|user|>\n${Q}<|assistant|></think>`;
  add("glm-4-7", {
    name: "python-literal-arguments-without-tools",
    shape: "glm: a dict argument written as a Python literal, read without tools",
    prefix: GLM,
    text: "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value><arg_key>options</arg_key><arg_value>{'unit': 'celsius', 'days': 3, 'alerts': True}</arg_value></tool_call><|user|>",
    expected: msg({ calls: [call("get_weather", { city: "Paris", options: { unit: "celsius", days: 3, alerts: true } })] }),
  });
}

/**
 * Item 20: DeepSeek's DSML call with its whole argument object in one parameter named `arguments`. With
 * tools whose schema has no such parameter, it is unwrapped (unwrap_arguments); a tool that declares
 * `arguments` keeps it, and keys the schema does not declare keep the wrapper.
 */
export function addWrappedArgumentsRows(add: Add): void {
  const tool = (props: Record<string, Json>): Json => ({ type: "function", function: { name: "get_weather", parameters: { type: "object", properties: props } } });
  const weather = tool({ location: { type: "string" }, unit: { type: "string" } });
  const prefix = `<｜begin▁of▁sentence｜><｜User｜>${Q}<｜Assistant｜></think>`;
  for (const [name, section] of [
    ["deepseek-v4", "tool_calls"],
    ["deepseek-v3-2", "function_calls"],
  ] as const) {
    const invoke = (params: string) => `<｜DSML｜${section}>\n<｜DSML｜invoke name="get_weather">\n${params}\n</｜DSML｜invoke>\n</｜DSML｜${section}><｜end▁of▁sentence｜>`;
    const wrapped = invoke('<｜DSML｜parameter name="arguments" string="false">{"location": "NYC", "unit": "celsius"}</｜DSML｜parameter>');
    const asString = invoke('<｜DSML｜parameter name="arguments" string="true">{"location": "NYC"}</｜DSML｜parameter>');
    add(
      name,
      {
        name: "arguments-wrapper-unwrapped",
        shape: "dsml: the argument object inside one parameter named arguments, unwrapped when the schema has no such parameter",
        prefix,
        text: wrapped,
        tools: [weather],
        expected: msg({ calls: [call("get_weather", { location: "NYC", unit: "celsius" })] }),
      },
      {
        name: "arguments-wrapper-as-string",
        shape: "dsml: the wrapper holding the object as a JSON string",
        prefix,
        text: asString,
        tools: [weather],
        expected: msg({ calls: [call("get_weather", { location: "NYC" })] }),
      },
      {
        name: "arguments-parameter-declared",
        shape: "dsml: a tool that declares a parameter named arguments keeps it",
        prefix,
        text: wrapped,
        tools: [tool({ arguments: { type: "object" } })],
        expected: msg({ calls: [call("get_weather", { arguments: { location: "NYC", unit: "celsius" } })] }),
      },
    );
  }
}

/** Item 13: a continued Apriel message whose earlier reasoning the prompt re-rendered without its header. */
export function addContinuedMessageRows(add: Add): void {
  add("apriel", {
    name: "continued-without-reasoning-header",
    shape: "apriel: a prefilled message continued after reasoning rendered without its header: the marker never reaches the content",
    prefix: `<|begin_user|>\n${Q}\n<|begin_assistant|>\nUser asks about Paris.\n`,
    text: "Check the forecast.\n[BEGIN FINAL RESPONSE]\nIt is sunny.\n[END FINAL RESPONSE]\n<|end|>",
    expected: msg({ content: "User asks about Paris.\nCheck the forecast.\nIt is sunny." }),
  });
}
