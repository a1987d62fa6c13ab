// Plain Node, ES modules, no loader: one model parser, the interpreter, the OpenAI helpers, the registry.
import assert from "node:assert/strict";
import { createResponseParser, parseResponse } from "response-template/models/qwen3";
import { loadParser, names } from "response-template/models";
import { loadTemplate, parseResponse as interpret, TemplateError } from "response-template";
import { openAIStreamForGenerated, toOpenAIMessage } from "response-template/openai";

const text =
  '<think>\nThe user wants the weather.\n</think>\n\nLet me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call><|im_end|>';
const expected = {
  role: "assistant",
  thinking: "The user wants the weather.",
  content: "Let me check.",
  tool_calls: [{ type: "function", function: { name: "get_weather", arguments: { city: "Paris" } } }],
};

// A compiled parser, whole and streaming.
const message = parseResponse(text, { prefix: "<|im_start|>assistant\n" });
assert.deepEqual(message, expected);
const parser = createResponseParser({ prefix: "" });
const events = [...parser.initialEvents];
for (let i = 0; i < text.length; i += 5) events.push(...parser.feed(text.slice(i, i + 5)));
const final = parser.finalize();
assert.deepEqual(final.message, expected);
assert.deepEqual(events.filter((e) => e.type === "region_close").map((e) => e.field), ["thinking", "content", "tool_calls"]);

// The registry, lazily.
assert.ok(names.includes("qwen3") && names.length > 50);
assert.deepEqual((await loadParser("qwen3")).parseResponse(text, { prefix: "" }), expected);
await assert.rejects(loadParser("no-such-model"), /no generated parser named "no-such-model"/);

// The interpreter, on the same template.
const qwen3 = await loadParser("qwen3");
assert.deepEqual(interpret(qwen3.template, text, { prefix: "" }), expected);
assert.throws(() => loadTemplate({ fields: {} }), TemplateError);

// OpenAI helpers.
assert.deepEqual(toOpenAIMessage(message), {
  role: "assistant",
  content: "Let me check.",
  reasoning_content: "The user wants the weather.",
  tool_calls: [{ id: "call_0", type: "function", function: { name: "get_weather", arguments: '{"city": "Paris"}' } }],
});
const stream = openAIStreamForGenerated(qwen3, { prefix: "" });
const deltas = [...stream.initialDeltas];
for (let i = 0; i < text.length; i += 7) deltas.push(...stream.feed(text.slice(i, i + 7)));
const done = stream.finalize();
deltas.push(...done.deltas);
assert.equal(deltas.map((d) => d.content ?? "").join(""), "Let me check.");
assert.deepEqual(done.openai, toOpenAIMessage(expected));

console.log("esm: ok");
