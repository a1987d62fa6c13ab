// rtc extension `python-calls`: Python-style function calls, the tool-call format of Llama 4 (pythonic),
// LFM2 / LFM2.5 and OLMo 3, which the reference format cannot express (no JSON, names outside braces):
//
//   [get_weather(city="Paris", days=3), search(q='x', filters={"lang": "en"}, exact=True)]
//   get_weather(city="Paris")\nsearch(q="x")            (OLMo 3: one call per line, no brackets)
//
// Result: a list of `{name, arguments}` dicts, one per call, in order — templates reshape it with
// `transform_each`. Accepted: an optional surrounding `[…]`; calls separated by commas and/or
// whitespace or `;`; dotted and hyphenated names (`brave_search.call`, `get-weather`, as tool names may
// have them); keyword arguments only. Values are Python literals
// (str with '…'/"…"/triple quotes and Python escapes, int, float, True/False/None, list, tuple, dict)
// and their JSON spellings (true/false/null), nested freely. Leniency: a raw newline inside a
// single-quoted string is kept (chat templates such as LFM2.5's write string values unescaped, so models
// trained on them do too). A body that is JSON calls instead (`[{"name": …, "arguments": …}]`, which
// LFM2 writes when its system prompt asks for JSON) is read as json-calls reads it. Anything else is a
// ContentError naming the offset. content_args: `strip_suffix` (a string such as ".call"): removed from
// the end of every function name that has it (Llama 3.x built-ins are written `brave_search.call(…)`).

import { ContentError } from "../../errors.ts";
import { LiteralReader } from "../../python/literal.ts";
import { isDict, makeDict, pyTypeName, setKey } from "../../python/values.ts";
import { argGet } from "../args.ts";
import { readJsonCalls } from "./json-calls.ts";
import type { JsonValue } from "../../types.ts";
import type { ContentParser } from "../types.ts";

/**
 * rtc extension `python-calls`: Python-style calls (`[f(a=1, b="x")]`, or one per line) with keyword
 * arguments as Python literals, into `{name, arguments}` dicts; JSON call lists are read as json-calls does.
 * `strip_suffix` removes a name suffix such as `.call`. A body it cannot read is a ContentError naming the offset.
 */
export const parsePythonCalls: ContentParser = (text, args) => {
  if (typeof text !== "string") {
    throw new ContentError(`python-calls: expected a string body, got '${pyTypeName(text)}'`, "TypeError");
  }
  const suffix = argGet(args, "strip_suffix", null);
  if (suffix !== null && typeof suffix !== "string") {
    throw new ContentError(`python-calls: strip_suffix must be a string, got '${pyTypeName(suffix)}'`, "TypeError");
  }
  const calls = /^\s*(?:\{|\[\s*\{)/u.test(text) ? readJsonCalls(text, "python-calls") : new CallReader(text).calls();
  if (suffix) for (const c of calls) if (isDict(c) && typeof c.name === "string" && c.name.endsWith(suffix)) setKey(c, "name", c.name.slice(0, -suffix.length));
  return calls;
};

const NAME = /[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*/y;

class CallReader extends LiteralReader {
  constructor(s: string) {
    super(s, "python-calls");
  }

  calls(): JsonValue[] {
    const out: JsonValue[] = [];
    this.ws();
    const bracketed = this.s[this.i] === "[";
    if (bracketed) this.i++;
    for (;;) {
      this.sep();
      if (this.i >= this.s.length) break;
      if (bracketed && this.s[this.i] === "]") {
        this.i++;
        this.ws();
        if (this.i < this.s.length) this.fail("unexpected text after the call list");
        return out;
      }
      out.push(this.call());
    }
    if (bracketed) this.fail("unclosed '['");
    return out;
  }

  private call(): JsonValue {
    const name = this.match(NAME);
    if (name === null) this.fail("expected a function name");
    this.ws();
    this.expect("(");
    const args: [string, JsonValue][] = [];
    for (;;) {
      this.ws();
      if (this.s[this.i] === ")") {
        this.i++;
        break;
      }
      const key = this.match(/[A-Za-z_]\w*/y);
      if (key === null) this.fail("expected a keyword argument (positional arguments cannot be named)");
      this.ws();
      this.expect("=");
      args.push([key, this.value()]);
      this.ws();
      if (this.s[this.i] === ",") this.i++;
      else if (this.s[this.i] !== ")") this.fail("expected ',' or ')'");
    }
    return makeDict([
      ["name", name],
      ["arguments", makeDict(args)],
    ]);
  }

  private sep(): void {
    while (this.i < this.s.length && (/\s/u.test(this.s[this.i]!) || this.s[this.i] === "," || this.s[this.i] === ";")) this.i++;
  }
}
