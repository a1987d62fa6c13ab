// The AI SDK with response-template-ai-sdk's middleware. The provider is a mock that returns what a raw
// completion endpoint would: Qwen3.5's text with its <think> and <tool_call><function=…> markers, streamed in
// small pieces (or whole, for generateText). Wrapped with the middleware, the SDK sees reasoning, text and a
// tool call whose parameters are cast to the tool's schema types. Any mismatch throws (exit 1).
import assert from "node:assert/strict";
import { generateText, jsonSchema, streamText, tool, wrapLanguageModel } from "ai";
import { MockLanguageModelV3, convertArrayToReadableStream } from "ai/test";
import * as qwen35 from "response-template/models/qwen3_5";
import { responseTemplateMiddleware } from "response-template-ai-sdk";

const raw =
  "<think>\nThe user wants 250 euros in yen.\n</think>\n\nLet me convert that.\n" +
  "<tool_call>\n<function=convert_currency>\n<parameter=amount>\n250\n</parameter>\n" +
  "<parameter=from>\nEUR\n</parameter>\n<parameter=to>\nJPY\n</parameter>\n</function>\n</tool_call><|im_end|>";

const usage = { inputTokens: { total: 12, noCache: 12, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 60, text: 60, reasoning: undefined } };
const finishReason = { unified: "stop", raw: "stop" };
const provider = new MockLanguageModelV3({
  doStream: async () => ({
    stream: convertArrayToReadableStream([
      { type: "stream-start", warnings: [] },
      { type: "text-start", id: "t" },
      ...raw.match(/[\s\S]{1,4}/g).map((delta) => ({ type: "text-delta", id: "t", delta })),
      { type: "text-end", id: "t" },
      { type: "finish", finishReason, usage },
    ]),
  }),
  doGenerate: async () => ({ content: [{ type: "text", text: raw }], finishReason, usage, warnings: [] }),
});

const model = wrapLanguageModel({
  model: provider,
  middleware: responseTemplateMiddleware({ parser: qwen35, prefix: "<|im_start|>assistant\n" }),
});
// The schema makes `amount` a number: the model wrote the text "250", the call's input holds 250.
const tools = {
  convert_currency: tool({
    description: "Convert an amount between currencies",
    inputSchema: jsonSchema({
      type: "object",
      properties: { amount: { type: "number" }, from: { type: "string" }, to: { type: "string" } },
      required: ["amount", "from", "to"],
    }),
  }),
};
const expectedInput = { amount: 250, from: "EUR", to: "JPY" };

// Streaming.
const result = streamText({ model, prompt: "How much is 250 EUR in JPY?", tools });
const types = [];
let reasoning = "";
let text = "";
let input = "";
for await (const part of result.fullStream) {
  if (types.at(-1) !== part.type) types.push(part.type);
  if (part.type === "reasoning-delta") reasoning += part.text;
  if (part.type === "text-delta") text += part.text;
  if (part.type === "tool-input-delta") input += part.delta;
  if (part.type === "error") throw part.error;
}
assert.equal(reasoning, "The user wants 250 euros in yen.");
assert.equal(text, "Let me convert that.");
assert.deepEqual(JSON.parse(input), expectedInput);
const calls = await result.toolCalls;
assert.equal(calls.length, 1);
assert.equal(calls[0].toolName, "convert_currency");
assert.deepEqual(calls[0].input, expectedInput);
assert.equal(await result.finishReason, "tool-calls");
// The order the SDK saw: reasoning, then text, then the call's input streaming, then the call itself.
const order = ["reasoning-start", "reasoning-delta", "reasoning-end", "text-start", "text-delta", "text-end", "tool-input-start", "tool-input-delta", "tool-input-end", "tool-call"];
assert.deepEqual(types.filter((t) => order.includes(t)), order);
console.log(`stream parts: ${types.join(" → ")}`);

// The whole text at once (doGenerate): the same reasoning, text and call.
const whole = await generateText({ model, prompt: "How much is 250 EUR in JPY?", tools });
assert.equal(whole.reasoningText, "The user wants 250 euros in yen.");
assert.equal(whole.text, "Let me convert that.");
assert.deepEqual(whole.toolCalls.map((c) => [c.toolName, c.input]), [["convert_currency", expectedInput]]);
console.log(`tool call: ${calls[0].toolName}(${JSON.stringify(calls[0].input)})`);
console.log("ai-sdk-middleware: ok");
