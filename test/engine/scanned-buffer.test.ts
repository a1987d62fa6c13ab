// Every feed costs its new text only if the buffer the scanners read stays short while a long stretch is
// pending: the engine moves held-back text out of it once no search will read it again (ScanResult.need).
// A search whose frontier stays behind (stopped early, or a run no longer asked) pins that text in the
// buffer, and V8 then copies the whole buffer on every feed (a string grown with `+` is flattened on its
// first read): linear below about 128 KB, hundreds of microseconds per character at 1 MB. Counted here,
// not timed: for every library template, each of its markers followed by a long run of one character, in
// both engines, the scanned buffer stays within a bound that does not depend on the run's length, and the
// held text is read back a bounded number of times (a search restarted on every feed reads it every feed).
import { readFileSync, readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createResponseParser } from "../../runtime/interpret/index.ts";
import { loadParser } from "../../generated/index.ts";
import { StreamParser } from "../../runtime/core/engine/stream.ts";
import type { JsonObject, JsonValue, ParserModule, ResponseParser } from "../../runtime/core/types.ts";

const RUN = 400;
const DETACH = 16;
/** Pending text kept in the buffer: under a detach's stretch plus the longest delimiter or name of the library. */
const BOUND = 160;
/** Held text read back over the whole run: a constant (once per restart), not once per feed. */
const REREADS = 4;
const FILLS = [" ", "\n", "<", "x", "["];
/** Sample lines in templates/samples/ (one per case; asserted so a lost file fails). */
const SAMPLES = 743;

const dir = new URL("../../templates/", import.meta.url);
const names = readdirSync(dir)
  .filter((f) => f.endsWith(".json") && f !== "catalog.json")
  .map((f) => f.slice(0, -5));

/** Delimiters and the literal runs of a template's patterns (each may start a pending stretch). */
function markersOf(fields: unknown): string[] {
  const out = new Set<string>([""]);
  const walk = (v: unknown, key: string) => {
    if (typeof v === "string") {
      if (/^(open|close)$/.test(key)) out.add(v);
      if (key.endsWith("pattern")) {
        for (const run of v.split(/\\[sdwSDWbBAZ]|\(\?P?<\w+>|\(\?[:=!<]+|[()[\]{}*+?|^$]/)) {
          const lit = run.replace(/\\(.)/g, "$1");
          if (lit) out.add(lit);
        }
      }
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(fields, "");
  return [...out];
}

function prefixOf(name: string): string {
  try {
    const first = readFileSync(new URL(`samples/${name}.jsonl`, dir), "utf8").split("\n").find(Boolean);
    return first ? (JSON.parse(first) as { prefix: string }).prefix : "";
  } catch {
    return "";
  }
}

/**
 * The longest scanned buffer over the run, and how often a search read the held text back (a search that
 * starts over before the buffer); null when the parser fails (a failed region ends the case).
 */
function overRun(create: () => ResponseParser, text: string, fill: string): { longest: number; rereads: number } | null {
  const parser = create() as unknown as { feed(c: string): unknown; buf: string; scanned: { whole: () => unknown } };
  const whole = parser.scanned.whole;
  let rereads = 0;
  parser.scanned.whole = () => (rereads++, whole());
  let longest = 0;
  try {
    parser.feed(text);
    for (let i = 0; i < RUN; i++) {
      parser.feed(fill);
      longest = Math.max(longest, parser.buf.length);
    }
  } catch {
    return null;
  }
  return { longest, rereads };
}

describe("the scanned buffer stays short while a long stretch is pending", () => {
  let min = 0;
  const modules = new Map<string, ParserModule>();
  beforeAll(async () => {
    min = StreamParser.detachMin;
    StreamParser.detachMin = DETACH;
    for (const n of names) modules.set(n, await loadParser(n));
  });
  afterAll(() => {
    StreamParser.detachMin = min;
  });

  it("every library template, each marker then a run of one character, both engines", () => {
    let cases = 0;
    const over: string[] = [];
    for (const name of names) {
      const template = JSON.parse(readFileSync(new URL(`${name}.json`, dir), "utf8")) as { fields: JsonValue };
      const prefix = prefixOf(name);
      const mod = modules.get(name)!;
      for (const marker of markersOf(template.fields)) {
        for (const fill of FILLS) {
          const text = `${marker}f`;
          const engines: [string, () => ResponseParser][] = [
            ["interpreted", () => createResponseParser(template as JsonValue, { prefix }) as ResponseParser],
            ["generated", () => mod.createResponseParser({ prefix }) as ResponseParser],
          ];
          for (const [engine, create] of engines) {
            const r = overRun(create, text, fill);
            if (r === null) continue;
            cases++;
            if (r.longest > BOUND || r.rereads > REREADS) {
              over.push(`${name} ${engine}: ${JSON.stringify(text)} then ${JSON.stringify(fill)}×${RUN}: buffer ${r.longest}, held text read ${r.rereads}×`);
            }
          }
        }
      }
    }
    expect(over).toEqual([]);
    expect(cases).toBeGreaterThan(5_000);
  });

  // Detaching hands text the scanners will not read again to the engine; it must come back whenever a
  // scan reaches it. A scanner that reports no frontier (a compiled literal scanner) keeps all of it.
  it("loses no text: every library sample streamed a character at a time, detaching at every chance, gives its whole-text result", () => {
    StreamParser.detachMin = 1;
    let cases = 0;
    const wrong: string[] = [];
    for (const name of names) {
      const template = JSON.parse(readFileSync(new URL(`${name}.json`, dir), "utf8")) as JsonValue;
      const mod = modules.get(name)!;
      const lines = readFileSync(new URL(`samples/${name}.jsonl`, dir), "utf8").split("\n").filter(Boolean);
      for (const line of lines) {
        const sample = JSON.parse(line) as { name: string; prefix?: string; text: string; tools?: JsonObject[]; on_error?: "recover" };
        const options = { prefix: sample.prefix ?? "", tools: sample.tools, onError: sample.on_error ?? "throw" } as const;
        const engines: [string, () => ResponseParser][] = [
          ["interpreted", () => createResponseParser(template, options) as ResponseParser],
          ["generated", () => mod.createResponseParser(options) as ResponseParser],
        ];
        for (const [engine, create] of engines) {
          const outcome = (chunks: string[]) => {
            try {
              const parser = create();
              for (const c of chunks) parser.feed(c);
              const { message, errors } = parser.finalize();
              return JSON.stringify({ message, errors });
            } catch (e) {
              return `${(e as Error).name}: ${(e as Error).message}`;
            }
          };
          cases++;
          const whole = outcome([sample.text]);
          const streamed = outcome([...sample.text]);
          if (streamed !== whole) wrong.push(`${name} ${sample.name} ${engine}: ${streamed} (whole text: ${whole})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(cases).toBe(2 * SAMPLES);
  });

  it("a pending stretch held back over hundreds of feeds comes back whole, then or when the stream ends", () => {
    StreamParser.detachMin = 1;
    const t = {
      start_anchor: "<s>",
      fields: {
        tool_calls: { open_pattern: "\\s*<tool_call>", close: "</tool_call>", content: "json" },
        content: { content: "text", content_args: { strip: false } },
      },
    };
    const spaces = " ".repeat(300); // more pieces than the held text joins at once
    const run = (tail: string) => {
      const p = createResponseParser(t, { prefix: "<s>" });
      p.feed("a");
      for (const c of spaces) p.feed(c);
      p.feed(tail);
      return p.finalize().message;
    };
    expect(run("x")).toEqual({ content: `a${spaces}x` });
    expect(run("<tool_call>1</tool_call>")).toEqual({ content: "a", tool_calls: 1 });
    expect(run("")).toEqual({ content: `a${spaces}` });
  });
});
