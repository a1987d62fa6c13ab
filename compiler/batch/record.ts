// One JSONL record → one output line. Records are `{text, prefix, id?, tools?, ...}`; the output is
// `{id, message, record?}` or `{id, error, record?}` (in recover mode `{id, message, errors, record?}`: a
// region that fails is recovered and listed, see ParseIssue; a line that is not a record is still an error): rtc's results sit beside the record rather than among its
// keys, so a record's own `message` or `error` key is never overwritten. `record` holds the record's other
// keys (all but id, text, prefix and tools) in their original order, numbers kept exactly; it is left out
// when there are none.

import { fastJsonLoads, pyJsonLoads } from "response-template/runtime";
import { dictKeys, isDict, makeDict } from "response-template/runtime";
import type { JsonValue, ToolDefinition } from "response-template/runtime";
import { describeError, toJson } from "../cli/io.ts";
import type { ParseOne } from "./template.ts";

const INPUT_KEYS = new Set(["id", "text", "prefix", "tools"]);

export interface RecordResult {
  line: string;
  error: boolean;
}

export interface RecordOptions {
  /** The prefix of records without one; when undefined such records are errors (the API requires a prefix). */
  defaultPrefix?: string;
}

/** `index` is the record's 0-based line number: the id when the record has none. */
export function processRecord(parse: ParseOne, line: string, index: number, options: RecordOptions = {}): RecordResult {
  let rec: JsonValue;
  try {
    rec = fastLoads(line) ?? pyJsonLoads(line);
  } catch (e) {
    return failure(index, [], `invalid JSON record: ${describeError(e)}`);
  }
  if (!isDict(rec)) return failure(index, [], `a record must be a JSON object, got ${Array.isArray(rec) ? "a list" : typeof rec}`);
  const id = Object.prototype.hasOwnProperty.call(rec, "id") ? rec.id! : index;
  const others = dictKeys(rec)
    .filter((k) => !INPUT_KEYS.has(k))
    .map((k) => [k, rec[k]!] as const);
  const text = rec.text;
  if (typeof text !== "string") return failure(id, others, 'the record has no "text" string');
  const prefix = rec.prefix ?? options.defaultPrefix;
  if (prefix === undefined) {
    return failure(id, others, 'the record has no "prefix" (the prompt the text continues; give "prefix": "" or run with --default-prefix)');
  }
  if (typeof prefix !== "string") return failure(id, others, '"prefix" must be a string');
  const tools = rec.tools;
  if (tools !== undefined && tools !== null && !Array.isArray(tools)) return failure(id, others, '"tools" must be a list');
  try {
    const { message, errors } = parse(text, prefix, (tools ?? undefined) as ToolDefinition[] | undefined);
    const issues = errors ? ([["errors", errors.map((e) => makeDict(Object.entries(e)))]] as const) : [];
    return { line: output(id, ["message", message], others, issues), error: false };
  } catch (e) {
    return failure(id, others, describeError(e));
  }
}

export function failure(id: JsonValue, others: readonly (readonly [string, JsonValue])[], error: string): RecordResult {
  return { line: output(id, ["error", error], others), error: true };
}

function output(
  id: JsonValue,
  result: readonly [string, JsonValue],
  others: readonly (readonly [string, JsonValue])[],
  issues: readonly (readonly [string, JsonValue])[] = [],
): string {
  const entries: [string, JsonValue][] = [["id", id], [result[0], result[1]], ...issues.map(([k, v]): [string, JsonValue] => [k, v])];
  if (others.length) entries.push(["record", makeDict(others)]);
  return toJson(makeDict(entries));
}

/**
 * JSON.parse when it reads the line exactly as Python's json.loads would in rtc's value model, else null
 * (the shared check, runtime/core/python/json.ts fastJsonLoads). About 15 times faster on typical records,
 * whose long `text` strings are skipped by indexOf.
 */
export function fastLoads(line: string): JsonValue | null {
  return fastJsonLoads(line) ?? null;
}
