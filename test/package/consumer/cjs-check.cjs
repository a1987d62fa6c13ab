// CommonJS: require() of the ES-module packages (Node >= 20.19 and >= 22.12 load ES modules without
// top-level await synchronously).
const assert = require("node:assert/strict");
const { parseResponse } = require("response-template/models/qwen3");
const { parseResponse: interpret } = require("response-template");
const { toOpenAIMessage } = require("response-template/openai");

const text = "<think>hm</think>Hi!<|im_end|>";
const message = parseResponse(text, { prefix: "" });
assert.deepEqual(message, { role: "assistant", thinking: "hm", content: "Hi!" });
assert.deepEqual(interpret(require("response-template/models/qwen3").template, text, { prefix: "" }), message);
assert.equal(toOpenAIMessage(message).reasoning_content, "hm");
console.log("cjs: ok");
