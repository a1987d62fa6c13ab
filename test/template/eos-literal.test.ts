// The literal "eos" is ordinary text, as every other literal delimiter: the reference has no "end of
// stream" literal (SPEC-NOTES.md says it has; it does not). Every expected value below was recorded from
// transformers 5.18.0's chat_parsing (parse_response and ResponseParser.feed / finalize), and each case
// runs through the interpreter, a module generated from the template, and the OpenAI stream.

import { beforeAll, describe, expect, it } from "vitest";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import { createOpenAIStream } from "../../runtime/openai/index.ts";
import { compileAndImport, type GeneratedModule } from "../../compiler/build/temp-build.ts";
import type { JsonValue, Message, RegionEvent, ResponseParser } from "../../runtime/core/types.ts";

const TEMPLATES: Record<string, JsonValue> = {
  close: { start_anchor: "<s>", fields: { a: { open: "<a>", close: "eos" }, content: {} } },
  list: { start_anchor: "<s>", fields: { a: { open: "<a>", close: ["eos", "</a>"] }, content: {} } },
  anchorAndOpen: { start_anchor: "eos", fields: { a: { open: "eos", close: "</a>" }, content: {} } },
  thinking: { start_anchor: "<s>", fields: { thinking: { open: "<think>", close: "eos" }, content: {} } },
};

const open = (field: string): RegionEvent => ({ type: "region_open", field });
const chunk = (field: string, text: string): RegionEvent => ({ type: "region_chunk", field, text, dirty: false });
const close = (field: string, value: JsonValue): RegionEvent => ({ type: "region_close", field, value });

interface Case {
  name: string;
  template: string;
  prefix: string;
  chunks: string[];
  /** Events of initial_events, of each feed, and of finalize; then the message (key order counts). */
  initial: RegionEvent[];
  feeds: RegionEvent[][];
  final: RegionEvent[];
  message: Message;
}

// Recorded from transformers 5.18.0.
const CASES: Case[] = [
  {
    name: 'close "eos" closes at the text eos',
    template: "close",
    prefix: "<s>",
    chunks: ["<a>he eos llo"],
    initial: [],
    feeds: [[open("a"), chunk("a", "he "), close("a", "he"), open("content"), chunk("content", " llo")]],
    final: [close("content", "llo")],
    message: { a: "he", content: "llo" },
  },
  {
    name: 'close "eos" without the text: the region runs to the end, as one without a close',
    template: "close",
    prefix: "<s>",
    chunks: ["<a>hello"],
    initial: [],
    feeds: [[open("a"), chunk("a", "hello")]],
    final: [close("a", "hello")],
    message: { a: "hello" },
  },
  {
    name: '["eos", "</a>"] loads and closes at </a>',
    template: "list",
    prefix: "<s>",
    chunks: ["<a>hello</a>x"],
    initial: [],
    feeds: [[open("a"), chunk("a", "hello"), close("a", "hello"), open("content"), chunk("content", "x")]],
    final: [close("content", "x")],
    message: { a: "hello", content: "x" },
  },
  {
    name: '["eos", "</a>"] closes at the text eos',
    template: "list",
    prefix: "<s>",
    chunks: ["<a>he eos llo"],
    initial: [],
    feeds: [[open("a"), chunk("a", "he "), close("a", "he"), open("content"), chunk("content", " llo")]],
    final: [close("content", "llo")],
    message: { a: "he", content: "llo" },
  },
  {
    name: "eos split across chunks (e | os): the e is held until it turns out to start the close",
    template: "close",
    prefix: "<s>",
    chunks: ["<a>he ", "e", "os llo"],
    initial: [],
    feeds: [[open("a"), chunk("a", "he ")], [], [close("a", "he"), open("content"), chunk("content", " llo")]],
    final: [close("content", "llo")],
    message: { a: "he", content: "llo" },
  },
  {
    name: 'start_anchor "eos" and open "eos" are text too',
    template: "anchorAndOpen",
    prefix: "x eos y",
    chunks: ["z eos w</a>v"],
    initial: [open("content"), chunk("content", " y")],
    feeds: [[chunk("content", "z "), close("content", "yz"), open("a"), chunk("a", " w"), close("a", "w"), open("content"), chunk("content", "v")]],
    final: [close("content", "v")],
    message: { content: "v", a: "w" },
  },
];

/** One streaming run: [initial, ...feeds, final] events and the message, as JSON (so key order counts). */
function run(parser: ResponseParser, chunks: string[]): string {
  const events = [parser.initialEvents, ...chunks.map((c) => parser.feed(c))];
  const { message, events: final } = parser.finalize();
  return JSON.stringify({ events: [...events, final], message });
}
const expected = (c: Case) => JSON.stringify({ events: [c.initial, ...c.feeds, c.final], message: c.message });

let generated: Map<string, GeneratedModule | Error>;
beforeAll(async () => {
  generated = await compileAndImport(
    "eos-literal",
    Object.entries(TEMPLATES).map(([id, template]) => ({ id, template })),
  );
}, 120_000);

function module(id: string): GeneratedModule {
  const m = generated.get(id);
  if (!m || m instanceof Error) throw new Error(`${id} did not compile: ${String(m)}`);
  return m;
}

describe('the literal "eos" is text, as in transformers 5.18.0', () => {
  describe.each(CASES)("$name", (c) => {
    const template = TEMPLATES[c.template]!;
    const text = c.chunks.join("");

    it("interpreter: parseResponse and the streaming parser", () => {
      expect(JSON.stringify(parseResponse(template, text, { prefix: c.prefix }))).toBe(JSON.stringify(c.message));
      expect(run(createResponseParser(template, { prefix: c.prefix }), c.chunks)).toBe(expected(c));
    });

    it("generated module: parseResponse and the streaming parser", () => {
      const m = module(c.template);
      expect(JSON.stringify(m.parseResponse(text, { prefix: c.prefix }))).toBe(JSON.stringify(c.message));
      expect(run(m.createResponseParser({ prefix: c.prefix }), c.chunks)).toBe(expected(c));
    });
  });

  it("OpenAI stream: eos split across chunks closes the reasoning (recorded message: thinking he, content llo)", () => {
    const s = createOpenAIStream(TEMPLATES.thinking, { prefix: "<s>" });
    const deltas = [...s.initialDeltas, ...["<think>he ", "e", "os llo"].flatMap((c) => s.feed(c))];
    const end = s.finalize();
    deltas.push(...end.deltas);
    expect(end.message).toEqual({ thinking: "he", content: "llo" });
    expect(deltas.map((d) => d.reasoning_content ?? "").join("")).toBe("he");
    expect(deltas.map((d) => d.content ?? "").join("")).toBe("llo");
  });
});
