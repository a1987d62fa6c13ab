// The delta stream over hand-built event sequences (no template engine involved): JSON argument streaming
// in random chunkings must never send text that is not a prefix of json.dumps(parsed arguments).

import { describe, expect, it } from "vitest";
import { OpenAIDeltaStream, type FieldInfo } from "../../runtime/openai/stream.ts";
import { toOpenAIMessage } from "../../runtime/openai/message.ts";
import { pyJsonLoads } from "../../runtime/core/python/json.ts";
import { makeDict } from "../../runtime/core/python/values.ts";
import type { JsonValue, Message, RegionEvent } from "../../runtime/core/types.ts";
import { checkDeltas, newCounts } from "./invariants.ts";

const hermes: FieldInfo = {
  name: "tool_calls",
  content: "json",
  contentArgs: {},
  repeats: true,
  join: null,
  transform: { type: "function", function: "{content}" },
  transformEach: false,
};
const gptoss: FieldInfo = {
  ...hermes,
  transform: { type: "function", function: { name: "{name}", arguments: "{content}" } },
};
const text = (name: string): FieldInfo => ({ name, content: "text", contentArgs: {}, repeats: false, join: null, transform: undefined, transformEach: false });

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

function split(s: string, r: () => number): string[] {
  const cps = Array.from(s);
  const out: string[] = [];
  for (let i = 0; i < cps.length; ) {
    const n = 1 + Math.floor(r() * 6);
    out.push(cps.slice(i, i + n).join(""));
    i += n;
  }
  return out;
}

const BODIES = [
  '{"name": "get_weather", "arguments": {"city": "Paris", "days": 3, "units": ["c", "f"], "x": 1.50, "big": 123456789012345678901234567890}}',
  '  {"arguments": {"q": "caf\\u00e9 \\"quoted\\" \\ud83d\\ude00\\n", "n": -0, "e": 1e2, "t": true, "z": null, "o": {}, "a": []}, "name": "search"}\n',
  '{"name":"noargs"}',
  '{"name": "nested", "arguments": {"k": [1, [2, {"d": 3}]]}}',
  '{"name": "s", "arguments": "{\\"raw\\": 1}"}',
];

describe("OpenAIDeltaStream (synthetic events)", () => {
  it("reports what was streamed but is not in the final message (text and calls are checked without copies)", () => {
    const call = (args: JsonValue) => makeDict([["type", "function"], ["function", makeDict([["name", "f"], ["arguments", args]])]]);
    const run = (final: Message) => {
      const s = new OpenAIDeltaStream({ fields: [hermes, text("content")] });
      s.push([{ type: "region_open", field: "content" }, { type: "region_chunk", field: "content", text: "Hello", dirty: false }]);
      s.push([{ type: "region_close", field: "content", value: "Hello" }]);
      s.push([{ type: "region_open", field: "tool_calls" }, { type: "region_chunk", field: "tool_calls", text: '{"name": "f", "arguments": {"a": 1}}', dirty: true }]);
      s.push([{ type: "region_close", field: "tool_calls", value: call(makeDict([["a", 1]])) }]);
      return s.finish(final).divergent;
    };
    expect(run(makeDict([["content", "Hello"], ["tool_calls", [call(makeDict([["a", 1]]))]]]))).toEqual([]);
    expect(run(makeDict([["content", "Hello"], ["tool_calls", [call(makeDict([["a", 2]]))]]]))).toEqual(["tool_calls"]);
    expect(run(makeDict([["content", "Hello"], ["tool_calls", [call(makeDict([["a", 1]])), call(makeDict([["a", 1]]))]]]))).toEqual(["tool_calls"]);
    expect(run(makeDict([["content", "Hellp"], ["tool_calls", [call(makeDict([["a", 1]]))]]]))).toEqual(["content"]);
  });

  it("streams JSON arguments as a prefix of their final serialisation, in any chunking", () => {
    const counts = newCounts();
    let incremental = 0;
    for (const [b, body] of BODIES.entries()) {
      for (let seed = 0; seed < 50; seed++) {
        const r = rng(seed * 31 + b);
        const s = new OpenAIDeltaStream({ fields: [hermes, text("content"), text("thinking")] });
        const deltas = [];
        deltas.push(...s.push([{ type: "region_open", field: "thinking" }]));
        for (const c of split(" I think\n ", r)) deltas.push(...s.push([{ type: "region_chunk", field: "thinking", text: c, dirty: false }]));
        deltas.push(...s.push([{ type: "region_close", field: "thinking", value: "I think" }]));
        deltas.push(...s.push([{ type: "region_open", field: "tool_calls" }]));
        let before = deltas.length;
        for (const c of split(body, r)) deltas.push(...s.push([{ type: "region_chunk", field: "tool_calls", text: c, dirty: true }]));
        if (deltas.length > before) incremental++;
        const content = pyJsonLoads(body) as JsonValue;
        const value = makeDict([["type", "function"], ["function", content]]);
        const closeEv: RegionEvent = { type: "region_close", field: "tool_calls", value };
        deltas.push(...s.push([closeEv]));
        const message = makeDict([["role", "assistant"], ["thinking", "I think"], ["tool_calls", [value]]]);
        const done = s.finish(message);
        deltas.push(...done.deltas);
        expect(done.divergent).toEqual([]);
        checkDeltas(deltas, toOpenAIMessage(message), done.divergent, counts);
        before = 0;
      }
    }
    // Every run streams its call before the region closes (the name is in the body, ahead of the close).
    expect({ runs: counts.runs, incremental, finalEquality: counts.finalEquality }).toEqual({ runs: 250, incremental: 250, finalEquality: 750 });
  });

  it("sends a capture-named call's header at open when the captures are known", () => {
    const s = new OpenAIDeltaStream({ fields: [gptoss] });
    const d1 = s.push([{ type: "region_open", field: "tool_calls" }, { type: "region_chunk", field: "tool_calls", text: '{"loc', dirty: true }], new Map([[0, { name: "get_weather" }]]));
    expect(d1).toEqual([
      { tool_calls: [{ index: 0, id: "call_0", type: "function", function: { name: "get_weather", arguments: "" } }] },
      { tool_calls: [{ index: 0, function: { arguments: "{" } }] },
    ]);
    const value = makeDict([["type", "function"], ["function", makeDict([["name", "get_weather"], ["arguments", { location: "SF" }]])]]);
    const d2 = s.push([{ type: "region_chunk", field: "tool_calls", text: 'ation": "SF"}', dirty: true }, { type: "region_close", field: "tool_calls", value }]);
    expect(d2).toEqual([{ tool_calls: [{ index: 0, function: { arguments: '"location": "SF"}' } }] }]);
    expect(s.finish({ role: "assistant", tool_calls: [value] }).divergent).toEqual([]);
  });

  it("without captures, sends the call whole at close", () => {
    const s = new OpenAIDeltaStream({ fields: [gptoss] });
    expect(s.push([{ type: "region_open", field: "tool_calls" }, { type: "region_chunk", field: "tool_calls", text: '{"a": 1}', dirty: true }])).toEqual([]);
    const value = { type: "function", function: { name: "f", arguments: { a: 1 } } };
    expect(s.push([{ type: "region_close", field: "tool_calls", value }])).toEqual([
      { tool_calls: [{ index: 0, id: "call_0", type: "function", function: { name: "f", arguments: "" } }] },
      { tool_calls: [{ index: 0, function: { arguments: '{"a": 1}' } }] },
    ]);
  });

  it("strips text like the text parser and reports content overwritten by a later block", () => {
    const s = new OpenAIDeltaStream({ fields: [text("content"), hermes] });
    const out = [
      ...s.push([{ type: "region_open", field: "content" }, { type: "region_chunk", field: "content", text: "\n Hello ", dirty: false }]),
      ...s.push([{ type: "region_chunk", field: "content", text: " world \n", dirty: false }, { type: "region_close", field: "content", value: "Hello  world" }]),
    ];
    expect(out).toEqual([{ content: "Hello" }, { content: "  world" }]);
    s.push([{ type: "region_open", field: "content" }, { type: "region_chunk", field: "content", text: "\n", dirty: false }, { type: "region_close", field: "content", value: "" }]);
    expect(s.finish({ role: "assistant" }).divergent).toEqual(["content"]);
  });

  it("uses reasoning / reasoning_content and caller ids", () => {
    const s = new OpenAIDeltaStream({ reasoningKey: "reasoning", idFor: (i) => `t${i}` });
    const d = s.push([
      { type: "region_open", field: "thinking" },
      { type: "region_chunk", field: "thinking", text: "hm", dirty: false },
      { type: "region_close", field: "thinking", value: "hm" },
      { type: "region_open", field: "tool_calls" },
      { type: "region_close", field: "tool_calls", value: [{ name: "a", arguments: {} }, { name: "b", arguments: { x: "é" } }] },
    ]);
    expect(d).toEqual([
      { reasoning: "hm" },
      { tool_calls: [{ index: 0, id: "t0", type: "function", function: { name: "a", arguments: "" } }] },
      { tool_calls: [{ index: 0, function: { arguments: "{}" } }] },
      { tool_calls: [{ index: 1, id: "t1", type: "function", function: { name: "b", arguments: "" } }] },
      { tool_calls: [{ index: 1, function: { arguments: '{"x": "é"}' } }] },
    ]);
  });
});

describe("toOpenAIMessage", () => {
  it("maps thinking, content and tool calls", () => {
    const m = { role: "assistant", thinking: "t", content: "c", tool_calls: [{ type: "function", function: { name: "f", arguments: { a: [1, 2] } } }, { id: "x9", name: "g", arguments: "{}" }] };
    expect(toOpenAIMessage(m as unknown as Message)).toEqual({
      role: "assistant",
      content: "c",
      reasoning_content: "t",
      tool_calls: [
        { id: "call_0", type: "function", function: { name: "f", arguments: '{"a": [1, 2]}' } },
        { id: "x9", type: "function", function: { name: "g", arguments: "{}" } },
      ],
    });
    expect(toOpenAIMessage({ role: "assistant" })).toEqual({ role: "assistant", content: null, reasoning_content: null });
  });
});
