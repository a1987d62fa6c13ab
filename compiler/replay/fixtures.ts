// Reading a conformance folder (templates.jsonl, tools.json, sessions-*.jsonl) in the FORMAT.md layout.

import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { JsonValue } from "response-template/runtime";
import { readJsonl, untag } from "./tagged.ts";
import type { SessionRow } from "./session.ts";

export interface TemplateRow {
  id: string;
  source: string;
  /** Untagged template JSON. */
  template: JsonValue;
  hf: { ok: true } | { error: string };
}

export interface FixtureSet {
  templates: Map<string, TemplateRow>;
  tools: Map<string, JsonValue>;
}

const cache = new Map<string, FixtureSet>();

/** Templates and tools that live beside a sessions file. */
export function fixturesBeside(sessionsFile: string): FixtureSet {
  const dir = dirname(sessionsFile);
  let set = cache.get(dir);
  if (set) return set;
  const templates = new Map<string, TemplateRow>();
  const tplFile = join(dir, "templates.jsonl");
  if (!existsSync(tplFile)) throw new Error(`${sessionsFile}: no templates.jsonl beside it (see FORMAT.md)`);
  for (const row of readJsonl(tplFile) as unknown as TemplateRow[]) {
    templates.set(row.id, { ...row, template: untag(row.template) });
  }
  const tools = new Map<string, JsonValue>();
  const toolsFile = join(dir, "tools.json");
  if (existsSync(toolsFile)) {
    const raw = JSON.parse(readFileSync(toolsFile, "utf8")) as Record<string, JsonValue>;
    for (const [k, v] of Object.entries(raw)) tools.set(k, untag(v));
  }
  set = { templates, tools };
  cache.set(dir, set);
  return set;
}

export function readSessions(file: string): SessionRow[] {
  return readJsonl(file) as unknown as SessionRow[];
}
