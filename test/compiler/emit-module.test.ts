// How emit/emit-module.ts puts a generated module together, checked where a wrong choice shows: the
// module's wiring (content patterns compiled or found invalid, content_args that are not a dict, transforms
// with several captures, Python floats, backtracking patterns, start anchors of several literals, the rtc
// extensions `into` and `argument_types`, the exported template and parseResponse) gives exactly the
// interpreter's traces; and where the text itself is the product, the text: its header, its two import
// lines (what a bundle of it carries, in sorted groups), its public API (the .d.ts of `rtc build --js`), and
// that it passes the TypeScript compiler with the repository's strict settings.

import { beforeAll, describe, expect, it } from "vitest";
import { createResponseParser, parseResponse } from "../../runtime/interpret/index.ts";
import { pyJsonLoads } from "../../runtime/core/python/json.ts";
import type { JsonValue, ParseOptions } from "../../runtime/core/types.ts";
import { compileSource } from "../../compiler/build/compile.ts";
import { clearCache, emitToCache, importGenerated, type GeneratedModule } from "../../compiler/build/temp-build.ts";
import { toJavaScript } from "../../compiler/emit/javascript.ts";
import { canonical } from "../../compiler/replay/tagged.ts";
import { exactTrace } from "./exact-trace.ts";
import { strictDiagnostics } from "../support/typecheck.ts";

const GROUP = "emit-module";
const OPTIONS: ParseOptions = { prefix: "<s>" };

async function generated(id: string, template: JsonValue): Promise<GeneratedModule> {
  const [path] = await emitToCache(GROUP, [{ id, template }]);
  if (path instanceof Error) throw path;
  return importGenerated(path!);
}

/** Compiles the template and checks every text's exact trace against the interpreter's, for the whole text
 * and one character at a time; returns the interpreter's whole-text traces (so a test can show what its
 * texts reach). */
async function agreed(id: string, template: JsonValue, texts: string[], options: ParseOptions = OPTIONS): Promise<string[]> {
  const m = await generated(id, template);
  return texts.map((text) => {
    for (const chunks of [[text], Array.from(text)]) {
      expect(exactTrace(() => m.createResponseParser(options), chunks), JSON.stringify(chunks)).toEqual(
        exactTrace(() => createResponseParser(template, options), chunks),
      );
    }
    return exactTrace(() => createResponseParser(template, options), [text]).join("\n");
  });
}

const source = (template: JsonValue): Promise<string> =>
  compileSource({ name: "t", file: "t.json", at: "", template }, { format: false, runtime: "response-template/runtime" });

/** The module's two import statements (values, then types), as written. */
async function importLines(template: JsonValue): Promise<string[]> {
  const lines = (await source(template)).split("\n").filter((l) => l.startsWith("import "));
  expect(lines).toHaveLength(2);
  return lines;
}

const imports = (values: string[], types: string[]): string[] => [
  `import { ${values.join(", ")} } from "response-template/runtime";`,
  `import type { ${types.join(", ")} } from "response-template/runtime";`,
];
/** The type imports every module has, before the ones it adds. */
const BASE_TYPES = ["FieldPlan", "Plan", "ScanResult", "JsonObject", "JsonValue", "ParseOptions", "ResponseParser", "Recovered", "RecoverOptions"];

const tag = (close: string) => `<(?P<key>[a-z]+)>(?P<value>[^<]*)</${close}>`;
const anchored = (anchor: string[]) => ({ start_anchor: anchor, fields: { t: { open: "<t>", close: "</t>" }, content: {} } });

/** The templates this file compiles (each one's test says what it is for); all are type-checked at the end. */
const T = {
  // Every feature of the module at once: a pattern open with a \w capture, a content pattern with \d, value
  // parsers named out of order (kv-lines, then int inside it), field contents out of order, a Python float
  // in a transform, transform_each (the runtime's transform step), content_args that are not a dict (the
  // runtime's processField), a start anchor of two literals.
  rich: pyJsonLoads(`{"start_anchor": ["<s>", "<start>"], "fields": {
    "a": {"open_pattern": "<a (?P<n>\\\\w+)>", "close": "</a>", "content": "xml-inline",
          "content_args": {"tag_pattern": "<(?P<key>\\\\d+)>(?P<value>[^<]*)</\\\\d+>", "value_parser": {"name": "kv-lines", "args": {"value_parser": {"name": "int"}}}},
          "transform": {"n": "{n}", "v": "{content}", "w": 1.0}},
    "b": {"open": "<b>", "close": "</b>", "content": "float", "content_args": {}},
    "c": {"open": "<c>", "close": "</c>", "content": "python-calls", "transform_each": true, "transform": {"f": "{name}"}},
    "d": {"open": "<d>", "close": "</d>", "content": "text", "content_args": ["x"]},
    "content": {}
  }}`),
  contentPatterns: {
    start_anchor: "<s>",
    fields: {
      // The invalid one first: its missing entry in the map of compiled ones must not leave a hole there.
      a: { open: "<a>", close: "</a>", content: "xml-inline", content_args: { tag_pattern: tag("(\\w+") } },
      b: { open: "<b>", close: "</b>", content: "xml-inline", content_args: { tag_pattern: tag("[a-z]+") } },
      c: { open: "<c>", close: "</c>", content: "xml-inline", content_args: { tag_pattern: tag("\\w+") } },
      content: {},
    },
  },
  argsList: { start_anchor: "<s>", fields: { d: { open: "<d>", close: "</d>", content: "json", content_args: [1] }, content: {} } },
  twoCaptures: {
    start_anchor: "<s>",
    fields: {
      c: { open_pattern: "<c(?: a=(?P<a>\\w+))?(?: b=(?P<b>\\w+))?>", close: "</c>", transform: { a: "{a}", b: "{b}", v: "{content}" } },
      content: {},
    },
  },
  floatConst: pyJsonLoads('{"start_anchor": "<s>", "fields": {"c": {"open": "<c>", "close": "</c>", "transform": {"w": 2.0, "v": "{content}"}}}}'),
  backtrack: {
    start_anchor: "<s>",
    fields: { x: { open: "<x>", close_pattern: "</x>(?:(c)\\1){1,2}" }, y: { open_pattern: "<y\\d>", close: "</y>" }, content: {} },
  },
  anchorLongest: anchored(["<abc>", "<ab"]),
  anchorLeftmost: anchored(["ab", "bc"]),
  extensions: {
    defaults: { role: "assistant" },
    start_anchor: "<s>",
    fields: {
      tool_calls: { open: "<tool_call>", close: "</tool_call>", content: "json", repeats: true },
      calls: {
        open_pattern: "<call name=(?P<name>\\w+)>",
        close: "</call>",
        repeats: true,
        content: "xml-inline",
        content_args: { tag_pattern: tag("[a-z]+") },
        into: "tool_calls",
        transform: { type: "function", function: { name: "{name}", arguments: "{content}" } },
        argument_types: "json",
      },
      content: {},
    },
  },
  exports: { start_anchor: "<s>", fields: { c: { open: "<c>", close: "</c>", content: "json" }, content: {} } },
  nameList: {
    start_anchor: "<s>",
    fields: { c: { open: "<c>", close: "</c>", content: "xml-inline", content_args: { tag_pattern: tag("[a-z]+"), value_parser: { name: ["int"] } } } },
  },
  jsonOnly: { start_anchor: "<s>", fields: { c: { open: "<c>", close: "</c>", content: "json", transform: { v: "{content}", k: 1 } } } },
  floatField: { start_anchor: "<s>", fields: { b: { open: "<b>", close: "</b>", content: "float", content_args: {} }, content: {} } },
} satisfies Record<string, JsonValue>;

beforeAll(() => clearCache(GROUP));

describe("generated ≡ interpreted where the module's wiring shows", () => {
  it("the template's features at once", async () => {
    const traces = await agreed("rich", T.rich, ["<a f><1>k: 7</1><2>x: 2</2></a> then <b>2.5</b> and <c>[g(x=1), h()]</c>", "<d>some text</d> after"]);
    expect(traces[0]).toContain('"a":{"n":"f","v":{"1":{"k":7},"2":{"x":2}},"w":{"$float":"0x1.0000000000000p+0"}}');
    expect(traces[0]).toContain('"c":[{"f":"g"},{"f":"h"}]');
    expect(traces[1]).toContain("final_error ContentError/AttributeError: ");
  });

  it("content patterns: each valid one served to its parser, an invalid one raising Python's error when it is used", async () => {
    const traces = await agreed("content-patterns", T.contentPatterns, ["<b><x>1</x></b> <c><y>2</y></c>", "<a><z>3</z></a>"]);
    expect(traces[0]).toContain('"b":{"x":"1"},"c":{"y":"2"}');
    expect(traces[1]).toMatch(/final_error PatternError\/RegexError: missing \), unterminated subpattern at column 40/);
  });

  it("content_args that are not a dict fail as in the reference, through the runtime's processField", async () => {
    const [trace] = await agreed("args-list", T.argsList, ["x <d>[1]</d> y"]);
    expect(trace).toContain("final_error ContentError/AttributeError: ");
  });

  it("a transform with two captures: both taken part, or one missing (the runtime's transform raises)", async () => {
    const traces = await agreed("two-captures", T.twoCaptures, ["<c a=1 b=2>x</c>", "<c a=1>x</c>", "<c b=2>x</c>"]);
    expect(traces[0]).toContain('"c":{"a":"1","b":"2","v":"x"}');
    expect(traces[1]).toContain("final_error");
    expect(traces[2]).toContain("final_error");
  });

  it("a Python float in a transform stays a float", async () => {
    const [trace] = await agreed("float-const", T.floatConst, ["<c>x</c>"]);
    expect(trace).toContain('"c":{"w":{"$float":"0x1.0000000000000p+1"},"v":"x"}');
  });

  it("a pattern that needs the backtracking matcher, next to one that does not", async () => {
    const traces = await agreed("backtrack", T.backtrack, ["<x>1</x>cccc rest", "<y1>2</y> <x>3</x>c"]);
    expect(traces[0]).toContain('"x":"1"');
    expect(traces[1]).toContain('"y":"2"');
  });

  it("a start anchor of several literals: the prefix is kept after the last leftmost, longest match", async () => {
    // ["<abc>", "<ab"]: both start at one place, the longer wins; ["ab", "bc"]: "ab" at 0 hides "bc" at 1.
    const [longer] = await agreed("anchor-longest", T.anchorLongest, ["x"], { prefix: "q <abc>kept " });
    expect(longer).toContain('"content":"kept x"');
    const [leftmost] = await agreed("anchor-leftmost", T.anchorLeftmost, ["x"], { prefix: "q abc " });
    expect(leftmost).toContain('"content":"c x"');
  });

  it("into and argument_types (rtc extensions) are written into the field plans", async () => {
    const [trace] = await agreed("extensions", T.extensions, ['<tool_call>{"type": "function"}</tool_call><call name=g><n>1</n><s>x</s></call>']);
    expect(trace).toContain('"tool_calls":[{"type":"function"},{"type":"function","function":{"name":"g","arguments":{"n":1,"s":"x"}}}]');
  });

  it("exports the template and parseResponse (whole texts, lists of them, recover mode)", async () => {
    const m = await generated("exports", T.exports);
    expect(canonical(m.template)).toBe(canonical(T.exports));
    const whole = m.parseResponse as (text: string | string[], options: ParseOptions) => unknown;
    const texts = ['a <c>{"k": 1}</c>', "b <c>{bad</c>"];
    expect(canonical(whole(texts[0]!, OPTIONS) as JsonValue)).toBe(canonical(parseResponse(T.exports, texts[0]!, OPTIONS)));
    const recover = { ...OPTIONS, onError: "recover" as const };
    expect(canonical(whole(texts, recover) as JsonValue)).toBe(canonical(parseResponse(T.exports, texts, recover) as unknown as JsonValue));
    expect(() => whole(texts, OPTIONS)).toThrow(/Expecting property name enclosed in double quotes/);
    expect(() => parseResponse(T.exports, texts, OPTIONS)).toThrow(/Expecting property name enclosed in double quotes/);
  });

  it("a value_parser name that is not a string fails as unhashable, as in the interpreter", async () => {
    const [trace] = await agreed("name-list", T.nameList, ["<c><a>1</a></c>"]);
    expect(trace).toContain("unhashable type: 'list'");
  });
});

describe("the module's text", () => {
  it("starts with the header: where it came from, not to edit it, how to see its plan", async () => {
    const code = await source({ start_anchor: "<s>", fields: { content: {} } });
    expect(code.split("\n").slice(0, 3)).toEqual([
      '// Generated by `rtc build` from t.json (template "t"). Do not edit: rebuild with `rtc build`.',
      "// Scanners are specialised to this template's delimiters; the engine (runtime/core/engine/stream.ts) is shared.",
      "// `rtc build --explain t.json` prints the plan this code was generated from.",
    ]);
  });

  it("imports only what it uses: literals only, a json field without arguments, a transform of constants and {content}", async () => {
    expect(await importLines(T.jsonOnly)).toEqual(
      imports(["StreamParser", "parseWhole", "parseJsonPlain"], [...BASE_TYPES, "ContentContext", "ContentParser", "PyPattern"]),
    );
  });

  it("imports each group sorted, every feature's runtime, and no name both as a value and as a type", async () => {
    expect(await importLines(T.rich)).toEqual(
      imports(
        [
          ...["StreamParser", "parseWhole"],
          ...["parseFloatContent", "parsePythonCalls", "parseXmlInline", "parseIntContent", "parseKvLines"], // fields' parsers, then value parsers, by content name
          ...["PatternMatcher", "DIGIT", "WORD"],
          ...["GuardedPatternDelimiter", "LiteralDelimiter", "scanWatched"],
          ...["PyFloat", "applyPrepared", "processField", "transformField", "pyStrip"],
        ],
        [...BASE_TYPES, "ContentContext", "ContentParser", "UnicodeTables", "PyPattern", "Watched", "FieldProcessing", "FieldTransform", "PreparedTransform"],
      ),
    );
  });

  it("imports no parser for a value_parser name that is not a string (it fails before any lookup)", async () => {
    expect((await importLines(T.nameList))[0]).toBe(imports(["StreamParser", "parseWhole", "parseXmlInline", "PatternMatcher"], [])[0]);
  });

  it("imports PyFloat as a type when only the Message type names it", async () => {
    expect((await importLines(T.floatField))[1]).toBe(
      imports([], [...BASE_TYPES, "PyFloat", "ContentContext", "ContentParser", "PyPattern"])[1],
    );
  });

  it("declares its public API with types and docs (the .d.ts of rtc build --js)", async () => {
    const code = await source({ start_anchor: "<s>", fields: { c: { open: "<c>", close: "</c>", content: "json" } } });
    expect(toJavaScript("t.ts", code).dts).toBe(`import type { JsonValue, ParseOptions, ResponseParser, Recovered, RecoverOptions } from "response-template/runtime";
/** The message this parser returns: the template's defaults, plus one key per field that captured something. */
export type Message = {
    /** fields.c: json. */
    c?: JsonValue;
};
/** The response template this module was compiled from. */
export declare const template: JsonValue;
/** A streaming parser: feed() chunks as they arrive, then finalize(). \`prefix\` (the prompt) is required. */
export declare function createResponseParser(options: ParseOptions): ResponseParser<Message>;
/** Parses whole responses: one feed and finalize each. A list of texts gives a list of messages; with
 * \`onError: "recover"\` each result is \`{message, errors}\`. */
export declare function parseResponse(text: string, options: RecoverOptions): Recovered<Message>;
export declare function parseResponse(text: string[], options: RecoverOptions): Recovered<Message>[];
export declare function parseResponse(text: string, options: ParseOptions): Message;
export declare function parseResponse(text: string[], options: ParseOptions): Message[];
`);
  });

  it("passes the TypeScript compiler with the repository's strict settings", async () => {
    const paths = await emitToCache(GROUP, Object.entries(T).map(([id, template]) => ({ id, template })));
    const files = paths.filter((p): p is string => typeof p === "string");
    expect(files).toHaveLength(Object.keys(T).length);
    const diagnostics = strictDiagnostics(files);
    expect(diagnostics).toEqual([]);
  }, 120_000);
});

describe("what a module carries of the \\w table", () => {
  it("passes it to the json parser only when the template names unquoted_keys", async () => {
    const plain = await source({ start_anchor: "<s>", fields: { c: { open: "<c>", close: "</c>", content: "json", transform: { v: "{content}" } } } });
    expect(plain).not.toContain("WORD");
    const keyed = await source({ start_anchor: "<s>", fields: { c: { open: "<c>", close: "</c>", content: "json", content_args: { unquoted_keys: true } } } });
    expect(keyed).toContain("word: WORD");
  });
});
