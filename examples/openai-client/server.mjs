// A minimal OpenAI-compatible chat-completions endpoint on the loopback interface. Instead of running a
// model it replays a canned raw Qwen3 output, a few characters at a time as a model would produce it, and
// turns it into chat.completion.chunk events with rtc's OpenAI delta stream: reasoning_content, content
// and tool_calls deltas, sent as server-sent events and ended with `data: [DONE]`.
import { createServer } from "node:http";
import * as qwen3 from "response-template/models/qwen3";
import { finishChunk, openAIStreamForGenerated, roleChunk, toChunk } from "response-template/openai";

/** What the "model" writes: reasoning, a sentence, then two tool calls, in Qwen3's markers. */
export const RAW_OUTPUT =
  "<think>\nThe user wants Oslo's weather and the local time.\n</think>\n\nChecking both.\n" +
  '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo", "unit": "celsius"}}\n</tool_call>\n' +
  '<tool_call>\n{"name": "get_time", "arguments": {"timezone": "Europe/Oslo"}}\n</tool_call><|im_end|>';

/** Starts the server on 127.0.0.1 and a free port; resolves to its base URL and a close function. */
export async function startServer() {
  const server = createServer((req, res) => {
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") return void res.writeHead(404).end();
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (part) => (body += part));
    req.on("end", () => respond(JSON.parse(body), res));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return { baseURL: `http://127.0.0.1:${port}/v1`, close: () => new Promise((resolve) => server.close(resolve)) };
}

function respond(request, res) {
  if (request.stream !== true) return void res.writeHead(400, { "content-type": "application/json" }).end('{"error":{"message":"stream: true only"}}');
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  const send = (chunk) => res.write(`data: ${JSON.stringify(chunk)}\n\n`);
  const meta = { id: "chatcmpl-local-1", model: request.model, created: Math.floor(Date.now() / 1000) };

  // The prompt the output continues: Qwen3's chat template ends it with the assistant header. The
  // request's tools let the parser cast argument values to their declared types.
  const stream = openAIStreamForGenerated(qwen3, { prefix: "<|im_start|>assistant\n", tools: request.tools });
  send(roleChunk(meta));
  for (const delta of stream.initialDeltas) send(toChunk(delta, meta));
  for (const piece of RAW_OUTPUT.match(/[\s\S]{1,5}/g)) for (const delta of stream.feed(piece)) send(toChunk(delta, meta));
  const done = stream.finalize();
  for (const delta of done.deltas) send(toChunk(delta, meta));
  send(finishChunk(done.openai, meta));
  res.end("data: [DONE]\n\n");
}
