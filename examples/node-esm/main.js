// One model's compiled parser (DeepSeek-R1) under plain Node: parse a whole output, then the same output
// streamed in small chunks, and check both give the expected message. Any mismatch throws (exit 1).
import assert from "node:assert/strict";
import { createResponseParser, parseResponse } from "response-template/models/deepseek-r1";

// The prompt the output continues (DeepSeek-R1's chat template ends it with the assistant tag).
const prefix = "<｜begin▁of▁sentence｜><｜User｜>Weather in Lisbon, in Fahrenheit?<｜Assistant｜>";
const output =
  "<think>\nLook up Lisbon, then convert the temperature.\n</think>\n\n" +
  "<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n" +
  '{"city": "Lisbon"}\n```<｜tool▁call▁end｜>\n' +
  "<｜tool▁call▁begin｜>function<｜tool▁sep｜>convert\n```json\n" +
  '{"value": 21.5, "from": "C", "to": "F"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜end▁of▁sentence｜>';

const expected = {
  role: "assistant",
  thinking: "Look up Lisbon, then convert the temperature.",
  tool_calls: [
    { type: "function", function: { name: "get_weather", arguments: { city: "Lisbon" } } },
    { type: "function", function: { name: "convert", arguments: { value: 21.5, from: "C", to: "F" } } },
  ],
};

// 1. The whole output at once.
const message = parseResponse(output, { prefix });
assert.deepEqual(message, expected);
console.log("whole: ", JSON.stringify(message));

// 2. Streamed, 4 characters at a time: region_chunk events carry the reasoning as it grows, region_close
//    each field's final value.
const parser = createResponseParser({ prefix });
let thinking = "";
const closed = [];
for (const events of chunks(output, 4).map((c) => parser.feed(c))) {
  for (const e of events) {
    if (e.type === "region_chunk" && e.field === "thinking") thinking += e.text;
    if (e.type === "region_close") closed.push(e.field);
  }
}
const streamed = parser.finalize().message;
assert.deepEqual(streamed, expected);
assert.equal(thinking.trim(), expected.thinking, "the reasoning streamed as it was written");
assert.deepEqual(closed, ["thinking", "tool_calls", "tool_calls"]);
console.log("stream:", JSON.stringify(streamed));
console.log("node-esm: ok");

function chunks(text, size) {
  const out = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}
