// Property: for random templates (literal, literal-list and pattern delimiters, eos, every content type,
// repeats / optional / implicit / join / transform / transform_each) and random outputs assembled from
// their delimiters plus noise, fed in random chunks, the generated parser and the interpreter produce
// identical exact traces: events, messages, errors and error messages.
// PROPERTY_RUNS=2000 npx vitest run test/compiler/equivalence.property.test.ts for a heavy run.

import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createResponseParser, loadTemplate } from "../../packages/response-template/interpret/index.ts";
import { clearCache, compileAndImport } from "../../packages/response-template-compiler/build/temp-build.ts";
import type { JsonValue, ParseOptions } from "../../packages/response-template/runtime/types.ts";
import { exactTrace } from "./exact-trace.ts";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);

/** Literal delimiters: overlapping, self-overlapping, prefixes of each other, one-character ones. */
const LITERALS = ["<a>", "</a>", "<b>", "</b>", "<|x|>", "[[", "]]", "<", "ab", "aab", "abab", "\n\n", "::", "<a", "a"];
/** Patterns with a text that matches them; some capture `name`, some can match empty, some are lazy. */
const PATTERNS: [string, string[]][] = [
  ["<t\\d>", ["<t1>", "<t9>"]],
  ["\\s*<c>", [" <c>", "<c>", "\n\n<c>"]],
  ["\\s*(?:<c>|<cd>)x?", [" <c>", "<cd>x", "\n<c>x"]],
  ["<f=(?P<name>\\w+)>", ["<f=get>", "<f=x1>"]],
  ["x+", ["x", "xxx"]],
  ["(?:ab|a)c", ["abc", "ac"]],
  ["\\n?END", ["END", "\nEND"]],
  ["<o>\\s*", ["<o>", "<o>  "]],
  ["<m.*?>", ["<m>", "<mab>"]],
  ["\\bq\\b", ["q", " q "]],
  ["$", [""]],
  ["(?=<)", [""]],
  ["<(?P<name>[a-z])(?P<extra>\\d)?/>", ["<g/>", "<h2/>"]],
  ["<e>|^\\s*(?=</e>)", ["<e>", "</e>", "  </e>"]],
  ["\\s*(?:<a>\\s*)?<b>", ["<a> <b>", " <b>", "<a><b>"]],
  ["(?=(?:<p>)?\\s*q=)(?:<p>)?\\s*q=\\w+", ["<p> q=1", "q=ab", "<p>q=x"]],
  ["(?:^|>>)k\\n", [">>k\n", "k\n"]],
  ["\\s*(?:(?=>>)|<z>)", [">>", " <z>", "\n>>"]],
  ["\\n?</r>", ["\n</r>", "</r>"]],
];
/** Tool definitions: closed values shaped like tool calls get their arguments coerced. */
const TOOLS: NonNullable<ParseOptions["tools"]> = [
  { type: "function", function: { name: "get", parameters: { type: "object", properties: { a: { type: "integer" }, b: { type: "boolean" } } } } },
  { name: "x1", parameters: { properties: { p: { anyOf: [{ type: "number" }, { type: "null" }] } } } },
];
const CONTENT = ["text", "int", "float", "bool", "json", "xml-inline", "kv-lines"];
const BODIES = ["12", " 3.5 ", "true", "0", '{"a": 1}', '{"a": "7", "b": "true"}', "[1, 2]", '[{"k": "v"}]', "k: v\nz: 2", "a: 3\nb: 1", "<a>7</a><b>no</b>", "nan", "", "  hi  ", "{bad"];
const NOISE = ["hello ", " ", "\n", "<", ">", "a", "b", "/", "|", "x", "q ", "é", "😀", "{", "}"];

type Delim = { kind: "lit"; value: string | string[] } | { kind: "pat"; index: number } | { kind: "eos" };

const delim = (allowEos: boolean): fc.Arbitrary<Delim> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...LITERALS).map((value): Delim => ({ kind: "lit", value })) },
    { weight: 1, arbitrary: fc.uniqueArray(fc.constantFrom(...LITERALS), { minLength: 2, maxLength: 3 }).map((value): Delim => ({ kind: "lit", value })) },
    { weight: 3, arbitrary: fc.integer({ min: 0, max: PATTERNS.length - 1 }).map((index): Delim => ({ kind: "pat", index })) },
    ...(allowEos ? [{ weight: 1, arbitrary: fc.constant<Delim>({ kind: "eos" }) }] : []),
  );

const fieldArb = (implicit: boolean) =>
  fc.record({
    open: implicit ? fc.constant(null) : delim(false),
    close: fc.option(delim(true), { nil: null, freq: 4 }),
    content: fc.constantFrom(...CONTENT),
    strip: fc.option(fc.boolean(), { nil: undefined }),
    allowNonJson: fc.boolean(),
    repeats: fc.boolean(),
    join: fc.option(fc.constantFrom("", "\n", "+"), { nil: undefined, freq: 3 }),
    optional: fc.option(fc.boolean(), { nil: undefined, freq: 2 }),
    transform: fc.constantFrom("none", "wrap", "name", "list", "each", "dotted"),
  });

function delimKeys(d: Delim | null, lit: string, pat: string): Record<string, JsonValue> {
  if (d === null) return {};
  if (d.kind === "eos") return { [lit]: "eos" };
  if (d.kind === "lit") return { [lit]: d.value };
  return { [pat]: PATTERNS[d.index]![0] };
}

const templateArb = fc
  .record({
    // Awkward names too: comment terminators, line separators, __proto__, array-index keys.
    names: fc.uniqueArray(fc.constantFrom("content", "thinking", "tool_calls", "x", "y", "Z", "we\nird*/\u2028", "__proto__", "0", "10"), {
      minLength: 1,
      maxLength: 3,
    }),
    implicit: fc.boolean(),
    anchor: fc.constantFrom<[string, JsonValue]>(["start_anchor", "<|s|>"], ["start_anchor", ["<|s|>", "<|s|>x"]], ["start_anchor_pattern", "<\\|s\\|>\\n?"], ["start_anchor", "aa"]),
    defaults: fc.constantFrom<JsonValue>({ role: "assistant" }, {}, { role: "assistant", x: "d" }, { tool_calls: [] }, { "1": "one", role: "assistant" }),
  })
  .chain(({ names, implicit, anchor, defaults }) =>
    fc.tuple(...names.map((_, i) => fieldArb(implicit && i === names.length - 1))).map((specs) => {
      const fields: Record<string, JsonValue> = {};
      specs.forEach((f, i) => {
        const field: Record<string, JsonValue> = {
          ...delimKeys(f.open, "open", "open_pattern"),
          ...delimKeys(f.close, "close", "close_pattern"),
          content: f.content,
        };
        const args: Record<string, JsonValue> = {};
        if (f.strip !== undefined) args.strip = f.strip;
        if (f.content === "json") args.allow_non_json = f.allowNonJson;
        if (f.content === "xml-inline") args.tag_pattern = "<(?P<key>\\w)>(?P<value>[^<]*)</(?P=key)>";
        if (f.content === "kv-lines" && f.allowNonJson) args.value_parser = { name: "int" };
        if (Object.keys(args).length) field.content_args = args;
        if (f.repeats) field.repeats = true;
        if (f.repeats && f.join !== undefined) field.join = f.join;
        if (f.optional !== undefined) field.optional = f.optional;
        const captures = f.open?.kind === "pat" && /\?P</.test(PATTERNS[f.open.index]![0]);
        const closeCaptures = f.close?.kind === "pat" && /\?P</.test(PATTERNS[f.close.index]![0]);
        let t = f.transform;
        if ((captures || closeCaptures) && t === "none") t = "name";
        if (t === "wrap") field.transform = { type: "function", function: "{content}" };
        if (t === "name") field.transform = { type: "function", function: { name: "{name}", arguments: "{content}" }, n: 1.0 };
        if (t === "list") field.transform = ["{content}", null, "lit", 2];
        if (t === "dotted") field.transform = { v: "{content.a}" };
        if (t === "each") {
          field.transform = { k: "{k}", all: "{content}" };
          field.transform_each = true;
        }
        fields[names[i]!] = field;
      });
      return { defaults, fields, [anchor[0]]: anchor[1] } as Record<string, JsonValue>;
    }),
  )
  .filter((t) => {
    try {
      loadTemplate(t);
      return true;
    } catch {
      return false;
    }
  });

function piecesOf(template: Record<string, JsonValue>): string[] {
  const out = new Set<string>(["<|s|>"]);
  const fields = template.fields as Record<string, Record<string, JsonValue>>;
  for (const f of Object.values(fields)) {
    for (const k of ["open", "close"]) {
      const v = f[k];
      if (typeof v === "string" && v !== "eos") out.add(v);
      if (Array.isArray(v)) v.forEach((s) => out.add(s as string));
    }
    for (const k of ["open_pattern", "close_pattern"]) {
      const v = f[k];
      if (typeof v === "string") PATTERNS.find(([p]) => p === v)?.[1].forEach((s) => out.add(s));
    }
  }
  return [...out];
}

const caseArb = templateArb.chain((template) => {
  const pieces = piecesOf(template);
  const piece = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...pieces) },
    { weight: 2, arbitrary: fc.constantFrom(...BODIES) },
    { weight: 2, arbitrary: fc.constantFrom(...NOISE) },
  );
  return fc.record({
    template: fc.constant(template),
    prefix: fc.constantFrom("", "<|s|>", "old<|s|>" + pieces[pieces.length - 1], "aaa", "junk"),
    text: fc.array(piece, { maxLength: 14 }).map((p) => p.join("")),
    cuts: fc.array(fc.integer({ min: 0, max: 200 }), { maxLength: 6 }),
    tools: fc.boolean(),
  });
});

function chunk(text: string, cuts: number[]): string[] {
  const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let prev = 0;
  for (const c of at) {
    out.push(text.slice(prev, c));
    prev = c;
  }
  out.push(text.slice(prev));
  return out;
}

beforeAll(() => clearCache("property"));

describe("generated ≡ interpreted", () => {
  it(`random templates, outputs and chunkings (${RUNS} runs)`, async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(caseArb, async ({ template, prefix, text, cuts, tools }) => {
        const id = `prop${n++}`;
        const m = (await compileAndImport("property", [{ id, template }])).get(id)!;
        if (m instanceof Error) throw m;
        const options: ParseOptions = { prefix };
        if (tools) options.tools = TOOLS;
        for (const chunks of [[text], chunk(text, cuts), Array.from(text)]) {
          const gen = exactTrace(() => m.createResponseParser(options), chunks);
          const int = exactTrace(() => createResponseParser(template, options), chunks);
          expect(gen).toEqual(int);
        }
      }),
      { numRuns: RUNS, seed: process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined },
    );
  }, 600_000);
});
