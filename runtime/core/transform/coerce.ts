// Tool-argument coercion (`tools=`): when tool definitions are given, every closed value shaped like
// `{function: {name, arguments: {...}}}` (or a list of them) has its string arguments cast to the types
// the tool's JSON schema declares for that parameter. Mirrors the reference, including its in-place
// mutation of the `arguments` dict and its exceptions (a malformed schema raises TypeError mid-way,
// leaving earlier arguments already cast).

import { ContentError } from "../errors.ts";
import { pyFloatValue } from "../python/float.ts";
import { pyIntParse } from "../python/int.ts";
import { pyJsonLoads } from "../python/json.ts";
import { pyStrip } from "../python/strip.ts";
import { dictKeys, isDict, pyFloat, pyInt, setKey } from "../python/values.ts";
import type { JsonObject, JsonValue, ToolDefinition } from "../types.ts";
import { pyIterate, pyTruthy } from "../content/args.ts";

/** Tool name → the `properties` of its parameters schema (`{}` when absent or malformed). */
export type ToolParams = Map<string, JsonObject>;

/**
 * The type names a property schema declares, in order: `type` (a string, or the strings of a list), then
 * every `anyOf` and `oneOf` choice recursively, then "null" when `nullable` is truthy and absent.
 * Non-dict schemas declare nothing. A truthy `anyOf` / `oneOf` that is not iterable (a number, `true`)
 * raises TypeError, as Python's iteration does.
 */
export function schemaTypes(schema: JsonValue): string[] {
  if (!isDict(schema)) return [];
  const declared = schema.type;
  const types: string[] = [];
  if (typeof declared === "string") types.push(declared);
  else if (Array.isArray(declared)) for (const t of declared) if (typeof t === "string") types.push(t);
  for (const key of ["anyOf", "oneOf"]) {
    const choices = Object.prototype.hasOwnProperty.call(schema, key) ? schema[key]! : null;
    if (!pyTruthy(choices)) continue;
    for (const choice of pyIterate(choices, `schema ${key}`)) types.push(...schemaTypes(choice));
  }
  if (pyTruthy(schema.nullable) && !types.includes("null")) types.push("null");
  return types;
}

function isValueError(e: unknown): boolean {
  return e instanceof ContentError && e.pyClass === "ValueError";
}

/**
 * Casts one string argument: the first declared type that accepts it wins; otherwise the string is kept.
 * integer: Python `int()`. number: Python `float()` except NaN / ±inf, and an int when the value is
 * integral and the text has no "." (`1e2` → 100, `1.0` → 1.0). boolean: true/1/false/0 after strip and
 * lower-casing. null: "null" / "None" after strip. object / array: `json.loads` giving that kind.
 * `string` and unknown names never cast. Nesting ≥ 512 in JSON still raises RecursionError.
 */
export function coerce(raw: string, types: readonly string[], literal?: LiteralReader): JsonValue {
  for (const type of types) {
    try {
      switch (type) {
        case "integer":
          return pyIntParse(raw);
        case "number": {
          const x = pyFloatValue(raw);
          if (!Number.isFinite(x)) continue;
          if (Number.isInteger(x) && !raw.includes(".")) return pyInt(BigInt(x));
          return pyFloat(x);
        }
        case "boolean": {
          const t = pyStrip(raw).toLowerCase();
          if (t === "true" || t === "1") return true;
          if (t === "false" || t === "0") return false;
          continue;
        }
        case "null": {
          const t = pyStrip(raw);
          if (t === "null" || t === "None") return null;
          continue;
        }
        case "object":
        case "array": {
          const decoded = literal ? literal(raw) : pyJsonLoads(raw);
          if (decoded !== undefined && (type === "object" ? isDict(decoded) : Array.isArray(decoded))) return decoded;
          continue;
        }
        default:
          continue;
      }
    } catch (e) {
      if (isValueError(e)) continue;
      throw e;
    }
  }
  return raw;
}

/** rtc extension `argument_literals` (readArgumentLiteral, runtime/core/python/literal.ts): the value an
 * argument's text spells as JSON or as a Python literal, undefined when neither. */
export type LiteralReader = (text: string) => JsonValue | undefined;

/** Tool name → parameter properties, from OpenAI-style tool definitions (with or without `function`). */
export function toolParams(tools: readonly (ToolDefinition | JsonValue)[]): ToolParams {
  const params: ToolParams = new Map();
  for (const tool of tools) {
    if (!isDict(tool)) continue;
    const fn = Object.prototype.hasOwnProperty.call(tool, "function") ? tool.function! : tool;
    if (!isDict(fn) || typeof fn.name !== "string") continue;
    const parameters = fn.parameters;
    const properties = isDict(parameters) ? parameters.properties : undefined;
    params.set(fn.name, isDict(properties) ? properties : {});
  }
  return params;
}

/**
 * Casts the arguments of a tool call (or of each call in a list) in place and returns the value (a new
 * list for a list, holding the same, mutated, items). Arguments the tool does not declare, or whose
 * schema declares no type, are left alone; so are non-string values, except lists of strings (values
 * collected by `merge_duplicates`), whose string items are cast — unless the parameter accepts "array",
 * in which case the list already fits and is kept as is.
 */
export function coerceToolCalls(value: JsonValue, params: ToolParams, literal?: LiteralReader): JsonValue {
  if (Array.isArray(value)) return value.map((item) => coerceToolCalls(item, params, literal));
  if (!isDict(value)) return value;
  const fn = Object.prototype.hasOwnProperty.call(value, "function") ? value.function! : null;
  if (!isDict(fn)) return value;
  const name = fn.name;
  const args = fn.arguments;
  if (typeof name !== "string" || !isDict(args)) return value;
  const properties = params.get(name);
  if (!properties || dictKeys(properties).length === 0) return value;
  for (const key of dictKeys(args)) {
    if (!Object.prototype.hasOwnProperty.call(properties, key)) continue;
    const types = schemaTypes(properties[key]!);
    if (types.length === 0) continue;
    const argument = args[key]!;
    if (typeof argument === "string") setKey(args, key, coerce(argument, types, literal));
    else if (Array.isArray(argument) && !types.includes("array")) {
      setKey(args, key, argument.map((item) => (typeof item === "string" ? coerce(item, types, literal) : item)));
    }
  }
  return value;
}
