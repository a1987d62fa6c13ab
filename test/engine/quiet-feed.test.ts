// The engine's fast feed (runtime/core/engine/stream.ts, scan.ts Quiet.fastHold): after a scan that left its
// state quiet, a chunk with no character that could begin a delimiter, and not ending in a run one could
// pend behind, is region text without a scan. Checked two ways: that plain chunks really skip the scan
// (no guarded search or quietHold runs), and that random streams, cut at random, give the same region
// text, opens and closes as the same text fed at once and the same message as the whole text.

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { GeneratedModule } from "../../compiler/build/temp-build.ts";
import { compileOne } from "../support/generated-vs-interpreter.ts";
import { GuardedPatternDelimiter } from "../../runtime/core/engine/guarded.ts";
import { PatternMatcher } from "../../runtime/core/regex/pattern.ts";
import { translatePattern } from "../../runtime/translate/index.ts";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import type { JsonValue, RegionEvent } from "../../runtime/core/types.ts";

const TEMPLATE: JsonValue = {
  start_anchor: "<s>",
  fields: {
    content: { close_pattern: "\\s*(?:<\\|im_end\\|>|<\\|endoftext\\|>)" },
    thinking: { open: "<think>", close: "</think>" },
    tool_calls: {
      open_pattern: "\\s*<tool_call>\\s*",
      close_pattern: "\\s*</tool_call>",
      repeats: true,
      content: "json",
    },
  },
};

const OPTS = { prefix: "<s>" };
let generated: GeneratedModule;
const counts = { search: 0, quietHold: 0 };
beforeAll(async () => {
  generated = await compileOne("quiet-feed", TEMPLATE);
});
beforeEach(() => {
  counts.search = counts.quietHold = 0;
  const probe = new GuardedPatternDelimiter(new PatternMatcher(translatePattern("\\s*<a>"), { Space: "\\s" }), ["<a>"], (c) => c === 32);
  const proto = Object.getPrototypeOf(probe.searcher()) as Record<"search" | "quietHold", (...a: unknown[]) => unknown>;
  for (const name of ["search", "quietHold"] as const) {
    const f = proto[name];
    vi.spyOn(proto, name).mockImplementation(function (this: unknown, ...a: unknown[]) {
      counts[name]++;
      return f.apply(this, a);
    } as never);
  }
});
afterEach(() => {
  vi.restoreAllMocks();
});

type Parser = { feed(c: string): RegionEvent[]; finalize(): { message: unknown; events: RegionEvent[] } };

/** Events with adjacent chunks of one region joined: what any cutting of the same text must give. */
function merged(events: RegionEvent[]): RegionEvent[] {
  const out: RegionEvent[] = [];
  for (const e of events) {
    const last = out[out.length - 1];
    if (e.type === "region_chunk" && last?.type === "region_chunk" && last.field === e.field) out[out.length - 1] = { ...last, text: last.text + e.text };
    else out.push(e);
  }
  return out;
}

function stream(p: Parser, chunks: string[]): { message: unknown; events: RegionEvent[] } {
  const events: RegionEvent[] = [];
  for (const c of chunks) events.push(...p.feed(c));
  const done = p.finalize();
  return { message: done.message, events: merged([...events, ...done.events]) };
}

describe("fast feed of plain text", () => {
  it("plain chunks after a quiet scan run no guarded search, also when they end in a run", () => {
    const p = generated.createResponseParser(OPTS);
    p.feed("Hello");
    const before = { ...counts };
    const plain = [" wor", "ld, ", "this", " is ", "\n\npl", "ain."];
    const perFeed = plain.map((c) => p.feed(c));
    const events = perFeed.flat();
    // "ld, " and " is " end in a run held before a possible `\s*<tool_call>`: read within the chunk, and
    // held (it would belong to the call's open), then given to the text when the next chunk has no head.
    expect(perFeed.map((e) => e.map((x) => (x.type === "region_chunk" ? x.text : x.type)).join(""))).toEqual([" wor", "ld,", " this", " is", " \n\npl", "ain."]);
    expect(counts.search - before.search).toBe(0);
    expect(counts.quietHold - before.quietHold).toBe(0);
    expect(events.map((e) => (e.type === "region_chunk" ? e.text : e.type)).join("")).toBe(" world, this is \n\nplain.");
    expect(p.finalize().message).toEqual({ content: "Hello world, this is \n\nplain." });
  });

  it("a chunk that is all run, after a held run, takes the quiet scan (its searches remember the run)", () => {
    const p = generated.createResponseParser(OPTS);
    p.feed("Hello");
    p.feed("abc ");
    const before = { ...counts };
    expect(p.feed("  \n")).toEqual([]);
    expect(counts.search - before.search).toBe(0);
    expect(counts.quietHold - before.quietHold).toBe(2);
    expect(p.feed("<tool_call>{\"name\": \"f\", \"arguments\": {}}</tool_call>")).not.toEqual([]);
    expect(p.finalize().message).toEqual({ content: "Helloabc", tool_calls: [{ name: "f", arguments: {} }] });
  });

  it("a head's first character that begins no head is read past; one that may begin a head takes the scan", () => {
    const p = generated.createResponseParser(OPTS);
    p.feed("Hello");
    let before = counts.search;
    expect(p.feed(" a<b")).toEqual([{ type: "region_chunk", field: "content", text: " a<b", dirty: false }]);
    expect(p.feed("3 < 4")).toEqual([{ type: "region_chunk", field: "content", text: "3 < 4", dirty: false }]);
    expect(counts.search).toBe(before);
    before = counts.search;
    expect(p.feed(" <tool")).toEqual([]);
    expect(counts.search).toBeGreaterThan(before);
    expect(p.finalize().message).toEqual({ content: "Hello a<b3 < 4 <tool" });
  });

  // Delimiter-heavy pieces, and text-heavy ones (runs before heads after plain text: the fast feed's case).
  const PIECES = [
    ["a", "b c", "word", "two words", "x", "y.", " ", "  ", "\n", "\t", "<", ">", "<tool_call>", "</tool_call>", '{"name": "f", "arguments": {}}', "<think>", "</think>", "<|im_end|>", "<|endoftext|>", "<|im", "é", "😀"],
    ["word", "two words", "x.", "y", "z", "é", " ", "  ", "\n", " \t", '<tool_call>{"name": "f", "arguments": {}}</tool_call>', "<|im_end|>"],
  ];

  it.each([0, 1])("random streams cut at random (pieces %i): the same text, opens and closes as one feed, the same message as the whole text", (set) => {
    const pieces = PIECES[set]!;
    // mulberry32: every bit varies (a power-of-two LCG's low bits cycle, which would repeat the same cuts).
    let seed = 12345 + set;
    const rand = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) % n;
    };
    let fast = 0;
    let compared = 0;
    for (let round = 0; round < 400; round++) {
      let text = "";
      const parts = 1 + rand(30);
      for (let i = 0; i < parts; i++) text += pieces[rand(pieces.length)];
      const chunks: string[] = [];
      for (let i = 0; i < text.length; ) {
        const n = 1 + rand(8);
        chunks.push(text.slice(i, i + n));
        i += n;
      }
      let whole: unknown;
      try {
        whole = parseResponse(TEMPLATE, text, OPTS);
      } catch (e) {
        whole = String(e);
      }
      for (const make of [() => generated.createResponseParser(OPTS) as Parser, () => createResponseParser(TEMPLATE, OPTS) as Parser]) {
        let cut: unknown, once: unknown;
        try {
          const before = counts.quietHold + counts.search;
          cut = stream(make(), chunks);
          if (counts.quietHold + counts.search < before + chunks.length) fast++;
        } catch (e) {
          cut = String(e);
        }
        try {
          once = stream(make(), [text]);
        } catch (e) {
          once = String(e);
        }
        // A region that fails (invalid JSON) may fail at another feed, the first failure then being another.
        if (typeof cut === "string" || typeof once === "string") expect([typeof cut, typeof once], JSON.stringify(chunks)).toEqual(["string", "string"]);
        else {
          expect(cut, JSON.stringify(chunks)).toEqual(once);
          compared++;
        }
        if (typeof cut === "object") expect((cut as { message: unknown }).message, JSON.stringify(chunks)).toEqual(whole);
      }
    }
    // The fast feed was taken (fewer searches than feeds) in many of the streams.
    expect(fast).toBeGreaterThan(100);
    expect(compared).toBeGreaterThan(set === 0 ? 100 : 700);
  });
});
