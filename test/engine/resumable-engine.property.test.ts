// The engine with resumable searches and held-back text moved out of the scanned buffer gives exactly the
// trace (events, messages, errors) of the engine with plain RegExp searches that start over on every scan,
// for every library template, in both engines, on the template's sample outputs with adversarial stretches
// spliced in (whitespace runs, runs of a delimiter's first character, near-misses, long lines), in random
// chunkings. Held-back text is moved out after 16 characters here (1024 in use) so that short texts
// exercise it. PROPERTY_RUNS and PROPERTY_SEED set the run count (default 60) and the seed (test/support/property.ts).
import fc from "fast-check";
import { readFileSync, readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkProperty, chunkedAt } from "../support/property.ts";
import { createResponseParser } from "../../runtime/interpret/index.ts";
import { loadParser } from "../../generated/index.ts";
import { StreamParser } from "../../runtime/core/engine/stream.ts";
import {
  LiteralDelimiter,
  LiteralSetDelimiter,
  PatternDelimiter,
  type Delimiter,
  type DelimiterSearch,
} from "../../runtime/core/engine/delimiters.ts";
import { PatternStream } from "../../runtime/core/regex/pattern-stream.ts";
import type { ParserModule } from "../../runtime/core/types.ts";
import { exactTrace } from "../compiler/exact-trace.ts";

const dir = new URL("../../templates/", import.meta.url);
const names = readdirSync(dir)
  .filter((f) => f.endsWith(".json") && f !== "catalog.json")
  .map((f) => f.slice(0, -5));
const templates = new Map(names.map((n) => [n, JSON.parse(readFileSync(new URL(`${n}.json`, dir), "utf8"))]));
const samples = new Map(
  names.map((n) => {
    let rows: { prefix: string; text: string }[] = [];
    try {
      rows = readFileSync(new URL(`samples/${n}.jsonl`, dir), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
    } catch {
      // no samples: markers and noise only
    }
    return [n, rows];
  }),
);
const modules = new Map<string, ParserModule>();

/** Searches without memory: each one the delimiter's own (RegExp) search from the read position. */
const classes = [LiteralDelimiter, LiteralSetDelimiter, PatternDelimiter] as const;
const resumable = classes.map((c) => c.prototype.searcher);
function stateless(): void {
  for (const c of classes) {
    (c.prototype as Delimiter).searcher = function (this: Delimiter): DelimiterSearch {
      return { search: (buf, _base, pos, partial) => this.search(buf, pos, partial), readsFrom: () => -Infinity };
    };
  }
}
function restore(): void {
  classes.forEach((c, i) => ((c.prototype as Delimiter).searcher = resumable[i]!));
}

const adversarial = [" ".repeat(40), "\n".repeat(70), " \n\t".repeat(20), "<".repeat(50), "<tool_cal".repeat(6), "x".repeat(90), "[".repeat(30), "|".repeat(25)];

describe("resumable engine = plain RegExp engine", () => {
  let min = 0;
  beforeAll(async () => {
    min = StreamParser.detachMin;
    StreamParser.detachMin = 16;
    for (const n of names) modules.set(n, await loadParser(n));
  });
  afterAll(() => {
    StreamParser.detachMin = min;
    restore();
  });

  it("gives the same traces, interpreted and generated", () => {
    const before = PatternStream.disagreements;
    checkProperty(
      fc.property(
        fc.nat(names.length - 1),
        fc.nat(),
        fc.array(fc.tuple(fc.nat(), fc.nat(adversarial.length - 1)), { maxLength: 3 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.boolean(),
        (which, sampleAt, splices, cuts, oneByOne) => {
          const name = names[which]!;
          const rows = samples.get(name)!;
          const row = rows.length ? rows[sampleAt % rows.length]! : { prefix: "", text: "hello" };
          let text = row.text;
          for (const [at, k] of splices) {
            const cps = Array.from(text);
            const i = at % (cps.length + 1);
            text = cps.slice(0, i).join("") + adversarial[k] + cps.slice(i).join("");
          }
          const chunks = oneByOne ? Array.from(text) : chunkedAt(text, cuts);
          const template = templates.get(name)!;
          const mod = modules.get(name)!;
          const options = { prefix: row.prefix };
          const run = () => [
            exactTrace(() => createResponseParser(template, options), chunks),
            exactTrace(() => mod.createResponseParser(options), chunks),
          ];
          const [interpreted, generated] = run();
          stateless();
          let oracle: string[][];
          try {
            oracle = run();
          } finally {
            restore();
          }
          const where = `${name}: ${JSON.stringify(text).slice(0, 300)}`;
          expect(interpreted, where).toEqual(oracle[0]);
          expect(generated, where).toEqual(oracle[1]);
        },
      ),
      60,
    );
    expect(PatternStream.disagreements - before).toBe(0);
  });
});
