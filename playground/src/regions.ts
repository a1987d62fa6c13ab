// The output coloured by region: a partition of the model output into spans (reasoning, content, each tool
// call and its arguments, delimiters, recover-mode errors), computed from a parser's events alone. Pure, no
// DOM (test/playground/regions.test.ts checks that every character lies in exactly one span).
//
// Where the text lies: with `eventDetails`, `region_open.offset` is the stream offset of the region's text,
// and the stream is the kept prefix (the prompt after the start anchor's last match) followed by the
// generation; a region's text runs from that offset over the total length of its chunks. `region_error`
// gives its raw text's start/end in the same offsets. Subtracting the kept prefix's length gives positions
// in the output; a region the prompt opened (a prefilled `<think>`) is clipped to the output's start.

import { dictKeys, isDict, pyDumps, type JsonValue, type ParseIssue, type RegionEvent } from "response-template/runtime";

/** What a span of the output is. `delimiter`: text no region covers (markers, whitespace between regions). */
export type SpanKind = "reasoning" | "content" | "call" | "argument-key" | "argument-value" | "field" | "delimiter" | "error" | "unclaimed";

/** A run of output characters [start, end) of one kind. */
export interface Span {
  start: number;
  end: number;
  kind: SpanKind;
  /** The template field whose region this is (null for delimiters and unclaimed text). */
  field: string | null;
  /** For calls and their arguments: the call's index in the message's tool_calls. */
  call?: number;
  /** For argument keys and values: the argument's name. */
  argument?: string;
  /** A short human label (`tool call 0: get_weather`, `error in tool_calls: …`). */
  label: string;
}

/** How the spans are computed. */
export interface SpanOptions {
  /** Length of the kept prefix (the prompt after the start anchor): event offsets count it first. Default 0. */
  keptPrefixLength?: number;
  /** The field each field stores into (a field's `into`); calls are fields storing into `tool_calls`. */
  into?: Readonly<Record<string, string | null | undefined>>;
  /** Recover mode's issues (finalize().errors): `unclaimed` text is marked as such, region issues as errors. */
  issues?: readonly ParseIssue[];
}

const REASONING = new Set(["thinking", "reasoning", "reasoning_content"]);

/** The span kind of a field's regions. */
export function kindOf(field: string, into?: string | null): SpanKind {
  const target = into ?? field;
  if (REASONING.has(target)) return "reasoning";
  if (target === "tool_calls") return "call";
  if (target === "content") return "content";
  return "field";
}

interface Region {
  field: string;
  start: number;
  length: number;
}

interface Piece {
  kind: SpanKind;
  field: string | null;
  call?: number;
  argument?: string;
  label: string;
}

/** Splits `text` into spans from the events a parser gave for it (initial events, feeds and finalize, in order). */
export function regionSpans(text: string, events: readonly RegionEvent[], options: SpanOptions = {}): Span[] {
  const base = options.keptPrefixLength ?? 0;
  const into = options.into ?? {};
  // owner[i]: index into `pieces` of what character i belongs to; -1 = no region (a delimiter).
  const owner = new Int32Array(text.length).fill(-1);
  const pieces: Piece[] = [];
  const paint = (start: number, end: number, piece: Piece, onlyFree = false): void => {
    const from = Math.max(0, start - base);
    const to = Math.min(text.length, end - base);
    if (from >= to) return;
    const id = pieces.push(piece) - 1;
    for (let i = from; i < to; i++) if (!onlyFree || owner[i] === -1) owner[i] = id;
  };

  let open: Region | null = null;
  let calls = 0;
  const errors: { start: number; end: number; field: string; reason: string }[] = [];
  for (const e of events) {
    switch (e.type) {
      case "region_open":
        open = { field: e.field, start: e.offset ?? 0, length: 0 };
        break;
      case "region_chunk":
        // A chunk with no open region would be the raw text recover mode hands on; its error covers it.
        if (open && open.field === e.field) open.length += e.text.length;
        break;
      case "region_close": {
        if (!open) break;
        const end = open.start + open.length;
        const kind = kindOf(open.field, into[open.field]);
        if (kind === "call") {
          const index = calls++;
          const name = callName(e.value);
          paint(open.start, end, { kind, field: open.field, call: index, label: `tool call ${index}${name ? `: ${name}` : ""}` });
          paintArguments(text, base, open.start, end, e.value, index, paint);
        } else {
          paint(open.start, end, { kind, field: open.field, label: open.field });
        }
        open = null;
        break;
      }
      case "region_error":
        // Painted last: the implicit field's region that takes the raw text over starts inside the error span.
        errors.push({ start: e.start, end: e.end, field: e.field, reason: e.reason });
        open = null;
        break;
    }
  }
  for (const x of errors) paint(x.start, x.end, { kind: "error", field: x.field, label: `error in ${x.field}: ${x.reason}` });
  for (const issue of options.issues ?? []) {
    if (issue.kind === "unclaimed") paint(issue.start, issue.end, { kind: "unclaimed", field: null, label: `unclaimed: ${issue.reason}` }, true);
    // A region read in part (json-calls: one bad entry of several) closes normally; the spans it left
    // out have no event, only an issue. (Issues of failed regions repaint their region_error spans.)
    if (issue.kind === "region") paint(issue.start, issue.end, { kind: "error", field: issue.field, label: `error in ${issue.field}: ${issue.reason}` });
  }
  return runs(owner, pieces);
}

/** Consecutive characters of one owner as spans; unowned runs are delimiters. */
function runs(owner: Int32Array, pieces: Piece[]): Span[] {
  const spans: Span[] = [];
  let start = 0;
  for (let i = 1; i <= owner.length; i++) {
    if (i < owner.length && owner[i] === owner[start]) continue;
    const id = owner[start]!;
    const piece: Piece = id < 0 ? { kind: "delimiter", field: null, label: "delimiter" } : pieces[id]!;
    spans.push({ start, end: i, ...piece });
    start = i;
  }
  return spans;
}

function callFunction(value: JsonValue): JsonValue {
  return isDict(value) && value["function"] !== undefined ? value["function"] : value;
}

function callName(value: JsonValue): string | null {
  const fn = callFunction(value);
  return isDict(fn) && typeof fn["name"] === "string" ? fn["name"] : null;
}

/**
 * Marks each argument's key and value inside a call's raw text. A simple search, not a re-parse: the key
 * (quoted, else bare, as xml-like bodies write it) is looked for after the previous argument, the value's
 * spellings (JSON as Python dumps it, compact JSON, a string's raw text) after its key. The search starts
 * after an `"arguments"` / `"parameters"` key when the body has one, so that an argument called `name` is
 * not found in the call's own `"name"`. What the search misses stays coloured as the call.
 */
function paintArguments(
  text: string,
  base: number,
  start: number,
  end: number,
  value: JsonValue,
  call: number,
  paint: (start: number, end: number, piece: Piece) => void,
): void {
  const fn = callFunction(value);
  const args = isDict(fn) ? (fn["arguments"] ?? fn["parameters"]) : undefined;
  if (!isDict(args)) return;
  const from = Math.max(0, start - base);
  const raw = text.slice(from, Math.max(from, Math.min(text.length, end - base)));
  let cursor = 0;
  for (const marker of ['"arguments"', '"parameters"']) {
    const at = raw.indexOf(marker);
    if (at >= 0) {
      cursor = at + marker.length;
      break;
    }
  }
  for (const key of dictKeys(args)) {
    const k = earliest(raw, [JSON.stringify(key), key], cursor);
    if (!k) continue;
    paint(base + from + k.at, base + from + k.at + k.length, { kind: "argument-key", field: null, call, argument: key, label: `tool call ${call}: argument ${key} (key)` });
    cursor = k.at + k.length;
    const v = earliest(raw, spellings(args[key]!), cursor);
    if (!v) continue;
    paint(base + from + v.at, base + from + v.at + v.length, { kind: "argument-value", field: null, call, argument: key, label: `tool call ${call}: argument ${key} (value)` });
    cursor = v.at + v.length;
  }
}

function spellings(v: JsonValue): string[] {
  const out = [pyDumps(v, { ensureAscii: false }), pyDumps(v, { ensureAscii: false, separators: [",", ":"] }), pyDumps(v)];
  if (typeof v === "string" && v !== "") out.push(v);
  return out;
}

/** The first occurrence at or after `from` of any of the needles (the longest when several start together). */
function earliest(haystack: string, needles: readonly string[], from: number): { at: number; length: number } | null {
  let best: { at: number; length: number } | null = null;
  for (const n of needles) {
    if (!n) continue;
    const at = haystack.indexOf(n, from);
    if (at < 0) continue;
    if (!best || at < best.at || (at === best.at && n.length > best.length)) best = { at, length: n.length };
  }
  return best;
}
