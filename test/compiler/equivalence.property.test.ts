// Property: for random templates (literal, literal-list and pattern delimiters, every content type,
// repeats / optional / implicit / join / transform / transform_each) and random outputs, fed in random
// chunks, the generated parser and the interpreter produce identical exact traces: events, messages,
// errors and error messages.
// Most cases are built to succeed, so the comparison covers values and not only error paths: a template's
// settings agree with each other (a transform reads what its content parser gives), and the output is a
// sequence of blocks written with the template's own delimiters around a body its content parser accepts.
// The rest stay adversarial (settings that clash, outputs of delimiter pieces and noise) to keep the error
// paths compared too. The test states the share of each outcome it reaches.
// Runs and seed: test/support/property.ts (PROPERTY_RUNS=x20 for a heavy run).

import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createResponseParser, loadTemplate } from "../../runtime/interpret/index.ts";
import { clearCache, compileAndImport } from "../../compiler/build/temp-build.ts";
import type { JsonValue, ParseOptions } from "../../runtime/core/types.ts";
import type { PyPattern } from "../../runtime/core/regex/api.ts";
import { compilePattern } from "../../runtime/translate/index.ts";
import { LITERALS, PATTERNS } from "../support/delimiters.ts";
import { checkAsyncProperty, propertyRuns, Tally } from "../support/property.ts";
import { exactTrace } from "./exact-trace.ts";

const RUNS = 100;

/** Tool definitions: closed values shaped like tool calls get their arguments coerced. */
const TOOLS: NonNullable<ParseOptions["tools"]> = [
  { type: "function", function: { name: "get", parameters: { type: "object", properties: { a: { type: "integer" }, b: { type: "boolean" } } } } },
  { name: "x1", parameters: { properties: { p: { anyOf: [{ type: "number" }, { type: "null" }] } } } },
];
const CONTENT = ["text", "int", "float", "bool", "json", "xml-inline", "kv-lines"];
const BODIES = ["12", " 3.5 ", "true", "0", '{"a": 1}', '{"a": "7", "b": "true"}', "[1, 2]", '[{"k": "v"}]', "k: v\nz: 2", "a: 3\nb: 1", "<a>7</a><b>no</b>", "nan", "", "  hi  ", "{bad"];
const NOISE = ["hello ", " ", "\n", "<", ">", "a", "b", "/", "|", "x", "q ", "é", "😀", "{", "}"];

type Delim = { kind: "lit"; value: string | string[] } | { kind: "pat"; index: number };

const delim = (isClose: boolean): fc.Arbitrary<Delim> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...LITERALS).map((value): Delim => ({ kind: "lit", value })) },
    { weight: 1, arbitrary: fc.uniqueArray(fc.constantFrom(...LITERALS), { minLength: 2, maxLength: 3 }).map((value): Delim => ({ kind: "lit", value })) },
    { weight: 3, arbitrary: fc.integer({ min: 0, max: PATTERNS.length - 1 }).map((index): Delim => ({ kind: "pat", index })) },
    // The literal "eos" as a close: text like any other (transformers 5.18.0).
    ...(isClose ? [{ weight: 1, arbitrary: fc.constant<Delim>({ kind: "lit", value: "eos" }) }] : []),
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
    // Settings that agree with each other (most cases), or left to clash (error paths).
    coherent: fc.oneof({ weight: 6, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  })
  .chain(({ names, implicit, anchor, defaults, coherent }) =>
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
        if (coherent) {
          // A transform reads what the content parser gives; joined blocks are strings.
          const capturesName = [f.open, f.close].some((d) => d?.kind === "pat" && /\?P<name>/.test(PATTERNS[d.index]![0]));
          if (t === "name" && !capturesName) t = "wrap";
          if (t === "dotted" && !["json", "xml-inline", "kv-lines"].includes(f.content)) t = "wrap";
          if (t === "each" && f.content !== "json") t = "list";
          if (f.content !== "text" || t !== "none") delete field.join;
        }
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
      return { template: { defaults, fields, [anchor[0]]: anchor[1] } as Record<string, JsonValue>, coherent };
    }),
  )
  .filter(({ template }) => {
    try {
      loadTemplate(template);
      return true;
    } catch {
      return false;
    }
  });

/** Texts a delimiter (a template's `open` / `close` / `*_pattern` value) is written as; [] for none. */
function delimiterTexts(field: Record<string, JsonValue>, key: "open" | "close"): string[] {
  const v = field[key];
  if (typeof v === "string") return [v];
  if (Array.isArray(v)) return v as string[];
  const p = field[`${key}_pattern`];
  return typeof p === "string" ? PATTERNS.find(([source]) => source === p)![1] : [];
}

function piecesOf(template: Record<string, JsonValue>): string[] {
  const out = new Set<string>(["<|s|>"]);
  for (const f of Object.values(template.fields as Record<string, Record<string, JsonValue>>)) {
    for (const t of [...delimiterTexts(f, "open"), ...delimiterTexts(f, "close")]) out.add(t);
  }
  return [...out];
}

/** Bodies each content parser accepts, by what the field's transform reads (a dict with `a`, a list of dicts with `k`). */
function validBodies(field: Record<string, JsonValue>): string[] {
  const reads = JSON.stringify(field.transform ?? null);
  const each = field.transform_each === true;
  const args = (field.content_args ?? {}) as Record<string, JsonValue>;
  switch (field.content) {
    case "text":
      return ["hello", " hi there ", "é 😀", "x", ""];
    case "int":
      return ["12", " 7 ", "-3", "0"];
    case "float":
      return [" 3.5 ", "1e3", "-0.25", "2"];
    case "bool":
      return ["true", "False", "1", "no"];
    case "json":
      if (each) return ['[{"k": "v"}]', '[{"k": 1}, {"k": [2]}]', "[]"];
      if (reads.includes("{content.a}")) return ['{"a": 1}', '{"a": "7", "b": true}', '{"b": null, "a": [1.5]}'];
      return ['{"a": 1}', "[1, 2]", '"s"', '{"a": "7", "b": "true"}', "null", "3.5", '{"k": {"n": [true]}}'];
    case "xml-inline":
      return ["<a>7</a><b>no</b>", "<a>x</a>", "<b>1</b><a>2</a>"];
    case "kv-lines":
      if (args.value_parser) return ["a: 3\nb: 1", "a: -2"];
      return reads.includes("{content.a}") ? ["a: 3\nb: 1", "z: 2\na: x"] : ["k: v\nz: 2", "a: 3\nb: 1", "a: x"];
  }
  return [""];
}

const compiled = new Map<string, PyPattern>();
/** Whether `body` contains a delimiter of the template (then the field would close or open early). */
function holdsDelimiter(template: Record<string, JsonValue>, body: string): boolean {
  return Object.values(template.fields as Record<string, Record<string, JsonValue>>).some((f) =>
    (["open", "close"] as const).some((key) => {
      const literal = f[key];
      const literals = typeof literal === "string" ? [literal] : Array.isArray(literal) ? (literal as string[]) : [];
      if (literals.some((l) => body.includes(l))) return true;
      const source = f[`${key}_pattern`];
      if (typeof source !== "string") return false;
      if (!compiled.has(source)) compiled.set(source, compilePattern(source));
      return compiled.get(source)!.search(body, 0, false) !== null;
    }),
  );
}

/** The anchor as the prompt writes it, for prefixes that end a chat prompt. */
function anchorText(template: Record<string, JsonValue>): string {
  if (template.start_anchor_pattern !== undefined) return "<|s|>\n";
  const a = template.start_anchor;
  return Array.isArray(a) ? (a[0] as string) : (a as string);
}

/**
 * A well-formed output: blocks of the template's fields (each required field at least once, a non-repeating
 * field at most once), each its open delimiter, a body its content parser accepts and its close delimiter;
 * the implicit field's text once, at a random place. Sometimes the prompt already opened the first block.
 */
function wellFormed(template: Record<string, JsonValue>): fc.Arbitrary<{ prefix: string; text: string }> {
  const fields = template.fields as Record<string, Record<string, JsonValue>>;
  const names = Object.keys(fields);
  const explicit = names.filter((n) => delimiterTexts(fields[n]!, "open").length > 0);
  const implicit = names.find((n) => fields[n]!.open === undefined && fields[n]!.open_pattern === undefined);
  const bodies = (n: string) => {
    const ok = validBodies(fields[n]!).filter((b) => !holdsDelimiter(template, b));
    return ok.length ? ok : validBodies(fields[n]!);
  };
  const block = (n: string) =>
    fc.record({
      open: fc.constantFrom(...delimiterTexts(fields[n]!, "open")),
      body: fc.constantFrom(...bodies(n)),
      close: delimiterTexts(fields[n]!, "close").length ? fc.constantFrom(...delimiterTexts(fields[n]!, "close")) : fc.constant(""),
    });
  // The implicit field's text: never empty (an empty region never opens), always there when required or alone.
  const implicitBodies = implicit ? bodies(implicit).filter((b) => b.trim() !== "") : [];
  const needImplicit = implicit !== undefined && (fields[implicit]!.optional === false || explicit.length === 0);
  const order = explicit.length
    ? fc.array(fc.constantFrom(...explicit), { minLength: 1, maxLength: 4 }).map((picked) => {
        const required = explicit.filter((n) => fields[n]!.optional === false);
        const seen = new Set<string>();
        return [...required, ...picked].filter((n) => {
          if (seen.has(n) && fields[n]!.repeats !== true) return false;
          seen.add(n);
          return true;
        });
      })
    : fc.constant<string[]>([]);
  return fc
    .record({
      blocks: order.chain((ns) => fc.tuple(...ns.map(block)).map((bs) => [...bs])),
      implicitBody: implicitBodies.length
        ? needImplicit
          ? fc.constantFrom(...implicitBodies)
          : fc.option(fc.constantFrom(...implicitBodies), { freq: 3 })
        : fc.constant(null),
      implicitAt: fc.nat(),
      implicitClose: implicit ? fc.constantFrom("", ...delimiterTexts(fields[implicit]!, "close")) : fc.constant(""),
      preOpened: fc.boolean(),
      old: fc.constantFrom("", "old"),
    })
    .map(({ blocks, implicitBody, implicitAt, implicitClose, preOpened, old }) => {
      // A block without a close ends the output: nothing after it could be read as its own.
      const last = blocks.findIndex((b) => b.close === "");
      const kept = last < 0 ? blocks : blocks.slice(0, last + 1);
      const parts = kept.map((b) => b.open + b.body + b.close);
      if (implicitBody !== null) parts.splice(last < 0 ? implicitAt % (parts.length + 1) : 0, 0, implicitBody + implicitClose);
      let prefix = old + anchorText(template);
      if (preOpened && kept.length && parts[0]!.startsWith(kept[0]!.open)) {
        prefix += kept[0]!.open;
        parts[0] = parts[0]!.slice(kept[0]!.open.length);
      }
      return { prefix, text: parts.join("") };
    });
}

/** An adversarial output: delimiter pieces, bodies of every content type and noise, in any order. */
function pieced(template: Record<string, JsonValue>): fc.Arbitrary<{ prefix: string; text: string }> {
  const pieces = piecesOf(template);
  const piece = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...pieces) },
    { weight: 2, arbitrary: fc.constantFrom(...BODIES) },
    { weight: 2, arbitrary: fc.constantFrom(...NOISE) },
  );
  return fc.record({
    prefix: fc.constantFrom("", "<|s|>", "old<|s|>" + pieces[pieces.length - 1], "aaa", "junk"),
    text: fc.array(piece, { maxLength: 14 }).map((p) => p.join("")),
  });
}

const caseArb = templateArb.chain(({ template, coherent }) =>
  fc.record({
    template: fc.constant(template),
    output: coherent ? fc.oneof({ weight: 5, arbitrary: wellFormed(template) }, { weight: 1, arbitrary: pieced(template) }) : pieced(template),
    cuts: fc.array(fc.integer({ min: 0, max: 200 }), { maxLength: 6 }),
    tools: fc.boolean(),
  }),
);

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

/** How a case ends through the interpreter, fed whole: a value (some region closed), no region, or an error. */
function outcome(trace: string[]): "value" | "no region" | "error" | "error after a value" {
  const err = trace.findIndex((l) => /^(init|feed|final)_error /.test(l));
  const closed = trace.slice(0, err < 0 ? undefined : err).some((l) => l.includes('"type":"region_close"'));
  if (err < 0) return closed ? "value" : "no region";
  return closed ? "error after a value" : "error";
}

beforeAll(() => clearCache("property"));

describe("generated ≡ interpreted", () => {
  it(`random templates, outputs and chunkings (${propertyRuns(RUNS)} runs)`, async () => {
    let n = 0;
    const outcomes = new Tally<ReturnType<typeof outcome>>();
    await checkAsyncProperty(
      fc.asyncProperty(caseArb, async ({ template, output: { prefix, text }, cuts, tools }) => {
        const id = `prop${n++}`;
        const m = (await compileAndImport("property", [{ id, template }])).get(id)!;
        if (m instanceof Error) throw m;
        const options: ParseOptions = { prefix };
        if (tools) options.tools = TOOLS;
        outcomes.add(outcome(exactTrace(() => createResponseParser(template, options), [text])));
        for (const chunks of [[text], chunk(text, cuts), Array.from(text)]) {
          const gen = exactTrace(() => m.createResponseParser(options), chunks);
          const int = exactTrace(() => createResponseParser(template, options), chunks);
          expect(gen).toEqual(int);
        }
      }),
      RUNS,
    );
    console.log(`equivalence outcomes (${outcomes.total} cases): ${outcomes}`);
    // Mostly values (the comparison is about what the parsers produce), and error paths still compared.
    expect(outcomes.share("value"), String(outcomes)).toBeGreaterThanOrEqual(0.5);
    expect(outcomes.share("error") + outcomes.share("error after a value"), String(outcomes)).toBeGreaterThanOrEqual(0.05);
  }, 600_000);
});
