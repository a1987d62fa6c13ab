// rtc extension (parse option `responseFormat: "json"`, off by default): when the request asked for JSON
// (OpenAI's `response_format` json_object / json_schema), models still often answer with the JSON inside a
// Markdown fence. The content is unwrapped only when the fence is the whole answer, its language tag is
// empty or `json`, and what it holds is one JSON document: a fence of another language, text around the
// fence, or a body that is not JSON leaves the content as the model wrote it, so no text is ever lost.

const FENCE = "```";

/** The JSON text a fenced answer holds, or null when `text` is not exactly one fenced JSON document. */
export function unwrapJsonFence(text: string): string | null {
  const t = text.trim();
  const newline = t.indexOf("\n");
  // The opening line is the fence and its tag; one fence: the body holds no fence line of its own.
  if (newline < 0 || !t.endsWith(FENCE) || !/^```(?:json)?[ \t]*$/i.test(t.slice(0, newline))) return null;
  const body = t.slice(newline + 1, -FENCE.length);
  if (/(?:^|\n)[ \t]*```/.test(body)) return null;
  const json = body.trim();
  try {
    JSON.parse(json); // "" throws too
    return json;
  } catch {
    return null;
  }
}
