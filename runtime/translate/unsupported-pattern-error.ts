// Constructs the reference accepts but rtc cannot run exactly: refused, never approximated silently.
import { RtcError, type PyErrorClass } from "../core/errors.ts";

/**
 * A pattern the Python `regex` module accepts but rtc cannot run exactly: refused rather than approximated.
 * `column` points into the pattern (0 when the construct was found after parsing); `pyClass` is "Unsupported".
 */
export class UnsupportedPatternError extends RtcError {
  readonly pyClass: PyErrorClass = "Unsupported";
  constructor(
    readonly pattern: string,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`unsupported regex construct (${reason}) at column ${column} of ${JSON.stringify(pattern)}`);
    this.name = "UnsupportedPatternError";
  }
}

/** Throws for a construct found after parsing (no column: the whole pattern is named). */
export function unsupported(pattern: string, reason: string): never {
  throw new UnsupportedPatternError(pattern, 0, reason);
}
