// rtc check: every error in one run (with file:line:col and pattern columns), each trap warning, --portable
// notes, legacy schemas, and the template library checking clean of errors.

import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkFile, checkTemplate, formatDiagnostic, looksLikeTemplate } from "../../compiler/check/index.ts";
import type { JsonValue } from "../../runtime/core/types.ts";
import { names } from "../../generated/index.ts";

const dir = mkdtempSync(join(tmpdir(), "rtc-check-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

const codes = (t: object, portable = false) => checkTemplate(t as JsonValue, { portable }).map((d) => `${d.severity}:${d.code}:${d.path}`);

describe("rtc check", () => {
  it("reports every load error with file, line, column and JSON path; pattern errors with their column", () => {
    const f = file(
      "bad.json",
      `{
  "start_anchor": "<|im_start|>assistant\\n",
  "fields": {
    "thinking": {"open": "<think>", "close": "</think>", "colour": "red"},
    "tool_calls": {
      "open_pattern": "\\\\s*<tool_call>(?P<name\\\\w+)",
      "close": "</tool_call>"
    },
    "content": {"close": "<|im_end|>", "content": "yaml"}
  }
}
`,
    );
    const ds = checkFile(f);
    const lines = ds.map((d) => formatDiagnostic(d, false));
    expect(ds.every((d) => d.severity === "error")).toBe(true);
    expect(ds.map((d) => d.path).sort()).toEqual(["fields.content.content", "fields.thinking", "fields.tool_calls.open_pattern"]);
    const pat = ds.find((d) => d.path === "fields.tool_calls.open_pattern")!;
    expect(pat.patternColumn).toBeGreaterThan(3);
    // Line 6; the pattern's first character is at column 24 (after `      "open_pattern": "`), and the `\\\\s`
    // before the error is two characters in the file for one in the pattern.
    expect(pat.position).toEqual({ line: 6, col: 24 + pat.patternColumn! + 1 });
    expect(lines.find((l) => l.includes("fields.thinking"))).toMatch(/^.*bad\.json:4:5: error fields\.thinking: unknown key\(s\) \['colour'\]/);
    expect(lines.find((l) => l.includes("content.content"))).toMatch(/bad\.json:9:40: error .*unknown content parser "yaml"/);
  });

  it("warns about lazy patterns that hold back unbounded text", () => {
    const t = {
      start_anchor: "<|start|>assistant",
      fields: {
        tool_calls: {
          open_pattern: "<\\|channel\\|>commentary to=functions\\.(?P<name>\\w+).*?<\\|message\\|>",
          close: "<|call|>",
          repeats: true,
          content: "json",
          transform: { type: "function", function: { name: "{name}", arguments: "{content}" } },
        },
        content: { open: "<|channel|>final<|message|>", close: "<|end|>" },
      },
    };
    const ds = checkTemplate(t);
    // (\w+ and .*? can also split a run of word characters between them: a polynomial-backtracking warning.)
    expect(ds.map((d) => d.code)).toEqual(["lazy-holdback", "polynomial-backtracking"]);
    expect(ds[0]!.patternColumn).toBe(t.fields.tool_calls.open_pattern.indexOf(".*?"));
  });

  it("warns about unused captures, literal prefixes, implicit overwrites and fields that never match", () => {
    expect(
      codes({
        start_anchor: "x",
        fields: {
          a_tool: { open_pattern: "<call (?P<name>\\w+) (?P<id>\\d+)>", close: "</call>", transform: { name: "{name}" } },
          think: { open: ["<think>", "<think>\n"], close: "</think>" },
          thought: { open: "<think>", close: "</think>" },
          content: { close: "<end>" },
        },
      }),
    ).toEqual([
      "warning:unused-capture:fields.a_tool.open_pattern",
      "warning:literal-prefix:fields.think.open",
      "warning:literal-prefix:fields.thought.open",
      "warning:implicit-overwrite:fields.content",
      "warning:never-matches:fields.thought.open",
    ]);
    expect(codes({ start_anchor: "x", fields: { content: { close: "<end>", repeats: true, join: "" }, t: { open: "<end>", close: "</t>" } } })).toEqual([
      "warning:never-matches:fields.content.close",
    ]);
    // A close pattern's named group without a transform is a load error, not a warning.
    expect(codes({ start_anchor: "x", fields: { t: { open: "<a>", close_pattern: "</a(?P<x>\\d)>" } } })).toEqual(["error:load:fields.t.close_pattern"]);
  });

  it("a clean template has no diagnostics, and --portable flags rtc extensions and regex features", () => {
    const smol = {
      defaults: { role: "assistant" },
      start_anchor: "<|im_start|>assistant\n",
      fields: {
        thinking: { open: "<think>", close: "</think>" },
        tool_calls: { open: "<tool_call>", close: "</tool_call>", repeats: true, content: "json", transform: { type: "function", function: "{content}" } },
        content: { close: "<|im_end|>", repeats: true, join: "" },
      },
    };
    expect(codes(smol)).toEqual([]);
    expect(codes(smol, true)).toEqual([]);
    const t = {
      start_anchor: "x",
      fields: {
        a: { open_pattern: "(?<=\\n)<a>", close: "</a>", content: "json", content_args: { unquoted_keys: true, relaxed: true } },
        b: { open: "<b>", close: "</b>", content: "xml-inline", content_args: { tag_pattern: "<(?P<key>\\w+)>(?P<value>.*?)</(?P=key)>", value_parser: { name: "json", args: { lenient: 1 } } } },
      },
    };
    expect(codes(t, true)).toEqual([
      "portability:rtc-parser-arg:fields.a.content_args.relaxed",
      "portability:rtc-parser-arg:fields.b.content_args.value_parser.args.lenient",
      "portability:regex-feature:fields.a.open_pattern",
      "portability:regex-feature:fields.b.content_args.tag_pattern",
    ]);
  });

  it("recognises legacy schemas and tokenizer_config.json files", () => {
    const legacy = file("legacy.json", JSON.stringify({ type: "object", properties: { content: { type: "string", "x-regex": "<a>(.*?)</a>" } } }));
    expect(checkFile(legacy).map((d) => d.code)).toEqual(["legacy-schema"]);
    const cfg = file("tokenizer_config.json", JSON.stringify({ model_max_length: 1, response_template: { start_anchor: "x", fields: { content: { open: "<c>", close: "</c>", bogus: 1 } } } }, null, 1));
    const ds = checkFile(cfg);
    expect(ds.map((d) => [d.path, d.position?.line])).toEqual([["response_template.fields.content", 6]]);
  });

  const lib = join(import.meta.dirname, "../../templates");
  const templates = readdirSync(lib).filter((f) => f.endsWith(".json") && looksLikeTemplate(join(lib, f)));
  it(`finds no errors in templates/ (${templates.length} files, one per compiled model)`, () => {
    expect(templates.map((f) => f.slice(0, -5)).sort()).toEqual([...names].sort());
    const errors = templates.flatMap((f) => checkFile(join(lib, f))).filter((d) => d.severity === "error");
    expect(errors.map((d) => formatDiagnostic(d, false))).toEqual([]);
  });
});
