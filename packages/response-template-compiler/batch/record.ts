// One JSONL record → one output line. Records are `{text, prefix?, id?, tools?, ...}`; the output is
// `{id, ...other keys, message}` or `{id, ...other keys, error}`. `text`, `prefix` and `tools` are inputs and
// are not echoed; every other key passes through in its original order, with numbers kept exactly.

import { RtcError } from "response-template/runtime";
import { fastJsonLoads, pyJsonLoads } from "response-template/runtime";
import { dictKeys, isDict, makeDict } from "response-template/runtime";
import type { JsonValue, ToolDefinition } from "response-template/runtime";
import { toJson } from "../cli/io.ts";
import type { ParseOne } from "./template.ts";

const INPUT_KEYS = new Set(["id", "text", "prefix", "tools"]);

export interface RecordResult {
  line: string;
  error: boolean;
}

/** `index` is the record's 0-based position among non-blank lines: the id when the record has none. */
export function processRecord(parse: ParseOne, line: string, index: number): RecordResult {
  let rec: JsonValue;
  try {
    rec = fastLoads(line) ?? pyJsonLoads(line);
  } catch (e) {
    return failure(index, [], `invalid JSON record: ${describe(e)}`);
  }
  if (!isDict(rec)) return failure(index, [], `a record must be a JSON object, got ${Array.isArray(rec) ? "a list" : typeof rec}`);
  const id = Object.prototype.hasOwnProperty.call(rec, "id") ? rec.id! : index;
  const extras = dictKeys(rec)
    .filter((k) => !INPUT_KEYS.has(k))
    .map((k) => [k, rec[k]!] as const);
  const text = rec.text;
  if (typeof text !== "string") return failure(id, extras, 'the record has no "text" string');
  const prefix = rec.prefix ?? "";
  if (typeof prefix !== "string") return failure(id, extras, '"prefix" must be a string');
  const tools = rec.tools;
  if (tools !== undefined && tools !== null && !Array.isArray(tools)) return failure(id, extras, '"tools" must be a list');
  try {
    const message = parse(text, prefix, (tools ?? undefined) as ToolDefinition[] | undefined);
    return { line: toJson(makeDict([["id", id], ...extras, ["message", message]])), error: false };
  } catch (e) {
    return failure(id, extras, describe(e));
  }
}

function failure(id: JsonValue, extras: (readonly [string, JsonValue])[], error: string): RecordResult {
  return { line: toJson(makeDict([["id", id], ...extras, ["error", error]])), error: true };
}

function describe(e: unknown): string {
  if (e instanceof RtcError) return `${e.name} (${e.pyClass}): ${e.message}`;
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}

/**
 * JSON.parse when it reads the line exactly as Python's json.loads would in rtc's value model, else null
 * (the shared check, runtime/python/json.ts fastJsonLoads). About 15 times faster on typical records,
 * whose long `text` strings are skipped by indexOf.
 */
export function fastLoads(line: string): JsonValue | null {
  return fastJsonLoads(line) ?? null;
}
