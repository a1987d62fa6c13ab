// gpt-oss's compiled parser from strict TypeScript: the module's own Message type, typed events, recover
// mode's typed result, and the OpenAI message. `tsc` rejects the file if the published types are wrong or
// too loose (see the @ts-expect-error lines), then node runs what it compiled.
import assert from "node:assert/strict";
import type { RegionEvent } from "response-template";
import { createResponseParser, parseResponse, type Message } from "response-template/models/gpt-oss";
import { toOpenAIMessage, type OpenAIMessage } from "response-template/openai";

const prefix = "<|start|>user<|message|>Book a table for two at 8pm.<|end|><|start|>assistant";
const output =
  "<|channel|>analysis<|message|>Call the booking tool.<|end|><|start|>assistant" +
  '<|channel|>commentary to=functions.book_table <|constrain|>json<|message|>{"people": 2, "time": "20:00"}<|call|>';

// The whole output: the result is this model's Message, not a loose record.
const message: Message = parseResponse(output, { prefix });
const thinking: string | undefined = message.thinking;
// @ts-expect-error thinking is optional: not a plain string
const notOptional: string = message.thinking;
void notOptional;
assert.equal(thinking, "Call the booking tool.");

const call = message.tool_calls?.[0];
assert.ok(call, "one tool call");
assert.equal(call.type, "function");
assert.equal(call.function.name, "book_table");
assert.deepEqual(call.function.arguments, { people: 2, time: "20:00" });

// Streaming: events are a discriminated union; narrowing on `type` gives each one's fields.
const parser = createResponseParser({ prefix });
const fields: string[] = [];
const feed = (chunk: string): RegionEvent[] => parser.feed(chunk);
for (let i = 0; i < output.length; i += 9) {
  for (const e of feed(output.slice(i, i + 9))) {
    if (e.type === "region_close") fields.push(e.field);
    // @ts-expect-error a region_open event has no text
    if (e.type === "region_open") void e.text;
  }
}
const final: { message: Message } = parser.finalize();
assert.deepEqual(final.message, message);
assert.deepEqual(fields, ["thinking", "tool_calls"]);

// Recover mode changes the return type to { message, errors }: a call with broken JSON is reported, not thrown.
const broken = output.replace('"time": "20:00"', '"time": 20:00');
assert.throws(() => parseResponse(broken, { prefix }));
const recovered = parseResponse(broken, { prefix, onError: "recover" });
assert.equal(recovered.message.thinking, "Call the booking tool.");
assert.equal(recovered.message.tool_calls, undefined);
assert.equal(recovered.errors[0]?.kind, "region");

// The OpenAI chat-completion shape: arguments as a JSON string, an id per call.
const openai: OpenAIMessage = toOpenAIMessage(message);
assert.equal(openai.reasoning_content, "Call the booking tool.");
assert.equal(openai.tool_calls?.[0]?.function.arguments, '{"people": 2, "time": "20:00"}');

console.log(JSON.stringify(openai));
console.log("typescript-strict: ok");
