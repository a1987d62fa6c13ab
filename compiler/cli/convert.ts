// rtc convert <schema.json> [--out template.json]: a legacy response_schema (or a tokenizer_config.json
// holding one) → a response template, or the reasons it has no streaming equivalent (exit 1).

import { existsSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { convertLegacy, isLegacySchema } from "../legacy/index.ts";
import { readTextFile } from "./io.ts";
import { InvalidUtf8Error } from "./utf8.ts";
import { pyJsonLoads } from "response-template/runtime";
import { pyDumps } from "response-template/runtime";
import { isDict } from "response-template/runtime";
import type { JsonValue } from "response-template/runtime";

export async function runConvert(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { out: { type: "string" } } });
  const file = positionals[0];
  if (!file) throw new Error("convert: give a legacy response_schema file");
  if (!existsSync(file)) throw new Error(`${file}: no such file`);
  let json: JsonValue;
  try {
    json = pyJsonLoads(readTextFile(file));
  } catch (e) {
    if (e instanceof InvalidUtf8Error) throw e;
    throw new Error(`${file}: not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (isDict(json) && "response_schema" in json) json = json.response_schema!;
  if (!isLegacySchema(json)) throw new Error(`${file}: not a legacy response_schema (no x-regex / x-parser keys)`);
  const r = convertLegacy(json);
  if (!("template" in r)) {
    process.stderr.write(`${file}: cannot convert to a response template:\n${r.reasons.map((x) => `  - ${x}`).join("\n")}\n`);
    return 1;
  }
  const text = pyDumps(r.template, { indent: 2, ensureAscii: false }) + "\n";
  if (values.out) writeFileSync(values.out, text);
  else process.stdout.write(text);
  for (const n of r.notes) process.stderr.write(`note: ${n}\n`);
  return 0;
}
