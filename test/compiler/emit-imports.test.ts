// What a generated module imports decides what a bundle of it carries (scripts/bench/bundle-size.ts):
// content parsers one by one (each the table's own entry), for its fields and the value_parsers its
// content_args name, only the Unicode tables its patterns use, and the backtracking matcher only if needed;
// a state that watches a pattern brings the runtime's scan (scanWatched) and its delimiter classes.

import { describe, expect, it } from "vitest";
import * as runtime from "../../runtime/core/index.ts";
import type { JsonValue } from "../../runtime/core/index.ts";
import { compileSource } from "../../compiler/build/compile.ts";
import { DIRECT_PARSERS } from "../../compiler/emit/emit-module.ts";

const compiled = (template: JsonValue): Promise<string> =>
  compileSource({ name: "t", file: "t.json", at: "", template }, { format: false, runtime: "response-template/runtime" });
const valueImports = async (template: JsonValue): Promise<string[]> =>
  (await compiled(template)).match(/^import \{([^}]*)\} from/m)![1]!.split(",").map((s) => s.trim()).filter(Boolean).sort();

describe("generated module imports", () => {
  it("name each directly importable parser by the runtime export that is its table entry", () => {
    const exports = runtime as unknown as Record<string, unknown>;
    for (const [name, exported] of Object.entries(DIRECT_PARSERS)) expect(exports[exported], name).toBe(runtime.CONTENT_PARSERS[name]);
    expect(Object.keys(runtime.CONTENT_PARSERS).filter((n) => !(n in DIRECT_PARSERS))).toEqual([]);
  });

  it("bring only the parsers and tables a template uses", async () => {
    const fields = (tool: JsonValue) => ({ tool_calls: tool, content: { content: "text" } });
    expect(
      await valueImports({
        start_anchor: "<a>",
        fields: fields({ open_pattern: "\\s*<call>", close: "</call>", content: "json", content_args: { allow_non_json: true }, repeats: true }),
      }),
    ).toEqual(["GuardedPatternDelimiter", "PatternMatcher", "SPACE", "StreamParser", "parseJson", "parseWhole", "pyStrip", "scanWatched"]);
    expect(
      await valueImports({
        start_anchor: "<a>",
        fields: fields({ open_pattern: "<call name=(?P<n>\\w+)>", close: "</call>", content: "python-calls", transform_each: true, transform: { f: "{name}" } }),
      }),
    ).toEqual(["GuardedPatternDelimiter", "PatternMatcher", "StreamParser", "WORD", "parsePythonCalls", "parseWhole", "pyStrip", "scanWatched", "transformField"]);
    expect(
      await valueImports({ start_anchor: "<a>", fields: fields({ open: "<c>", close: "</c>", content: "xml-inline", content_args: { tag_pattern: "<(?P<key>\\w+)>(?P<value>.*?)</\\w+>" } }) }),
    ).toEqual(["PatternMatcher", "StreamParser", "WORD", "parseWhole", "parseXmlInline", "pyStrip"]);
  });

  it("hand xml-inline and kv-lines exactly the parsers named in a value_parser, nested ones included", async () => {
    const valueParser = { name: "kv-lines", args: { value_parser: { name: "int" } } };
    const template = {
      start_anchor: "<a>",
      fields: {
        tool_calls: { open: "<c>", close: "</c>", content: "xml-inline", content_args: { tag_pattern: "<(?P<key>[a-z]+)>(?P<value>[^<]*)</[a-z]+>", value_parser: valueParser } },
        extra: { open: "<e>", close: "</e>", content: "kv-lines", content_args: { value_parser: { args: {} } } },
        other: { open: "<o>", close: "</o>", content: "kv-lines", content_args: { value_parser: { name: "nope" } } },
        content: { content: "text" },
      },
    };
    const code = await compiled(template);
    expect(code).toMatch(/parsers: \{ "int": parseIntContent, "kv-lines": parseKvLines, "text": parseText \}/);
    expect(await valueImports(template)).toEqual(["PatternMatcher", "StreamParser", "parseIntContent", "parseKvLines", "parseText", "parseWhole", "parseXmlInline", "pyStrip"]);
  });

  it("bring the backtracking matcher only for a pattern that needs it", async () => {
    const withClose = (close_pattern: string) => ({ start_anchor: "<a>", fields: { x: { open: "<x>", close_pattern }, content: {} } });
    expect(await valueImports(withClose("</x>(?:(c)\\1){1,2}"))).toContain("Backtracker");
    expect(await valueImports(withClose("</x>(c)\\1"))).not.toContain("Backtracker");
  });
});
