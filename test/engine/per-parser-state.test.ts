// Parsers never share mutable state: every library template's samples, fed round-robin to many parsers at
// once (one chunk each in turn), give exactly what each gives fed alone — events, messages and errors —
// for generated modules, the interpreter, and the OpenAI stream over both. And the opt-in eventDetails:
// region_open events carry the open match's captures and the region's offset, and nothing without it.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TEMPLATE_DIR } from "../templates/support.ts";
import { allSampleCases, type SampleCase } from "../templates/sample-rows.ts";
import { createResponseParser } from "response-template";
import { loadParser, names } from "response-template/models";
import { createOpenAIStream, openAIStreamForGenerated } from "response-template/openai";
import type { ParserModule } from "response-template/runtime";
import { pyJsonLoads } from "../../runtime/core/python/json.ts";
import { canonical } from "../../compiler/replay/tagged.ts";


interface Feeder {
  feed(chunk: string): unknown;
  finalize(): unknown;
}

/** Everything a run produced, as one comparable string; a thrown error is part of the record. */
function record(make: () => Feeder, chunks: string[]): string[] {
  const out: string[] = [];
  const attempt = (f: () => unknown) => {
    try {
      out.push(canonical(f() as never));
    } catch (e) {
      out.push(`error ${(e as Error).message}`);
    }
  };
  let p: Feeder | null = null;
  attempt(() => (p = make()) && null);
  for (const c of chunks) if (p) attempt(() => p!.feed(c));
  if (p) attempt(() => p!.finalize());
  return out;
}

/** The same runs, interleaved: chunk i of every run, then chunk i+1 of every run. */
function interleaved(makes: (() => Feeder)[], chunks: string[][]): string[][] {
  const outs = makes.map(() => [] as string[]);
  const ps: (Feeder | null)[] = makes.map((make, k) => {
    try {
      const p = make();
      outs[k]!.push(canonical(null));
      return p;
    } catch (e) {
      outs[k]!.push(`error ${(e as Error).message}`);
      return null;
    }
  });
  const longest = Math.max(...chunks.map((c) => c.length));
  for (let i = 0; i <= longest; i++) {
    ps.forEach((p, k) => {
      if (!p || i > chunks[k]!.length) return;
      try {
        outs[k]!.push(canonical((i < chunks[k]!.length ? p.feed(chunks[k]![i]!) : p.finalize()) as never));
      } catch (e) {
        outs[k]!.push(`error ${(e as Error).message}`);
      }
    });
  }
  return outs;
}

const chunk = (s: string, n: number) => Array.from({ length: Math.ceil(s.length / n) }, (_, i) => s.slice(i * n, i * n + n));

describe("per-parser state", () => {
  const all = allSampleCases();
  it(`interleaved parsers agree with parsers fed alone (${all.length} samples, both engines and the OpenAI stream over each)`, async () => {
    const byTemplate = new Map<string, SampleCase[]>();
    for (const c of all) byTemplate.set(c.name, [...(byTemplate.get(c.name) ?? []), c]);
    let runs = 0;
    let expected = 0;
    for (const [name, group] of byTemplate) {
      const kinds: ((c: SampleCase) => Feeder)[] = [
        (c) => createResponseParser(c.template, { prefix: c.prefix }),
        (c) => createOpenAIStream(c.template, { prefix: c.prefix }),
      ];
      if (names.includes(name)) {
        const mod = (await loadParser(name)) as ParserModule;
        kinds.push((c) => mod.createResponseParser({ prefix: c.prefix }), (c) => openAIStreamForGenerated(mod, { prefix: c.prefix }));
      }
      expected += group.length * 2 * kinds.length;
      for (const kind of kinds) {
        // Each sample twice, in different chunk sizes, so that parsers of one template are at different places.
        const runsOf = group.flatMap((c) => [3, 5].map((n) => ({ make: () => kind(c), chunks: chunk(c.text, n) })));
        const alone = runsOf.map((r) => record(r.make, r.chunks));
        const together = interleaved(runsOf.map((r) => r.make), runsOf.map((r) => r.chunks));
        expect(together, name).toEqual(alone);
        runs += runsOf.length;
      }
    }
    expect(runs).toBe(expected);
    expect(runs).toBeGreaterThan(all.length * 2 * 3);
  }, 120_000);
});

describe("eventDetails", () => {
  const template = pyJsonLoads(readFileSync(join(TEMPLATE_DIR, "gpt-oss.json"), "utf8"));
  const prefix = "<|start|>assistant";
  const text = '<|channel|>analysis<|message|>Hm.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris"}<|call|>';

  it("region_open carries the open match's captures and the region's stream offset, in both engines", async () => {
    const mod = (await loadParser("gpt-oss")) as ParserModule;
    for (const p of [mod.createResponseParser({ prefix, eventDetails: true }), createResponseParser(template, { prefix, eventDetails: true })]) {
      const opens = [...p.initialEvents, ...p.feed(text), ...p.finalize().events].filter((e) => e.type === "region_open");
      const call = opens.find((e) => e.field === "tool_calls")!;
      expect(call).toEqual({ type: "region_open", field: "tool_calls", captures: { name: "get_weather" }, offset: text.indexOf("{") });
      for (const e of opens) expect(Object.keys(e)).toEqual(["type", "field", "captures", "offset"]);
    }
  });

  it("is off by default: events keep the reference's shape", () => {
    const p = createResponseParser(template, { prefix });
    for (const e of [...p.feed(text), ...p.finalize().events]) {
      expect(Object.keys(e)).toEqual(e.type === "region_open" ? ["type", "field"] : e.type === "region_chunk" ? ["type", "field", "text", "dirty"] : ["type", "field", "value"]);
    }
  });
});
