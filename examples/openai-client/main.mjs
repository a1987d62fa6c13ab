// The openai npm client against the loopback server (server.mjs), with stream: true. The deltas are
// reassembled by hand (reasoning_content, content, tool calls by index) and by the SDK's own accumulator
// (chat.completions.stream → finalChatCompletion), and both must give the message rtc parses from the whole
// output. Any mismatch throws (exit 1).
import assert from "node:assert/strict";
import OpenAI from "openai";
import * as qwen3 from "response-template/models/qwen3";
import { toOpenAIMessage } from "response-template/openai";
import { RAW_OUTPUT, startServer } from "./server.mjs";

const tools = [
  { type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" }, unit: { type: "string" } } } } },
  { type: "function", function: { name: "get_time", parameters: { type: "object", properties: { timezone: { type: "string" } } } } },
];
const request = { model: "qwen3", messages: [{ role: "user", content: "Weather and time in Oslo?" }], tools, stream: true };
const expected = toOpenAIMessage(qwen3.parseResponse(RAW_OUTPUT, { prefix: "<|im_start|>assistant\n" }));

const server = await startServer();
try {
  const client = new OpenAI({ baseURL: server.baseURL, apiKey: "not-needed-locally", maxRetries: 0 });

  // 1. By hand, chunk by chunk.
  let reasoning = "";
  let content = "";
  const calls = [];
  let finish = null;
  let chunks = 0;
  for await (const chunk of await client.chat.completions.create(request)) {
    chunks++;
    const choice = chunk.choices[0];
    const delta = choice.delta;
    reasoning += delta.reasoning_content ?? ""; // an extension field (vLLM, DeepSeek): not in the SDK's types
    content += delta.content ?? "";
    for (const part of delta.tool_calls ?? []) {
      const call = (calls[part.index] ??= { id: part.id, type: "function", function: { name: part.function.name, arguments: "" } });
      if (part.id) assert.equal(call.id, part.id, "a call's id is sent once, in its first delta");
      call.function.arguments += part.function?.arguments ?? "";
    }
    finish = choice.finish_reason ?? finish;
  }
  assert.equal(reasoning, expected.reasoning_content);
  assert.equal(content, expected.content);
  assert.deepEqual(calls, expected.tool_calls);
  assert.equal(finish, "tool_calls");
  assert.deepEqual(calls.map((c) => JSON.parse(c.function.arguments)), [{ city: "Oslo", unit: "celsius" }, { timezone: "Europe/Oslo" }]);
  console.log(`${chunks} chunks; reasoning ${JSON.stringify(reasoning)}; content ${JSON.stringify(content)}`);
  for (const c of calls) console.log(`tool call ${c.id} ${c.function.name}(${c.function.arguments})`);

  // 2. The SDK's accumulator: the same message.
  const runner = client.chat.completions.stream(request);
  const completion = await runner.finalChatCompletion();
  const message = completion.choices[0].message;
  assert.equal(message.content, expected.content);
  assert.deepEqual(
    message.tool_calls.map((c) => ({ id: c.id, type: c.type, function: { name: c.function.name, arguments: c.function.arguments } })),
    expected.tool_calls,
  );
  assert.equal(completion.choices[0].finish_reason, "tool_calls");
  console.log("openai-client: ok");
} finally {
  await server.close();
}
