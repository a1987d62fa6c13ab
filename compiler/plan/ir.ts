// The compiler's intermediate representation: what each scanner state searches for and everything the
// emitter needs to know about it, decided at build time. A plain data structure, printable with
// `rtc build --explain` (print-plan.ts), produced by build-plan.ts and consumed by emit/.

import type { JsonObject, JsonValue } from "response-template/runtime";
import type { PatternStrategy } from "./pattern-strategy.ts";

/** One literal string with the facts the scanner uses instead of searching blindly. */
export interface LiteralFacts {
  text: string;
  /** KMP border table: border[k] = length of the longest proper border of text[0:k], k = 0..length. */
  border: number[];
  /**
   * Hold-back: a proper prefix of the literal can only be pending at the end of the buffer if the buffer's
   * last character equals the prefix's last one. Per last character, the prefix lengths to try, longest
   * first (the earliest start wins).
   */
  holdBack: { char: string; lengths: number[] }[];
  /** border[length] > 0: occurrences can overlap, so the last occurrence is not the last leftmost one. */
  selfOverlapping: boolean;
}

/** Compile-time facts about one Python pattern, from the regex translator and its analysis. */
export interface PatternPlan {
  source: string;
  /** The translator's serialisable form, embedded in generated code and revived by runtime/core/regex. */
  spec: JsonValue;
  groupNames: string[];
  /** Characters a match may start with (null: any, or unknown). For explain only. */
  firstChars: string | null;
  canMatchEmpty: boolean;
  /**
   * Searched by the resumable matcher (runtime/core/regex/resumable.ts); false when the pattern needs what only
   * its RegExp does (\G, \K, backreferences, atomic groups, possessive repeats, a repeat of something
   * that can match empty), and then every search re-reads a pending match from its start.
   */
  resumable: boolean;
  /** How the generated scanner searches it as a delimiter, and why (plan/pattern-strategy.ts). */
  strategy: PatternStrategy;
}

export type DelimiterPlan =
  /** Alternatives, longest first; `canExtend`: one is a strict prefix of another, so a match at the edge may grow. */
  | { kind: "literal"; literals: LiteralFacts[]; canExtend: boolean }
  | { kind: "pattern"; pattern: number };

/** One delimiter searched in a state, in the order the reference breaks ties (opens by field name, then the close). */
export interface WatchPlan {
  field: number;
  fieldName: string;
  open: boolean;
  delimiter: DelimiterPlan;
}

export type ScanStrategy =
  /** Nothing to search: the region runs to the end of the stream. */
  | { kind: "none" }
  /** One literal (or literal list): search it directly. */
  | { kind: "single" }
  /**
   * Literals only: one left-to-right pass that dispatches on the first character of every literal,
   * committing at once a match that no pending delimiter can precede; the last `maxLength` characters are
   * settled by the exact search.
   */
  | { kind: "dispatch"; maxLength: number; chars: DispatchChar[] }
  /**
   * Any state with a pattern: the runtime's scan (runtime/core/engine/scan.ts) over each parser's resumable
   * searches, so that a long pending match costs each feed only its new text.
   */
  | { kind: "resumable" };

export interface DispatchChar {
  char: string;
  /** Literals starting with `char`, longest first, then in watch order: the first that matches wins. */
  tests: { literal: string; watch: number }[];
}

export interface StatePlan {
  /** Field index of the open explicit region, or -1 for "no explicit region open" (outside / implicit). */
  state: number;
  label: string;
  watch: WatchPlan[];
  strategy: ScanStrategy;
}

/** How a closed region's body becomes its value. */
export type ProcessPlan =
  /** Content parser called directly (args are a dict), then the transform built as plain objects. */
  | { kind: "direct"; parser: string; args: JsonObject; transform: TransformPlan | null }
  /**
   * The runtime's transform step (transform_each, dotted paths, unusual keys) after the content parser, or
   * its processField when content_args is not a dict (emit/emit-module.ts).
   */
  | { kind: "generic" };

export type TransformPlan =
  | { kind: "value"; value: JsonValue }
  | { kind: "content" }
  | { kind: "capture"; name: string }
  | { kind: "list"; items: TransformPlan[] }
  | { kind: "dict"; entries: [string, TransformPlan][] };

export interface FieldPlanIR {
  index: number;
  name: string;
  content: string;
  contentArgs: JsonValue;
  dirty: boolean;
  repeats: boolean;
  join: string | null;
  optional: boolean;
  transform: JsonValue | undefined;
  transformEach: boolean;
  /** rtc extensions (runtime/core/template/extensions.ts). */
  into: string | null;
  argumentTypes: "json" | null;
  argumentLiterals: "python" | null;
  unwrapArguments: boolean;
  joinSkipsEmpty: boolean;
  process: ProcessPlan;
}

/** A pattern named in content_args (xml-inline tag_pattern), compiled at build time or recorded as failing. */
export type ContentPatternPlan =
  | { source: string; pattern: number }
  | { source: string; error: { column: number; reason: string } };

export interface TemplatePlan {
  name: string;
  /** Where the template came from (for messages and the generated header). */
  file: string;
  template: JsonValue;
  defaults: JsonObject;
  implicit: number;
  fields: FieldPlanIR[];
  /** The outside state first, then one per explicit field in template order. */
  states: StatePlan[];
  anchor: DelimiterPlan;
  patterns: PatternPlan[];
  contentPatterns: ContentPatternPlan[];
}
