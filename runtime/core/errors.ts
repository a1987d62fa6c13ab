// Every error rtc raises says where: a JSON path into the template, or a field and an offset into the
// model output. `pyClass` names the Python reference's exception class for the same failure, so
// conformance traces (which record Python class names) can be compared by meaning.

import type { JsonValue } from "./types.ts";

/** The Python reference's exception class for a failure (or rtc's name for one Python cannot report). */
export type PyErrorClass =
  | "ValueError"
  | "TypeError"
  | "KeyError"
  | "AttributeError"
  | "RegexError"
  | "RecursionError"
  | "RuntimeError"
  | "Unrepresentable"
  | "NonTerminating"
  /** Not a Python class: a construct the reference accepts that rtc refuses rather than approximate. */
  | "Unsupported";

/** Base of every error rtc raises; `instanceof RtcError` tells rtc's errors from bugs and host errors. */
export abstract class RtcError extends Error {
  abstract readonly pyClass: PyErrorClass;
}

/** A response template that does not load. `path` is a JSON path such as `fields.tool_calls.transform`. */
export class TemplateError extends RtcError {
  readonly pyClass: PyErrorClass;
  constructor(
    readonly path: string,
    readonly reason: string,
    pyClass: PyErrorClass = "ValueError",
  ) {
    super(path ? `${path}: ${reason}` : reason);
    this.name = "TemplateError";
    this.pyClass = pyClass;
  }
}

/** A region whose content could not be parsed or transformed when it closed. */
export class ContentError extends RtcError {
  readonly pyClass: PyErrorClass;
  constructor(
    message: string,
    pyClass: PyErrorClass,
    /** Field and code-unit offset of the region body in the parser's buffer, when known. */
    public where?: { field: string; offset: number },
  ) {
    super(message);
    this.name = "ContentError";
    this.pyClass = pyClass;
  }
}

/**
 * A region body a content parser could read only in part (rtc extension json-calls: one malformed entry
 * in a multi-call block, junk around a call list, a list cut off at the end of the stream). Outside recover
 * mode it is a ContentError like any other. Recover mode keeps `partial` (the parser's value without the
 * entries it could not read, then the field's transform) and reports each of `dropped` (offsets in the
 * body) as a region issue, so no text is lost silently.
 */
export class PartialContentError extends ContentError {
  constructor(
    message: string,
    readonly partial: JsonValue,
    readonly dropped: readonly { start: number; end: number; reason: string }[],
  ) {
    super(message, "ValueError");
    this.name = "ContentError"; // outside recover mode it reads as any other content error
  }
}

/** A pattern that the Python `regex` module would reject; `column` points into the pattern. */
export class PatternError extends RtcError {
  readonly pyClass: PyErrorClass = "RegexError";
  constructor(
    readonly pattern: string,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`${reason} at column ${column}: ${pattern.slice(0, column)}⟨here⟩${pattern.slice(column)}`);
    this.name = "PatternError";
  }
}

/** Misuse of a parser object: feed after finalize, missing prefix, required fields absent. */
export class ParserStateError extends RtcError {
  constructor(
    message: string,
    readonly pyClass: PyErrorClass = "RuntimeError",
  ) {
    super(message);
    this.name = "ParserStateError";
  }
}

/** Zero-width delimiters that would match at the same place forever (the reference loops). */
export class NonTerminatingError extends RtcError {
  readonly pyClass: PyErrorClass = "NonTerminating";
  constructor(message: string) {
    super(message);
    this.name = "NonTerminatingError";
  }
}

/** Longest region text an error message quotes whole; longer text is quoted as its two ends. */
export const EXCERPT_LIMIT = 240;

/**
 * A bounded quotation of model output for error messages: the JSON-quoted text when it is short, else its
 * first and last EXCERPT_LIMIT/2 characters around a count of what was left out (a 5 MB broken call must
 * not become a 5 MB error line). `quote` renders each piece (JSON.stringify by default, or Python repr).
 */
export function excerpt(text: string, quote: (s: string) => string = JSON.stringify): string {
  if (text.length <= EXCERPT_LIMIT) return quote(text);
  const half = EXCERPT_LIMIT / 2;
  // Never cut a surrogate pair in two.
  let a = half;
  if (isHigh(text.charCodeAt(a - 1))) a--;
  let b = text.length - half;
  if (isHigh(text.charCodeAt(b - 1))) b++;
  return `${quote(text.slice(0, a))} … (${b - a} characters omitted) … ${quote(text.slice(b))}`;
}

function isHigh(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

/** An argument of the wrong type: `argument` names it (`options.prefix`, `feed(chunk)`, …). */
export class ArgumentError extends RtcError {
  readonly pyClass: PyErrorClass = "TypeError";
  constructor(
    readonly argument: string,
    message: string,
  ) {
    super(message);
    this.name = "ArgumentError";
  }
}
