// Runs a reference content parser as a region close does, over every parser rtc has. `args` given as
// text are read as rtc reads a template file (pyJsonLoads: 1.0 stays a float, big ints stay exact).

import { fullContext, parseContent, type ContentContext } from "../../runtime/core/content/index.ts";
import { RtcError } from "../../runtime/core/errors.ts";
import { pyJsonLoads } from "../../runtime/core/python/json.ts";
import type { JsonValue } from "../../runtime/core/types.ts";
import { compilePattern } from "../../runtime/translate/index.ts";
import { thrown } from "../support/thrown.ts";

const ctx: ContentContext = fullContext(compilePattern);

const read = (args: JsonValue | string) => (typeof args === "string" ? pyJsonLoads(args) : args);

/** The parsed value. */
export function parsed(text: string, name: string, args: JsonValue | string): JsonValue {
  return parseContent(text, name, read(args), ctx);
}

/** The error as `<Python class>: <message>`; anything but an rtc error is rethrown. */
export function failure(text: string, name: string, args: JsonValue | string): string {
  const e = thrown(() => parseContent(text, name, read(args), ctx));
  if (!(e instanceof RtcError)) throw e;
  return `${e.pyClass}: ${e.message}`;
}

/** A pattern whose `value` group is unset (None in Python) on `a=none`: the one way a parser gets no string. */
export const UNSET_VALUE = String.raw`(?P<key>\w+)=(?:(?P<value>\d+)|none)`;
