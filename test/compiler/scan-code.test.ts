// The code generator's literal scanners (emit/scan-code.ts) where only they run: a state that watches
// more distinct first characters than the indexOf dispatch takes (a character switch), one that takes it,
// literals of which one is a prefix of another (a hold at the end, settled when the stream ends), and
// names that must not break the comments around them. A generated parser must give exactly the
// interpreter's trace for the whole text, one character at a time and split in two at every place (so
// every partial match at a buffer end is met); the interpreter's message is checked too, so that an input
// that never reaches a delimiter cannot pass unnoticed.

import { beforeAll, describe, expect, it } from "vitest";
import { createResponseParser } from "../../runtime/interpret/index.ts";
import type { JsonValue, ParseOptions } from "../../runtime/core/types.ts";
import { clearCache, compileAndImport } from "../../compiler/build/temp-build.ts";
import { canonical } from "../../compiler/replay/tagged.ts";
import { exactTrace } from "./exact-trace.ts";

const OPTIONS: ParseOptions = { prefix: "<s>" };

/** Compiles the template and checks every text's exact trace against the interpreter's in every chunking;
 * returns the interpreter's messages as canonical JSON. */
async function agreed(id: string, template: JsonValue, texts: string[]): Promise<string[]> {
  const m = (await compileAndImport("scan-code", [{ id, template }])).get(id)!;
  if (m instanceof Error) throw m;
  return texts.map((text) => {
    const chunkings = [[text], Array.from(text)];
    for (let k = 1; k < text.length; k++) chunkings.push([text.slice(0, k), text.slice(k)]);
    for (const chunks of chunkings) {
      expect(exactTrace(() => m.createResponseParser(OPTIONS), chunks), JSON.stringify(chunks)).toEqual(
        exactTrace(() => createResponseParser(template, OPTIONS), chunks),
      );
    }
    const p = createResponseParser(template, OPTIONS);
    p.feed(text);
    return canonical(p.finalize().message);
  });
}

beforeAll(() => clearCache("scan-code"));

// A long tail puts a delimiter far from the end, where the dispatch commits it without the exact search.
const TAIL = " and then a tail of plain text long enough";

describe("first-character dispatch", () => {
  it("five first characters (a switch over characters): hits, near misses, a one-character literal after another's case", async () => {
    // Outside watches (by field name) "<a>", "[b]", "{c}", "(d)", "|": the switch has one case per first
    // character; "(x" misses "(d)" and must not fall into the next case, whose one-character literal "|" always matches.
    const template = {
      start_anchor: "<s>",
      fields: {
        a: { open: "<a>", close: "</a>" },
        b: { open: "[b]", close: "[/b]" },
        c: { open: "{c}", close: "{/c}" },
        d: { open: "(d)", close: "(/d)" },
        e: { open: "|", close: "~" },
        t: { open: "<t>", close: "</t>", repeats: true },
      },
    };
    const messages = await agreed("switch", template, [
      `<x [x {x (x) <a>1</a>${TAIL}`,
      `(x) [b]2[/b]${TAIL}`,
      `{x (x <t>3</t> <t>4</t> {c}5{/c}${TAIL}`,
      `(x |6~ (d)7(/d)${TAIL}`,
      `<a [b <a>8</a> [b`,
    ]);
    expect(messages).toEqual(['{"a":"1"}', '{"b":"2"}', '{"t":["3","4"],"c":"5"}', '{"e":"6","d":"7"}', '{"a":"8"}']);
  });

  it("two first characters (one indexOf each): skips many occurrences that are not delimiters", async () => {
    const template = { start_anchor: "<s>", fields: { a: { open: "<a>", close: "</a>" }, b: { open: "[b]", close: "[/b]" } } };
    const messages = await agreed("indexof", template, [`<1<2<3 <a>1</a>${TAIL}`, `[1[2 <x [b]2[/b]${TAIL}`, `<1 [2 <3 [4 [b]3[/b]${TAIL}`]);
    expect(messages).toEqual(['{"a":"1"}', '{"b":"2"}', '{"b":"3"}']);
  });

  it("a literal that is a prefix of another: held at the end, committed when the stream ends; the longer wins at one start", async () => {
    // "<a" (field a) is a prefix of "<ab>" (field b): "<a" at the end may still become "<ab>".
    const template = {
      start_anchor: "<s>",
      fields: { a: { open: "<a", close: ">" }, b: { open: "<ab>", close: "</b>" }, c: { open: "[c]", close: "[/c]" } },
    };
    const messages = await agreed("prefix", template, [`x <a`, `x <ab>1</b>`, `x <ab>1</b>${TAIL}`, `x [c`, `x <a1>`, `x [c]2[/c] <`]);
    expect(messages).toEqual(["{}", '{"b":"1"}', '{"b":"1"}', "{}", '{"a":"1"}', '{"c":"2"}']);
  });
});

describe("comments in the generated code", () => {
  it("a field name with */ and line breaks compiles: it cannot end the comments that show it", async () => {
    const template = { start_anchor: "<s>", fields: { "x**//y": { open: "<a>", close: "</a>" }, "p\nq\u2028r": { open: "[b]", close: "[/b]" } } };
    const messages = await agreed("names", template, ["<a>1</a> [b]2[/b]"]);
    expect(messages.map((m) => JSON.parse(m))).toEqual([{ "x**//y": "1", "p\nq\u2028r": "2" }]);
  });
});
