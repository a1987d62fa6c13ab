// Recover mode (onError: "recover") region by region, and what both modes guarantee around errors:
// the failing kinds of region (malformed JSON, truncated call, wrong content type, bad transform, a block
// that cannot be stored), the events, the errors list, the state after an error, bounded error excerpts,
// and the interpreter and a generated parser agreeing.

import { describe, expect, it } from "vitest";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import { ContentError, EXCERPT_LIMIT, ParserStateError } from "../../runtime/core/errors.ts";
import type { ParseIssue, RegionEvent } from "../../runtime/core/types.ts";
import { loadGenerated } from "../templates/support.ts";

const qwen = {
  start_anchor: "<|im_start|>assistant\n",
  fields: {
    thinking: { open: "<think>", close: "</think>" },
    tool_calls: { open_pattern: "\\s*<tool_call>", close: "</tool_call>", repeats: true, content: "json", transform: { type: "function", function: "{content}" } },
    content: { close: "<|im_end|>", repeats: true, join: "" },
  },
};
const recover = { prefix: "", onError: "recover" } as const;
const spans = (errors: ParseIssue[]) => errors.map(({ kind, field, start, end }) => ({ kind, field, start, end }));

function streamed(template: unknown, text: string, size: number) {
  const p = createResponseParser(template, recover);
  const events: RegionEvent[] = [...p.initialEvents];
  for (let i = 0; i < text.length; i += size) events.push(...p.feed(text.slice(i, i + size)));
  const done = p.finalize();
  return { message: done.message, errors: done.errors!, events: [...events, ...done.events] };
}

describe("recover mode: a bad region never loses the message", () => {
  const bad = 'Hi.\n<tool_call>\n{"name": "f", "arguments": {"a": 1}\n</tool_call>\n<tool_call>{"name": "g", "arguments": {}}</tool_call>Bye.<|im_end|>';

  it("malformed JSON: the raw call (delimiters and the whitespace before them included) joins the content in stream order; other calls stay", () => {
    const r = parseResponse(qwen, bad, recover);
    expect(r.message).toEqual({
      content: 'Hi.\n<tool_call>\n{"name": "f", "arguments": {"a": 1}\n</tool_call>Bye.',
      tool_calls: [{ type: "function", function: { name: "g", arguments: {} } }],
    });
    const start = bad.indexOf("\n<tool_call>");
    expect(spans(r.errors)).toEqual([{ kind: "region", field: "tool_calls", start, end: bad.indexOf("</tool_call>") + 12 }]);
    expect(r.errors[0]!.reason).toMatch(/^json: the region is not valid JSON/);
    expect(bad.slice(r.errors[0]!.start, r.errors[0]!.end)).toBe('\n<tool_call>\n{"name": "f", "arguments": {"a": 1}\n</tool_call>');
  });

  it("events: region_error replaces region_close, then the raw text arrives as an implicit chunk", () => {
    const { events } = streamed(qwen, bad, 5);
    const i = events.findIndex((e) => e.type === "region_error");
    expect(events[i]).toMatchObject({ type: "region_error", field: "tool_calls" });
    expect(events[i + 1]).toEqual({ type: "region_open", field: "content" });
    expect(events[i + 2]).toMatchObject({ type: "region_chunk", field: "content", dirty: false });
    expect((events[i + 2] as { text: string }).text).toBe('\n<tool_call>\n{"name": "f", "arguments": {"a": 1}\n</tool_call>');
  });

  it("a call truncated by the end of stream is recovered the same in every chunking", () => {
    const text = 'Checking.<tool_call>{"name": "f", "argu';
    const whole = parseResponse(qwen, text, recover);
    expect(whole.message).toEqual({ content: 'Checking.<tool_call>{"name": "f", "argu' });
    expect(spans(whole.errors)).toEqual([{ kind: "region", field: "tool_calls", start: 9, end: text.length }]);
    for (const size of [1, 2, 3, 7, 50]) {
      const s = streamed(qwen, text, size);
      expect({ message: s.message, errors: s.errors }).toEqual(whole);
    }
  });

  it("a wrong content type and a bad transform fail their region only", () => {
    const t = {
      start_anchor: "<A>",
      fields: {
        count: { open: "<n>", close: "</n>", content: "int" },
        calls: { open: "<c>", close: "</c>", content: "json", transform_each: true, transform: { name: "{name}" } },
        content: { close: "<end>", repeats: true, join: "" },
      },
    };
    const text = "<n>seven</n> a <c>{}</c> b <c>[{\"x\": 1}]</c> c <c>[{\"name\": \"ok\"}]</c><n>7</n>";
    const r = parseResponse(t, text, recover);
    expect(r.message).toEqual({ content: '<n>seven</n> a<c>{}</c> b<c>[{"x": 1}]</c> c', count: 7, calls: [{ name: "ok" }] });
    expect(r.errors.map((e) => [e.field, text.slice(e.start, e.end)])).toEqual([
      ["count", "<n>seven</n>"],
      ["calls", "<c>{}</c>"],
      ["calls", '<c>[{"x": 1}]</c>'],
    ]);
    expect(r.errors.map((e) => e.reason)).toEqual([
      "invalid literal for int() with base 10: 'seven'",
      "fields.calls.transform_each: the parsed content must be a list, got dict",
      'transform placeholder "{name}": "name" is not defined (available: "x")',
    ]);
  });

  it("a block that cannot be stored (join of a non-string) is a region error too", () => {
    const t = { start_anchor: "<A>", fields: { n: { open: "<n>", close: "</n>", content: "int", repeats: true, join: "," }, content: { close: "<end>" } } };
    const r = parseResponse(t, "x<n>1</n>", recover);
    expect(r.message).toEqual({ content: "x<n>1</n>" });
    expect(r.errors[0]).toMatchObject({ kind: "region", field: "n", start: 1, end: 9 });
    expect(r.errors[0]!.reason).toMatch(/each block must parse to a string/);
  });

  it("without an implicit field the failed region and stray text are reported (whitespace-only runs are not)", () => {
    const t = { start_anchor: "<A>", fields: { calls: { open: "<c>", close: "</c>", content: "json" }, content: { open: "<say>", close: "</say>" } } };
    const text = "lead <c>{oops</c>\n\n<say>Hi</say>  ";
    const r = parseResponse(t, text, recover);
    expect(r.message).toEqual({ content: "Hi" });
    expect(spans(r.errors)).toEqual([
      { kind: "unclaimed", field: null, start: 0, end: 5 },
      { kind: "region", field: "calls", start: 5, end: 17 },
    ]);
    expect(r.errors[0]!.reason).toBe("text outside every field: the template has no implicit field to collect it");
  });

  it("a non-repeating field replaced by a later block is reported; a recovered block joins it instead", () => {
    const t = {
      start_anchor: "<A>",
      fields: { calls: { open: "<c>", close: "</c>", content: "json", repeats: true }, content: { close: "<end>" } },
    };
    const r = parseResponse(t, "First.<c>{}</c>Second.<c>{bad</c>Third.", recover);
    expect(r.message).toEqual({ content: "Second.<c>{bad</c>Third.", calls: [{}] });
    expect(spans(r.errors)).toEqual([
      { kind: "overwritten", field: "content", start: 0, end: 6 },
      { kind: "region", field: "calls", start: 22, end: 33 },
    ]);
    expect(r.errors[0]!.reason).toBe("fields.content does not repeat: the block at offset 15 replaced this one");
  });

  it("a required field that never appears is reported, not thrown", () => {
    const t = { start_anchor: "<A>", fields: { answer: { open: "<a>", close: "</a>", optional: false }, content: { close: "<end>" } } };
    expect(() => parseResponse(t, "hi", { prefix: "" })).toThrow(ParserStateError);
    const r = parseResponse(t, "hi", recover);
    expect(r.message).toEqual({ content: "hi" });
    expect(spans(r.errors)).toEqual([{ kind: "missing", field: "answer", start: 2, end: 2 }]);
    expect(r.errors[0]!.reason).toBe("required field answer (optional: false) never appeared");
  });

  it("offsets count the kept prefix: errors are stream offsets", () => {
    const r = parseResponse(qwen, "<tool_call>{x</tool_call>", { prefix: "<|im_start|>assistant\n<think>\nhm</think>", onError: "recover" });
    expect(r.message).toEqual({ thinking: "hm", content: "<tool_call>{x</tool_call>" });
    expect(spans(r.errors)).toEqual([{ kind: "region", field: "tool_calls", start: 18, end: 43 }]);
  });

  it("throw mode is unchanged and onError is checked", () => {
    expect(() => parseResponse(qwen, bad, { prefix: "" })).toThrow(ContentError);
    expect(() => parseResponse(qwen, bad, { prefix: "", onError: "ignore" as never })).toThrow(/onError must be "throw" or "recover"/);
  });

  it("throw mode: after an error the parser is where the reference leaves it (the failed region stays open)", () => {
    const p = createResponseParser(qwen, { prefix: "" });
    expect(() => p.feed("<tool_call>{bad</tool_call>")).toThrow(ContentError);
    // The region still holds "{bad": closing it again fails again.
    expect(() => p.finalize()).toThrow(/not valid JSON/);
  });

  it("error messages quote a bounded excerpt, in both modes", () => {
    const huge = `<tool_call>{"name": "f", "arguments": {"a": "${"x".repeat(5_000_000)}"</tool_call>`;
    let message = "";
    try {
      parseResponse(qwen, huge, { prefix: "" });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/not valid JSON/);
    expect(message.length).toBeLessThan(2 * EXCERPT_LIMIT + 400);
    expect(message).toContain("characters omitted");
    const r = parseResponse(qwen, huge, recover);
    expect(r.errors[0]!.reason.length).toBeLessThan(2 * EXCERPT_LIMIT + 400);
    expect((r.message.content as string).length).toBe(huge.length);
  });

  it("rtc parse refuses recover mode for a legacy response_schema with a clear error", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { openTemplate } = await import("../../compiler/batch/template.ts");
    const file = join(mkdtempSync(join(tmpdir(), "rtc-recover-")), "schema.json");
    writeFileSync(file, JSON.stringify({ type: "object", properties: { content: { type: "string", "x-regex": "(.*)" } } }));
    await expect(openTemplate(file, "recover")).rejects.toThrow(/needs a response template/);
    expect((await openTemplate(file)).parse("x", "", undefined)).toEqual({ message: { content: "x" } });
  });
});

describe("recover mode through a generated parser", async () => {
  const generated = await loadGenerated();
  it("agrees with the interpreter (qwen3-robust)", async () => {
    const { readFileSync } = await import("node:fs");
    const template = JSON.parse(readFileSync(new URL("../../templates/qwen3-robust.json", import.meta.url), "utf8"));
    const g = generated.getParser("qwen3-robust");
    const r = g.parseResponse(bad2, recover);
    expect(r).toEqual(parseResponse(template, bad2, recover));
    expect(r.errors).toHaveLength(1);
  });
});
const bad2 = 'Hi.\n<tool_call>\n{"name": "f", "arguments": {"a": 1}\n</tool_call>Bye.<|im_end|>';
