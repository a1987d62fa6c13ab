// `rtc replay --engine generated`: compiles every loadable template beside the sessions files into a
// cache folder, imports the modules, and hands out their parsers by template id.

import type { JsonValue } from "response-template/runtime";
import { fixturesBeside } from "../replay/fixtures.ts";
import type { ParserFactory } from "../replay/session.ts";
import { compileAndImport, type GeneratedModule } from "./temp-build.ts";

export type GeneratedEngine = (template: JsonValue, id: string) => ParserFactory;

/** Compiles the templates of a conformance folder (those the reference loads); id → module or build error. */
export async function compileFixtureTemplates(sessionFiles: readonly string[]): Promise<Map<string, GeneratedModule | Error>> {
  const rows = new Map<string, JsonValue>();
  for (const file of sessionFiles) {
    for (const row of fixturesBeside(file).templates.values()) {
      if ("ok" in row.hf && row.hf.ok) rows.set(row.id, row.template);
    }
  }
  return compileAndImport("fixtures", [...rows].map(([id, template]) => ({ id, template })));
}

export async function generatedEngine(sessionFiles: string[]): Promise<GeneratedEngine> {
  const modules = await compileFixtureTemplates(sessionFiles);
  return (_template, id) => {
    const m = modules.get(id);
    if (m === undefined) throw new Error(`template "${id}" was not compiled`);
    if (m instanceof Error) throw new Error(`template "${id}" did not compile: ${m.message}`);
    return (options) => m.createResponseParser(options);
  };
}
