// rtc extension (parse option `responseFormat: "json"`, off by default): when the request asked for JSON
// (OpenAI's `response_format` json_object / json_schema), models still often answer with the JSON inside a
// Markdown fence. The content is unwrapped only when the fence is the whole answer, its language tag is
// empty or `json`, and what it holds is one JSON document: a fence of another language, text around the
// fence, or a body that is not JSON leaves the content as the model wrote it, so no text is ever lost.

import { pyIsSpaceCode } from "../python/strip.ts";

const FENCE = "```";

/** The JSON text a fenced answer holds, or null when `text` is not exactly one fenced JSON document. */
export function unwrapJsonFence(text: string): string | null {
  let start = 0;
  let end = text.length;
  while (start < end && pyIsSpaceCode(text.charCodeAt(start))) start++;
  while (end > start && pyIsSpaceCode(text.charCodeAt(end - 1))) end--;
  if (!text.startsWith(FENCE, start) || end - start < 2 * FENCE.length || !text.endsWith(FENCE, end)) return null;
  const newline = text.indexOf("\n", start);
  if (newline < 0 || newline >= end - FENCE.length) return null;
  const tag = text.slice(start + FENCE.length, newline).trim();
  if (tag !== "" && tag.toLowerCase() !== "json") return null;
  const body = text.slice(newline + 1, end - FENCE.length);
  // One fence: the body holds no fence line of its own.
  if (/(^|\n)[ \t]*```/.test(body)) return null;
  const json = body.trim();
  return isJson(json) ? json : null;
}

/** Whether the answer so far could still turn out to be a fenced answer (it is whitespace, or begins with
 * the start of a fence): a stream holds such content back until the end decides. */
export function mayBeJsonFence(text: string): boolean {
  let i = 0;
  while (i < text.length && pyIsSpaceCode(text.charCodeAt(i))) i++;
  const rest = text.slice(i, i + FENCE.length);
  return FENCE.startsWith(rest);
}

function isJson(s: string): boolean {
  if (s === "") return false;
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
}
