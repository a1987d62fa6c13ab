// Fuzzing every library template with text built from its own markers (delimiters, literal pieces of its
// patterns, pieces of its sample outputs), random code units (lone surrogates included) and adversarial
// runs, in random chunkings, through the interpreter, the generated module and the OpenAI stream:
// - only rtc's documented errors (RtcError, with a Python class), never a JavaScript TypeError or the like;
// - the interpreter and the generated module give the same trace, event for event and message for message;
// - the OpenAI stream ends with the parser's message, or fails at the same step with the same class;
// - the final message (or error) does not depend on the chunking, unless a run ends early on a value JSON
//   cannot carry (that is decided per call: a later error in the same call wins, see stream.ts);
// - the matching work is bounded per input: counted (resumable matcher steps), not timed.
// PROPERTY_RUNS and PROPERTY_SEED set the run count (default 150) and the seed (test/support/property.ts).
import fc from "fast-check";
import { readFileSync, readdirSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { checkProperty } from "../support/property.ts";
import { createResponseParser } from "../../runtime/interpret/index.ts";
import { createOpenAIStream } from "../../runtime/openai/index.ts";
import { loadParser } from "../../generated/index.ts";
import { RtcError } from "../../runtime/core/errors.ts";
import { Run } from "../../runtime/core/regex/resumable.ts";
import type { ParserModule, ResponseParser } from "../../runtime/core/types.ts";
import { canonical } from "../../compiler/replay/tagged.ts";
import type { JsonValue } from "../../runtime/core/types.ts";
import { exactTrace } from "../compiler/exact-trace.ts";

/** Matcher work allowed per code point fed, per pattern the template has (a generous constant: linear). */
const WORK_PER_CHAR = 64;

const dir = new URL("../../templates/", import.meta.url);
const names = readdirSync(dir)
  .filter((f) => f.endsWith(".json") && f !== "catalog.json")
  .map((f) => f.slice(0, -5));

interface Subject {
  name: string;
  template: JsonValue;
  markers: string[];
  prefixes: string[];
  patterns: number;
}

/** Literal strings of a template: delimiters, and the literal runs of its patterns (escapes undone). */
function markersOf(template: JsonValue): { markers: string[]; patterns: number } {
  const out = new Set<string>();
  let patterns = 0;
  const walk = (v: unknown, key: string) => {
    if (typeof v === "string") {
      if (key.endsWith("pattern")) {
        patterns++;
        for (const run of v.split(/\\[sdwSDWbBAZ]|\(\?P?<\w+>|\(\?[:=!<]+|[()[\]{}*+?|^$]/)) {
          const lit = run.replace(/\\(.)/g, "$1");
          if (lit) out.add(lit);
        }
      } else if (/^(open|close|start_anchor)$/.test(key)) out.add(v);
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(template, "");
  return { markers: [...out], patterns };
}

const subjects: Subject[] = names.map((name) => {
  const template = JSON.parse(readFileSync(new URL(`${name}.json`, dir), "utf8")) as JsonValue;
  let rows: { prefix: string; text: string }[] = [];
  try {
    rows = readFileSync(new URL(`samples/${name}.jsonl`, dir), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
  } catch {
    // markers and noise only
  }
  const { markers, patterns } = markersOf(template);
  const pieces = rows.flatMap((r) => r.text.match(/[\s\S]{1,12}/g) ?? []);
  return { name, template, markers: [...markers, ...pieces], prefixes: ["", ...new Set(rows.map((r) => r.prefix))], patterns };
});

const noise = fc.oneof(
  fc.constantFrom(" ", "\n", "\t", "  \n ", "{", "}", '"', "[", "]", ",", ":", "<", ">", "|", "/", "=", "NaN", "1e999", "é", "💡", "\u2028"),
  fc.string({ unit: "binary", maxLength: 4 }),
  fc.string({ unit: fc.constantFrom("\ud83d", "\ude00", "\u0000", "\u00a0"), maxLength: 3 }),
  fc.tuple(fc.constantFrom(" ", "\n", "<", "x", "["), fc.integer({ min: 8, max: 120 })).map(([c, n]) => c.repeat(n)),
);

function chunked(t: string, cuts: number[]): string[] {
  const at = [...new Set(cuts.map((c) => c % (t.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let prev = 0;
  for (const c of [...at, t.length]) {
    out.push(t.slice(prev, c));
    prev = c;
  }
  return out;
}

/** A run as the property compares it: the final message (canonical), or the step and class that ended it. */
function ending(create: () => { feed(c: string): unknown; finalize(): { message: JsonValue } }, chunks: string[]): string {
  let run;
  try {
    run = create();
  } catch (e) {
    return `init_error ${errorClass(e)}`;
  }
  for (const c of chunks) {
    try {
      run.feed(c);
    } catch (e) {
      // Feeding goes on after ordinary errors (as in the reference's traces, see exactTrace).
      const cls = errorClass(e);
      if (["Unrepresentable", "RecursionError", "NonTerminating"].includes(cls)) return `feed_error ${cls}`;
    }
  }
  try {
    return `final ${canonical(run.finalize().message)}`;
  } catch (e) {
    return `final_error ${errorClass(e)}`;
  }
}

function errorClass(e: unknown): string {
  if (e instanceof RtcError) return e.pyClass;
  throw e; // not a documented error: the property fails with it
}

describe("fuzzing the library templates", () => {
  const modules = new Map<string, ParserModule>();
  beforeAll(async () => {
    for (const s of subjects) modules.set(s.name, await loadParser(s.name));
  });

  it("documented errors only, engines agree, chunking-independent finals, bounded work", () => {
    checkProperty(
      fc.property(
        fc.nat(subjects.length - 1),
        fc.nat(),
        fc.array(fc.oneof(fc.nat(), noise), { maxLength: 24 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (which, prefixAt, parts, cuts) => {
          const s = subjects[which]!;
          const prefix = s.prefixes[prefixAt % s.prefixes.length]!;
          const text = parts.map((p) => (typeof p === "number" ? s.markers[p % s.markers.length]! : p)).join("");
          const mod = modules.get(s.name)!;
          const chunkings = [[text], chunked(text, cuts), text.length <= 400 ? Array.from(text) : chunked(text, cuts.map((c) => c * 7))];
          const endings: string[] = [];
          for (const chunks of chunkings) {
            const work = Run.work;
            const interpreted = exactTrace(() => createResponseParser(s.template, { prefix }) as ResponseParser, chunks);
            const used = Run.work - work;
            const generated = exactTrace(() => mod.createResponseParser({ prefix }), chunks);
            const where = `${s.name}, prefix ${JSON.stringify(prefix).slice(0, 80)}, chunks ${JSON.stringify(chunks).slice(0, 400)}`;
            for (const line of [...interpreted, ...generated]) expect(line, where).not.toMatch(/^\w+ JS /);
            expect(generated, where).toEqual(interpreted);
            expect(used, `matcher work on ${where}`).toBeLessThanOrEqual(WORK_PER_CHAR * (s.patterns + 1) * (text.length + prefix.length + 16));
            const final = ending(() => createResponseParser(s.template, { prefix }) as ResponseParser, chunks);
            expect(ending(() => createOpenAIStream(s.template, { prefix }), chunks), `OpenAI stream on ${where}`).toBe(final);
            endings.push(final);
          }
          if (!endings.some((e) => e.startsWith("feed_error "))) {
            expect(new Set(endings).size, `the final depends on the chunking: ${s.name} ${JSON.stringify(text).slice(0, 300)}\n${endings.join("\n")}`).toBe(1);
          }
        },
      ),
      150,
    );
  });
});
