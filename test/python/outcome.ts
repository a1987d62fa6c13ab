// How the recordings in this folder write what Python did: json.dumps of the result, or "Class: message" of
// the error.

import { RtcError } from "../../runtime/core/errors.ts";
import { pyDumps } from "../../runtime/core/python/dumps.ts";
import type { JsonValue } from "../../runtime/core/types.ts";

export function outcome(parse: (s: string) => JsonValue, s: string): string {
  try {
    return pyDumps(parse(s));
  } catch (e) {
    if (!(e instanceof RtcError)) throw e;
    return `${e.pyClass}: ${e.message}`;
  }
}
