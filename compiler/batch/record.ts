// One JSONL record → one output line. Records are `{text, prefix?, id?, tools?, ...}`; the output is
// `{id, ...other keys, message}` or `{id, ...other keys, error}`. `text`, `prefix` and `tools` are inputs and
// are not echoed; every other key passes through in its original order, with numbers kept exactly.

import { RtcError } from "../../runtime/errors.ts";
import { pyJsonLoads } from "../../runtime/python/json.ts";
import { dictKeys, isDict, makeDict } from "../../runtime/python/values.ts";
import type { JsonValue, ToolDefinition } from "../../runtime/types.ts";
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

// Strings (skipped whole) or numbers, scanned natively to decide whether JSON.parse would lose anything.
const TOKENS = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
const INDEX_KEY = /^"(?:0|[1-9]\d{0,8})"$/;

/**
 * JSON.parse when it reads the line exactly as Python's json.loads would in rtc's value model, else null:
 * a float spelled with an integral value (1.0, 1e2), an integer beyond 2^53, -0, or an integer-like key
 * (which JavaScript would move to the front) sends the line to the exact parser. About 15 times faster on
 * typical records, whose long `text` strings are skipped by one native regex step.
 */
export function fastLoads(line: string): JsonValue | null {
  TOKENS.lastIndex = 0;
  for (let m = TOKENS.exec(line); m; m = TOKENS.exec(line)) {
    const t = m[0];
    if (t.charCodeAt(0) === 0x22) {
      if (t.length <= 11 && INDEX_KEY.test(t)) {
        let j = TOKENS.lastIndex;
        while (line.charCodeAt(j) === 0x20 || line.charCodeAt(j) === 0x09) j++;
        if (line[j] === ":") return null;
      }
      continue;
    }
    const digits = t.replace(/^-/, "");
    if (/[.eE]/.test(t)) {
      if (Number.isInteger(Number(t))) return null;
    } else if (digits.length > 15 || t === "-0") return null;
  }
  try {
    return JSON.parse(line) as JsonValue;
  } catch {
    return null; // NaN, Infinity or malformed: the exact parser decides (and explains)
  }
}
