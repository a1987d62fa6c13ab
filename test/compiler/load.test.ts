// load → validate: which files are templates, how modules are named, and that errors name the file
// and the JSON path inside it.

import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BuildError, loadTemplates } from "../../compiler/build/load.ts";
import { buildOutputs } from "../../compiler/build/compile.ts";
import { planSource } from "../../compiler/build/compile.ts";
import { printPlan } from "../../compiler/plan/print-plan.ts";

const TEMPLATE = { start_anchor: "<|a|>", fields: { content: { close: "<|end|>" } } };

function tree(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), "rtc-load-"));
  for (const [path, json] of Object.entries(files)) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), typeof json === "string" ? json : JSON.stringify(json));
  }
  return dir;
}

describe("rtc build: load", () => {
  it("takes *.json templates and tokenizer_config.json response templates, skips catalog.json and samples/", () => {
    const dir = tree({
      "a.json": TEMPLATE,
      "catalog.json": { not: "a template" },
      "samples/a.json": { not: "a template" },
      "model-x/tokenizer_config.json": { bos_token: "<s>", response_template: TEMPLATE },
      "model-y/tokenizer_config.json": { bos_token: "<s>" },
    });
    const sources = loadTemplates([dir]);
    expect(sources.map((s) => [s.name, s.at])).toEqual([
      ["a", ""],
      ["model-x", "response_template"],
    ]);
  });

  it("names the file and the JSON path of a validation error", async () => {
    const dir = tree({ "bad.json": { start_anchor: "<|a|>", fields: { x: { open: "<x>", content: "nope" } } } });
    const { errors } = await buildOutputs([dir], { format: false });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/bad\.json: fields\.x\.content: unknown content parser "nope"/);
    const cfg = tree({ "m/tokenizer_config.json": { response_template: { start_anchor: 3, fields: { c: {} } } } });
    const r = await buildOutputs([cfg], { format: false });
    expect(r.errors[0]).toMatch(/tokenizer_config\.json: response_template\.start_anchor: /);
  });

  it("refuses two templates with one module name", () => {
    const dir = tree({ "x/t.json": TEMPLATE, "y/t.json": TEMPLATE });
    expect(() => loadTemplates([dir])).toThrow(BuildError);
  });

  it("--explain prints states, dispatch and hold-back tables", () => {
    const dir = tree({
      "t.json": {
        start_anchor: "<|a|>",
        fields: {
          thinking: { open: "<think>", close: "</think>" },
          tool_calls: { open: "<tool_call>", close: "</tool_call>", content: "json", repeats: true },
          content: { close: "<|im_end|>" },
        },
      },
    });
    const text = printPlan(planSource(loadTemplates([dir])[0]!));
    expect(text).toContain("first-character dispatch on \"<\"");
    expect(text).toContain('"</think>"  border [0,0,0,0,0,0,0,0,0]  hold-back by last char: "<"→1 "/"→2');
  });
});
