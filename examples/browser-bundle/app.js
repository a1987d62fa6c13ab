// The browser application: Hermes 2 Pro's compiled parser on a model output, whole and streamed, with the
// message shown on the page (index.html) and left on globalThis.rtcExample for check.mjs.
import { createResponseParser, parseResponse } from "response-template/models/hermes-2-pro";

const prefix = "<|im_start|>user\nRemind me to water the plants at 6.<|im_end|>\n<|im_start|>assistant\n";
const output =
  "Setting a reminder.\n<tool_call>\n" +
  '{"name": "create_reminder", "arguments": {"text": "Water the plants", "at": "18:00", "repeat": false}}\n' +
  "</tool_call><|im_end|>";

const message = parseResponse(output, { prefix });
const parser = createResponseParser({ prefix });
const content = [];
for (const chunk of output.match(/[\s\S]{1,5}/g)) {
  for (const e of parser.feed(chunk)) if (e.type === "region_chunk" && e.field === "content") content.push(e.text);
}
const streamed = parser.finalize().message;

globalThis.rtcExample = { message, streamed, contentChunks: content };
if (typeof document !== "undefined") document.getElementById("out").textContent = JSON.stringify(message, null, 2);
