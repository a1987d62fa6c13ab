// Python literals as `ast.literal_eval` reads them, for the values rtc extensions meet written in Python:
// str ('…', "…", triple quotes, Python escapes), int, float, True/False/None, list, tuple, dict, and the
// JSON spellings true/false/null, nested freely. Used by python-calls (keyword argument values) and by
// `argument_literals: "python"` (an object or array argument written as a Python literal). Leniency: a raw
// newline inside a single-quoted string is kept (LFM2.5's chat template writes string values unescaped).

import { ContentError } from "../errors.ts";
import { pyJsonLoads } from "./json.ts";
import { makeDict, pyFloat, pyInt } from "./values.ts";
import type { JsonValue } from "../types.ts";

const NUMBER = /[-+]?(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][-+]?\d+)?/y;

/** The Python literal `text` spells (surrounding whitespace allowed), or a ContentError (ValueError). */
export function readPythonLiteral(text: string): JsonValue {
  const r = new LiteralReader(text, "python literal");
  const v = r.value();
  r.end();
  return v;
}

/**
 * `argument_literals: "python"` (runtime/core/template/extensions.ts): the value an argument's text
 * spells as JSON; else as a Python literal, written as is or inside a JSON string (`"{'a': 1}"`), as vLLM
 * falls back to ast.literal_eval; undefined when it spells neither.
 */
export function readArgumentLiteral(raw: string): JsonValue | undefined {
  let text = raw;
  try {
    const decoded = pyJsonLoads(raw);
    if (typeof decoded !== "string") return decoded;
    text = decoded;
  } catch (e) {
    if (!(e instanceof ContentError) || e.pyClass !== "ValueError") throw e;
  }
  try {
    return readPythonLiteral(text);
  } catch (e) {
    if (e instanceof ContentError && e.pyClass === "ValueError") return undefined;
    throw e;
  }
}

/** A cursor over Python source reading literal values; python-calls extends it with calls. */
export class LiteralReader {
  protected i = 0;
  constructor(
    protected readonly s: string,
    private readonly who: string,
  ) {}

  /** Only whitespace is left. */
  end(): void {
    this.ws();
    if (this.i < this.s.length) this.fail("unexpected text after the value");
  }

  value(): JsonValue {
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

  protected match(re: RegExp): string | null {
    re.lastIndex = this.i;
    const m = re.exec(this.s);
    if (!m) return null;
    this.i += m[0].length;
    return m[0];
  }
  protected ws(): void {
    while (this.i < this.s.length && /\s/u.test(this.s[this.i]!)) this.i++;
  }
  protected expect(c: string): void {
    if (this.s[this.i] !== c) this.fail(`expected '${c}'`);
    this.i++;
  }
  protected fail(why: string): never {
    throw new ContentError(`${this.who}: ${why} at offset ${this.i}: ${JSON.stringify(this.s.slice(this.i, this.i + 40))}`, "ValueError");
  }
}
