// One JSONL record → one output line. Records are `{text, prefix, id?, tools?, response_format?, ...}`; the output is
// `{id, message, record?}` or `{id, error, record?}` (in recover mode `{id, message, errors, record?}`: a
// region that fails is recovered and listed, see ParseIssue; a line that is not a record is still an error): rtc's results sit beside the record rather than among its
// keys, so a record's own `message` or `error` key is never overwritten. `record` holds the record's other
// keys (all but id, text, prefix, tools and response_format) in their original order, numbers kept exactly; it is left out
// when there are none.

import { fastJsonLoads, pyJsonLoads } from "response-template/runtime";
import { dictKeys, isDict, makeDict } from "response-template/runtime";
import type { JsonValue, ResponseFormat, ToolDefinition } from "response-template/runtime";
import { describeError, toJson } from "../cli/io.ts";
import type { ParseOne } from "./template.ts";

const INPUT_KEYS = new Set(["id", "text", "prefix", "tools", "response_format"]);

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
  const format = responseFormatOf(rec.response_format);
  if (format === undefined) return failure(id, others, '"response_format" must be an object such as {"type": "json_object"} (or its type as a string)');
  try {
    const { message, errors } = parse(text, prefix, (tools ?? undefined) as ToolDefinition[] | undefined, format ?? undefined);
    const issues = errors ? ([["errors", errors.map((e) => makeDict(Object.entries(e)))]] as const) : [];
    return { line: output(id, ["message", message], others, issues), error: false };
  } catch (e) {
    return failure(id, others, describeError(e));
  }
}

/** A record's response_format (OpenAI's `{type}` object, or the type alone): "json" for json_object and
 * json_schema, null for none or any other type, undefined when it is not one of those shapes. */
export function responseFormatOf(v: JsonValue | undefined): ResponseFormat | null | undefined {
  if (v === undefined || v === null) return null;
  const type = isDict(v) ? v.type : v;
  if (typeof type !== "string") return undefined;
  return type === "json_object" || type === "json_schema" || type === "json" ? "json" : null;
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
