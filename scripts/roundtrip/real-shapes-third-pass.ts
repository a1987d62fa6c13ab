// Real-shape rows of issue 28, third pass: Harmony's final-channel constraint and stray `to=assistant`
// headers (item 14), Gemma 4's empty or unlabelled thought (item 15), Functionary v3.2's raw python code
// (item 17), and, for every template whose
// chat template renders a JSON call list, that list with one malformed item or cut off at the end of the
// stream (items 9-10). The list rows are derived from the template's own sample rows: the perturbation
// fixes the intended message (the calls before and after the damage) and the span recover mode reports.
// Called by real-shapes.ts, which writes every row into templates/samples/<name>.jsonl.

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
