// What callers pass, checked where the engine first sees it: JavaScript has no types at run time, and a
// wrong one should get an error that names the argument, not a TypeError from deep inside (or, worse, a
// value that is silently ignored or turned into the text "[object Object]").

import { ArgumentError, ParserStateError } from "../errors.ts";
import type { ParseOptions } from "../types.ts";

/** A short description of a value of the wrong type, for messages. */
export function describeValue(v: unknown): string {
  if (v === null || v === undefined) return String(v);
  if (Array.isArray(v)) return `a list (${preview(v)})`;
  if (typeof v === "object") return `an object (${preview(v)})`;
  if (typeof v === "string") return `a string (${preview(v)})`;
  if (typeof v === "function") return "a function";
  return `${typeof v} ${String(v)}`;
}

function preview(v: unknown): string {
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = Object.prototype.toString.call(v);
  }
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/** `options` of createResponseParser / parseResponse: `{ prefix: string, tools?: list of tool objects }`. */
export function checkOptions(options: unknown): ParseOptions {
  if (typeof options !== "object" || options === null || Array.isArray(options)) {
    throw new ArgumentError(
      "options",
      `options must be an object such as { prefix: "" }, got ${describeValue(options)}` +
        " (prefix is required: the chat prompt that preceded the generation, or \"\" to opt out)",
    );
  }
  const { prefix, tools } = options as { prefix?: unknown; tools?: unknown };
  if (prefix === undefined || prefix === null) {
    throw new ParserStateError(
      "prefix is required: pass the chat prompt that preceded the generation (chat templates often " +
        'pre-write part of the message, such as an opening <think>), or prefix: "" to opt out explicitly',
      "ValueError",
    );
  }
  if (typeof prefix !== "string") throw new ArgumentError("options.prefix", `options.prefix must be a string, got ${describeValue(prefix)}`);
  if (tools !== undefined && tools !== null) {
    if (!Array.isArray(tools)) {
      throw new ArgumentError("options.tools", `options.tools must be a list of tool definitions (or null), got ${describeValue(tools)}`);
    }
    tools.forEach((t, i) => {
      if (typeof t !== "object" || t === null || Array.isArray(t)) {
        throw new ArgumentError(`options.tools[${i}]`, `options.tools[${i}] must be a tool definition object, got ${describeValue(t)}`);
      }
    });
  }
  return options as ParseOptions;
}

/** Text handed to the parser: `what` names the argument as the caller wrote it. */
export function checkText(text: unknown, what: string): string {
  if (typeof text !== "string") throw new ArgumentError(what, `${what} must be a string, got ${describeValue(text)}`);
  return text;
}
