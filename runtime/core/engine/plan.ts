// The contract between the shared streaming engine and a template-specific scanner. The interpreter
// builds a Plan from a TemplateSpec at run time (interpret/); the compiler emits one as straight-line
// code (models/ and users' `rtc build` output). The engine itself knows nothing about delimiters.

import type { JsonObject, JsonValue } from "../types.ts";
import type { ToolParams } from "../transform/coerce.ts";

/** One field of a Plan, in the form the engine runs it (the field's delimiters live in `Plan.scan`). */
export interface FieldPlan {
  readonly name: string;
  /** region_chunk.dirty: the content parser is not one of text/int/float/bool. */
  readonly dirty: boolean;
  readonly repeats: boolean;
  readonly join: string | null;
  readonly optional: boolean;
  /** rtc extension `into` (runtime/core/template/extensions.ts): the list key blocks are added to; `spread`:
   * the block's value is a list (transform_each) whose items are added. Absent for ordinary fields. */
  readonly into?: { readonly key: string; readonly spread: boolean };
  /** rtc extension `argument_types: "json"`: type argument strings as JSON when no tools are passed. */
  readonly argumentTypes?: "json";
  /** rtc extension `argument_literals: "python"`: reads an object or array argument written as a Python
   * literal (readArgumentLiteral; a module that does not use it does not carry it). */
  readonly readLiteral?: (text: string) => JsonValue | undefined;
  /** rtc extension `unwrap_arguments` (unwrapArguments, runtime/core/transform/unwrap.ts): applied with tools, before coercion. */
  readonly unwrap?: (value: JsonValue, params: ToolParams) => JsonValue;
  /** rtc extension `join_skips_empty`: an empty block adds neither its value nor the separator. */
  readonly joinSkipsEmpty?: true;
  /** Content parser then transform, for one closed block. Throws ContentError. `parsed`: the content
   * value to transform instead of parsing `body` (recover mode, after a PartialContentError). */
  process(body: string, captures: Record<string, string>, parsed?: { value: JsonValue }): JsonValue;
}

/** What one scan found; the scanner writes into a reused object to keep the hot path allocation-free. */
export interface ScanResult {
  /** Field index of the committable delimiter, or -1 when nothing can be committed now. */
  field: number;
  /** True for an open delimiter, false for a close. */
  open: boolean;
  start: number;
  end: number;
  groups: Record<string, string | null> | null;
  /** Leftmost buffer index held back by a pending (partial or still-growing) delimiter; buf.length if none. */
  hold: number;
  /** Stream offset of buf[0], set by the engine before every scan. */
  base: number;
  /**
   * The parser's own search state, one slot per delimiter search the scanner makes (empty at first;
   * the scanner owns the slots). It lets a search continue where the last one stopped: the stream only
   * grows at the end, so what a search proved about text at given stream offsets stays true.
   */
  readonly memo: unknown[];
  /**
   * Set by the scanner (the engine resets it to -Infinity, "all of it"): the stream offset from which its
   * next scan of the same state will read, the read position staying where it is. The engine may then stop
   * handing over the held-back text before it (`pos` becomes negative: the text between the read position
   * and buf[0] is held by the engine), so that appending to buf does not copy it on every feed.
   */
  need: number;
  /**
   * Set by a scanner that keeps a quiet memo for the state it scanned (scan.ts; the engine resets it to null
   * before every scan): it may let a chunk of plain text skip the next scan.
   */
  quiet: QuietFeed | null;
  /** The whole buffer from the read position's lookbehind on, for the rare search that must read held-back text. */
  readonly whole: () => { text: string; base: number };
}

/** A state's quiet memo, as the engine's fast feed asks it (see scan.ts). */
export interface QuietFeed {
  /**
   * After the scan that set it, with the read position at stream offset `at` and the text ending at `end`
   * (what lies between is held back): when the next scan, with `chunk` appended, would find nothing, the
   * stream offset from which it would hold the text back (`end + chunk.length` for none; the memo then
   * moves past `chunk`); otherwise -1, and the scan runs.
   */
  fastHold(at: number, end: number, chunk: string): number;
}

/**
 * A template compiled for the streaming engine: its fields, defaults, and a scanner that finds the next
 * delimiter. Built at run time by the interpreter (`loadTemplate(...).newPlan()`) or emitted by `rtc build`;
 * a plan carries its scanner's caches, so each parser needs its own.
 */
export interface Plan {
  readonly fields: readonly FieldPlan[];
  /** Index of the implicit field, or -1. */
  readonly implicit: number;
  readonly defaults: JsonObject;
  /** Characters before the read position that a delimiter may inspect (lookbehind, \b); Infinity if unbounded. */
  readonly lookbehind: number;
  /** The part of the prefix after the start anchor's last match (the whole prefix when there is none). */
  truncatePrefix(prefix: string): string;
  /**
   * Finds the delimiter to commit in `state` (the open field's index, or the implicit field / -1 when no
   * explicit region is open), searching `buf` from `pos`. With `eos` false, delimiters are searched in
   * partial mode and pending ones only move `hold`. Across calls `pos` never moves back, `buf` only grows
   * at the end and loses text at the front only before `pos - lookbehind` (`out.base` says where it starts).
   */
  scan(state: number, buf: string, pos: number, eos: boolean, out: ScanResult): void;
}
