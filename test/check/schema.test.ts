// schema/response-template.schema.json: accepts every template in templates/ and the docs' examples,
// rejects the shapes the loader rejects, and .vscode maps templates/*.json to it.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { validate } from "./json-schema.ts";
import { looksLikeTemplate } from "../../compiler/check/index.ts";
import { names } from "../../generated/index.ts";

const ROOT = join(import.meta.dirname, "../..");
const schema = JSON.parse(readFileSync(join(ROOT, "schema/response-template.schema.json"), "utf8")) as Record<string, unknown>;

const GOOD = [
  {
    defaults: { role: "assistant" },
    start_anchor: "<|im_start|>assistant\n",
    fields: {
      thinking: { open: "<think>", close: "</think>", content: "text" },
      tool_calls: { open: "<tool_call>", close: "</tool_call>", repeats: true, content: "json", transform: { type: "function", function: "{content}" } },
      content: { close: "<|im_end|>", content: "text" },
    },
  },
  {
    start_anchor_pattern: "<\\|start\\|>assistant",
    version: 1,
    fields: {
      tool_calls: {
        open_pattern: "<tool_call>\\s*<function=(?P<name>\\w+)>",
        close: ["</tool_call>", "<|call|>"],
        repeats: true,
        content: "xml-inline",
        content_args: { tag_pattern: "<parameter=(?P<key>\\w+)>(?P<value>.*?)</parameter>", value_parser: { name: "json", args: { allow_non_json: true } } },
        transform: { type: "function", function: { name: "{name}", arguments: "{content}" } },
      },
      content: { repeats: true, join: "" },
    },
  },
];

const BAD: [string, object][] = [
  ["no anchor", { fields: { content: {} } }],
  ["both anchors", { start_anchor: "a", start_anchor_pattern: "a", fields: { content: {} } }],
  ["unknown top-level key", { start_anchor: "a", fields: { content: {} }, $schema: "x" }],
  ["empty fields", { start_anchor: "a", fields: {} }],
  ["unknown field key", { start_anchor: "a", fields: { content: { colour: 1 } } }],
  ["open and open_pattern", { start_anchor: "a", fields: { t: { open: "<t>", open_pattern: "<t>" } } }],
  ["empty literal", { start_anchor: "a", fields: { t: { open: "" } } }],
  ["join without repeats", { start_anchor: "a", fields: { t: { open: "<t>", join: "" } } }],
  ["transform_each without transform", { start_anchor: "a", fields: { t: { open: "<t>", transform_each: true } } }],
  ["xml-inline without tag_pattern", { start_anchor: "a", fields: { t: { open: "<t>", content: "xml-inline" } } }],
  ["bad parser name", { start_anchor: "a", fields: { t: { open: "<t>", content: "Not A Parser" } } }],
  ["version 2", { version: 2, start_anchor: "a", fields: { t: {} } }],
];

describe("response template JSON Schema", () => {
  it("accepts the docs' examples", () => {
    for (const t of GOOD) expect(validate(schema, t)).toEqual([]);
  });

  it("rejects malformed templates", () => {
    for (const [why, t] of BAD) expect(validate(schema, t).length, why).toBeGreaterThan(0);
  });

  const dir = join(ROOT, "templates");
  const files = readdirSync(dir).filter((f) => f.endsWith(".json") && looksLikeTemplate(join(dir, f)));
  it(`accepts every template in templates/ (${files.length}, one per compiled model)`, () => {
    expect(files.map((f) => f.slice(0, -5)).sort()).toEqual([...names].sort());
    const bad = files.flatMap((f) => validate(schema, JSON.parse(readFileSync(join(dir, f), "utf8"))).map((e) => `${f} ${e}`));
    expect(bad).toEqual([]);
  });

  it("is wired to templates/*.json for VS Code (by settings, not a $schema key the reference would reject)", () => {
    const settings = JSON.parse(readFileSync(join(ROOT, ".vscode/settings.json"), "utf8")) as { "json.schemas": { fileMatch: string[]; url: string }[] };
    const entry = settings["json.schemas"].find((s) => s.fileMatch.includes("templates/*.json"));
    expect(entry?.url).toBe("./schema/response-template.schema.json");
  });
});
