// rtc replay: recorded sessions (FORMAT.md) through an engine; one line per file, then "N passed, M failed".

import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { fixturesBeside, readSessions } from "../replay/fixtures.ts";
import { replaySession, type ParserFactory } from "../replay/session.ts";
import { createResponseParser } from "response-template";
import type { JsonValue } from "response-template/runtime";

export type EngineName = "interpreted" | "generated";
export type EngineFactory = (template: JsonValue, id: string) => ParserFactory;
/** Loads an engine for the sessions files about to be replayed (a compiling engine builds their templates first). */
export type EngineLoader = (sessionFiles: string[]) => Promise<EngineFactory>;

const engines: Record<string, EngineLoader> = {
  interpreted: async () => (template) => (options) => createResponseParser(template, options),
  generated: async (files) => (await import("../build/replay-engine.ts")).generatedEngine(files),
};

export function registerEngine(name: string, load: EngineLoader): void {
  engines[name] = load;
}

export async function runReplay(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { engine: { type: "string", default: "interpreted" }, verbose: { type: "boolean", default: false } },
  });
  if (!positionals.length) throw new Error("replay: name at least one sessions .jsonl file");
  const load = engines[values.engine!];
  if (!load) throw new Error(`replay: unknown engine "${values.engine}" (${Object.keys(engines).join(", ")})`);
  for (const file of positionals) if (!existsSync(file)) throw new Error(`${file}: no such sessions file`);
  const engine = await load(positionals);
  let passed = 0;
  let failed = 0;
  for (const file of positionals) {
    const { templates, tools } = fixturesBeside(file);
    const factories = new Map<string, ParserFactory>();
    let filePassed = 0;
    const failures: string[] = [];
    for (const row of readSessions(file)) {
      const tpl = templates.get(row.template);
      if (!tpl) {
        failures.push(`${row.id}: template "${row.template}" is not in templates.jsonl`);
        continue;
      }
      let factory = factories.get(row.template);
      if (!factory) factories.set(row.template, (factory = engine(tpl.template, row.template)));
      const result = replaySession(row, factory, row.tools === undefined ? undefined : tools.get(row.tools));
      if (result.ok) filePassed++;
      else failures.push(`${row.id}: ${result.failure!.check} differs at ${result.failure!.detail}`);
    }
    passed += filePassed;
    failed += failures.length;
    process.stdout.write(`${file}: ${filePassed} passed, ${failures.length} failed\n`);
    for (const f of failures.slice(0, values.verbose ? failures.length : 5)) process.stdout.write(`  FAIL ${f}\n`);
    if (!values.verbose && failures.length > 5) process.stdout.write(`  … ${failures.length - 5} more (--verbose)\n`);
  }
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  return failed ? 1 : 0;
}
