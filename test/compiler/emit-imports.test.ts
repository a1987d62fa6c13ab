// What a generated module imports decides what a bundle of it carries (scripts/bench/bundle-size.ts):
// content parsers one by one (each the table's own entry), and only the Unicode tables its patterns use.

import { describe, expect, it } from "vitest";
import * as runtime from "../../packages/response-template/runtime/index.ts";
import type { JsonValue } from "../../packages/response-template/runtime/index.ts";
import { compileSource } from "../../packages/response-template-compiler/build/compile.ts";
import { DIRECT_PARSERS } from "../../packages/response-template-compiler/emit/emit-module.ts";

const valueImports = async (template: JsonValue): Promise<string[]> => {
  const code = await compileSource({ name: "t", file: "t.json", at: "", template }, { format: false, runtime: "response-template/runtime" });
  return code.match(/^import \{([^}]*)\} from/m)![1]!.split(",").map((s) => s.trim()).filter(Boolean).sort();
};

describe("generated module imports", () => {
  it("name each directly importable parser by the runtime export that is its table entry", () => {
    const exports = runtime as unknown as Record<string, unknown>;
    for (const [name, exported] of Object.entries(DIRECT_PARSERS)) expect(exports[exported], name).toBe(runtime.CONTENT_PARSERS[name]);
    // The rest may call any parser by name (value_parser), so modules reach them through the table.
    expect(Object.keys(runtime.CONTENT_PARSERS).filter((n) => !(n in DIRECT_PARSERS)).sort()).toEqual(["kv-lines", "xml-inline"]);
  });

  it("bring only the parsers and tables a template uses", async () => {
    const fields = (tool: JsonValue) => ({ tool_calls: tool, content: { content: "text" } });
    expect(
      await valueImports({
        start_anchor: "<a>",
        fields: fields({ open_pattern: "\\s*<call>", close: "</call>", content: "json", content_args: { allow_non_json: true }, repeats: true }),
      }),
    ).toEqual(["PatternMatcher", "SPACE", "StreamParser", "parseJson", "parseWhole", "pyStrip"]);
    expect(
      await valueImports({
        start_anchor: "<a>",
        fields: fields({ open_pattern: "<call name=(?P<n>\\w+)>", close: "</call>", content: "python-calls", transform_each: true, transform: { f: "{name}" } }),
      }),
    ).toEqual(["PatternMatcher", "StreamParser", "WORD", "parsePythonCalls", "parseWhole", "pyStrip", "transformField"]);
    expect(
      await valueImports({ start_anchor: "<a>", fields: fields({ open: "<c>", close: "</c>", content: "xml-inline", content_args: { tag_pattern: "<(?P<key>\\w+)>(?P<value>.*?)</\\w+>" } }) }),
    ).toEqual(["CONTENT_PARSERS", "PatternMatcher", "StreamParser", "WORD", "parseWhole", "pyStrip"]);
  });
});
