// A chunk may end in the middle of a character: the first half of a surrogate pair (a JavaScript stream
// cut by UTF-16 unit, such as JSON text cut between two \u escapes). The engine withholds that half until
// the next chunk, so the message is the whole text's (Python, whose strings are code points, has no such
// input) and no event carries half a character. Before, a delimiter beginning with such a character was
// missed when its first half ended a chunk after plain text (a literal) or at all (a pattern).

import { beforeAll, describe, expect, it } from "vitest";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import { compileAndImport, type GeneratedModule } from "../../compiler/build/temp-build.ts";
import type { JsonValue, ParseOptions, RegionEvent, ResponseParser } from "../../runtime/core/types.ts";

const TEMPLATES: Record<string, JsonValue> = {
  literal: { start_anchor: "<s>", fields: { content: {}, tool_calls: { open: "🔧call", close: "</c>" } } },
  pattern: { start_anchor: "<s>", fields: { content: {}, tool_calls: { open_pattern: "🔧call", close: "</c>" } } },
};
const TEXT = "hello 𝄞 world 😀 more 🔧callxy</c> end";
const OPTIONS: ParseOptions = { prefix: "<s>" };

let generated: Map<string, GeneratedModule | Error>;
beforeAll(async () => {
  generated = await compileAndImport(
    "split-character",
    Object.entries(TEMPLATES).map(([id, template]) => ({ id, template })),
  );
});

/** Every cut of TEXT into three chunks at UTF-16 units, mid-pair cuts included. */
function cuts(): string[][] {
  const out: string[][] = [];
  for (let i = 1; i < TEXT.length; i++) for (let j = i + 1; j < TEXT.length; j++) out.push([TEXT.slice(0, i), TEXT.slice(i, j), TEXT.slice(j)]);
  return out;
}

const lone = (s: string) => !(s as string & { isWellFormed(): boolean }).isWellFormed();

function run(make: () => ResponseParser, chunks: string[]): { message: JsonValue; events: RegionEvent[] } {
  const p = make();
  const events = chunks.flatMap((c) => p.feed(c));
  const end = p.finalize();
  return { message: end.message, events: [...events, ...end.events] };
}

describe("a chunk that ends in the middle of a character", () => {
  for (const [name, template] of Object.entries(TEMPLATES)) {
    const expected = parseResponse(template, TEXT, OPTIONS);

    it(`${name} delimiter: the whole text's message`, () => {
      expect(expected).toEqual({ content: "end", tool_calls: "xy" });
    });

    for (const engine of ["interpreter", "generated"] as const) {
      it(`${name} delimiter, ${engine}: every cut in three gives the whole text's message, and no event holds half a character`, () => {
        const m = generated.get(name);
        if (engine === "generated" && !(m && !(m instanceof Error))) throw new Error(`no generated parser: ${String(m)}`);
        const make = engine === "interpreter" ? () => createResponseParser(template, OPTIONS) : () => (m as GeneratedModule).createResponseParser(OPTIONS);
        const all = cuts();
        expect(all.some((c) => lone(c[0]!))).toBe(true);
        for (const chunks of all) {
          const { message, events } = run(make, chunks);
          expect(message, JSON.stringify(chunks)).toEqual(expected);
          const texts = events.flatMap((e) => ("text" in e ? [e.text] : []));
          expect(texts.filter(lone), JSON.stringify(chunks)).toEqual([]);
        }
      });
    }
  }

  it("a high surrogate that no low one follows is text like any other (a lone surrogate: unrepresentable)", () => {
    const template = TEMPLATES.literal!;
    const outcome = (f: () => JsonValue): string => {
      try {
        return JSON.stringify(f());
      } catch (e) {
        return `${(e as Error).name}: ${(e as Error).message}`;
      }
    };
    for (const chunks of [["a\ud83d", "\ud83d", "b"], ["a\ud83d"], ["\ud83d", "x"], ["🔧call\ud83d", "</c>"]]) {
      const streamed = outcome(() => {
        const p = createResponseParser(template, OPTIONS);
        for (const c of chunks) p.feed(c);
        return p.finalize().message;
      });
      expect(streamed).toMatch(/^UnrepresentableError: fields\.\w+ .*lone surrogate/);
      expect(streamed).toBe(outcome(() => parseResponse(template, chunks.join(""), OPTIONS)));
    }
  });
});
