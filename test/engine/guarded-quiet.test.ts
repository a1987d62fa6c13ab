// The quiet scan over guarded patterns (runtime/core/engine/scan.ts, guarded.ts): a run pending before a
// head (`\s*<tool_call>` after whitespace that ends a chunk) is answered by the search's `quietHold`, so
// plain text with spaces streams without running the searches, in generated parsers (whose pattern opens
// are guarded). Counted as calls to the guarded searches (deterministic), with the messages and per-feed
// events checked against the interpreter's.

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { compileAndImport, type GeneratedModule } from "../../compiler/build/temp-build.ts";
import { GuardedPatternDelimiter } from "../../runtime/core/engine/guarded.ts";
import { PatternMatcher } from "../../runtime/core/regex/pattern.ts";
import { translatePattern } from "../../runtime/translate/index.ts";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import type { JsonValue } from "../../runtime/core/types.ts";

const TEMPLATE: JsonValue = {
  start_anchor: "<s>",
  fields: {
    content: { close_pattern: "\\s*<\\|im_end\\|>" },
    thinking: { open: "<think>", close: "</think>" },
    tool_calls: { open_pattern: "\\s*<tool_call>", close_pattern: "</tool_call>\\s*", repeats: true },
  },
};

let generated: GeneratedModule;
let calls = 0;
beforeAll(async () => {
  const built = (await compileAndImport("guarded-quiet", [{ id: "t", template: TEMPLATE }])).get("t")!;
  if (built instanceof Error) throw built;
  generated = built;
});
beforeEach(() => {
  calls = 0;
  const probe = new GuardedPatternDelimiter(new PatternMatcher(translatePattern("\\s*<a>"), { Space: "\\s" }), ["<a>"], (c) => c === 32);
  const proto = Object.getPrototypeOf(probe.searcher()) as { search: (...a: unknown[]) => unknown };
  const search = proto.search;
  vi.spyOn(proto, "search").mockImplementation(function (this: unknown, ...a: unknown[]) {
    calls++;
    return search.apply(this, a);
  } as never);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Guarded searches per feed; the messages and events checked against the interpreter's and the whole text's. */
function run(chunks: string[]): number[] {
  const a = generated.createResponseParser({ prefix: "<s>" });
  const b = createResponseParser(TEMPLATE, { prefix: "<s>" });
  const perFeed: number[] = [];
  for (const c of chunks) {
    const before = calls;
    const events = a.feed(c);
    perFeed.push(calls - before);
    expect(events).toEqual(b.feed(c));
  }
  const done = a.finalize();
  expect(done).toEqual(b.finalize());
  expect(done.message).toEqual(parseResponse(TEMPLATE, chunks.join(""), { prefix: "<s>" }));
  return perFeed;
}

describe("quiet scans over guarded patterns", () => {
  it("text whose chunks end in whitespace runs no guarded search after the first feed", () => {
    const chunks = ["Hello ", "there ", " and\n", "more  ", "text, ", "with\t", "spaces"];
    const perFeed = run(chunks);
    expect(perFeed[0]).toBeGreaterThan(0);
    expect(perFeed.slice(1)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("holds the run back, and gives it to the call's open when a head follows", () => {
    const perFeed = run(["a ", " \n", " ", "<tool_call>x</tool_call>", " b"]);
    expect(perFeed.slice(1, 3)).toEqual([0, 0]);
    expect(perFeed[3]).toBeGreaterThan(0);
  });

  it("a long run fed a character at a time stays quiet, and comes back as text when no head follows", () => {
    const chunks = ["x", ...Array.from({ length: 500 }, (_, i) => (i % 3 ? " " : "\n")), "y"];
    const perFeed = run(chunks);
    expect(perFeed.slice(1).reduce((s, n) => s + n, 0)).toBe(0);
  });

  it("a head's first character ending a chunk runs the searches (the run before it decides)", () => {
    const perFeed = run(["a ", " <", "tool_call>z</tool_call>"]);
    expect(perFeed[1]).toBeGreaterThan(0);
  });
});
