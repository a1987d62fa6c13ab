// An incremental JSON tokenizer for region bodies that arrive in chunks. It reports structure as soon as
// it is certain (a container began, a key is complete, a string grew, a scalar ended) together with the
// path of the value concerned, so that a consumer can write a prefix of the final serialisation without
// ever taking text back. On anything that is not plain JSON it stops (`failed`): the consumer then waits
// for the parsed value at region close.

export type JsonPath = (string | number)[];

export interface JsonTokenSink {
  /** A value at `path` begins: `{`, `[`, `"` or the first character of a scalar. */
  valueStart(path: JsonPath, kind: "object" | "array" | "string" | "scalar"): void;
  /** The `index`-th key of the object at `path` is complete. */
  key(path: JsonPath, key: string, index: number): void;
  /** Decoded characters of the string at `path` (never splits a `\uXXXX` escape). */
  stringChunk(path: JsonPath, text: string): void;
  stringEnd(path: JsonPath): void;
  /** A complete scalar (number, true, false, null, NaN, Infinity, -Infinity) as written. */
  scalar(path: JsonPath, text: string): void;
  containerEnd(path: JsonPath, kind: "object" | "array"): void;
}

type Mode = "value" | "after" | "key-or-end" | "key" | "colon" | "string" | "scalar" | "done" | "failed";

interface Frame {
  kind: "object" | "array";
  /** Members (object) or items (array) begun so far. */
  count: number;
}

const WS = new Set([" ", "\t", "\n", "\r"]);
const SCALAR_CHARS = /^[0-9A-Za-z+\-.]$/;
const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

export class JsonTokenizer {
  private mode: Mode = "value";
  private readonly frames: Frame[] = [];
  private readonly path: JsonPath = [];
  private str = "";
  private esc: string | null = null;
  private strIsKey = false;
  private scalarText = "";

  constructor(private readonly sink: JsonTokenSink) {}

  get failed(): boolean {
    return this.mode === "failed";
  }

  push(text: string): void {
    for (let i = 0; i < text.length && this.mode !== "failed"; i++) this.step(text[i]!);
    // Flush decoded string text at chunk ends so values stream while the model writes them.
    if (this.mode === "string" && !this.strIsKey && this.str) {
      this.sink.stringChunk(this.path, this.str);
      this.str = "";
    }
  }

  private fail(): void {
    this.mode = "failed";
  }

  private step(c: string): void {
    switch (this.mode) {
      case "string":
        return this.stringChar(c);
      case "scalar":
        if (SCALAR_CHARS.test(c)) {
          this.scalarText += c;
          return;
        }
        this.sink.scalar(this.path, this.scalarText);
        this.valueEnded();
        return this.step(c);
      case "value":
        if (WS.has(c)) return;
        return this.beginValue(c);
      case "after":
        if (WS.has(c)) return;
        return this.afterValue(c);
      case "key-or-end":
      case "key":
        if (WS.has(c)) return;
        if (c === "}" && this.mode === "key-or-end") return this.endContainer("object");
        if (c !== '"') return this.fail();
        this.strIsKey = true;
        this.str = "";
        this.mode = "string";
        return;
      case "colon":
        if (WS.has(c)) return;
        if (c !== ":") return this.fail();
        this.mode = "value";
        return;
      case "done":
        if (!WS.has(c)) this.fail();
        return;
      case "failed":
        return;
    }
  }

  private beginValue(c: string): void {
    const top = this.top();
    if (c === "]" && this.arrayItemPending && top?.kind === "array" && top.count === 0) {
      this.arrayItemPending = false;
      return this.endContainer("array");
    }
    this.arrayItemPending = false;
    if (top?.kind === "array") {
      // An array item's path element is pushed when the item starts and popped when it ends.
      this.path.push(top.count);
      top.count++;
    }
    if (c === "{" || c === "[") {
      const kind = c === "{" ? "object" : "array";
      this.sink.valueStart(this.path, kind);
      this.frames.push({ kind, count: 0 });
      this.mode = kind === "object" ? "key-or-end" : "value";
      this.arrayItemPending = kind === "array";
      return;
    }
    if (c === '"') {
      this.sink.valueStart(this.path, "string");
      this.strIsKey = false;
      this.str = "";
      this.mode = "string";
      return;
    }
    if (SCALAR_CHARS.test(c)) {
      this.sink.valueStart(this.path, "scalar");
      this.scalarText = c;
      this.mode = "scalar";
      return;
    }
    this.fail();
  }

  /** True right after `[`: the next value may instead be `]`. */
  private arrayItemPending = false;

  private top(): Frame | undefined {
    return this.frames[this.frames.length - 1];
  }

  /** A value just ended: pop its path element (object key or array index) unless it was the root. */
  private valueEnded(): void {
    if (this.frames.length === 0) {
      this.mode = "done";
      return;
    }
    this.path.pop();
    this.mode = "after";
  }

  private afterValue(c: string): void {
    const top = this.top();
    if (!top) return this.fail();
    if (c === ",") {
      if (top.kind === "object") this.mode = "key";
      else {
        this.mode = "value";
        this.arrayItemPending = false;
      }
      return;
    }
    if ((c === "}" && top.kind === "object") || (c === "]" && top.kind === "array")) return this.endContainer(top.kind);
    this.fail();
  }

  private endContainer(kind: "object" | "array"): void {
    this.frames.pop();
    this.sink.containerEnd(this.path, kind);
    if (this.frames.length === 0) this.mode = "done";
    else {
      this.path.pop();
      this.mode = "after";
    }
  }

  private stringChar(c: string): void {
    if (this.esc !== null) {
      this.esc += c;
      if (this.esc.length === 1) {
        if (c === "u") return;
        const e = ESCAPES[c];
        if (e === undefined) return this.fail();
        this.str += e;
        this.esc = null;
        return;
      }
      if (!/[0-9a-fA-F]/.test(c)) return this.fail();
      if (this.esc.length === 5) {
        this.str += String.fromCharCode(parseInt(this.esc.slice(1), 16));
        this.esc = null;
      }
      return;
    }
    if (c === "\\") {
      this.esc = "";
      return;
    }
    if (c === '"') {
      if (this.strIsKey) {
        const top = this.top()!;
        this.sink.key(this.path, this.str, top.count);
        this.path.push(this.str);
        top.count++;
        this.str = "";
        this.mode = "colon";
        return;
      }
      if (this.str) this.sink.stringChunk(this.path, this.str);
      this.str = "";
      this.sink.stringEnd(this.path);
      return this.valueEnded();
    }
    if (c.charCodeAt(0) < 0x20) return this.fail(); // json.loads(strict=True) rejects raw control characters
    this.str += c;
  }
}
