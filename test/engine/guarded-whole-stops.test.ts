// Whole texts through a guarded pattern whose heads begin with different characters, only some of which
// no unbounded repeat reads (the "stop", `<` in gpt-oss's `(?:<|channel|>…)?\s*to=…`): candidates are tried
// natively, up to WHOLE_TRIES from one stop to the next, after which the shared matcher reads on. Counted
// as calls to the shared matcher's search (deterministic), the messages checked against the interpreter's.

import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { GeneratedModule } from "../../compiler/build/temp-build.ts";
import { compileOne } from "../support/generated-vs-interpreter.ts";
import { analysePattern } from "../../compiler/plan/pattern-facts.ts";
import { PatternStream } from "../../runtime/core/regex/pattern-stream.ts";
import { parseResponse } from "../../runtime/interpret/index.ts";
import type { JsonValue } from "../../runtime/core/types.ts";

const OPEN = "(?:<s>)?(?=(?:<h>)?\\s*t=)(?:<h>)?\\s*t=\\w+";
const TEMPLATE: JsonValue = {
  start_anchor: "<|s|>",
  fields: {
    call: { open_pattern: OPEN, close: ";", repeats: true, content: "text" },
    content: { repeats: true, join: "" },
  },
};
const OPTS = { prefix: "<|s|>" };

let generated: GeneratedModule;
let shared = 0;
beforeAll(async () => {
  generated = await compileOne("guarded-whole-stops", TEMPLATE);
});
beforeEach(() => {
  shared = 0;
  const search = PatternStream.prototype.search;
  vi.spyOn(PatternStream.prototype, "search").mockImplementation(function (this: PatternStream, ...a: Parameters<typeof search>) {
    shared++;
    return search.apply(this, a);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

function parse(text: string): unknown {
  const message = generated.parseResponse(text, OPTS);
  vi.restoreAllMocks(); // the interpreter's own searches are the shared matcher's: not counted
  expect(message).toEqual(parseResponse(TEMPLATE, text, OPTS));
  return message;
}

describe("whole texts: candidates at a stop are all tried natively", () => {
  it("is the strategy the build chooses", () => {
    const s = analysePattern(OPEN).strategy;
    expect(s.kind === "guarded" && s.stop).toBe("<");
    expect(s.why).toContain('no unbounded repeat reads "<", so whole texts try every candidate at one natively, and a few others between two');
  });

  it("many failing candidates at `<`, then a call: no shared matcher", () => {
    const text = `${"<s>x <h>y ".repeat(200)}<h> t=call;`;
    expect(Object.keys(parse(text) as object)).toContain("call");
    expect(shared).toBe(0);
  });

  it("a failing `t=` candidate between every two `<`: no shared matcher", () => {
    parse(`${"<s>x t= ".repeat(100)}t=go;`);
    expect(shared).toBe(0);
  });

  it("more than WHOLE_TRIES failing `t=` candidates with no `<` between them: the shared matcher reads on", () => {
    parse(`${"t= ".repeat(40)}t=go;`);
    expect(shared).toBeGreaterThan(0);
  });
});

describe("whole texts: heads looked for only up to another match's start", () => {
  // The open's match starts at the run before its tab; the close's run (of any space) starts there too and
  // reads past the tab to its `y`: equal starts, the longer wins, so the close's head past that start counts.
  const SHARED: JsonValue = {
    start_anchor: "<|s|>",
    fields: {
      call: { open_pattern: "[ ]*\\t", close: ";", repeats: true, content: "text" },
      content: { repeats: true, join: "", close_pattern: "\\s*y" },
    },
  };
  let shared: GeneratedModule;
  beforeAll(async () => {
    shared = await compileOne("guarded-whole-limit", SHARED);
  });

  it("a head past the other match's start whose run reaches back to it", () => {
    expect([analysePattern("[ ]*\\t").strategy.kind, analysePattern("\\s*y").strategy.kind]).toEqual(["guarded", "guarded"]);
    for (const s of ["  \t y", "a  \t y", "a \t;b  \t y", "a  \t z;  \t\t y"]) {
      expect(shared.parseResponse(s, OPTS), JSON.stringify(s)).toEqual(parseResponse(SHARED, s, OPTS));
    }
  });
});
