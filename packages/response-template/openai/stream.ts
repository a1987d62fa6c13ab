// Response-parser events → OpenAI `chat.completion.chunk` deltas (the same shape as vLLM's DeltaMessage).
//
// Guarantees (checked by test/openai/stream.test.ts over every template sample in random chunkings):
// - each delta carries one kind of thing: reasoning text, content text, one tool call's header
//   ({index, id, type, function: {name, arguments: ""}}), or one tool call's argument text;
// - a tool call's id and name are sent exactly once, in its first delta, as soon as both are known;
//   `index` counts calls from 0 in the order they start;
// - nothing is ever taken back: the content, reasoning and each call's argument deltas concatenate to
//   `toOpenAIMessage(finalMessage)`'s values — except for fields the template lets later text overwrite
//   (a non-repeating field that closes twice, such as implicit content reopened after a tool call). Those
//   are streamed as written and reported in `finish().divergent`.
//
// Argument text streams while the model writes it for JSON bodies (only a prefix that is certainly a prefix
// of `json.dumps(parsed arguments)`: keys once complete, strings as they grow, numbers once ended, in the
// serialiser's own spacing) and for xml-inline bodies (one complete tag at a time, parsed by the real
// content parser). Everything else is sent when its region closes.

import { parseContent, type ContentContext } from "../runtime/content/index.ts";
import { pyDumps, pyFloatRepr } from "../runtime/python/dumps.ts";
import { pyIsSpaceCode } from "../runtime/python/strip.ts";
import { dictKeys, isDict } from "../runtime/python/values.ts";
import type { JsonObject, JsonValue, Message, RegionEvent } from "../runtime/types.ts";
import { JsonTokenizer, type JsonPath, type JsonTokenSink } from "./json-stream.ts";
import {
  CONTENT_FIELD,
  REASONING_FIELDS,
  TOOL_CALLS_FIELD,
  defaultIdFor,
  normalizeToolCalls,
  textOf,
  toOpenAIMessage,
  type IdFor,
  type NormalizedCall,
  type OpenAIMessage,
  type OpenAIMessageOptions,
} from "./message.ts";
import { callShape, type CallShape, type Source } from "./tool-shape.ts";
import { typeArgumentsAsJson } from "../runtime/transform/json-types.ts";

export interface DeltaToolCall {
  index: number;
  id?: string;
  type?: "function";
  function: { name?: string; arguments?: string };
}

export interface ChatDelta {
  content?: string;
  reasoning_content?: string;
  reasoning?: string;
  tool_calls?: DeltaToolCall[];
}

/** What the adapter needs to know of a field (a TemplateSpec field has all of it). */
export interface FieldInfo {
  name: string;
  content: string;
  contentArgs: JsonValue;
  repeats: boolean;
  join: string | null;
  transform: JsonValue | undefined;
  transformEach: boolean;
  /** rtc extension `into`: the message key this field's blocks go to (a tool-call field feeding tool_calls). */
  into?: string | null;
  /** rtc extension `argument_types`: argument strings are typed as JSON when no tools are passed. */
  argumentTypes?: "json" | null;
}

export interface DeltaStreamOptions extends OpenAIMessageOptions {
  /** The template's fields. Without them, clean text regions are assumed to be stripped text and every
   * tool call is sent when its region closes. */
  fields?: readonly FieldInfo[];
  /** Tools were passed to the parser: string arguments may be cast, so they are sent only at close. */
  coercesArguments?: boolean;
  /** Compiles patterns for xml-inline bodies; without it xml-inline calls are sent at close. */
  patterns?: ContentContext;
  /** The parser runs in recover mode: a call may still fail when its region closes, so each call is sent
   * whole at its region_close, and a region_error sends nothing (its text arrives as content). */
  recover?: boolean;
}

type Kind = "content" | "reasoning" | "tool";

interface TextBlock {
  kind: "content" | "reasoning";
  field: string;
  n: number;
  stream: boolean;
  strip: boolean;
  join: string | null;
  started: boolean;
  ws: string;
  emitted: string;
  sepSent: boolean;
}

export class OpenAIDeltaStream {
  private readonly fields = new Map<string, FieldInfo>();
  private readonly idFor: IdFor;
  private readonly reasoningKey: "reasoning_content" | "reasoning";
  private readonly blocks = new Map<string, number>();
  private text: TextBlock | null = null;
  private tool: ToolBlock | EachBlock | null = null;
  private out: ChatDelta[] = [];
  /** Streamed totals, to report divergence from the final message. */
  private readonly sent = { content: "", reasoning: "" };
  private readonly calls: { id: string; name: string; args: string }[] = [];
  private readonly divergent = new Set<string>();

  constructor(private readonly options: DeltaStreamOptions = {}) {
    for (const f of options.fields ?? []) this.fields.set(f.name, f);
    this.idFor = options.idFor ?? defaultIdFor;
    this.reasoningKey = options.reasoningKey ?? "reasoning_content";
  }

  /** Deltas for one batch of events (`initialEvents`, one `feed`'s, or `finalize`'s). `captures` maps the
   * index of a tool_calls `region_open` event to its open pattern's named groups, when known. */
  push(events: readonly RegionEvent[], captures?: ReadonlyMap<number, Record<string, string | null>>): ChatDelta[] {
    events.forEach((e, i) => {
      const kind = kindOf(this.fields.get(e.field)?.into ?? e.field);
      if (kind === null) return;
      if (e.type === "region_open") this.open(e.field, kind, captures?.get(i) ?? null);
      else if (e.type === "region_chunk") this.chunk(e.field, e.text);
      else if (e.type === "region_error") this.fail(e.field);
      else this.close(e.field, e.value);
    });
    const out = coalesce(this.out);
    this.out = [];
    return out;
  }

  /** Closes the stream against the final message: any last deltas, the OpenAI message, and the fields whose
   * streamed text could not match it (see the header). */
  finish(message: Message): { deltas: ChatDelta[]; message: OpenAIMessage; divergent: string[] } {
    const final = toOpenAIMessage(message, { idFor: this.idFor, reasoningKey: this.reasoningKey });
    if ((final.content ?? "") !== this.sent.content) this.divergent.add(CONTENT_FIELD);
    if ((final[this.reasoningKey] ?? "") !== this.sent.reasoning) this.divergent.add("reasoning");
    const finalCalls = final.tool_calls ?? [];
    if (
      finalCalls.length !== this.calls.length ||
      finalCalls.some((c, i) => {
        const s = this.calls[i]!;
        return c.id !== s.id || c.function.name !== s.name || c.function.arguments !== s.args;
      })
    ) {
      this.divergent.add(TOOL_CALLS_FIELD);
    }
    const deltas = coalesce(this.out);
    this.out = [];
    return { deltas, message: final, divergent: [...this.divergent] };
  }

  // ---- text (content, reasoning) ----

  private open(field: string, kind: Kind, captures: Record<string, string | null> | null): void {
    const n = this.blocks.get(field) ?? 0;
    this.blocks.set(field, n + 1);
    const info = this.fields.get(field);
    if (kind === "tool") {
      const shape = info ? callShape(info.transform, info.transformEach) : null;
      this.tool = this.options.recover
        ? new ToolBlock(this, field, undefined, null, this.options) // no field info: sent whole at close
        : shape?.kind === "each" && info!.content === "json" && plainJson(isDict(info!.contentArgs) ? info!.contentArgs : {})
          ? new EachBlock(this, field, info!, shape.item, this.options)
          : new ToolBlock(this, field, info, captures, this.options);
      this.tool.start();
      return;
    }
    const parser = info?.content ?? "text";
    const strip = info ? truthy(isDict(info.contentArgs) ? info.contentArgs.strip : undefined, true) : true;
    this.text = {
      kind,
      field,
      n,
      // Clean chunks are the final text only for the text parser without a transform.
      stream: parser === "text" && info?.transform === undefined,
      strip,
      join: info?.join ?? null,
      started: false,
      ws: "",
      emitted: "",
      sepSent: false,
    };
  }

  private chunk(field: string, text: string): void {
    if (this.tool && this.tool.field === field) {
      this.tool.chunk(text);
      return;
    }
    const b = this.text;
    if (!b || b.field !== field || !b.stream) return;
    let t = text;
    if (b.strip) {
      if (!b.started) {
        let i = 0;
        while (i < t.length && pyIsSpaceCode(t.charCodeAt(i))) i++;
        t = t.slice(i);
        if (!t) return;
        b.started = true;
      }
      // Trailing whitespace may be stripped at close: hold it until something follows it.
      t = b.ws + t;
      let end = t.length;
      while (end > 0 && pyIsSpaceCode(t.charCodeAt(end - 1))) end--;
      b.ws = t.slice(end);
      t = t.slice(0, end);
    }
    this.emitBlockText(b, t);
  }

  private emitBlockText(b: TextBlock, t: string): void {
    if (b.join !== null && b.n > 0 && !b.sepSent) {
      b.sepSent = true;
      this.emitText(b.kind, b.join);
    }
    if (!t) return;
    b.emitted += t;
    this.emitText(b.kind, t);
  }

  private emitText(kind: "content" | "reasoning", t: string): void {
    if (!t) return;
    this.sent[kind] += t;
    this.out.push(kind === "content" ? { content: t } : { [this.reasoningKey]: t });
  }

  private close(field: string, value: JsonValue): void {
    if (this.tool && this.tool.field === field) {
      this.tool.close(value);
      this.tool = null;
      return;
    }
    const b = this.text;
    if (!b || b.field !== field) return;
    this.text = null;
    const full = textOf(value) ?? "";
    if (full.startsWith(b.emitted)) this.emitBlockText(b, full.slice(b.emitted.length));
    else this.divergent.add(b.kind === "content" ? CONTENT_FIELD : "reasoning");
    if (b.join !== null && b.n > 0 && !b.sepSent) this.emitBlockText(b, "");
  }

  /** Recover mode: the region failed. Nothing of a call was sent (calls go out whole at close). */
  private fail(field: string): void {
    if (this.tool && this.tool.field === field) this.tool = null;
    else if (this.text && this.text.field === field) this.text = null;
  }

  // ---- tool calls (used by ToolBlock) ----

  /** Starts a call: sends its header and returns its index. */
  startCall(id: string | null, name: string): { index: number; id: string } {
    const index = this.calls.length;
    const callId = id ?? this.idFor(index, { id: null, name, arguments: "" });
    this.calls.push({ id: callId, name, args: "" });
    this.out.push({ tool_calls: [{ index, id: callId, type: "function", function: { name, arguments: "" } }] });
    return { index, id: callId };
  }

  sendArgs(index: number, text: string): void {
    if (!text) return;
    this.calls[index]!.args += text;
    this.out.push({ tool_calls: [{ index, function: { arguments: text } }] });
  }

  markDivergent(field: string): void {
    this.divergent.add(field);
  }
}

function kindOf(field: string): Kind | null {
  if (field === CONTENT_FIELD) return "content";
  if (field === TOOL_CALLS_FIELD) return "tool";
  return REASONING_FIELDS.includes(field) ? "reasoning" : null;
}

function truthy(v: JsonValue | undefined, dflt: boolean): boolean {
  if (v === undefined) return dflt;
  return !(v === null || v === false || v === 0 || v === "" || (Array.isArray(v) && v.length === 0));
}

/** Merges neighbouring deltas of the same kind (text runs, one call's argument runs). */
function coalesce(deltas: ChatDelta[]): ChatDelta[] {
  const out: ChatDelta[] = [];
  for (const d of deltas) {
    const last = out[out.length - 1];
    if (last) {
      if (d.content !== undefined && last.content !== undefined) {
        last.content += d.content;
        continue;
      }
      if (d.reasoning_content !== undefined && last.reasoning_content !== undefined) {
        last.reasoning_content += d.reasoning_content;
        continue;
      }
      if (d.reasoning !== undefined && last.reasoning !== undefined) {
        last.reasoning += d.reasoning;
        continue;
      }
      const a = last.tool_calls?.[0];
      const b = d.tool_calls?.[0];
      if (a && b && a.index === b.index && a.id === undefined && b.id === undefined) {
        a.function.arguments = (a.function.arguments ?? "") + (b.function.arguments ?? "");
        continue;
      }
    }
    out.push(d);
  }
  return out;
}

// ---- one tool_calls region ----

class ToolBlock implements JsonTokenSink {
  private readonly shape: CallShape;
  private mode: "json" | "xml" | "close" = "close";
  private tokenizer: JsonTokenizer | null = null;
  /** Started call (header sent). */
  private call: { index: number; id: string } | null = null;
  private name: string | null = null;
  private id: string | null = null;
  private idPending: boolean;
  /** Argument text produced before the header could be sent. */
  private pending = "";
  private argsOut = "";
  private blocked = false;
  private body = "";
  // JSON tracking
  private argsPath: JsonPath | null = null;
  private namePath: JsonPath | null = null;
  private idPath: JsonPath | null = null;
  private rawStringArgs = false;
  private readonly seenKeys = new Map<string, Set<string>>();
  private highSurrogate = "";
  private readonly acc = new Map<string, string>();
  private autoBase: string[] | null = null;
  private autoDecided = false;
  private autoMayNest = false;

  constructor(
    private readonly owner: OpenAIDeltaStream,
    /** The field whose region this is (tool_calls, or a field feeding it with `into`). */
    readonly field: string,
    private readonly info: FieldInfo | undefined,
    private readonly captures: Record<string, string | null> | null,
    private readonly options: DeltaStreamOptions,
    /** As one item of an EachBlock: the item's shape, fed by the block's tokenizer, allowed to send its
     * header only when `gate()` says every earlier item has. */
    private readonly item?: { shape: CallShape; gate: () => boolean },
  ) {
    this.shape = item ? item.shape : info ? callShape(info.transform, info.transformEach) : { kind: "opaque" };
    this.idPending = false;
  }

  get started(): boolean {
    return this.call !== null;
  }

  start(): void {
    const info = this.info;
    const shape = this.shape;
    if (!info || shape.kind === "opaque") return;
    const args = isDict(info.contentArgs) ? info.contentArgs : {};
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
        !truthy(args.merge_duplicates, false) &&
        !this.options.coercesArguments
      ) {
        this.mode = "xml";
      }
    } else if (shape.kind === "auto" && info.content === "json" && plainJson(args)) {
      this.mode = "json";
      this.autoBase = shape.base;
      this.autoMayNest = shape.mayNest;
    }
    if (this.mode === "json" && !this.item) this.tokenizer = new JsonTokenizer(this);
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
    if (this.call || this.name === null || this.idPending || (this.item && !this.item.gate())) return;
    this.call = this.owner.startCall(this.id, this.name);
    this.flush();
  }

  private flush(): void {
    if (!this.call || !this.pending) return;
    this.owner.sendArgs(this.call.index, this.pending);
    this.argsOut += this.pending;
    this.pending = "";
  }

  private emitArgs(text: string): void {
    if (this.blocked || !text) return;
    this.pending += text;
    this.flush();
  }

  chunk(text: string): void {
    this.body += text;
    if (this.mode === "json") {
      this.tokenizer!.push(text);
      if (this.tokenizer!.failed) this.blocked = true;
    } else if (this.mode === "xml") this.xmlProgress();
  }

  close(value: JsonValue): void {
    const calls = normalizeToolCalls(value);
    const rest = this.call || this.pending || this.argsOut ? calls.slice(this.reconcile(calls[0])) : calls;
    sendWhole(this.owner, rest);
  }

  /** Completes this call against its final form; returns how many final calls it accounted for (0 or 1). */
  reconcile(final: NormalizedCall | undefined): number {
    if (!final) {
      if (this.call) this.owner.markDivergent(TOOL_CALLS_FIELD);
      return 0;
    }
    if (!this.call) this.call = this.owner.startCall(final.id, final.name);
    else if (final.name !== this.name || (final.id !== null && final.id !== this.call.id)) {
      this.owner.markDivergent(TOOL_CALLS_FIELD);
    }
    if (final.arguments.startsWith(this.argsOut)) {
      this.owner.sendArgs(this.call.index, final.arguments.slice(this.argsOut.length));
    } else this.owner.markDivergent(TOOL_CALLS_FIELD);
    return 1;
  }

  // ---- xml-inline: one complete tag at a time ----

  private xmlProgress(): void {
    const args = this.info!.contentArgs as JsonObject;
    const tag = args.tag_pattern;
    if (typeof tag !== "string") return;
    let cut = -1;
    try {
      for (const m of this.options.patterns!.pattern(tag).finditer(this.body)) if (m.end < this.body.length) cut = m.end;
      if (cut < 0) return;
      const dict = parseContent(this.body.slice(0, cut), "xml-inline", args, this.options.patterns!);
      if (!isDict(dict) || dictKeys(dict).length === 0) return;
      // Types the complete values in place, as the engine does when the region closes (xml mode runs
      // only without tools, so that is the typing the final message has).
      if (this.info!.argumentTypes === "json") typeArgumentsAsJson({ function: { arguments: dict } });
      const text = pyDumps(dict, { ensureAscii: false }).slice(0, -1);
      const done = this.argsOut + this.pending;
      if (text.startsWith(done)) this.emitArgs(text.slice(done.length));
      else this.blocked = true;
    } catch {
      this.blocked = true;
    }
  }

  // ---- JSON bodies: JsonTokenSink ----

  private inArgs(path: JsonPath): number {
    const a = this.argsPath;
    if (a === null || path.length < a.length) return -1;
    for (let i = 0; i < a.length; i++) if (path[i] !== a[i]) return -1;
    return path.length - a.length;
  }

  valueStart(path: JsonPath, kind: "object" | "array" | "string" | "scalar"): void {
    if (this.autoBase && this.autoMayNest && !this.autoDecided) this.autoStep(path, kind);
    const d = this.inArgs(path);
    if (d < 0) return;
    if (d === 0 && kind === "string") {
      this.rawStringArgs = true;
      return;
    }
    if (d > 0 && typeof path[path.length - 1] === "number" && (path[path.length - 1] as number) > 0) this.emitArgs(", ");
    if (kind === "string" && this.options.coercesArguments && (d === 1 || (d === 2 && typeof path[path.length - 1] === "number"))) {
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
    if (path.length === base.length + 1 && sameStart(path, base) && path[base.length] === "function" && kind === "object") {
      this.setAuto([...base, "function"]);
      this.autoDecided = true;
    }
  }

  private setAuto(base: string[]): void {
    this.namePath = [...base, "name"];
    this.idPath = null;
    if (this.argsPath === null || this.argsPath.length !== base.length + 1) this.argsPath = null;
    this.autoCallBase = base;
  }

  private autoCallBase: string[] | null = null;

  key(path: JsonPath, key: string, index: number): void {
    if (this.autoBase) {
      if (this.autoCallBase === null && samePath(path, this.autoBase)) this.setAuto(this.autoBase);
      const base = this.autoCallBase;
      if (base && samePath(path, base) && this.argsPath === null && (key === "arguments" || key === "parameters")) {
        this.argsPath = [...base, key];
      }
      if (this.autoBase && samePath(path, this.autoBase) && key === "id" && this.call === null) this.idPath = [...this.autoBase, "id"];
    }
    const d = this.inArgs(path);
    if (d < 0) return;
    const where = JSON.stringify(path);
    let seen = this.seenKeys.get(where);
    if (!seen) this.seenKeys.set(where, (seen = new Set()));
    if (seen.has(key)) {
      // A repeated key replaces the earlier value in place: what was sent would be wrong.
      this.blocked = true;
      return;
    }
    seen.add(key);
    this.emitArgs((index > 0 ? ", " : "") + quote(key) + ": ");
  }

  stringChunk(path: JsonPath, text: string): void {
    const k = JSON.stringify(path);
    if (this.isWatched(path)) this.acc.set(k, (this.acc.get(k) ?? "") + text);
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
    if (this.isWatched(path)) {
      const v = this.acc.get(JSON.stringify(path)) ?? "";
      if (this.namePath && samePath(path, this.namePath) && this.name === null) this.name = v;
      if (this.idPath && samePath(path, this.idPath) && this.id === null && this.call === null) {
        this.id = v;
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

  private isWatched(path: JsonPath): boolean {
    return (this.namePath !== null && samePath(path, this.namePath)) || (this.idPath !== null && samePath(path, this.idPath));
  }

  scalar(path: JsonPath, text: string): void {
    if (this.idPath && samePath(path, this.idPath) && this.idPending) {
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
    if (this.autoCallBase && samePath(path, this.autoCallBase) && this.idPending) {
      this.idPending = false;
      this.maybeStart();
    }
    if (this.inArgs(path) < 0) return;
    this.emitArgs(kind === "object" ? "}" : "]");
  }
}

function sendWhole(owner: OpenAIDeltaStream, calls: NormalizedCall[]): void {
  for (const c of calls) {
    const { index } = owner.startCall(c.id, c.name);
    owner.sendArgs(index, c.arguments);
  }
}

/** A JSON list of calls in one region (transform_each): one ToolBlock per list item, fed by one tokenizer
 * with paths relative to the item. Item k sends its header only after items 0…k-1 have, so indexes stay in
 * list order. */
class EachBlock implements JsonTokenSink {
  private readonly tokenizer = new JsonTokenizer(this);
  private readonly items: ToolBlock[] = [];
  private broken = false;

  constructor(
    private readonly owner: OpenAIDeltaStream,
    readonly field: string,
    private readonly info: FieldInfo,
    private readonly shape: CallShape,
    private readonly options: DeltaStreamOptions,
  ) {}

  start(): void {}

  chunk(text: string): void {
    if (this.broken) return;
    this.tokenizer.push(text);
    if (this.tokenizer.failed) this.broken = true;
  }

  close(value: JsonValue): void {
    const calls = normalizeToolCalls(value);
    let used = 0;
    for (const item of this.items) {
      if (!item.started) break;
      used += item.reconcile(calls[used]);
    }
    sendWhole(this.owner, calls.slice(used));
  }

  private itemFor(path: JsonPath): { item: ToolBlock; rel: JsonPath } | null {
    if (this.broken || path.length === 0 || typeof path[0] !== "number") return null;
    const item = this.items[path[0]];
    return item ? { item, rel: path.slice(1) } : null;
  }

  valueStart(path: JsonPath, kind: "object" | "array" | "string" | "scalar"): void {
    if (path.length === 0) {
      if (kind !== "array") this.broken = true;
      return;
    }
    if (path.length === 1 && typeof path[0] === "number") {
      const k = path[0];
      const gate = () => this.items.slice(0, k).every((i) => i.started);
      const item = new ToolBlock(this.owner, this.field, this.info, null, this.options, { shape: this.shape, gate });
      this.items[k] = item;
      item.start();
    }
    const t = this.itemFor(path);
    t?.item.valueStart(t.rel, kind);
  }

  key(path: JsonPath, key: string, index: number): void {
    const t = this.itemFor(path);
    t?.item.key(t.rel, key, index);
  }

  stringChunk(path: JsonPath, text: string): void {
    const t = this.itemFor(path);
    t?.item.stringChunk(t.rel, text);
  }

  stringEnd(path: JsonPath): void {
    const t = this.itemFor(path);
    t?.item.stringEnd(t.rel);
    this.wakeLater();
  }

  scalar(path: JsonPath, text: string): void {
    const t = this.itemFor(path);
    t?.item.scalar(t.rel, text);
  }

  containerEnd(path: JsonPath, kind: "object" | "array"): void {
    const t = this.itemFor(path);
    if (t) t.item.containerEnd(t.rel, kind);
  }

  /** An item that just started may unblock the next ones. */
  private wakeLater(): void {
    for (const i of this.items) if (i && !i.started) i.maybeStart();
  }
}

function plainJson(args: JsonObject): boolean {
  return !truthy(args.unquoted_keys, false) && !truthy(args.string_delims, false) && !truthy(args.allow_non_json, false);
}

function samePath(a: JsonPath, b: JsonPath): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function sameStart(a: JsonPath, b: JsonPath): boolean {
  return b.every((x, i) => a[i] === x);
}

const NUMBER = /^-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

/** A complete JSON scalar as Python's json.dumps writes the value json.loads reads from it. */
function canonicalScalar(text: string): string | null {
  if (text === "true" || text === "false" || text === "null" || text === "NaN" || text === "Infinity" || text === "-Infinity") {
    return text;
  }
  const m = NUMBER.exec(text);
  if (!m) return null;
  if (m[1] === undefined && m[2] === undefined) return BigInt(text).toString();
  return pyFloatRepr(Number(text));
}

const SHORT: Record<string, string> = { '"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };

/** The inside of a string as json.dumps(ensure_ascii=False) writes it. */
function escapeBody(s: string): string {
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
