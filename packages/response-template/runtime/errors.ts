// Every error rtc raises says where: a JSON path into the template, or a field and an offset into the
// model output. `pyClass` names the Python reference's exception class for the same failure, so
// conformance traces (which record Python class names) can be compared by meaning.

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
    pyClass: PyErrorClass = "ValueError",
    /** Field and code-unit offset of the region body in the parser's buffer, when known. */
    public where?: { field: string; offset: number },
  ) {
    super(message);
    this.name = "ContentError";
    this.pyClass = pyClass;
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
