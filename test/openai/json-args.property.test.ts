// Property: for any JSON arguments, written with any whitespace and escaping and cut into any chunks, the
// argument deltas are each a prefix-extension of what was sent before (nothing is taken back) and add up to
// exactly json.dumps(json.loads(body)["arguments"], ensure_ascii=False), with text sent before the close.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OpenAIDeltaStream, type FieldInfo } from "../../runtime/openai/stream.ts";
import { toOpenAIMessage } from "../../runtime/openai/message.ts";
import { pyJsonLoads } from "../../runtime/core/python/json.ts";
import { makeDict } from "../../runtime/core/python/values.ts";
import type { JsonValue } from "../../runtime/core/types.ts";
import { checkDeltas, newCounts } from "./invariants.ts";
import { checkProperty, Tally } from "../support/property.ts";

const FIELD: FieldInfo = {
  name: "tool_calls",
  content: "json",
  contentArgs: {},
  repeats: true,
  join: null,
  transform: { type: "function", function: "{content}" },
  transformEach: false,
};

type Tree = null | boolean | string | { num: string } | Tree[] | { obj: [string, Tree][] };

const numberText = fc.oneof(
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
  fc.constantFrom("1.0", "-0.0", "1e2", "2E-3", "0.5", "-0", "123.456e7", "1e400"),
);
const keyText = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom("0", "10", "a", "é", "__proto__", "x\"y", "\n"));
const tree: fc.Arbitrary<Tree> = fc.letrec<{ t: Tree }>((tie) => ({
  t: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    fc.string({ maxLength: 8, unit: "binary" }),
    numberText.map((num) => ({ num })),
    fc.array(tie("t"), { maxLength: 4 }),
    fc.uniqueArray(fc.tuple(keyText, tie("t")), { maxLength: 4, selector: ([k]) => k }).map((obj) => ({ obj })),
  ),
})).t;

/** JSON text with random whitespace and random \\u escapes, driven by `bits`. */
function write(t: Tree, bits: () => number): string {
  const ws = () => [" ", "", "\n", "\t ", ""][bits() % 5]!;
  const str = (s: string) =>
    '"' +
    [...s]
      .map((ch) => {
        const c = ch.codePointAt(0)!;
        if (ch === '"' || ch === "\\") return "\\" + ch;
        if (c < 0x20 || bits() % 4 === 0) {
          return ch.length === 2
            ? [...[ch.charCodeAt(0), ch.charCodeAt(1)]].map((u) => "\\u" + u.toString(16).padStart(4, "0")).join("")
            : "\\u" + c.toString(16).padStart(4, "0");
        }
        return ch;
      })
      .join("") +
    '"';
  if (t === null) return "null";
  if (typeof t === "boolean") return String(t);
  if (typeof t === "string") return str(t);
  if (Array.isArray(t)) return "[" + ws() + t.map((x) => write(x, bits)).join(ws() + "," + ws()) + ws() + "]";
  if ("num" in t) return t.num;
  return "{" + ws() + t.obj.map(([k, v]) => str(k) + ws() + ":" + ws() + write(v, bits)).join("," + ws()) + ws() + "}";
}

describe("JSON argument streaming (property)", () => {
  it("never takes text back and adds up to json.dumps of the parsed arguments", () => {
    const counts = newCounts();
    const runs = new Tally<string>();
    checkProperty(
      fc.property(
        fc.uniqueArray(fc.tuple(keyText, tree), { maxLength: 5, selector: ([k]) => k }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 64 }),
        fc.boolean(),
        (entries, seeds, argsFirst) => {
          let i = 0;
          const bits = () => seeds[i++ % seeds.length]!;
          const args = write({ obj: entries }, bits);
          const body = argsFirst ? `{"arguments": ${args}, "name": "f"}` : `{"name": "f", "arguments":${args}}`;
          const content = pyJsonLoads(body);
          const value = makeDict([["type", "function"], ["function", content]]);
          const s = new OpenAIDeltaStream({ fields: [FIELD] });
          const deltas = s.push([{ type: "region_open", field: "tool_calls" }]);
          const cps = Array.from(body);
          for (let p = 0; p < cps.length; ) {
            const n = 1 + (bits() % 7);
            deltas.push(...s.push([{ type: "region_chunk", field: "tool_calls", text: cps.slice(p, p + n).join(""), dirty: true }]));
            p += n;
          }
          const before = deltas.length;
          deltas.push(...s.push([{ type: "region_close", field: "tool_calls", value: value as JsonValue }]));
          if (entries.length) runs.add(`${argsFirst ? "arguments first" : "name first"}, ${before > 2 ? "streamed before the close" : "sent at the close"}`);
          const message = makeDict([["role", "assistant"], ["tool_calls", [value]]]);
          const done = s.finish(message);
          deltas.push(...done.deltas);
          expect(done.divergent).toEqual([]);
          checkDeltas(deltas, toOpenAIMessage(message), done.divergent, counts);
        },
      ),
      400,
    );
    console.log(`json-args property: ${counts.runs} runs, ${counts.deltas} deltas; with arguments: ${runs}`);
    // Name first: non-empty arguments always stream as written; name last: they wait for it.
    expect([...runs.counts.keys()].sort()).toEqual(["arguments first, sent at the close", "name first, streamed before the close"]);
  });
});
