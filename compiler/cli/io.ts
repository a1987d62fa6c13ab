// Small helpers shared by CLI commands: strict file reading, JSON output, writing with back-pressure.

import { existsSync, readFileSync } from "node:fs";
import { once } from "node:events";
import { pyDumps, pyJsonLoads, RtcError } from "response-template/runtime";
import type { JsonValue } from "response-template/runtime";
import { decodeUtf8 } from "./utf8.ts";

/** A text file's contents; invalid UTF-8 is an error naming the byte offset. */
export function readTextFile(path: string): string {
  return decodeUtf8(readFileSync(path), path);
}

/** Reads a template file: a template (or legacy response_schema) object, or a tokenizer_config.json that
 * carries one under `response_template` / `response_schema`. */
export function readTemplateFile(path: string): JsonValue {
  if (!existsSync(path)) throw new Error(`${path}: no such template file`);
  let json: JsonValue;
  try {
    json = pyJsonLoads(readTextFile(path));
  } catch (e) {
    if (e instanceof Error && e.message.startsWith(`${path}:`)) throw e;
    throw new Error(`${path}: not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (json && typeof json === "object" && !Array.isArray(json)) {
    const config = json as Record<string, JsonValue>;
    if ("response_template" in config) return config.response_template!;
    if ("response_schema" in config) return config.response_schema!;
  }
  return json;
}

/** JSON text for output, Python-compatible (key order, big ints, 1.0 stays 1.0). */
export function toJson(v: JsonValue): string {
  return pyDumps(v, { separators: [",", ":"], ensureAscii: false });
}

/** An rtc error as one line: its class, the Python class it stands for, and the message. */
export function describeError(e: unknown): string {
  if (e instanceof RtcError) return `${e.name} (${e.pyClass}): ${e.message}`;
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}

/** Writes to a stream, waiting while it is full, so that output never piles up in memory. */
export class Output {
  constructor(private readonly stream: NodeJS.WritableStream = process.stdout) {}

  async write(text: string): Promise<void> {
    if (text && !this.stream.write(text)) await once(this.stream, "drain");
  }
}
