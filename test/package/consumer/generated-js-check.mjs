// What `npx rtc build templates --js --out parsers-js` wrote, imported by plain Node.
import assert from "node:assert/strict";
import { parseResponse, template } from "./parsers-js/acme-chat.js";
import { loadParser, names } from "./parsers-js/index.js";

const text = '<reasoning>Look it up.</reasoning>Checking.<call name="search">{"q": "rtc"}</call><|end|>';
const expected = {
  role: "assistant",
  thinking: "Look it up.",
  content: "Checking.",
  tool_calls: [{ type: "function", function: { name: "search", arguments: { q: "rtc" } } }],
};
assert.deepEqual(parseResponse(text, { prefix: "<|assistant|>" }), expected);
assert.deepEqual(names, ["acme-chat"]);
assert.deepEqual((await loadParser("acme-chat")).parseResponse(text, { prefix: "" }), expected);
assert.equal(template.start_anchor, "<|assistant|>");
console.log("generated JavaScript: ok");
