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
import { isDict, makeDict, pyFloat, pyInt, pyTypeName, setKey } from "../../python/values.ts";
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
const NUMBER = /[-+]?(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][-+]?\d+)?/y;

class CallReader {
  private i = 0;
  constructor(private readonly s: string) {}

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

  private value(): JsonValue {
    this.ws();
    const c = this.s[this.i];
    if (c === '"' || c === "'") return this.string();
    if (c === "[" || c === "(") return this.list(c === "[" ? "]" : ")");
    if (c === "{") return this.dict();
    const word = this.match(/[A-Za-z_]\w*/y);
    if (word !== null) {
      switch (word) {
        case "True":
        case "true":
          return true;
        case "False":
        case "false":
          return false;
        case "None":
        case "null":
          return null;
      }
      this.i -= word.length;
      this.fail(`unexpected name '${word}'`);
    }
    const num = this.match(NUMBER);
    if (num === null) this.fail("expected a value");
    const clean = num.replaceAll("_", "");
    if (/^[-+]?\d+$/.test(clean)) return pyInt(BigInt(clean));
    return pyFloat(Number(clean));
  }

  private list(close: string): JsonValue[] {
    this.i++;
    const out: JsonValue[] = [];
    for (;;) {
      this.ws();
      if (this.s[this.i] === close) {
        this.i++;
        return out;
      }
      out.push(this.value());
      this.ws();
      if (this.s[this.i] === ",") this.i++;
      else if (this.s[this.i] !== close) this.fail(`expected ',' or '${close}'`);
    }
  }

  private dict(): JsonValue {
    this.i++;
    const entries: [string, JsonValue][] = [];
    for (;;) {
      this.ws();
      if (this.s[this.i] === "}") {
        this.i++;
        return makeDict(entries);
      }
      const k = this.value();
      if (typeof k !== "string") this.fail("dict keys must be strings");
      this.ws();
      this.expect(":");
      entries.push([k, this.value()]);
      this.ws();
      if (this.s[this.i] === ",") this.i++;
      else if (this.s[this.i] !== "}") this.fail("expected ',' or '}'");
    }
  }

  private string(): string {
    const q = this.s[this.i]!;
    const triple = this.s.startsWith(q.repeat(3), this.i);
    const end = triple ? q.repeat(3) : q;
    this.i += end.length;
    let out = "";
    for (;;) {
      if (this.i >= this.s.length) this.fail("unterminated string");
      if (this.s.startsWith(end, this.i)) {
        this.i += end.length;
        return out;
      }
      const c = this.s[this.i]!;
      if (c === "\\") {
        out += this.escape();
        continue;
      }
      out += c;
      this.i++;
    }
  }

  private escape(): string {
    const e = this.s[this.i + 1];
    if (e === undefined) {
      this.i = this.s.length;
      this.fail("unterminated string");
    }
    this.i += 2;
    switch (e) {
      case "n":
        return "\n";
      case "t":
        return "\t";
      case "r":
        return "\r";
      case "b":
        return "\b";
      case "f":
        return "\f";
      case "a":
        return "\u0007";
      case "v":
        return "\u000b";
      case "0":
      case "1":
      case "2":
      case "3":
      case "4":
      case "5":
      case "6":
      case "7": {
        // Octal: one to three digits (`\0`, `\12`, `\177`).
        const digits = /^[0-7]{1,3}/.exec(this.s.slice(this.i - 1, this.i + 2))![0];
        this.i += digits.length - 1;
        return String.fromCodePoint(parseInt(digits, 8));
      }
      case "\\":
      case "'":
      case '"':
        return e;
      case "\n":
        return "";
      case "x":
      case "u":
      case "U": {
        const n = e === "x" ? 2 : e === "u" ? 4 : 8;
        const hex = this.s.slice(this.i, this.i + n);
        if (!new RegExp(`^[0-9a-fA-F]{${n}}$`).test(hex)) this.fail(`bad \\${e} escape`);
        this.i += n;
        return String.fromCodePoint(parseInt(hex, 16));
      }
      default:
        // Python keeps unknown escapes verbatim.
        return `\\${e}`;
    }
  }

  private match(re: RegExp): string | null {
    re.lastIndex = this.i;
    const m = re.exec(this.s);
    if (!m) return null;
    this.i += m[0].length;
    return m[0];
  }
  private ws(): void {
    while (this.i < this.s.length && /\s/u.test(this.s[this.i]!)) this.i++;
  }
  private sep(): void {
    while (this.i < this.s.length && (/\s/u.test(this.s[this.i]!) || this.s[this.i] === "," || this.s[this.i] === ";")) this.i++;
  }
  private expect(c: string): void {
    if (this.s[this.i] !== c) this.fail(`expected '${c}'`);
    this.i++;
  }
  private fail(why: string): never {
    throw new ContentError(`python-calls: ${why} at offset ${this.i}: ${JSON.stringify(this.s.slice(this.i, this.i + 40))}`, "ValueError");
  }
}
