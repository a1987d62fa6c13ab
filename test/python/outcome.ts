// How the recordings in this folder write what Python did: json.dumps of the result, or "Class: message" of
// the error.

import { RtcError } from "../../packages/response-template/runtime/errors.ts";
import { pyDumps } from "../../packages/response-template/runtime/python/dumps.ts";
import type { JsonValue } from "../../packages/response-template/runtime/types.ts";

export function outcome(parse: (s: string) => JsonValue, s: string): string {
  try {
    return pyDumps(parse(s));
  } catch (e) {
    if (!(e instanceof RtcError)) throw e;
    return `${e.pyClass}: ${e.message}`;
  }
}
