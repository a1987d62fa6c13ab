// Where a tool call's name, id and arguments come from, read off a tool_calls field's transform, so that
// the streaming adapter can pick them out of a JSON body while the model is still writing it.

import { isDict } from "../core/python/values.ts";
import type { JsonValue } from "../core/types.ts";

/** A value of the call: from the parsed body (a path under `content`), an open-pattern capture, or fixed. */
export type Source =
  | { kind: "content"; path: string[] }
  | { kind: "capture"; name: string }
  | { kind: "literal"; value: JsonValue }
  | { kind: "none" }
  /** Built from placeholders in a way the adapter does not follow (a dotted capture, a composite). */
  | { kind: "unknown" };

export type CallShape =
  /** The call is the object at `base` in the body: `{name, arguments}`, or (when `mayNest`)
   * `{function: {name, arguments}}`. */
  | { kind: "auto"; base: string[]; mayNest: boolean }
  | { kind: "fixed"; name: Source; args: Source; id: Source }
  /** transform_each over a JSON list: item `i` of the body is one call of shape `item` (paths relative to it). */
  | { kind: "each"; item: CallShape }
  /** Nothing can be said before the region closes. */
  | { kind: "opaque" };

const PLACEHOLDER = /^\{([^{}.]+(?:\.[^{}.]+)*)\}$/u;

function source(v: JsonValue | undefined): Source {
  if (v === undefined) return { kind: "none" };
  if (typeof v === "string") {
    const m = PLACEHOLDER.exec(v);
    if (m) {
      const steps = m[1]!.split(".");
      if (steps[0] === "content") return { kind: "content", path: steps.slice(1) };
      return steps.length === 1 ? { kind: "capture", name: steps[0]! } : { kind: "unknown" };
    }
  }
  if (isDict(v) || Array.isArray(v)) {
    // A composite built from placeholders: usable only when it holds none (a fixed value).
    return hasPlaceholder(v) ? { kind: "unknown" } : { kind: "literal", value: v };
  }
  return { kind: "literal", value: v };
}

function hasPlaceholder(v: JsonValue): boolean {
  if (typeof v === "string") return PLACEHOLDER.test(v);
  if (Array.isArray(v)) return v.some(hasPlaceholder);
  if (isDict(v)) return Object.values(v).some(hasPlaceholder);
  return false;
}

function known(s: Source): boolean {
  return s.kind !== "unknown";
}

/** The shape of one block's call, given the field's transform (undefined when it has none). */
export function callShape(transform: JsonValue | undefined, transformEach: boolean): CallShape {
  if (transformEach) {
    // Each list item's keys are in scope: "{name}" reads the item's "name" (a capture-shaped source here).
    const item = callShape(transform, false);
    if (item.kind !== "fixed") return { kind: "opaque" };
    const rel = (x: Source): Source | null =>
      x.kind === "capture" ? { kind: "content", path: [x.name] } : x.kind === "content" ? null : x;
    const name = rel(item.name);
    const args = rel(item.args);
    const id = rel(item.id);
    return name && args && id ? { kind: "each", item: { kind: "fixed", name, args, id } } : { kind: "opaque" };
  }
  if (transform === undefined) return { kind: "auto", base: [], mayNest: true };
  const whole = source(transform);
  if (whole.kind === "content") return { kind: "auto", base: whole.path, mayNest: true };
  if (!isDict(transform)) return { kind: "opaque" };
  const fn = transform.function;
  const id = source(transform.id);
  if (!known(id)) return { kind: "opaque" };
  let name: Source;
  let args: Source;
  if (fn === undefined) {
    name = source(transform.name);
    args = source(transform.arguments ?? transform.parameters);
  } else if (typeof fn === "string") {
    const s = source(fn);
    if (s.kind !== "content") return { kind: "opaque" };
    // function: "{content…}" — the call's name and arguments are keys of that object, as in auto mode.
    return id.kind === "none" ? { kind: "auto", base: s.path, mayNest: false } : { kind: "opaque" };
  } else if (isDict(fn)) {
    name = source(fn.name);
    args = source(fn.arguments ?? fn.parameters);
  } else return { kind: "opaque" };
  if (!known(name) || !known(args)) return { kind: "opaque" };
  return { kind: "fixed", name, args, id };
}
