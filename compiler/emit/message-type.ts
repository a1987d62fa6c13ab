// emit (types): the `Message` type of one generated module — the template's defaults and one optional key
// per field, each typed as narrowly as the template proves (content parser, transform shape, repeats,
// join) and JsonValue where it does not. Every type must hold for every message the parser returns:
// `messageShape` gives the same type as data, and test/compiler/message-type.test.ts checks parsed
// messages against it (`fitsShape`).

import { PyFloat, dictKeys, isDict, placeholderPath, type JsonObject, type JsonValue } from "response-template/runtime";
import type { FieldPlanIR, TemplatePlan } from "../plan/ir.ts";
import { str } from "./values.ts";

/** A type as data: rendered as TypeScript, or checked against a value. */
export type Shape =
  | { kind: "string" | "boolean" | "int" | "float" | "dict" | "json" }
  | { kind: "literal"; value: string | boolean | null }
  | { kind: "object"; entries: { key: string; shape: Shape; optional: boolean; doc?: string }[] }
  | { kind: "tuple"; items: Shape[] }
  | { kind: "array"; item: Shape }
  | { kind: "union"; options: Shape[] };

const JSON_VALUE: Shape = { kind: "json" };
const STRING: Shape = { kind: "string" };

/** What each content parser returns for a region body (a string); parsers not listed give JsonValue. */
const CONTENT_SHAPES: Readonly<Record<string, Shape>> = {
  text: STRING,
  int: { kind: "int" },
  float: { kind: "float" },
  bool: { kind: "boolean" },
  "xml-inline": { kind: "dict" },
  "kv-lines": { kind: "dict" },
};

export function messageShape(plan: TemplatePlan): Shape {
  const entries: { key: string; shape: Shape; optional: boolean; doc?: string }[] = [];
  // Keys a field writes; an `into` field writes its key's list, never its own name (a default there stays).
  const fieldNames = new Set(plan.fields.filter((f) => f.into === null).map((f) => f.name));
  for (const k of dictKeys(plan.defaults)) {
    if (!fieldNames.has(k)) entries.push({ key: k, shape: literalShape(plan.defaults[k]!), optional: false });
  }
  // rtc extension `into`: fields feeding another key add their items to that key's list.
  const feeders = new Map<string, FieldPlanIR[]>();
  for (const f of plan.fields) if (f.into !== null) feeders.set(f.into, [...(feeders.get(f.into) ?? []), f]);
  for (const f of plan.fields) {
    if (f.into !== null) continue;
    const transform = f.transform === undefined ? "" : f.transformEach ? " then the transform of each item" : " then the transform";
    const blocks = f.join !== null ? ", blocks joined" : f.repeats ? ", one item per block" : "";
    const fed = feeders.get(f.name);
    feeders.delete(f.name);
    const doc = `fields.${f.name}: ${f.content}${transform}${blocks}${fed ? `; also fed by ${fed.map((g) => `fields.${g.name}`).join(", ")}` : ""}.`;
    // A key with a default is always there; a field's own key only when it captured something non-empty.
    const hasDefault = Object.prototype.hasOwnProperty.call(plan.defaults, f.name);
    if (fed) {
      const item: Shape = { kind: "union", options: [blockShape(f), ...fed.map(intoItemShape)] };
      entries.push({ key: f.name, shape: hasDefault ? JSON_VALUE : { kind: "array", item }, optional: !hasDefault, doc });
      continue;
    }
    entries.push({ key: f.name, shape: hasDefault ? withDefault(f, plan.defaults[f.name]!) : fieldShape(f), optional: !hasDefault, doc });
  }
  // Keys that only `into` fields feed.
  for (const [key, fed] of feeders) {
    const hasDefault = Object.prototype.hasOwnProperty.call(plan.defaults, key);
    const doc = `fed by ${fed.map((g) => `fields.${g.name}`).join(", ")} (rtc extension \`into\`).`;
    const item: Shape = fed.length === 1 ? intoItemShape(fed[0]!) : { kind: "union", options: fed.map(intoItemShape) };
    const i = entries.findIndex((e) => e.key === key);
    if (i >= 0) entries.splice(i, 1); // a default's literal type gives way to the list it becomes
    entries.push({ key, shape: hasDefault ? JSON_VALUE : { kind: "array", item }, optional: !hasDefault, doc });
  }
  return { kind: "object", entries };
}

/** The TypeScript type and the runtime type names it uses beyond JsonValue and JsonObject. */
export function messageType(plan: TemplatePlan): { text: string; imports: string[] } {
  const text = render(messageShape(plan), "");
  return { text, imports: ["PyFloat", "ToolCall"].filter((name) => new RegExp(`\\b${name}\\b`).test(text)) };
}

/** What an `into` field adds to its key's list per item: its block, or with transform_each each item of it. */
function intoItemShape(f: FieldPlanIR): Shape {
  const block = blockShape(f);
  return f.transformEach && block.kind === "array" ? block.item : block;
}

/** One block's value, then the field's whole value (a list with repeats, a string with join). */
function fieldShape(f: FieldPlanIR): Shape {
  if (f.join !== null) return STRING; // the engine refuses a block that is not a string
  return f.repeats ? { kind: "array", item: blockShape(f) } : blockShape(f);
}

/** A field whose name is also a default: the default's value stays possible. */
function withDefault(f: FieldPlanIR, d: JsonValue): Shape {
  if (f.join !== null && typeof d === "string") return STRING;
  if (f.join !== null && d === null) return { kind: "union", options: [STRING, literalShape(null)] };
  if (f.repeats && Array.isArray(d)) return { kind: "array", item: d.length === 0 ? blockShape(f) : JSON_VALUE };
  if (!f.repeats && f.join === null) return { kind: "union", options: [literalShape(d), blockShape(f)] };
  return JSON_VALUE;
}

function blockShape(f: FieldPlanIR): Shape {
  // content_args that are not a dict fail at every region close: no value ever arrives.
  if (!isDict(f.contentArgs)) return JSON_VALUE;
  const content = CONTENT_SHAPES[f.content] ?? JSON_VALUE;
  if (f.transform === undefined) return content;
  // transform_each: every placeholder may name a key of the item, which wins over the captures.
  if (f.transformEach) return { kind: "array", item: widenToolArguments(transformShape(f.transform, () => JSON_VALUE)) };
  return widenToolArguments(
    transformShape(f.transform, (steps) => (steps.length > 1 ? JSON_VALUE : steps[0] === "content" ? content : STRING)),
  );
}

/** The transform as a type: literals as themselves, whole-string placeholders through `placeholder`. */
function transformShape(t: JsonValue, placeholder: (steps: string[]) => Shape): Shape {
  if (Array.isArray(t)) return { kind: "tuple", items: t.map((x) => transformShape(x, placeholder)) };
  if (isDict(t)) return { kind: "object", entries: dictKeys(t).map((key) => ({ key, shape: transformShape(t[key]!, placeholder), optional: false })) };
  if (typeof t === "string") {
    const steps = placeholderPath(t);
    if (steps) return placeholder(steps);
  }
  return literalShape(t);
}

/** A literal value's type: strings, booleans and null as themselves, dicts and lists by their parts. */
function literalShape(v: JsonValue): Shape {
  if (typeof v === "string" || typeof v === "boolean" || v === null) return { kind: "literal", value: v };
  if (Array.isArray(v)) return { kind: "tuple", items: v.map(literalShape) };
  if (isDict(v)) return { kind: "object", entries: dictKeys(v).map((key) => ({ key, shape: literalShape(v[key]!), optional: false })) };
  return JSON_VALUE; // numbers: ints may be bigint, integral floats PyFloat
}

/**
 * With `tools`, the engine casts the values of a call's `arguments` dict in place (`{function: {name,
 * arguments: {...}}}`, runtime/core/transform/coerce.ts): a dict the transform builds there is a JsonObject.
 */
function widenToolArguments(s: Shape): Shape {
  if (s.kind === "tuple") return { kind: "tuple", items: s.items.map(widenToolArguments) };
  if (s.kind !== "object") return s;
  const entries = s.entries.map((e) => {
    if (e.key !== "function" || e.shape.kind !== "object") return { ...e, shape: widenToolArguments(e.shape) };
    const fn = e.shape.entries.map((a) => ({ ...a, shape: a.key === "arguments" && a.shape.kind === "object" ? ({ kind: "dict" } as const) : widenToolArguments(a.shape) }));
    return { ...e, shape: { kind: "object" as const, entries: fn } };
  });
  return { kind: "object", entries };
}

/** `{type: "function", function: F}`: the runtime's ToolCall<F>. */
function toolCallFunction(s: Shape): Shape | null {
  if (s.kind !== "object" || s.entries.length !== 2 || s.entries.some((e) => e.optional)) return null;
  const type = s.entries.find((e) => e.key === "type");
  const fn = s.entries.find((e) => e.key === "function");
  return type && fn && type.shape.kind === "literal" && type.shape.value === "function" ? fn.shape : null;
}

function render(s: Shape, indent: string): string {
  switch (s.kind) {
    case "string":
    case "boolean":
      return s.kind;
    case "int":
      return "number | bigint";
    case "float":
      return "number | PyFloat";
    case "dict":
      return "JsonObject";
    case "json":
      return "JsonValue";
    case "literal":
      return typeof s.value === "string" ? str(s.value) : String(s.value);
    case "tuple":
      return `[${s.items.map((x) => render(x, indent)).join(", ")}]`;
    case "array": {
      const item = render(s.item, indent);
      return topLevelUnion(item) ? `(${item})[]` : `${item}[]`;
    }
    case "union":
      return [...new Set(s.options.map((x) => render(x, indent)))].join(" | ");
    case "object": {
      const fn = toolCallFunction(s);
      if (fn) return fn.kind === "json" ? "ToolCall" : `ToolCall<${render(fn, indent)}>`;
      if (s.entries.length === 0) return "Record<string, never>";
      if (indent === "") {
        // The message itself: one member per line, with the field's doc.
        const lines = s.entries.map((e) => `${e.doc ? `  /** ${e.doc.replace(/\*\//g, "*\\/")} */\n` : ""}  ${key(e.key)}${e.optional ? "?" : ""}: ${render(e.shape, "  ")};`);
        return `{\n${lines.join("\n")}\n}`;
      }
      return `{ ${s.entries.map((e) => `${key(e.key)}${e.optional ? "?" : ""}: ${render(e.shape, indent)}`).join("; ")} }`;
    }
  }
}

function topLevelUnion(t: string): boolean {
  let depth = 0;
  for (const c of t) {
    if ("{[<(".includes(c)) depth++;
    else if ("}]>)".includes(c)) depth--;
    else if (c === "|" && depth === 0) return true;
  }
  return false;
}

function key(k: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : str(k);
}

/** Whether a value has the shape (what TypeScript would accept for the rendered type). */
export function fitsShape(v: JsonValue, s: Shape): boolean {
  switch (s.kind) {
    case "string":
      return typeof v === "string";
    case "boolean":
      return typeof v === "boolean";
    case "int":
      return typeof v === "number" || typeof v === "bigint";
    case "float":
      return typeof v === "number" || v instanceof PyFloat;
    case "dict":
      return isDict(v);
    case "json":
      return true;
    case "literal":
      return v === s.value;
    case "tuple":
      return Array.isArray(v) && v.length === s.items.length && s.items.every((x, i) => fitsShape(v[i]!, x));
    case "array":
      return Array.isArray(v) && v.every((x) => fitsShape(x, s.item));
    case "union":
      return s.options.some((x) => fitsShape(v, x));
    case "object":
      return (
        isDict(v) &&
        s.entries.every((e) => (Object.prototype.hasOwnProperty.call(v, e.key) ? fitsShape((v as JsonObject)[e.key]!, e.shape) : e.optional))
      );
  }
}
