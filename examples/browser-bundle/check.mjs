// Checks the browser bundle: no module in it comes from Node.js (node: or a bare built-in), the code never
// reaches for require/process, and it runs in a fresh JavaScript context with no Node.js globals at all,
// producing the expected message. Prints its size, raw and gzipped.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";

const code = readFileSync("dist/app.js", "utf8");
const meta = JSON.parse(readFileSync("dist/meta.json", "utf8"));

const builtins = new Set(builtinModules);
const imports = Object.values(meta.inputs).flatMap((input) => input.imports.map((i) => i.path));
const fromNode = imports.filter((p) => p.startsWith("node:") || builtins.has(p.split("/")[0]));
assert.deepEqual(fromNode, [], "the bundle imports Node.js modules");
assert.ok(!/\bnode:[a-z]/.test(code), "the bundle mentions a node: module");
assert.ok(!/\brequire\(|\bprocess\./.test(code), "the bundle uses require or process");
const inputs = Object.keys(meta.inputs);
assert.ok(inputs.some((p) => p.includes("response-template/dist/models/hermes-2-pro.js")), "the parser came from the installed package");
assert.ok(!inputs.some((p) => p.includes("/dist/interpret/")), "a compiled parser bundles no interpreter");

// A bare context: only the JavaScript built-ins (no process, require, Buffer, fetch, setTimeout…).
const sandbox = {};
runInNewContext(code, sandbox, { filename: "dist/app.js" });
const { message, streamed, contentChunks } = sandbox.rtcExample;
const expected = {
  role: "assistant",
  content: "Setting a reminder.",
  tool_calls: [{ type: "function", function: { name: "create_reminder", arguments: { text: "Water the plants", at: "18:00", repeat: false } } }],
};
// Objects made in another context have other prototypes: compare their JSON.
assert.deepEqual(JSON.parse(JSON.stringify(message)), expected);
assert.deepEqual(JSON.parse(JSON.stringify(streamed)), expected);
assert.equal(contentChunks.join("").trim(), expected.content);

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`bundle dist/app.js: ${kb(code.length)} minified, ${kb(gzipSync(code, { level: 9 }).length)} gzipped, ${inputs.length} modules`);
console.log("browser-bundle: ok");
