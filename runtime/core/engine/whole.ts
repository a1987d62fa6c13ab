// parseResponse for one whole text, shared by the interpreter and generated parsers: the text scanned as
// complete (StreamParser.finish), without building region events (nobody reads them). In recover mode the
// caller gets the errors along with the message, so that opting into recovery cannot hide what was recovered.

import type { JsonObject, Message, ParseOptions, Recovered } from "../types.ts";
import type { Plan } from "./plan.ts";
import { StreamParser } from "./stream.ts";

export type { Recovered, RecoverOptions } from "../types.ts";

/**
 * One whole response through a plan: the text scanned as complete, without building events. Returns the
 * message, or `{message, errors}` in recover mode. Generated modules' and the interpreter's parseResponse call it.
 */
export function parseWhole<M extends JsonObject = Message>(plan: Plan, text: string, options: ParseOptions): M | Recovered<M> {
  const parser = new StreamParser<M>(plan, options, false);
  const { message, errors } = parser.finish(text);
  return errors ? { message, errors } : message;
}
