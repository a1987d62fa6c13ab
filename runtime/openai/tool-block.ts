// One tool_calls region as OpenAI deltas: the call's header as soon as its name (and id) are known, then its
// argument text while the model writes it — for JSON bodies, only text certain to start
// `json.dumps(parsed arguments)`; for xml-inline bodies, one complete tag at a time — and whatever is left
// when the region closes. See stream.ts for the guarantees.

import { argGet, subParse, type ContentContext } from "../core/content/index.ts";
import { pyDumps, pyFloatRepr } from "../core/python/dumps.ts";
import { isDict, makeDict } from "../core/python/values.ts";
import { typeArgumentsAsJson } from "../core/transform/json-types.ts";
import type { LiteralReader } from "../core/transform/coerce.ts";
import { readArgumentLiteral } from "../core/python/literal.ts";
import type { JsonObject, JsonValue } from "../core/types.ts";
import type { Digest } from "./digest.ts";
import { JsonTokenizer, type JsonPath, type JsonTokenSink } from "./json-stream.ts";
import { TOOL_CALLS_FIELD, normalizeToolCalls, type NormalizedCall } from "./message.ts";
import { callShape, type CallShape, type Source } from "./tool-shape.ts";
import type { FieldInfo } from "./stream.ts";

/** What a tool block needs of the delta stream. */
export interface CallOutput {
  /** Sends a call's header; returns its index. */
  startCall(id: string | null, name: string): number;
  /** Sends more argument text of call `index` (nothing for ""), merged into the previous delta when that is an argument delta of the same call. */
  sendArgs(index: number, text: string): void;
  /** The argument text sent so far for call `index`. */
  argsSent(index: number): Digest;
  /** Records that `field`'s streamed text cannot add up to the final message (reported by finalize's `divergent`). */
  markDivergent(field: string): void;
}

export interface ToolOptions {
  /** Tools were passed to the parser: string arguments may be cast, so they are sent only at close. */
  coercesArguments?: boolean;
  /** Compiles patterns for xml-inline bodies; without it xml-inline calls are sent at close. */
  patterns?: ContentContext;
}

export interface Block {
  readonly field: string;
  chunk(text: string): void;
  close(value: JsonValue): void;
}

/** The shape of a tool_calls field's calls (computed once per field: see stream.ts fieldTable). */
export function shapeOf(info: FieldInfo | undefined): CallShape {
  return info ? callShape(info.transform, info.transformEach) : { kind: "opaque" };
}

/** The block for one tool_calls region. */
export function toolBlock(
  out: CallOutput,
  /** The field whose region this is (tool_calls, or a field feeding it with `into`). */
  field: string,
  info: FieldInfo | undefined,
  shape: CallShape,
  captures: Record<string, string | null> | null,
  options: ToolOptions,
): Block {
  if (shape.kind === "each" && info!.content === "json" && plainJson(argsOf(info!))) return new EachBlock(out, field, info!, shape.item, options);
  const block = new ToolBlock(out, field, info, captures, options, shape, null, 0);
  block.start();
  return block;
}

class ToolBlock implements JsonTokenSink, Block {
  private mode: "json" | "xml" | "close" = "close";
  private tokenizer: JsonTokenizer | null = null;
  /** Index of the started call (header sent), or -1. */
  private index = -1;
  private name: string | null = null;
  private id: string | null = null;
  private idPending = false;
  /** Argument text produced before the header could be sent. */
  private pending = "";
  /** Whether any argument text was produced (sent or pending). */
  private produced = false;
  private blocked = false;
  // JSON tracking; paths are relative to `o` (the first path element that belongs to this call).
  private argsPath: JsonPath | null = null;
  private namePath: JsonPath | null = null;
  private idPath: JsonPath | null = null;
  private rawStringArgs = false;
  private highSurrogate = "";
  private nameText = "";
  private idText = "";
  private autoBase: string[] | null = null;
  private autoCallBase: string[] | null = null;
  private autoDecided = false;
  private autoMayNest = false;
  private xml: XmlArgs | null = null;

  constructor(
    private readonly out: CallOutput,
    readonly field: string,
    private readonly info: FieldInfo | undefined,
    private readonly captures: Record<string, string | null> | null,
    private readonly options: ToolOptions,
    private readonly shape: CallShape,
    /** As one item of an EachBlock: may send its header only when every earlier item has. */
    private readonly gate: (() => boolean) | null,
    private readonly o: number,
  ) {}

  get started(): boolean {
    return this.index >= 0;
  }

  start(): void {
    const info = this.info;
    const shape = this.shape;
    if (!info || shape.kind === "opaque") return;
    const args = argsOf(info);
    if (shape.kind === "fixed") {
      if (!this.resolveFixed(shape.name, "name") || !this.resolveFixed(shape.id, "id")) return;
      if (shape.args.kind !== "content") return;
      if (info.content === "json" && plainJson(args)) {
        this.mode = "json";
        this.argsPath = shape.args.path;
      } else if (
        info.content === "xml-inline" &&
        shape.args.path.length === 0 &&
        this.options.patterns &&
        typeof args.tag_pattern === "string" &&
        !truthy(args.merge_duplicates, false) &&
        !this.options.coercesArguments
      ) {
        this.mode = "xml";
        this.xml = new XmlArgs(args, this.options.patterns, info.argumentTypes === "json", info.argumentLiterals === "python" ? readArgumentLiteral : undefined);
      }
    } else if (shape.kind === "auto" && info.content === "json" && plainJson(args)) {
      this.mode = "json";
      this.autoBase = shape.base;
      this.autoMayNest = shape.mayNest;
    }
    if (this.mode === "json" && this.gate === null) this.tokenizer = new JsonTokenizer(this);
    this.maybeStart();
  }

  /** Name / id from a capture or a literal; a content path is watched in the body. False: unknowable now. */
  private resolveFixed(s: Source, what: "name" | "id"): boolean {
    switch (s.kind) {
      case "literal":
        if (typeof s.value !== "string") return what === "id";
        if (what === "name") this.name = s.value;
        else this.id = s.value;
        return true;
      case "capture": {
        const v = this.captures?.[s.name];
        if (typeof v !== "string") return false;
        if (what === "name") this.name = v;
        else this.id = v;
        return true;
      }
      case "content":
        if (what === "name") this.namePath = s.path;
        else {
          this.idPath = s.path;
          this.idPending = true;
        }
        return true;
      case "none":
        return what === "id";
      case "unknown":
        return false;
    }
  }

  maybeStart(): void {
    if (this.index >= 0 || this.name === null || this.idPending || (this.gate !== null && !this.gate())) return;
    this.index = this.out.startCall(this.id, this.name);
    this.flush();
  }

  private flush(): void {
    if (this.index < 0 || !this.pending) return;
    this.out.sendArgs(this.index, this.pending);
    this.pending = "";
  }

  private emitArgs(text: string): void {
    if (this.blocked || !text) return;
    this.produced = true;
    if (this.index >= 0) this.out.sendArgs(this.index, text);
    else this.pending += text;
  }

  chunk(text: string): void {
    if (this.mode === "json") {
      this.tokenizer!.push(text);
      if (this.tokenizer!.failed) this.stop();
    } else if (this.mode === "xml" && !this.blocked) {
      const args = this.xml!.push(text);
      if (args === null) this.stop();
      else this.emitArgs(args);
    }
  }

  /** Nothing more streams for this call (its final form goes out at close); its state is dropped. */
  private stop(): void {
    this.blocked = true;
    this.mode = "close";
    this.tokenizer = null;
    this.xml = null;
  }

  close(value: JsonValue): void {
    const calls = normalizeToolCalls(value);
    sendWhole(this.out, this.started || this.produced ? calls.slice(this.reconcile(calls[0])) : calls);
  }

  /** Completes this call against its final form; returns how many final calls it accounted for (0 or 1). */
  reconcile(final: NormalizedCall | undefined): number {
    if (!final) {
      if (this.started) this.out.markDivergent(TOOL_CALLS_FIELD);
      return 0;
    }
    if (!this.started) this.index = this.out.startCall(final.id, final.name);
    else if (final.name !== this.name || (final.id !== null && final.id !== this.id)) {
      this.out.markDivergent(TOOL_CALLS_FIELD);
    }
    const sent = this.out.argsSent(this.index);
    if (sent.matches(final.arguments.slice(0, sent.length))) this.out.sendArgs(this.index, final.arguments.slice(sent.length));
    else this.out.markDivergent(TOOL_CALLS_FIELD);
    return 1;
  }

  // ---- JSON bodies: JsonTokenSink (the tokenizer's path, read from element `o` on) ----

  /** Depth of `path` below the arguments value, or -1 when it is not inside it. */
  private inArgs(path: JsonPath): number {
    const a = this.argsPath;
    if (a === null || path.length - this.o < a.length) return -1;
    for (let i = 0; i < a.length; i++) if (path[this.o + i] !== a[i]) return -1;
    return path.length - this.o - a.length;
  }

  private isAt(path: JsonPath, target: readonly (string | number)[] | null): boolean {
    if (target === null || path.length - this.o !== target.length) return false;
    for (let i = 0; i < target.length; i++) if (path[this.o + i] !== target[i]) return false;
    return true;
  }

  valueStart(path: JsonPath, kind: "object" | "array" | "string" | "scalar"): void {
    if (this.autoBase && this.autoMayNest && !this.autoDecided) this.autoStep(path, kind);
    const d = this.inArgs(path);
    if (d < 0) return;
    if (d === 0 && kind === "string") {
      this.rawStringArgs = true;
      return;
    }
    const last = path[path.length - 1];
    if (d > 0 && typeof last === "number" && last > 0) this.emitArgs(", ");
    if (kind === "string" && this.options.coercesArguments && (d === 1 || (d === 2 && typeof last === "number"))) {
      // tools= may cast this string to another type: wait for the parsed value.
      this.blocked = true;
      return;
    }
    if (kind === "object") this.emitArgs("{");
    else if (kind === "array") this.emitArgs("[");
    else if (kind === "string") this.emitArgs('"');
  }

  /** Auto shape: `{function: {...}}` moves the call one level down; decided at the base object's first key. */
  private autoStep(path: JsonPath, kind: string): void {
    const base = this.autoBase!;
    if (kind === "object" && path.length - this.o === base.length + 1 && path[path.length - 1] === "function" && this.isPrefix(path, base)) {
      this.setAuto([...base, "function"]);
      this.autoDecided = true;
    }
  }

  private isPrefix(path: JsonPath, base: readonly string[]): boolean {
    for (let i = 0; i < base.length; i++) if (path[this.o + i] !== base[i]) return false;
    return true;
  }

  private setAuto(base: string[]): void {
    this.namePath = [...base, "name"];
    this.idPath = null;
    if (this.argsPath === null || this.argsPath.length !== base.length + 1) this.argsPath = null;
    this.autoCallBase = base;
  }

  key(path: JsonPath, key: string, index: number, duplicate: boolean): void {
    if (this.autoBase) {
      const atBase = this.isAt(path, this.autoBase);
      if (this.autoCallBase === null && atBase) this.setAuto(this.autoBase);
      const base = this.autoCallBase;
      if (base && this.argsPath === null && (key === "arguments" || key === "parameters") && this.isAt(path, base)) {
        this.argsPath = [...base, key];
      }
      if (atBase && key === "id" && !this.started) this.idPath = [...this.autoBase, "id"];
    }
    const d = this.inArgs(path);
    if (d < 0) return;
    if (duplicate) {
      // A repeated key replaces the earlier value in place: what was sent would be wrong.
      this.blocked = true;
      return;
    }
    this.emitArgs((index > 0 ? ", " : "") + quote(key) + ": ");
  }

  stringChunk(path: JsonPath, text: string): void {
    if (this.isAt(path, this.namePath)) this.nameText += text;
    else if (this.isAt(path, this.idPath)) this.idText += text;
    const d = this.inArgs(path);
    if (d < 0) return;
    let t = this.highSurrogate + text;
    this.highSurrogate = "";
    const last = t.charCodeAt(t.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.highSurrogate = t.slice(-1);
      t = t.slice(0, -1);
    }
    this.emitArgs(this.rawStringArgs && d === 0 ? t : escapeBody(t));
  }

  stringEnd(path: JsonPath): void {
    if (this.isAt(path, this.namePath)) {
      if (this.name === null) this.name = this.nameText;
      this.maybeStart();
    } else if (this.isAt(path, this.idPath)) {
      if (this.id === null && !this.started) {
        this.id = this.idText;
        this.idPending = false;
      }
      this.maybeStart();
    }
    const d = this.inArgs(path);
    if (d < 0) return;
    const t = this.highSurrogate;
    this.highSurrogate = "";
    if (this.rawStringArgs && d === 0) this.emitArgs(t);
    else this.emitArgs(escapeBody(t) + '"');
  }

  scalar(path: JsonPath, text: string): void {
    if (this.idPending && this.isAt(path, this.idPath)) {
      // A non-string id is not an id: fall back to a generated one.
      this.idPending = false;
      this.maybeStart();
    }
    const d = this.inArgs(path);
    if (d < 0) return;
    // `arguments: null` becomes "{}", not "null".
    const canon = d === 0 && text === "null" ? null : canonicalScalar(text);
    if (canon === null) this.blocked = true;
    else this.emitArgs(canon);
  }

  containerEnd(path: JsonPath, kind: "object" | "array"): void {
    if (this.idPending && this.isAt(path, this.autoCallBase)) {
      this.idPending = false;
      this.maybeStart();
    }
    if (this.inArgs(path) < 0) return;
    this.emitArgs(kind === "object" ? "}" : "]");
  }
}

/** xml-inline arguments, one complete tag at a time: each match of `tag_pattern` is one entry of the
 * final dict (runtime/core/content/xml-inline.ts), so the arguments text grows by `"key": value` per match.
 * Only the text after the last complete match is kept (plus what the pattern may look behind). */
class XmlArgs {
  private text = "";
  private from = 0;
  private count = 0;
  private readonly keys = new Set<string>();

  constructor(
    private readonly args: JsonObject,
    private readonly ctx: ContentContext,
    /** `argument_types: "json"`: values are typed as the engine types them at close (xml mode runs only
     * without tools, so that is the typing the final message has); typing is per value. */
    private readonly jsonTypes: boolean,
    /** `argument_literals: "python"`: dicts and lists written as Python literals, as the engine reads them. */
    private readonly literal: LiteralReader | undefined,
  ) {}

  /** Argument text for the tags this chunk completed; null when streaming must stop (sent at close). */
  push(chunk: string): string | null {
    this.text += chunk;
    let out = "";
    try {
      const pattern = this.ctx.pattern(this.args.tag_pattern as string);
      for (;;) {
        // Partial search: a match that could still start earlier or grow keeps everything after it waiting.
        const m = pattern.search(this.text, this.from, true);
        if (m === null || m.partial || m.end >= this.text.length) break;
        if (m.end === m.start) return null;
        const key = m.groups.key;
        if (typeof key !== "string" || this.keys.has(key)) return null; // an error or an overwrite at close
        this.keys.add(key);
        const raw = Object.prototype.hasOwnProperty.call(m.groups, "value") ? m.groups.value! : "";
        const value = subParse(raw, argGet(this.args, "value_parser", null), this.ctx, "xml-inline");
        const entry = makeDict(new Map([[key, value]]));
        if (this.jsonTypes) typeArgumentsAsJson({ function: { arguments: entry } }, this.literal);
        out += (this.count++ === 0 ? "{" : ", ") + pyDumps(entry, { ensureAscii: false }).slice(1, -1);
        this.from = m.end;
        const cut = this.from - pattern.lookbehind; // -Infinity: the pattern may look back anywhere
        if (cut > 0) {
          this.text = this.text.slice(cut);
          this.from -= cut;
        }
      }
    } catch {
      return null;
    }
    return out;
  }
}

function sendWhole(out: CallOutput, calls: NormalizedCall[]): void {
  for (const c of calls) out.sendArgs(out.startCall(c.id, c.name), c.arguments);
}

/** A JSON list of calls in one region (transform_each): one ToolBlock per list item, fed by one tokenizer
 * with paths whose first element is the item's index. Item k sends its header only after items 0…k-1
 * have, so indexes stay in list order. */
class EachBlock implements JsonTokenSink, Block {
  private tokenizer: JsonTokenizer | null = new JsonTokenizer(this);
  /** The body is not a list: nothing streams, the calls go out at close. */
  private broken = false;
  private readonly items: ToolBlock[] = [];
  /** Items 0…leading-1 have started. */
  private leading = 0;

  constructor(
    private readonly out: CallOutput,
    readonly field: string,
    private readonly info: FieldInfo,
    private readonly shape: CallShape,
    private readonly options: ToolOptions,
  ) {}

  chunk(text: string): void {
    const t = this.tokenizer;
    if (t === null) return;
    t.push(text);
    if (t.failed || this.broken) this.tokenizer = null;
  }

  close(value: JsonValue): void {
    const calls = normalizeToolCalls(value);
    let used = 0;
    for (const item of this.items) {
      if (!item.started) break;
      used += item.reconcile(calls[used]);
    }
    sendWhole(this.out, calls.slice(used));
  }

  private itemFor(path: JsonPath): ToolBlock | null {
    return this.broken || path.length === 0 ? null : (this.items[path[0] as number] ?? null);
  }

  /** Starts the items waiting only for earlier ones. */
  private wake(): void {
    for (;;) {
      while (this.leading < this.items.length && this.items[this.leading]!.started) this.leading++;
      const next = this.items[this.leading];
      if (!next) return;
      next.maybeStart();
      if (!next.started) return;
    }
  }

  valueStart(path: JsonPath, kind: "object" | "array" | "string" | "scalar"): void {
    if (path.length === 0) {
      if (kind !== "array") this.broken = true;
      return;
    }
    if (path.length === 1) {
      const k = path[0] as number;
      const item = new ToolBlock(this.out, this.field, this.info, null, this.options, this.shape, () => this.leading >= k, 1);
      this.items[k] = item;
      item.start();
      this.wake();
    }
    this.itemFor(path)?.valueStart(path, kind);
  }

  key(path: JsonPath, key: string, index: number, duplicate: boolean): void {
    this.itemFor(path)?.key(path, key, index, duplicate);
  }

  stringChunk(path: JsonPath, text: string): void {
    this.itemFor(path)?.stringChunk(path, text);
  }

  stringEnd(path: JsonPath): void {
    this.itemFor(path)?.stringEnd(path);
    this.wake();
  }

  scalar(path: JsonPath, text: string): void {
    this.itemFor(path)?.scalar(path, text);
    this.wake();
  }

  containerEnd(path: JsonPath, kind: "object" | "array"): void {
    this.itemFor(path)?.containerEnd(path, kind);
    this.wake();
  }
}

function argsOf(info: FieldInfo): JsonObject {
  return isDict(info.contentArgs) ? info.contentArgs : {};
}

export function truthy(v: JsonValue | undefined, dflt: boolean): boolean {
  if (v === undefined) return dflt;
  return !(v === null || v === false || v === 0 || v === "" || (Array.isArray(v) && v.length === 0));
}

function plainJson(args: JsonObject): boolean {
  return !truthy(args.unquoted_keys, false) && !truthy(args.string_delims, false) && !truthy(args.allow_non_json, false);
}

const NUMBER = /^-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** A complete JSON scalar as Python's json.dumps writes the value json.loads reads from it. */
function canonicalScalar(text: string): string | null {
  if (text === "true" || text === "false" || text === "null" || text === "NaN" || text === "Infinity" || text === "-Infinity") {
    return text;
  }
  const m = NUMBER.exec(text);
  if (!m) return null;
  // An integer: json.loads reads it exactly and dumps writes it back as written (no leading zeros in JSON),
  // except -0, which is 0.
  if (m[1] === undefined && m[2] === undefined) return text === "-0" ? "0" : text;
  return pyFloatRepr(Number(text));
}

const SHORT: Record<string, string> = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;

/** The inside of a string as json.dumps(ensure_ascii=False) writes it. */
function escapeBody(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return s;
  let out = "";
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (c >= 0x20 && ch !== '"' && ch !== "\\") out += ch;
    else out += SHORT[ch] ?? "\\u" + c.toString(16).padStart(4, "0");
  }
  return out;
}

function quote(s: string): string {
  return '"' + escapeBody(s) + '"';
}
