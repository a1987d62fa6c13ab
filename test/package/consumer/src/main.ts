// A strict TypeScript consumer (tsconfig.json): the published types of both packages and a module that
// `npx rtc build templates --out parsers` wrote, compiled by tsc and then run. The @ts-expect-error lines
// are part of the check: each must be an error, or tsc fails.
import assert from "node:assert/strict";
import { createResponseParser, parseResponse, type Message as Qwen3Message } from "response-template/models/qwen3";
import { loadParser, names, type ParserModule } from "response-template/models";
import { loadTemplate, parseResponse as interpret, TemplateError, type Message, type ParseOptions, type ToolCall } from "response-template";
import { openAIStreamForGenerated, toOpenAIMessage, type ChatDelta, type OpenAIMessage } from "response-template/openai";
import type { ResponseParser } from "response-template/runtime";
import { buildOutputs, type BuildResult } from "response-template-compiler";
import * as acme from "../parsers/acme-chat.js";
import { loadParser as loadAcme } from "../parsers/index.js";

const options: ParseOptions = { prefix: "" };
const text = '<think>\nr\n</think>\n\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call><|im_end|>';

// A compiled parser's message names the template's fields.
const m: Qwen3Message = parseResponse(text, options);
const role: "assistant" = m.role;
const thinking: string | undefined = m.thinking;
const calls: ToolCall[] | undefined = m.tool_calls;
assert.equal(role, "assistant");
assert.equal(thinking, "r");
assert.deepEqual(calls?.[0]?.function, { name: "get_weather", arguments: { city: "Paris" } });
// Compile-time only (never called): each line must be a type error.
export function typeErrors(): void {
  // @ts-expect-error qwen3's template has no `reasoning` field
  void m.reasoning;
  // @ts-expect-error prefix is required
  parseResponse(text, {});
  // @ts-expect-error tools is optional, but not undefined (exactOptionalPropertyTypes)
  parseResponse(text, { prefix: "", tools: undefined });
  // @ts-expect-error a plain dict's keys need brackets (noPropertyAccessFromIndexSignature)
  void interpret({}, text, options).content;
}
const many: Qwen3Message[] = parseResponse([text, text], options);
assert.equal(many.length, 2);

// Streaming keeps the type.
const parser: ResponseParser<Qwen3Message> = createResponseParser(options);
parser.feed(text);
assert.equal(parser.finalize().message.thinking, "r");

// Every module is a ParserModule; the registry's are plain-dict ones.
const asModule: ParserModule<Qwen3Message> = { template: null, parseResponse, createResponseParser };
void asModule;
assert.ok(names.includes("qwen3"));
const loaded: ParserModule = await loadParser("qwen3");
const plain: Message = loaded.parseResponse(text, options);
// Index signatures need brackets (noPropertyAccessFromIndexSignature).
assert.equal(plain["thinking"], "r");

// The interpreter gives plain dicts.
const interpreted: Message = interpret(loaded.template, text, options);
assert.deepEqual(interpreted, m);
assert.throws(() => loadTemplate({}), TemplateError);

// OpenAI helpers.
const openai: OpenAIMessage = toOpenAIMessage(m);
assert.equal(openai.tool_calls?.[0]?.function.name, "get_weather");
const stream = openAIStreamForGenerated(loaded, options);
const deltas: ChatDelta[] = [...stream.initialDeltas, ...stream.feed(text), ...stream.finalize().deltas];
assert.ok(deltas.some((d) => d.reasoning_content === "r"));

// A module this project built: its own Message type, captures typed as strings.
const acmeText = '<reasoning>Look it up.</reasoning>Checking.<call name="search">{"q": "rtc"}</call><|end|>';
const a: acme.Message = acme.parseResponse(acmeText, { prefix: "" });
const name: string | undefined = a.tool_calls?.[0]?.function.name;
assert.equal(name, "search");
assert.deepEqual((await loadAcme("acme-chat")).parseResponse(acmeText, options), a);

// The compiler's API is typed too (not run here).
const build: (inputs: readonly string[]) => Promise<BuildResult> = (inputs) => buildOutputs(inputs, { format: false, js: true });
void build;

console.log("typescript: ok");
