// feed → scan → region: the streaming engine shared by the interpreter and generated parsers.
// It mirrors the reference's state machine statement for statement where state survives an exception
// (a region that fails to parse leaves the parser exactly where the reference leaves it).

import { ContentError, NonTerminatingError, ParserStateError, RtcError, type PartialContentError } from "../errors.ts";
import type { JsonObject, JsonValue, Message, ParseIssue, RegionEvent, ResponseParser } from "../types.ts";
import { PyFloat, deepCopy, dictKeys, dictSet, hasKeyOrder, isEmptyValue, makeDict, setKey } from "../python/values.ts";
import { coerceToolCalls, toolParams, type ToolParams } from "../transform/coerce.ts";
import type { FieldPlan, Plan, ScanResult } from "./plan.ts";
import type { ParseOptions } from "../types.ts";
import { checkOptions, checkText } from "./arguments.ts";
import { UnrepresentableError, unrepresentable } from "../python/representable.ts";
import { typeArgumentsAsJson } from "../transform/json-types.ts";
import { IssueLog } from "./recovery.ts";
import { pyIsSpaceCode } from "../python/strip.ts";

/**
 * Consumed characters worth dropping: any. A slice is O(1), and the next search (indexOf) flattens the
 * buffer (`buf + chunk`) by copying all of it, so a buffer holding only unread text costs least: text
 * regions streamed in 4-character chunks take about 75 ns per chunk instead of 120 with 64 here.
 */
const TRIM_AT = 1;
/** Region chunks joined into one string at a time. */
const BODY_PARTS = 128;

/**
 * Where a parser's events go when a consumer takes each one as it happens (`StreamParser.deliverTo`)
 * instead of reading feed()'s list: a chunk of region text comes without an event object (the common
 * event, one per feed when text streams), every other event as the object feed() would have listed.
 */
export interface RegionSink {
  /** A `region_chunk` event, passed as its parts (no event object is built). */
  regionChunk(field: string, text: string, dirty: boolean): void;
  /** Any other event, as the object feed() would have listed. */
  regionEvent(event: RegionEvent): void;
}

/** `M`: the message type a generated module's plan guarantees (its own `Message`); plain dicts otherwise. */
export class StreamParser<M extends JsonObject = Message> implements ResponseParser<M> {
  /**
   * Held-back text moves out of the scanned buffer (see `held`) only in stretches of at least this many
   * characters. Tests lower it to exercise that on short texts.
   */
  static detachMin = 1024;
  readonly initialEvents: RegionEvent[] = [];

  /** Unconsumed text plus `keep` characters of context; `base` is buf[0]'s offset in the whole stream. */
  private buf = "";
  /**
   * A chunk's last code unit when it is a high surrogate: the first half of a character whose second half
   * is in the next chunk. It joins the buffer with that chunk (or at the end), so that no search sees half
   * a character as the text's last one (a delimiter that begins with it would be missed) and no event
   * carries half a character.
   */
  private split = "";
  private base = 0;
  private pos = 0;
  private readonly keep: number;
  private readonly output: Message;
  private readonly params: ToolParams | null;
  /** The region text goes to: a field index, or -1 (the null sink: no implicit field, no region open). */
  private current: number;
  private captures: Record<string, string> = {};
  /** The open region's text so far: `body` (flat blocks) then `parts` (recent chunks, joined every BODY_PARTS). */
  private body = "";
  private parts: string[] = [];
  /** Explicit regions open eagerly on their delimiter; the implicit one on its first character. */
  private opened = false;
  /** Stream offset where the open region's text starts (for errors that say where). */
  private regionStart = 0;
  private finalized = false;
  /** `eventDetails`: region_open events carry captures and offset. */
  private readonly details: boolean;
  /** deliverTo: events go here instead of into feed()'s and finalize()'s lists. */
  private sink: RegionSink | null = null;
  /**
   * A value JSON cannot carry, found when a region closed in the current call. The reference fails only
   * when the call would return (its result cannot be written out), so the call goes on, the value stays
   * in the message, and an error raised later in the same call is the one that surfaces.
   */
  private unrepresentable: UnrepresentableError | null = null;
  /**
   * Held-back text that no scanner reads any more (see ScanResult.need), with up to `keep` characters of
   * context before the read position: it lies just before buf[0], so `pos` is then negative.
   */
  private readonly held = new HeldText();
  private readonly scanned: ScanResult = {
    field: -1,
    open: false,
    start: 0,
    end: 0,
    groups: null,
    hold: 0,
    base: 0,
    memo: [],
    need: -Infinity,
    quiet: null,
    whole: () => ({ text: this.held.text() + this.buf, base: this.base - this.held.length }),
  };

  // ---- recover mode (onError: "recover") only; `issues` is null in throw mode and nothing below is used ----
  private readonly issues: IssueLog | null;
  /** The explicit region's open delimiter (stream offset, text), for the raw text of a failed region. */
  private delimStart = 0;
  private delimText = "";
  /** The delimiter that closes the current region (empty when none does: an open or the end of stream). */
  private closeText = "";
  private closeEnd = 0;
  /** The open implicit block began with a failed region's text: it joins the stored value, never replaces it. */
  private recovered = false;
  /** The whitespace a failed region's text began with (its open pattern's `\s*`): kept between the text
   * before it and the recovered text when they are joined, so recover mode loses no separator. */
  private recoveredLead = "";
  /** Per field index: the text span of the block a non-repeating field holds, to report it if replaced. */
  private readonly stored: ({ start: number; end: number } | undefined)[] = [];

  /**
   * `emitEvents` false: no event objects are built (feed() and finalize() return empty lists and
   * initialEvents stays empty); the message is the same. For whole-text parsing, where nobody reads them.
   */
  constructor(
    private readonly plan: Plan,
    options: ParseOptions,
    private readonly emitEvents: boolean = true,
  ) {
    checkOptions(options);
    const onError = options.onError ?? "throw";
    if (onError !== "throw" && onError !== "recover") {
      throw new ParserStateError(`onError must be "throw" or "recover", got ${JSON.stringify(onError)}`, "ValueError");
    }
    this.issues = onError === "recover" ? new IssueLog() : null;
    this.details = options.eventDetails === true;
    this.keep = plan.lookbehind;
    this.output = deepCopy(plan.defaults);
    const tools = options.tools;
    const params = tools === undefined || tools === null ? null : toolParams(tools);
    this.params = params && params.size ? params : null;
    this.current = plan.implicit;
    if (options.prefix) {
      const kept = plan.truncatePrefix(options.prefix);
      if (kept) {
        this.buf = kept;
        this.process(this.initialEvents, false);
        this.raiseUnrepresentable();
      }
    }
  }

  /**
   * Sends every later event to `sink` as it happens (feed() and finalize() then return empty lists), or
   * back to the lists (null). For a consumer that owns the parser: the OpenAI stream builds its deltas
   * from the events directly, and no event list or chunk event is made for it. A feed that throws has
   * delivered the events before the error (a list would have been lost with it).
   */
  deliverTo(sink: RegionSink | null): void {
    this.sink = sink;
  }

  /** Adds generated text and returns the events it completes (empty while a sink is set); see ResponseParser.feed. */
  feed(chunk: string): RegionEvent[] {
    if (this.finalized) throw new ParserStateError("feed() after finalize(): this parser is finished");
    checkText(chunk, "feed(chunk)");
    const events: RegionEvent[] = [];
    if (this.fastFeed(events, chunk)) return events;
    if (chunk) {
      const text = this.split + chunk;
      const last = text.charCodeAt(text.length - 1);
      this.split = last >= 0xd800 && last <= 0xdbff ? text.slice(-1) : "";
      this.buf += this.split ? text.slice(0, -1) : text;
    }
    this.unrepresentable = null;
    this.process(events, false);
    this.trim();
    this.raiseUnrepresentable();
    return events;
  }

  /**
   * Plain text after a scan that left its state quiet: when the state's memo says the next scan would find
   * nothing (ScanResult.quiet), the text from the read position to where that scan would hold is the open
   * region's, added as process() adds it, and no scan runs. False: the chunk is not taken.
   */
  private fastFeed(events: RegionEvent[], chunk: string): boolean {
    const quiet = this.scanned.quiet;
    const tail = chunk.charCodeAt(chunk.length - 1);
    // (A chunk ending in half a surrogate pair keeps it for the next one: the full feed does that.)
    if (quiet === null || this.split !== "" || this.held.length > 0 || (tail >= 0xd800 && tail <= 0xdbff)) return false;
    const hold = quiet.fastHold(this.base + this.pos, this.base + this.buf.length, chunk);
    if (hold < 0) return false;
    const pending = this.buf.length - this.pos;
    this.buf += chunk;
    const h = hold - this.base;
    if (h > this.pos) {
      this.accumulate(events, pending === 0 && h === this.buf.length ? chunk : this.buf.slice(this.pos, h));
      this.pos = h;
    }
    this.trim();
    return true;
  }

  /**
   * A new parser's whole text, then finalize (parseResponse): every scan knows the text is complete, so
   * nothing is searched in partial mode (no pending match to hold back, no partial program to run). The
   * result is feed(text) then finalize()'s: a partial scan commits only what the complete text commits.
   */
  finish(text: string): { message: M; events: RegionEvent[]; errors?: ParseIssue[] } {
    checkText(text, "parseResponse(text)");
    this.buf += text;
    return this.finalize();
  }

  finalize(): { message: M; events: RegionEvent[]; errors?: ParseIssue[] } {
    if (this.finalized) throw new ParserStateError("finalize() called twice: this parser is finished");
    const events: RegionEvent[] = [];
    this.unrepresentable = null;
    this.buf += this.split;
    this.process(events, true);
    let missing: FieldPlan[] | null = null;
    for (const f of this.plan.fields) {
      if (!f.optional && !Object.prototype.hasOwnProperty.call(this.output, f.name)) (missing ??= []).push(f);
    }
    if (missing && this.issues) {
      for (const f of missing) this.issues.missing(f.name, this.base + this.buf.length);
    } else if (missing) {
      throw new ParserStateError(
        `required field(s) missing from the parsed output: ${missing.map((f) => f.name).join(", ")} ` +
          `(optional: false; ${this.base + this.buf.length} characters parsed)`,
        "ValueError",
      );
    }
    const message = this.message() as M;
    this.finalized = true;
    if (this.issues) return { message, events, errors: this.issues.finish() };
    this.raiseUnrepresentable();
    // A value from an earlier call is still in the message (its call already failed for it).
    const bad = representable(message) ? null : unrepresentable(message, "message");
    if (bad) throw new UnrepresentableError(`the ${bad}, which JSON cannot carry`);
    return { message, events };
  }

  /** Raises the unrepresentable value found in this call, if any (see `unrepresentable`). */
  private raiseUnrepresentable(): void {
    const e = this.unrepresentable;
    this.unrepresentable = null;
    if (e) throw e;
  }

  /** The output without its empty values (None, "", [], {}), unless they are defaults. */
  private message(): Message {
    const defaults = this.plan.defaults;
    const output = this.output;
    const keep = (k: string) => Object.prototype.hasOwnProperty.call(defaults, k) || !isEmptyValue(output[k]);
    // Nothing to drop: the output itself is the message (the parser is finished and never touches it again).
    if (dictKeys(output).every(keep)) return output;
    if (hasKeyOrder(output)) return makeDict(dictKeys(output).filter(keep).map((k) => [k, output[k]!] as const));
    // Without a recorded order, Python's order is JavaScript's own, and a subset copied in that order keeps it.
    const message: Message = {};
    for (const k of Object.keys(output)) if (keep(k)) setKey(message, k, output[k]!);
    return message;
  }

  /** Offset of the read position in the whole stream (prefix kept after the anchor, then the generation). */
  get offset(): number {
    return this.base + this.pos;
  }

  private process(events: RegionEvent[], eos: boolean): void {
    const plan = this.plan;
    const s = this.scanned;
    // Commits that do not advance the read position can only cycle through (field, opened) states; more
    // of them in a row than there are such states means zero-width delimiters would match forever.
    const maxStill = 2 * plan.fields.length + 2;
    let still = 0;
    let lastPos = -1;
    for (;;) {
      const state = this.current >= 0 && this.current !== plan.implicit ? this.current : plan.implicit;
      s.base = this.base;
      s.need = -Infinity;
      s.quiet = null;
      plan.scan(state, this.buf, this.pos, eos, s);
      // Anything but holding at the same place reads or consumes held-back text: give it back to buf.
      if (this.held.length && (s.field >= 0 || eos || s.hold > this.pos)) this.reattach(s);
      if (s.field >= 0) {
        const { start, end, open, field } = s;
        const groups = s.groups;
        if (start > this.pos) this.accumulate(events, this.buf.slice(this.pos, start));
        if (end === lastPos && ++still > maxStill) {
          throw new NonTerminatingError(
            `delimiters match empty text forever at offset ${this.base + end} (zero-width open and close patterns)`,
          );
        } else if (end !== lastPos) still = 0;
        lastPos = end;
        this.pos = end;
        if (this.issues) {
          // Recover mode: remember the delimiters, which belong to a failed region's raw text.
          this.closeEnd = this.base + (open ? start : end);
          this.closeText = open ? "" : this.buf.slice(start, end);
          if (open) {
            this.delimStart = this.base + start;
            this.delimText = this.buf.slice(start, end);
          }
        }
        if (open) {
          this.closeCurrent(events);
          this.openExplicit(events, field, groups);
        } else {
          // Always the implicit region's close here: an explicit region only watches its own close.
          const hadContent = this.opened;
          this.closeCurrent(events);
          // A zero-width close on an empty region would fire again forever: stop here, as the reference does.
          if (!hadContent && start === end) break;
        }
        continue;
      }
      if (eos) {
        if (this.pos < this.buf.length) {
          this.accumulate(events, this.buf.slice(this.pos));
          this.pos = this.buf.length;
        }
        if (this.issues) {
          this.closeEnd = this.base + this.buf.length;
          this.closeText = "";
        }
        this.closeCurrent(events);
        // Recover mode: a region that failed just now handed its text to the implicit field; close it too.
        if (this.opened) this.closeCurrent(events);
        break;
      }
      if (s.hold > this.pos) {
        this.accumulate(events, this.buf.slice(this.pos, s.hold));
        this.pos = s.hold;
      }
      break;
    }
  }

  private accumulate(events: RegionEvent[], text: string): void {
    if (!text) return;
    if (this.current < 0) {
      // Outside every region, no implicit field: the reference drops the text; recover mode reports it.
      if (this.issues) this.issues.unclaimed(this.base + this.pos, text);
      return;
    }
    const field = this.plan.fields[this.current]!;
    if (!this.opened) {
      this.opened = true;
      this.regionStart = this.base + this.pos; // callers pass buf[pos…]
      if (this.emitEvents) this.emit(events, this.openEvent(field.name));
    }
    // Collecting chunks in an array and joining them in blocks keeps a long region from becoming a rope of
    // thousands of tiny strings, which the garbage collector would copy over and over (feed cost would
    // then grow with the region's length).
    this.parts.push(text);
    if (this.parts.length >= BODY_PARTS) {
      this.body += this.parts.join("");
      this.parts = [];
    }
    if (!this.emitEvents) return;
    if (this.sink !== null) this.sink.regionChunk(field.name, text, field.dirty);
    else events.push({ type: "region_chunk", field: field.name, text, dirty: field.dirty });
  }

  private openExplicit(events: RegionEvent[], field: number, groups: Record<string, string | null> | null): void {
    this.current = field;
    const captures: Record<string, string> = {};
    if (groups) for (const k in groups) if (groups[k] !== null) captures[k] = groups[k]!;
    this.captures = captures;
    this.body = "";
    if (this.parts.length !== 0) this.parts = [];
    this.opened = true;
    this.regionStart = this.base + this.pos; // pos is already past the open delimiter
    if (this.emitEvents) this.emit(events, this.openEvent(this.plan.fields[field]!.name));
  }

  private emit(events: RegionEvent[], event: RegionEvent): void {
    if (this.sink !== null) this.sink.regionEvent(event);
    else events.push(event);
  }

  private openEvent(field: string): RegionEvent {
    return this.details
      ? { type: "region_open", field, captures: { ...this.captures }, offset: this.regionStart }
      : { type: "region_open", field };
  }

  private closeCurrent(events: RegionEvent[]): void {
    if (this.issues === null) {
      this.closeRegion(events);
      return;
    }
    // Recover mode: a region that cannot be parsed, transformed or stored does not end the parse.
    try {
      this.closeRegion(events);
    } catch (e) {
      if (!(e instanceof RtcError) || e instanceof NonTerminatingError) throw e;
      this.recoverRegion(events, e);
    }
  }

  /**
   * Recover mode: the current region failed to close. It is reported (and a `region_error` event replaces
   * its `region_close`); the field keeps what it held before. Its raw text, delimiters included, becomes
   * the start of a new implicit block, which later text continues and which joins the implicit field's
   * stored text rather than replacing it; without an implicit field (or when the implicit region itself
   * failed) the text is only reported. The parser then goes on outside every region.
   */
  private recoverRegion(events: RegionEvent[], error: Error): void {
    const field = this.plan.fields[this.current]!;
    // closeRegion gathered the region's text into body before anything in it could fail.
    const explicit = this.current !== this.plan.implicit;
    const start = explicit ? this.delimStart : this.regionStart;
    const raw = (explicit ? this.delimText : "") + this.body + this.closeText;
    const issue = this.issues!.region(field.name, start, this.closeEnd, error);
    if (this.emitEvents) this.emit(events, { type: "region_error", field: field.name, start, end: this.closeEnd, reason: issue.reason });
    this.resetToImplicit();
    if (!explicit || this.plan.implicit < 0) return;
    const implicit = this.plan.fields[this.plan.implicit]!;
    this.opened = true;
    this.recovered = true;
    this.recoveredLead = leadingSpace(raw);
    this.regionStart = start;
    this.parts.push(raw);
    if (this.emitEvents) {
      this.emit(events, this.openEvent(implicit.name));
      this.emit(events, { type: "region_chunk", field: implicit.name, text: raw, dirty: implicit.dirty });
    }
  }

  private closeRegion(events: RegionEvent[]): void {
    if (this.current < 0 || !this.opened) {
      this.resetToImplicit();
      return;
    }
    const field = this.plan.fields[this.current]!;
    let value: JsonValue;
    try {
      if (this.parts.length !== 0) {
        // One part and no body yet (a region found whole): no copy.
        this.body = this.body === "" && this.parts.length === 1 ? this.parts[0]! : this.body + this.parts.join("");
        this.parts = [];
      }
      value = this.blockValue(field);
    } catch (e) {
      if (e instanceof ContentError && !e.where) {
        e.where = { field: field.name, offset: this.regionStart };
        e.message = `fields.${field.name} (${this.span()}): ${e.message}`;
      }
      throw e;
    }
    if (this.params) value = coerceToolCalls(field.unwrap ? field.unwrap(value, this.params) : value, this.params, field.readLiteral);
    else if (field.argumentTypes === "json") value = typeArgumentsAsJson(value, field.readLiteral);
    const name = field.name;
    // Checked without building the paths first: unrepresentable() names where the problem is, which
    // costs a string per nested value, and is only needed when there is a problem.
    if (!representable(value)) {
      const e = new UnrepresentableError(`fields.${name} (${this.span()}): the parsed ${unrepresentable(value)}, which JSON cannot carry`);
      // Recover mode: a region error like any other. Otherwise not raised here: the call goes on (see
      // `unrepresentable`), and the value is stored as the reference stores it.
      if (this.issues) throw e;
      this.unrepresentable ??= e;
    }
    if (field.into) this.addInto(field.into, name, value);
    else if (field.join !== null) {
      if (typeof value !== "string") {
        throw new ContentError(
          `fields.${name}.join (${this.span()}): each block must parse to a string to be joined, got ${describe(value)}`,
          "ValueError",
          { field: name, offset: this.regionStart },
        );
      }
      const previous = this.output[name];
      if (previous !== undefined && previous !== null && typeof previous !== "string") {
        // A non-string default cannot be concatenated (Python raises TypeError).
        throw new ContentError(`fields.${name}.join: cannot join onto a ${describe(previous)} default`, "TypeError");
      }
      const lead = this.recovered && previous && value ? this.recoveredLead : "";
      if (previous === undefined || previous === null) dictSet(this.output, name, value);
      else if (!field.joinSkipsEmpty) dictSet(this.output, name, previous + field.join + lead + value);
      // A failed region's text continues the text before it (with the whitespace its open consumed).
      else if (value !== "") dictSet(this.output, name, previous === "" ? value : previous + (this.recovered ? lead : field.join) + value);
    } else if (field.repeats) {
      if (!Object.prototype.hasOwnProperty.call(this.output, name)) dictSet(this.output, name, [value]);
      else {
        const list = this.output[name];
        // A non-list default has no append (Python raises AttributeError).
        if (!Array.isArray(list)) {
          throw new ContentError(`fields.${name}: cannot append a block to a ${describe(list!)} default`, "AttributeError");
        }
        list.push(value);
      }
    } else dictSet(this.output, name, this.issues ? this.replacing(this.current, value) : value);
    if (this.emitEvents) this.emit(events, { type: "region_close", field: name, value });
    this.resetToImplicit();
  }

  /** rtc extension `into`: the block (or, spread, each item of it) is added to the list at `key`. */
  private addInto(into: { key: string; spread: boolean }, name: string, value: JsonValue): void {
    let list = this.output[into.key];
    if (list === undefined) dictSet(this.output, into.key, (list = []));
    if (!Array.isArray(list)) {
      throw new ContentError(`fields.${name}.into: cannot add a block to ${into.key}, a ${describe(list)} default`, "TypeError");
    }
    if (into.spread && Array.isArray(value)) list.push(...value);
    else list.push(value);
  }

  /**
   * Recover mode, a non-repeating field about to store `value`: the value to store. A block that began
   * with a failed region's text is appended to the stored string (the recovered text must stay where a
   * reader finds it); any other block replaces the stored one, as in the reference, and the replaced
   * block's text is reported.
   */
  private replacing(index: number, value: JsonValue): JsonValue {
    const name = this.plan.fields[index]!.name;
    const previous = this.output[name];
    const before = this.stored[index];
    const span = { start: this.regionStart, end: this.regionStart + this.body.length };
    if (before && this.recovered && typeof previous === "string" && typeof value === "string") {
      this.stored[index] = { start: before.start, end: span.end };
      return previous + (previous && value ? this.recoveredLead : "") + value;
    }
    if (before && previous !== undefined && !isEmptyValue(previous)) this.issues!.overwritten(name, before.start, before.end, span.start);
    this.stored[index] = span;
    return value;
  }

  /** The block's value. Recover mode keeps what a content parser could read of a body it read only in part
   * (json-calls: one bad entry of several); each span it left out is reported, none becomes content. */
  private blockValue(field: FieldPlan): JsonValue {
    try {
      return field.process(this.body, this.captures);
    } catch (e) {
      // Told apart by shape, not instanceof: the class then ships only in bundles whose parser throws it.
      if (this.issues === null || !(e instanceof ContentError) || !("partial" in e)) throw e;
      const p = e as PartialContentError;
      const value = field.process(this.body, this.captures, { value: p.partial });
      for (const d of p.dropped) this.issues.dropped(field.name, this.regionStart + d.start, this.regionStart + d.end, d.reason);
      return value;
    }
  }

  /** Where the closing region's text lies, in UTF-16 offsets of the stream (kept prefix, then generation). */
  private span(): string {
    return `region text at offsets ${this.regionStart}–${this.regionStart + this.body.length} of the stream`;
  }

  private resetToImplicit(): void {
    this.current = this.plan.implicit;
    this.recovered = false;
    this.recoveredLead = "";
    this.captures = {};
    // parts is already empty: every close gathers it into body, and nothing is added before opening.
    this.body = "";
    this.opened = false;
  }

  /**
   * Drops consumed text, and moves held-back text that no scanner reads any more out of buf, so that every
   * feed costs what its new text costs, not the whole message or the whole pending stretch.
   */
  private trim(): void {
    const cut = this.pos - this.keep;
    if (cut >= TRIM_AT) {
      this.buf = this.buf.slice(cut);
      this.base += cut;
      this.pos -= cut;
    }
    const detach = Math.min(this.scanned.need - this.keep - this.base, this.buf.length);
    if (detach > Math.max(this.pos, 0) && (this.pos < 0 || detach - this.pos >= StreamParser.detachMin)) {
      this.held.push(this.buf.slice(0, detach));
      this.buf = this.buf.slice(detach);
      this.base += detach;
      this.pos -= detach;
    }
  }

  /** Puts held-back text back in front of buf (the scan result `s` moves with it). */
  private reattach(s: ScanResult): void {
    const h = this.held.text();
    this.held.clear();
    this.buf = h + this.buf;
    this.base -= h.length;
    this.pos += h.length;
    s.start += h.length;
    s.end += h.length;
    s.hold += h.length;
  }
}

/** Text in pieces, joined in blocks (one piece per feed would make a rope of thousands of tiny strings). */
class HeldText {
  length = 0;
  private joined = "";
  private parts: string[] = [];
  push(s: string): void {
    this.parts.push(s);
    this.length += s.length;
    if (this.parts.length >= BODY_PARTS) {
      this.joined += this.parts.join("");
      this.parts = [];
    }
  }
  text(): string {
    if (this.parts.length) {
      this.joined += this.parts.join("");
      this.parts = [];
    }
    return this.joined;
  }
  clear(): void {
    this.joined = "";
    this.parts = [];
    this.length = 0;
  }
}

function describe(v: JsonValue): string {
  return Array.isArray(v) ? "list" : v === null ? "None" : typeof v === "object" ? "dict" : typeof v;
}

const I64_MIN = -(2n ** 63n);
const U64_MAX = 2n ** 64n - 1n;

/** Exactly `unrepresentable(v) === null` (runtime/core/python/representable.ts), without describing anything. */
function representable(v: JsonValue): boolean {
  if (typeof v === "string") return (v as string & { isWellFormed(): boolean }).isWellFormed();
  if (typeof v === "number") return Number.isFinite(v);
  if (typeof v === "bigint") return v >= I64_MIN && v <= U64_MAX;
  if (typeof v !== "object" || v === null) return true;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!representable(v[i]!)) return false;
    return true;
  }
  if (v instanceof PyFloat) return Number.isFinite(v.valueOf());
  // A dict: every key and value, in any order (the recorded Python order names the same keys).
  const keys = Object.keys(v);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (!(k as string & { isWellFormed(): boolean }).isWellFormed() || !representable(v[k]!)) return false;
  }
  return true;
}

/** The whitespace `text` begins with (Python's str.strip set, as the text parser strips). */
function leadingSpace(text: string): string {
  let i = 0;
  while (i < text.length && pyIsSpaceCode(text.charCodeAt(i))) i++;
  return text.slice(0, i);
}
