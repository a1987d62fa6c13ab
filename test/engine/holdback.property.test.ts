// Random texts in random chunkings through a parser whose delimiters are patterns:
// - no region's text ever contains a complete match of a delimiter that was being watched in that region;
// - after every feed, exactly the text from the earliest pending delimiter on is held back — the
//   earliest start that a partial search (or a complete match that could still grow at the end) reports
//   for the delimiters watched in the current state — and nothing more;
// - the message does not depend on the chunking.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compilePattern } from "../../packages/response-template/translate/index.ts";
import { StreamParser } from "../../packages/response-template/runtime/engine/stream.ts";
import { loadTemplate, parseResponse } from "../../packages/response-template/interpret/index.ts";
import type { RegionEvent } from "../../packages/response-template/runtime/types.ts";

const template = {
  start_anchor: "<A>",
  fields: {
    thinking: { open_pattern: "<think\\s*>", close_pattern: "</think\\s*>" },
    tool_calls: {
      open_pattern: '<call name="(?P<name>\\w+)">',
      close: "</call>",
      repeats: true,
      transform: { name: "{name}", arguments: "{content}" },
    },
    content: { close_pattern: "\\s*<\\|end\\|>", repeats: true, join: "" },
  },
};

const opens: Record<string, string> = { thinking: "<think\\s*>", tool_calls: '<call name="(?P<name>\\w+)">' };
const closes: Record<string, string> = { thinking: "</think\\s*>", tool_calls: "</call>", content: "\\s*<\\|end\\|>" };
const isLiteral = (f: string) => f === "tool_calls"; // its close is a literal that no other literal extends

/** Delimiters watched in a state: the open field's close, or every open plus the implicit close. */
function watched(state: string | null): { field: string; source: string; literal: boolean }[] {
  if (state !== null && state !== "content") return [{ field: state, source: closes[state]!, literal: isLiteral(state) }];
  return [
    ...Object.entries(opens).map(([field, source]) => ({ field, source, literal: false })),
    { field: "content", source: closes.content!, literal: false },
  ];
}

const pieces = ["<think>", "<think  >", "</think>", "</think >", '<call name="f">', '<call name="g_2">', "</call>", "<|end|>",
  "<", "</", "<th", "</thi", "<call", '<call name="', "<|", "<|en", " ", "\n", "a", "bc", "é", "💡", "think", "call", "|", ">", '"'];

const text = fc.array(fc.constantFrom(...pieces), { maxLength: 24 }).map((p) => p.join(""));

function chunked(t: string, cuts: number[]): string[] {
  const cps = Array.from(t);
  const at = [...new Set(cuts.map((c) => c % (cps.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let prev = 0;
  for (const c of [...at, cps.length]) {
    out.push(cps.slice(prev, c).join(""));
    prev = c;
  }
  return out;
}

describe("hold-back with pattern delimiters", () => {
  const plan = (() => {
    const t = loadTemplate(template);
    if (t.kind !== "template") throw new Error("not a template");
    return t.plan;
  })();

  it("never emits a watched delimiter, holds back exactly what partial search requires, and ignores chunking", () => {
    fc.assert(
      fc.property(text, fc.array(fc.nat(200), { maxLength: 12 }), (t, cuts) => {
        const parser = new StreamParser(plan, { prefix: "" });
        let fed = "";
        let state: string | null = "content";
        let body = "";
        const regions: { field: string; body: string; watch: string[] }[] = [];
        const track = (events: RegionEvent[]) => {
          for (const e of events) {
            if (e.type === "region_open") {
              state = e.field;
              body = "";
            } else if (e.type === "region_chunk") body += e.text;
            else {
              regions.push({ field: e.field, body, watch: watched(e.field).map((w) => w.source) });
              state = "content";
              body = "";
            }
          }
        };
        for (const chunk of chunked(t, cuts)) {
          fed += chunk;
          track(parser.feed(chunk));
          // What must be held: from the earliest pending delimiter watched in the current state.
          let hold = fed.length;
          for (const w of watched(state)) {
            const m = compilePattern(w.source).search(fed, parser.offset, true);
            if (m && (m.partial || (m.end === fed.length && (!w.literal || m.start === m.end)))) hold = Math.min(hold, m.start);
          }
          expect(parser.offset, JSON.stringify({ fed, state })).toBe(hold);
        }
        const { message, events } = parser.finalize();
        track(events);
        for (const r of regions) {
          for (const source of r.watch) {
            expect(compilePattern(source).search(r.body, 0, false), `${r.field} body ${JSON.stringify(r.body)} contains ${source}`).toBeNull();
          }
        }
        expect(message).toEqual(parseResponse(template, t, { prefix: "" }));
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
    );
  });
});
