// Response-parser events → OpenAI `chat.completion.chunk` deltas (the same shape as vLLM's DeltaMessage).
//
// Guarantees (checked by test/openai/samples.test.ts over every template sample in many chunkings):
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
//
// Cost: deltas are built and merged as events arrive (no second pass), and nothing sent is copied: text
// is checked against the closed blocks' values (strings the message holds anyway) and argument text
// against a running digest (digest.ts), so memory is the text not yet sent (held trailing whitespace,
// argument text waiting for its call's name, an unfinished xml tag, the open JSON containers) however
// long the message grows. Field facts are worked out once per template (fieldTable), not per stream.

import type { ContentContext } from "../core/content/index.ts";
import { pyIsSpaceCode } from "../core/python/strip.ts";
import { isDict } from "../core/python/values.ts";
import type { RegionSink } from "../core/engine/stream.ts";
import type { JsonValue, Message, RegionEvent } from "../core/types.ts";
import { unwrapJsonFence } from "../core/transform/json-fence.ts";
import { Digest } from "./digest.ts";
import { ArgumentError } from "../core/errors.ts";
import {
  CONTENT_FIELD,
  REASONING_FIELDS,
  TOOL_CALLS_FIELD,
  defaultIdFor,
  textOf,
  toOpenAIMessage,
  type IdFor,
  type OpenAIMessage,
  type OpenAIMessageOptions,
} from "./message.ts";
import { shapeOf, toolBlock, truthy, type Block, type CallOutput } from "./tool-block.ts";
import type { CallShape } from "./tool-shape.ts";

/** One tool call's part of a delta: its header (first delta: id, type, name, `arguments: ""`) or argument text. */
export interface DeltaToolCall {
  /** The call's position among the message's calls, from 0. */
  index: number;
  /** Only in the call's first delta, as are `type` and `function.name`. */
  id?: string;
  type?: "function";
  function: { name?: string; arguments?: string };
}

/** One OpenAI (vLLM `DeltaMessage`-shaped) delta; exactly one key is set. Reasoning goes under `reasoning` when `reasoningKey: "reasoning"`. */
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
  /** rtc extension `join_skips_empty`: the separator goes only between blocks that have text. */
  joinSkipsEmpty?: boolean;
  transform: JsonValue | undefined;
  transformEach: boolean;
  /** rtc extension `into`: the message key this field's blocks go to (a tool-call field feeding tool_calls). */
  into?: string | null;
  /** rtc extension `argument_types`: argument strings are typed as JSON when no tools are passed. */
  argumentTypes?: "json" | null;
  /** rtc extension `argument_literals`: dicts and lists written as Python literals are read. */
  argumentLiterals?: "python" | null;
}

/** Options of OpenAIDeltaStream; `streamOptions` builds them from the parse options and the template's fields. */
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

type TextKind = "content" | "reasoning";

/** What the stream needs of one field, worked out once per field list (fieldTable). */
interface FieldEntry {
  info: FieldInfo | undefined;
  kind: TextKind | "tool";
  /** Text fields: clean chunks are the final text (the text parser without a transform). */
  stream: boolean;
  strip: boolean;
  join: string | null;
  joinSkipsEmpty: boolean;
  /** Tool fields: where a call's name, id and arguments come from. */
  shape: CallShape;
}

function entryFor(name: string, info: FieldInfo | undefined): FieldEntry | null {
  const kind = kindOf(info?.into ?? name);
  if (kind === null) return null;
  const args = info && isDict(info.contentArgs) ? info.contentArgs : undefined;
  return {
    info,
    kind,
    stream: (info?.content ?? "text") === "text" && info?.transform === undefined,
    strip: truthy(args?.strip, true),
    join: info?.join ?? null,
    joinSkipsEmpty: info?.joinSkipsEmpty === true,
    shape: kind === "tool" ? shapeOf(info) : { kind: "opaque" },
  };
}

const OPAQUE: CallShape = { kind: "opaque" };

const tables = new WeakMap<readonly FieldInfo[], ReadonlyMap<string, FieldEntry | null>>();
/** Fields the template does not describe (no `fields` given): clean stripped text, calls sent at close. */
const bare = new Map<string, FieldEntry | null>();

/** The entries of a field list, built once per list (streams over the same template share them). */
function fieldTable(fields: readonly FieldInfo[] | undefined): ReadonlyMap<string, FieldEntry | null> {
  if (fields === undefined) return bare;
  let t = tables.get(fields);
  if (t === undefined) {
    t = new Map(fields.map((f) => [f.name, entryFor(f.name, f)]));
    tables.set(fields, t);
  }
  return t;
}

function entryOf(table: ReadonlyMap<string, FieldEntry | null>, name: string): FieldEntry | null {
  const e = table.get(name);
  if (e !== undefined) return e;
  let b = bare.get(name);
  if (b === undefined) bare.set(name, (b = entryFor(name, undefined)));
  return b;
}

/** One open content or reasoning region. Memory: the trailing whitespace held back, nothing else. */
class TextBlock {
  started = false;
  ws = "";
  /** Characters sent for this block. */
  sent = 0;
  sepSent = false;
  /** Recover mode: the block begins with a failed region's text after earlier text of its field; the
   * engine keeps the whitespace it begins with (the separator), so this block does not strip it. */
  lead = false;
  leadText = "";
  constructor(
    readonly kind: TextKind,
    readonly field: string,
    readonly entry: FieldEntry,
    /** Blocks of this field before this one. */
    readonly n: number,
  ) {}
}

/** A call as sent: its header and a digest of its argument text. */
interface SentCall {
  id: string;
  name: string;
  args: Digest;
}

export class OpenAIDeltaStream implements CallOutput, RegionSink {
  private readonly table: ReadonlyMap<string, FieldEntry | null>;
  private readonly idFor: IdFor;
  private readonly reasoningKey: "reasoning_content" | "reasoning";
  /** Blocks seen per joined field (the separator goes before every block but the first). */
  private joined: Map<string, number> | null = null;
  private text: TextBlock | null = null;
  private tool: Block | null = null;
  /** Deltas of the current batch; created by the first one (an array literal of one, not an empty array
   * grown on push: most feeds make exactly one delta). */
  private out: ChatDelta[] | null = null;
  /** What was streamed, to check against the final message: the closed blocks' final texts (strings the
   * message holds anyway), and a digest of the calls (headers and arguments). */
  private readonly sentContent: string[] = [];
  private readonly sentReasoning: string[] = [];
  /** Calls whose region is open (by index); a closed call is folded into `closedCalls` and dropped. */
  private readonly openCalls = new Map<number, SentCall>();
  private callCount = 0;
  private readonly closedCalls = new Digest();
  private divergent: Set<string> | null = null;
  /** Recover mode: a region just failed (its text opens the next text block), and the text fields that hold text. */
  private failed = false;
  private readonly holdsText = new Set<string>();
  private done = 0;
  /** `responseFormat: "json"`: the content held back while it may still be a fenced answer (it is whitespace or
   * starts with backticks), to go out unwrapped at the end; null once it is sent as it comes. */
  private heldContent: string | null;
  private fenceRead = 0;
  private ticks = 0;

  constructor(private readonly options: DeltaStreamOptions = {}) {
    const format = options.responseFormat;
    if (format !== undefined && format !== "json" && format !== "text") {
      throw new ArgumentError("options.responseFormat", `options.responseFormat must be "json" or "text", got ${JSON.stringify(format)}`);
    }
    this.heldContent = format === "json" ? "" : null;
    this.table = fieldTable(options.fields);
    this.idFor = options.idFor ?? defaultIdFor;
    this.reasoningKey = options.reasoningKey ?? "reasoning_content";
  }

  /** Deltas for one batch of events (`initialEvents`, one `feed`'s, or `finalize`'s). A tool_calls
   * `region_open` event's `captures` (parsers created with `eventDetails`) name the call at once;
   * `captures` here maps an event's index to them for parsers that cannot. */
  push(events: readonly RegionEvent[], captures?: ReadonlyMap<number, Record<string, string | null>>): ChatDelta[] {
    for (let i = 0; i < events.length; i++) {
      const e = events[i]!;
      if (e.type === "region_open") this.open(e.field, captures?.get(i) ?? e.captures ?? null);
      else this.regionEvent(e);
    }
    return this.take();
  }

  /** RegionSink (a StreamParser delivering to this stream, see ParserDeltaStream): one chunk of region text. */
  regionChunk(field: string, text: string): void {
    if (this.text !== null && this.text.field === field) this.textChunk(this.text, text);
    else if (this.tool !== null && this.tool.field === field) this.tool.chunk(text);
  }

  /** RegionSink: any event. */
  regionEvent(e: RegionEvent): void {
    if (e.type === "region_chunk") this.regionChunk(e.field, e.text);
    else if (e.type === "region_open") this.open(e.field, e.captures ?? null);
    else if (e.type === "region_error") this.fail(e.field);
    else this.close(e.field, e.value);
  }

  /** The deltas made since the last batch was taken (by push, take or finish). */
  take(): ChatDelta[] {
    const out = this.out ?? [];
    this.out = null;
    return out;
  }

  /** Closes the stream against the final message: any last deltas, the OpenAI message, and the fields whose
   * streamed text could not match it (see the header). */
  finish(message: Message): { deltas: ChatDelta[]; message: OpenAIMessage; divergent: string[] } {
    const final = toOpenAIMessage(message, { idFor: this.idFor, reasoningKey: this.reasoningKey });
    if (!sameText(this.sentContent, final.content)) this.markDivergent(CONTENT_FIELD);
    if (this.options.responseFormat === "json") {
      // Content held back from its start while it could be a fence goes out now, as the message has it.
      const held = this.heldContent;
      this.heldContent = null;
      if (held) this.sendText("content", unwrapJsonFence(held) ?? held);
      if (final.content) final.content = unwrapJsonFence(final.content) ?? final.content;
    }
    if (!sameText(this.sentReasoning, final[this.reasoningKey])) this.markDivergent("reasoning");
    const finalCalls = final.tool_calls ?? [];
    const expected = new Digest();
    for (const c of finalCalls) foldCall(expected, c.id, c.function.name, argsDigest(c.function.arguments));
    if (finalCalls.length !== this.callCount || this.openCalls.size > 0 || !this.closedCalls.equals(expected)) {
      this.markDivergent(TOOL_CALLS_FIELD);
    }
    return { deltas: this.take(), message: final, divergent: this.divergent ? [...this.divergent] : [] };
  }

  /** Recover mode: the region failed. Nothing of a call was sent (calls go out whole at close). */
  private fail(field: string): void {
    if (this.tool !== null && this.tool.field === field) this.tool = null;
    else if (this.text !== null && this.text.field === field) this.text = null;
    this.failed = true;
  }

  /** Calls 0…completedCalls-1 have all their argument text sent (their region closed). */
  get completedCalls(): number {
    return this.done;
  }

  // ---- text (content, reasoning) ----

  private open(field: string, captures: Record<string, string | null> | null): void {
    const entry = entryOf(this.table, field);
    if (entry === null) return;
    if (entry.kind === "tool") {
      this.tool = this.options.recover
        ? toolBlock(this, field, undefined, OPAQUE, null, this.options) // no field info: sent whole at close
        : toolBlock(this, field, entry.info, entry.shape, captures, this.options);
      return;
    }
    let n = 0;
    if (entry.join !== null) {
      this.joined ??= new Map();
      n = this.joined.get(field) ?? 0;
      this.joined.set(field, n + 1);
    }
    this.text = new TextBlock(entry.kind, field, entry, n);
    this.text.lead = this.failed && this.holdsText.has(field);
    this.failed = false;
  }

  private textChunk(b: TextBlock, text: string): void {
    if (!b.entry.stream) return;
    let t = text;
    if (b.entry.strip) {
      if (!b.started) {
        let i = 0;
        while (i < t.length && pyIsSpaceCode(t.charCodeAt(i))) i++;
        if (b.lead) b.leadText += t.slice(0, i);
        if (i === t.length) {
          if (b.lead) b.ws += t;
          return;
        }
        if (i > 0 && !b.lead) t = t.slice(i);
        b.started = true;
      }
      // Trailing whitespace may be stripped at close: hold it until something follows it.
      let end = t.length;
      while (end > 0 && pyIsSpaceCode(t.charCodeAt(end - 1))) end--;
      if (end === 0) {
        b.ws += t;
        return;
      }
      const tail = end === t.length ? "" : t.slice(end);
      if (end < t.length) t = t.slice(0, end);
      if (b.ws !== "") t = b.ws + t;
      b.ws = tail;
    }
    this.sendBlockText(b, t);
  }

  private sendBlockText(b: TextBlock, t: string): void {
    // The separator goes before every block but the first; with join_skips_empty, only between blocks with text.
    const e = b.entry;
    if (e.join !== null && !b.sepSent && (e.joinSkipsEmpty ? t !== "" && !b.lead && this.holdsText.has(b.field) : b.n > 0)) {
      b.sepSent = true;
      (b.kind === "content" ? this.sentContent : this.sentReasoning).push(e.join);
      this.sendText(b.kind, e.join);
    }
    b.sent += t.length;
    this.sendText(b.kind, t);
  }

  private sendText(kind: TextKind, t: string): void {
    if (!t) return;
    if (kind === "content" && this.heldContent !== null) {
      const text = this.heldContent + t;
      if (this.mayBeFence(text)) {
        this.heldContent = text;
        return;
      }
      this.heldContent = null;
      t = text;
    }
    const last = this.last();
    if (kind === "content") {
      if (last !== null && last.content !== undefined) last.content += t;
      else this.emit({ content: t });
    } else {
      if (this.reasoningKey === "reasoning") {
        if (last !== null && last.reasoning !== undefined) last.reasoning += t;
        else this.emit({ reasoning: t });
      } else if (last !== null && last.reasoning_content !== undefined) last.reasoning_content += t;
      else this.emit({ reasoning_content: t });
    }
  }

  /** Whether the held content may still be a fenced answer: whitespace, then up to three backticks (read once
   * each, so a long held answer costs nothing per chunk once the fence has begun). */
  private mayBeFence(text: string): boolean {
    let i = this.fenceRead;
    for (; i < text.length && this.ticks < 3; i++) {
      const c = text[i]!;
      if (c === "`") this.ticks++;
      else if (this.ticks > 0 || c.trim() !== "") return false;
    }
    this.fenceRead = i;
    return true;
  }

  private last(): ChatDelta | null {
    const out = this.out;
    return out === null ? null : out[out.length - 1]!;
  }

  private emit(d: ChatDelta): void {
    if (this.out !== null) this.out.push(d);
    else this.out = [d];
  }

  private close(field: string, value: JsonValue): void {
    if (this.tool !== null && this.tool.field === field) {
      this.tool.close(value);
      this.tool = null;
      for (; this.done < this.callCount; this.done++) {
        const c = this.openCalls.get(this.done)!;
        this.openCalls.delete(this.done);
        foldCall(this.closedCalls, c.id, c.name, c.args);
      }
      return;
    }
    const b = this.text;
    if (b === null || b.field !== field) return;
    this.text = null;
    // What was streamed is a prefix of the block's final text by construction (the text parser strips
    // exactly what textChunk holds back); finish() checks the whole against the final message.
    const stripped = textOf(value) ?? "";
    const full = b.lead && stripped ? b.leadText + stripped : stripped;
    if (full) this.holdsText.add(field);
    if (full.length >= b.sent) this.sendBlockText(b, full.slice(b.sent));
    else this.markDivergent(b.kind === "content" ? CONTENT_FIELD : "reasoning");
    (b.kind === "content" ? this.sentContent : this.sentReasoning).push(full);
  }

  // ---- tool calls: CallOutput (used by the tool blocks) ----

  startCall(id: string | null, name: string): number {
    const index = this.callCount++;
    const callId = id ?? this.idFor(index, { id: null, name, arguments: "" });
    this.openCalls.set(index, { id: callId, name, args: new Digest() });
    this.emit({ tool_calls: [{ index, id: callId, type: "function", function: { name, arguments: "" } }] });
    return index;
  }

  sendArgs(index: number, text: string): void {
    if (!text) return;
    this.openCalls.get(index)!.args.add(text);
    const last = this.last()?.tool_calls?.[0];
    if (last !== undefined && last.index === index && last.id === undefined) last.function.arguments += text;
    else this.emit({ tool_calls: [{ index, function: { arguments: text } }] });
  }

  argsSent(index: number): Digest {
    return this.openCalls.get(index)!.args;
  }

  markDivergent(field: string): void {
    (this.divergent ??= new Set()).add(field);
  }
}

/** Adds one complete call (header and arguments digest) to a digest of all calls, in order. */
function foldCall(all: Digest, id: string, name: string, args: Digest): void {
  all.add(id);
  all.addSeparator();
  all.add(name);
  all.addSeparator();
  all.addDigest(args);
}

function argsDigest(text: string): Digest {
  const d = new Digest();
  d.add(text);
  return d;
}

/** Whether the texts sent (in order) make up `final` (null: the message has none). */
function sameText(sent: readonly string[], final: string | null | undefined): boolean {
  const f = final ?? "";
  if (sent.length === 0) return f === "";
  if (sent.length === 1) return sent[0] === f;
  let n = 0;
  for (const s of sent) n += s.length;
  return n === f.length && sent.join("") === f;
}

function kindOf(field: string): TextKind | "tool" | null {
  if (field === CONTENT_FIELD) return "content";
  if (field === TOOL_CALLS_FIELD) return "tool";
  return REASONING_FIELDS.includes(field) ? "reasoning" : null;
}
