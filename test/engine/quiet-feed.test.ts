// The engine's fast feed (runtime/core/engine/stream.ts, scan.ts Quiet.passes): after a scan that left its
// state quiet, a chunk with no character that could begin a delimiter, and not ending in a run one could
// pend behind, is region text without a scan. Checked two ways: that plain chunks really skip the scan
// (no guarded search or quietHold runs), and that random streams, cut at random, give the same region
// text, opens and closes as the same text fed at once and the same message as the whole text.

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { compileAndImport, type GeneratedModule } from "../../compiler/build/temp-build.ts";
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
  const built = (await compileAndImport("quiet-feed", [{ id: "t", template: TEMPLATE }])).get("t")!;
  if (built instanceof Error) throw built;
  generated = built;
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
  it("plain chunks after a quiet scan run no guarded search, also after a chunk that ended in a run", () => {
    const p = generated.createResponseParser(OPTS);
    p.feed("Hello");
    const before = { ...counts };
    const plain = [" wor", "ld, ", "this", " is ", "\n\npl", "ain."];
    const events = plain.flatMap((c) => p.feed(c));
    // "ld, " and " is " end in a run (held before a possible `\s*<tool_call>`): those two feeds take the
    // quiet scan, which asks quietHold of both guarded searches (content's close and the call's open).
    expect(counts.search - before.search).toBe(0);
    expect(counts.quietHold - before.quietHold).toBe(2 * 2);
    expect(events.map((e) => (e.type === "region_chunk" ? e.text : e.type)).join("")).toBe(" world, this is \n\nplain.");
    expect(p.finalize().message).toEqual({ content: "Hello world, this is \n\nplain." });
  });

  it("a chunk with a head's first character takes the scan", () => {
    const p = generated.createResponseParser(OPTS);
    p.feed("Hello");
    const before = counts.search;
    p.feed(" a<b");
    expect(counts.search).toBeGreaterThan(before);
  });

  const PIECES = ["a", "b c", " ", "  ", "\n", "\t", "<", ">", "<tool_call>", "</tool_call>", '{"name": "f", "arguments": {}}', "<think>", "</think>", "<|im_end|>", "<|endoftext|>", "<|im", "é", "😀"];

  it("random streams cut at random: the same text, opens and closes as one feed, the same message as the whole text", () => {
    let seed = 12345;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let fast = 0;
    for (let round = 0; round < 400; round++) {
      let text = "";
      const parts = 1 + rand(30);
      for (let i = 0; i < parts; i++) text += PIECES[rand(PIECES.length)];
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
        else expect(cut, JSON.stringify(chunks)).toEqual(once);
        if (typeof cut === "object") expect((cut as { message: unknown }).message, JSON.stringify(chunks)).toEqual(whole);
      }
    }
    // The fast feed was taken (fewer searches than feeds) in many of the streams.
    expect(fast).toBeGreaterThan(100);
  });
});
