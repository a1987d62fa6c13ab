// An incremental JSON tokenizer for region bodies that arrive in chunks. It reports structure as soon as
// it is certain (a container began, a key is complete, a string grew, a scalar ended) together with the
// path of the value concerned, so that a consumer can write a prefix of the final serialisation without
// ever taking text back. On anything that is not plain JSON it stops (`failed`): the consumer then waits
// for the parsed value at region close.
//
// Cost: O(1) per character. The path is one array mutated in place (consumers compare a bounded prefix of
// it, never copy it), duplicate keys are found with a set per open object, and nesting stops at the plain
// JSON parser's limit (runtime/core/python/json.ts: the 512th container raises RecursionError), so the state is
// bounded by 511 frames however deep the text goes.

import { JSON_MAX_DEPTH } from "../core/python/json.ts";

export type JsonPath = (string | number)[];

export interface JsonTokenSink {
  /** A value at `path` begins: `{`, `[`, `"` or the first character of a scalar. */
  valueStart(path: JsonPath, kind: "object" | "array" | "string" | "scalar"): void;
  /** The `index`-th key of the object at `path` is complete; `duplicate` when the object already had it. */
  key(path: JsonPath, key: string, index: number, duplicate: boolean): void;
  /** Decoded characters of the string at `path` (never splits a `\uXXXX` escape). */
  stringChunk(path: JsonPath, text: string): void;
  stringEnd(path: JsonPath): void;
  /** A complete scalar (number, true, false, null, NaN, Infinity, -Infinity) as written. */
  scalar(path: JsonPath, text: string): void;
  containerEnd(path: JsonPath, kind: "object" | "array"): void;
}

// Modes.
const VALUE = 0;
const AFTER = 1;
const KEY_OR_END = 2;
const KEY = 3;
const COLON = 4;
const STRING = 5;
const SCALAR = 6;
const DONE = 7;
const FAILED = 8;

interface Frame {
  object: boolean;
  /** Members (object) or items (array) begun so far. */
  count: number;
  /** An object's keys so far: a list while short, a set beyond (objects are usually small). */
  keys: string[] | Set<string> | null;
}

const KEY_LIST_MAX = 8;

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
/** Characters of a scalar as the tokenizer collects them ([0-9A-Za-z+\-.]); validity is the consumer's. */
const isScalarChar = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 43 || c === 45 || c === 46;
const hexValue = (c: number) => (c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1);

export class JsonTokenizer {
  private mode = VALUE;
  private readonly frames: Frame[] = [];
  private readonly path: JsonPath = [];
  /** Decoded string text not yet reported (a whole key; a value's text since the last flush). */
  private str = "";
  /** Inside a string escape: -1 none, 0 right after the backslash, 1–4 hex digits of \uXXXX read. */
  private esc = -1;
  private escCode = 0;
  private strIsKey = false;
  private scalarText = "";
  /** True right after `[`: the next value may instead be `]`. */
  private arrayItemPending = false;
  /** Stopped at the nesting limit (the region cannot parse). */
  tooDeep = false;

  constructor(private readonly sink: JsonTokenSink) {}

  get failed(): boolean {
    return this.mode === FAILED;
  }

  push(text: string): void {
    const n = text.length;
    let i = 0;
    while (i < n && this.mode !== FAILED) {
      if (this.mode === SCALAR) {
        // The rest of a scalar in one slice.
        let j = i;
        while (j < n && isScalarChar(text.charCodeAt(j))) j++;
        if (j > i) {
          this.scalarText += text.slice(i, j);
          i = j;
          if (i === n) break;
        }
      } else if (this.mode === STRING && this.esc < 0) {
        // A run of plain string characters goes in one slice.
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === 34 || c === 92 || c < 0x20) break;
          j++;
        }
        if (j > i) {
          this.str += text.slice(i, j);
          i = j;
          if (i === n) break;
        }
      }
      this.step(text.charCodeAt(i));
      i++;
    }
    // Flush decoded string text at chunk ends so values stream while the model writes them.
    if (this.mode === STRING && !this.strIsKey && this.str) {
      this.sink.stringChunk(this.path, this.str);
      this.str = "";
    }
  }

  private fail(): void {
    this.mode = FAILED;
  }

  private step(c: number): void {
    switch (this.mode) {
      case STRING:
        return this.stringChar(c);
      case SCALAR:
        if (isScalarChar(c)) {
          this.scalarText += String.fromCharCode(c);
          return;
        }
        this.sink.scalar(this.path, this.scalarText);
        this.valueEnded();
        return this.step(c);
      case VALUE:
        if (isSpace(c)) return;
        return this.beginValue(c);
      case AFTER:
        if (isSpace(c)) return;
        return this.afterValue(c);
      case KEY_OR_END:
      case KEY:
        if (isSpace(c)) return;
        if (c === 125 /* } */ && this.mode === KEY_OR_END) return this.endContainer();
        if (c !== 34) return this.fail();
        this.strIsKey = true;
        this.str = "";
        this.mode = STRING;
        return;
      case COLON:
        if (isSpace(c)) return;
        if (c !== 58 /* : */) return this.fail();
        this.mode = VALUE;
        return;
      case DONE:
        if (!isSpace(c)) this.fail();
        return;
    }
  }

  private beginValue(c: number): void {
    const top = this.frames.length ? this.frames[this.frames.length - 1]! : null;
    if (c === 93 /* ] */ && this.arrayItemPending && top !== null && !top.object && top.count === 0) {
      this.arrayItemPending = false;
      return this.endContainer();
    }
    this.arrayItemPending = false;
    if (top !== null && !top.object) {
      // An array item's path element is pushed when the item starts and popped when it ends.
      this.path.push(top.count);
      top.count++;
    }
    if (c === 123 /* { */ || c === 91 /* [ */) {
      if (this.frames.length >= JSON_MAX_DEPTH - 1) {
        this.tooDeep = true;
        return this.fail();
      }
      const object = c === 123;
      this.sink.valueStart(this.path, object ? "object" : "array");
      this.frames.push({ object, count: 0, keys: null });
      this.mode = object ? KEY_OR_END : VALUE;
      this.arrayItemPending = !object;
      return;
    }
    if (c === 34) {
      this.sink.valueStart(this.path, "string");
      this.strIsKey = false;
      this.str = "";
      this.mode = STRING;
      return;
    }
    if (isScalarChar(c)) {
      this.sink.valueStart(this.path, "scalar");
      this.scalarText = String.fromCharCode(c);
      this.mode = SCALAR;
      return;
    }
    this.fail();
  }

  /** A value just ended: pop its path element (object key or array index) unless it was the root. */
  private valueEnded(): void {
    if (this.frames.length === 0) {
      this.mode = DONE;
      return;
    }
    this.path.pop();
    this.mode = AFTER;
  }

  private afterValue(c: number): void {
    const top = this.frames[this.frames.length - 1];
    if (!top) return this.fail();
    if (c === 44 /* , */) {
      this.mode = top.object ? KEY : VALUE;
      this.arrayItemPending = false;
      return;
    }
    if ((c === 125 && top.object) || (c === 93 && !top.object)) return this.endContainer();
    this.fail();
  }

  private endContainer(): void {
    const frame = this.frames.pop()!;
    this.sink.containerEnd(this.path, frame.object ? "object" : "array");
    if (this.frames.length === 0) this.mode = DONE;
    else {
      this.path.pop();
      this.mode = AFTER;
    }
  }

  private stringChar(c: number): void {
    if (this.esc >= 0) return this.escapeChar(c);
    if (c === 92 /* \ */) {
      this.esc = 0;
      return;
    }
    if (c === 34) {
      if (this.strIsKey) return this.keyEnded();
      if (this.str) this.sink.stringChunk(this.path, this.str);
      this.str = "";
      this.sink.stringEnd(this.path);
      return this.valueEnded();
    }
    if (c < 0x20) return this.fail(); // json.loads(strict=True) rejects raw control characters
    this.str += String.fromCharCode(c);
  }

  private escapeChar(c: number): void {
    if (this.esc === 0) {
      if (c === 117 /* u */) {
        this.esc = 1;
        this.escCode = 0;
        return;
      }
      const e = SHORT_ESCAPES[c];
      if (e === undefined) return this.fail();
      this.str += e;
      this.esc = -1;
      return;
    }
    const h = hexValue(c);
    if (h < 0) return this.fail();
    this.escCode = this.escCode * 16 + h;
    if (++this.esc === 5) {
      this.str += String.fromCharCode(this.escCode);
      this.esc = -1;
    }
  }

  private keyEnded(): void {
    const top = this.frames[this.frames.length - 1]!;
    const key = this.str;
    let duplicate: boolean;
    const keys = top.keys;
    if (keys === null) {
      duplicate = false;
      top.keys = [key];
    } else if (Array.isArray(keys)) {
      duplicate = keys.includes(key);
      if (!duplicate) {
        if (keys.length < KEY_LIST_MAX) keys.push(key);
        else top.keys = new Set(keys).add(key);
      }
    } else {
      duplicate = keys.has(key);
      keys.add(key);
    }
    this.sink.key(this.path, key, top.count, duplicate);
    this.path.push(key);
    top.count++;
    this.str = "";
    this.mode = COLON;
  }
}

const SHORT_ESCAPES: Record<number, string> = {
  34: '"',
  92: "\\",
  47: "/",
  98: "\b",
  102: "\f",
  110: "\n",
  114: "\r",
  116: "\t",
};
