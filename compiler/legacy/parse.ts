// The legacy response_schema parser (transformers' `recursive_parse`), for whole responses: each schema
// node takes its input from its parent, applies its extractor (x-regex, x-regex-iterator,
// x-regex-key-value, then x-parser json with an optional JMESPath `transform`, then x-mapping /
// x-mapping-regex), and hands the result to its children. Patterns are Python `regex` syntax, DOTALL.

import { search as jmespath } from "@jmespath-community/jmespath";
import { ContentError } from "response-template/runtime";
import { pyFloatParse } from "response-template/runtime";
import { pyIntParse } from "response-template/runtime";
import { pyJsonLoads } from "response-template/runtime";
import { PyFloat, dictKeys, dictSet, isDict, makeDict, pyFloat, pyTypeName } from "response-template/runtime";
import type { PatternMatch, PyPattern } from "response-template/runtime";
import type { JsonObject, JsonValue, Message } from "response-template/runtime";
import { compilePattern } from "response-template/translate";
import { parse } from "response-template/translate";
import { classEnd } from "../plan/python-source.ts";

/** Parses one whole response with a legacy schema. Throws ContentError (with the schema path) on failure. */
export function parseLegacy(schema: JsonValue, text: string): Message {
  const out = node(text, schema, "");
  if (!isDict(out)) throw new ContentError(`legacy schema: the root must produce an object, got ${pyTypeName(out)}`, "TypeError");
  return out;
}

function fail(path: string, msg: string, cls: "ValueError" | "TypeError" | "KeyError" = "ValueError"): never {
  throw new ContentError(`legacy schema ${path || "(root)"}: ${msg}`, cls);
}

function has(o: JsonObject, k: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, k);
}

/** A legacy regex compiled so that its one unnamed group (if that is all it has) can be read by name. */
interface LegacyRegex {
  pattern: PyPattern;
  named: readonly string[];
  unnamed: number;
}

const compiled = new Map<string, LegacyRegex>();

function legacyRegex(source: string, path: string): LegacyRegex {
  let r = compiled.get(source);
  if (r) return r;
  const plain = compilePattern(source);
  const named = plain.groupNames;
  const ast = parse(source);
  const unnamed = ast.groupCount - new Set(ast.names.map((n) => n.index)).size;
  if (!named.length && unnamed > 1) fail(path, "the regex has more than one unnamed group");
  r = { pattern: !named.length && unnamed === 1 ? compilePattern(nameFirstGroup(source)) : plain, named, unnamed };
  compiled.set(source, r);
  return r;
}

/** Python `_parse_re_match`: named groups (unset ones dropped) as a dict, else the single group, else the match. */
function matchValue(m: PatternMatch, text: string, r: LegacyRegex): JsonValue {
  if (r.named.length) {
    return makeDict(r.named.filter((g) => m.groups[g] !== null && m.groups[g] !== undefined).map((g) => [g, m.groups[g]!] as const));
  }
  if (r.unnamed === 1) return m.groups[UNNAMED] ?? null;
  return text.slice(m.start, m.end);
}

function node(content: JsonValue | undefined, schema: JsonValue, path: string): JsonValue {
  if (!isDict(schema)) fail(path, `a schema node must be an object, got ${pyTypeName(schema)}`, "TypeError");
  if (has(schema, "const")) return schema.const!;
  if (content === null || content === undefined) return null;
  if (!has(schema, "type")) fail(path, "schema node has no type", "KeyError");
  const type = schema.type;
  let value: JsonValue = content;
  const hasRegex = has(schema, "x-regex") || has(schema, "x-regex-iterator") || has(schema, "x-regex-key-value") || has(schema, "x-regex-to-dict");
  if (hasRegex && typeof value !== "string") fail(path, `got a ${pyTypeName(value)} input but has a regex for parsing`, "TypeError");

  if (typeof schema["x-regex"] === "string") {
    const r = legacyRegex(schema["x-regex"], `${path}.x-regex`);
    const m = r.pattern.search(value as string, 0, false);
    if (!m) return null;
    value = matchValue(m, value as string, r);
  }
  if (typeof schema["x-regex-iterator"] === "string") {
    if (type !== "array") fail(path, `a ${String(type)} node cannot use x-regex-iterator`, "TypeError");
    if (typeof value !== "string") fail(path, "x-regex-iterator needs a string input", "TypeError");
    const r = legacyRegex(schema["x-regex-iterator"], `${path}.x-regex-iterator`);
    const s = value;
    value = r.pattern.finditer(s).map((m) => matchValue(m, s, r));
    if (value.length === 0) return null;
  }
  const kvKey = has(schema, "x-regex-key-value") ? "x-regex-key-value" : has(schema, "x-regex-to-dict") ? "x-regex-to-dict" : null;
  if (kvKey && typeof schema[kvKey] === "string") {
    if (type !== "object") fail(path, `a ${String(type)} node cannot use ${kvKey}`, "TypeError");
    if (typeof value !== "string") fail(path, `${kvKey} needs a string input`, "TypeError");
    const p = compilePattern(schema[kvKey] as string);
    if (!p.groupNames.includes("key") || !p.groupNames.includes("value")) fail(`${path}.${kvKey}`, "the regex needs named groups key and value");
    const dict: JsonObject = {};
    for (const m of p.finditer(value)) {
      const k = m.groups.key;
      if (k === null || k === undefined) fail(`${path}.${kvKey}`, "group key did not participate in the match", "KeyError");
      dictSet(dict, k, m.groups.value ?? null);
    }
    value = dict;
    if (dictKeys(dict).length === 0) return null;
  }
  if (has(schema, "x-parser")) {
    if (schema["x-parser"] !== "json") fail(path, `unknown parser ${JSON.stringify(schema["x-parser"])}`);
    if (typeof value !== "string") fail(path, `the json parser got a ${pyTypeName(value)} input`, "TypeError");
    const args = isDict(schema["x-parser-args"]) ? schema["x-parser-args"] : {};
    try {
      value = pyJsonLoads(value);
    } catch (e) {
      if (args.allow_non_json === true) {
        // keep the text
      } else fail(path, `could not parse its contents as JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (typeof args.transform === "string") value = fromJmes(jmespath(toJmes(value) as never, args.transform) as unknown);
  }
  if (isDict(schema["x-mapping"])) {
    if (typeof value !== "string") fail(path, "x-mapping needs a string", "TypeError");
    if (has(schema["x-mapping"], value)) value = schema["x-mapping"][value]!;
  }
  if (isDict(schema["x-mapping-regex"])) {
    if (typeof value !== "string") fail(path, "x-mapping-regex needs a string", "TypeError");
    for (const pat of dictKeys(schema["x-mapping-regex"])) {
      const rep = schema["x-mapping-regex"][pat];
      if (typeof rep === "string") value = substitute(pat, rep, value as string);
    }
  }

  switch (type) {
    case "object": {
      const props = isDict(schema.properties) ? schema.properties : null;
      if (typeof value === "string") {
        if (!props) fail(path, "an object node received a string but has no regex, parser or properties to handle it");
        const out: JsonObject = {};
        for (const k of dictKeys(props)) {
          const v = node(value, props[k]!, `${path}.properties.${k}`);
          if (v !== null) dictSet(out, k, v);
        }
        return out;
      }
      if (isDict(value)) {
        const out: JsonObject = {};
        const v = value;
        for (const k of props ? dictKeys(props) : []) {
          const child = props![k]!;
          if (has(v, k)) dictSet(out, k, node(v[k]!, child, `${path}.properties.${k}`));
          else if (isDict(child) && has(child, "default")) dictSet(out, k, child.default!);
        }
        if (has(schema, "additionalProperties")) {
          for (const k of dictKeys(v)) {
            if (!props || !has(props, k)) dictSet(out, k, node(v[k]!, schema.additionalProperties!, `${path}.additionalProperties`));
          }
        }
        return out;
      }
      return fail(path, `expected a dict or str for an object node, got ${pyTypeName(value)}`, "TypeError");
    }
    case "array": {
      if (value === "" || (Array.isArray(value) && value.length === 0) || (isDict(value) && dictKeys(value).length === 0) || value === false || value === 0) return [];
      if (has(schema, "items")) {
        if (!Array.isArray(value)) fail(path, `expected a list for an array node, got ${pyTypeName(value)}`, "TypeError");
        return value.map((item) => node(item, schema.items!, `${path}.items`));
      }
      if (Array.isArray(schema.prefixItems)) {
        const items = schema.prefixItems;
        let list: JsonValue[];
        if (Array.isArray(value)) list = value;
        else if (items.length === 1) list = [value];
        else return fail(path, `expected a list for an array node, got ${pyTypeName(value)}`, "TypeError");
        if (list.length !== items.length) fail(path, `the array has ${list.length} items but the schema defines ${items.length} prefixItems`);
        return list.map((item, i) => node(item, items[i]!, `${path}.prefixItems[${i}]`));
      }
      return fail(path, "an array node has no items or prefixItems");
    }
    case "string":
    case "integer":
    case "number":
    case "boolean": {
      if (typeof value !== "string") fail(path, `expected a string for a ${type} node, got ${pyTypeName(value)}`, "TypeError");
      if (type === "integer") return pyIntParse(value);
      if (type === "number") return pyFloatParse(value);
      if (type === "boolean") {
        const l = value.toLowerCase();
        if (l === "true" || l === "1") return true;
        if (l === "false" || l === "0") return false;
        return fail(path, `invalid boolean value ${JSON.stringify(value)}`);
      }
      return value;
    }
    case "any":
      return value;
    default:
      return fail(path, `unsupported schema type ${JSON.stringify(type)}`, "TypeError");
  }
}

const UNNAMED = "__rtc_group_1";

/** Rewrites the single unnamed group `(` of a pattern as `(?P<__rtc_group_1>`. */
export function nameFirstGroup(source: string): string {
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (c === "[") i = classEnd(source, i);
    else if (c === "(" && source[i + 1] !== "?") return `${source.slice(0, i)}(?P<${UNNAMED}>${source.slice(i + 1)}`;
  }
  return source;
}

function substitute(pattern: string, replacement: string, s: string): string {
  const p = compilePattern(pattern);
  let out = "";
  let last = 0;
  for (const m of p.finditer(s)) {
    out += s.slice(last, m.start) + replacement.replace(/\\g<(\w+)>|\\(\d)/g, (_, name: string | undefined) => (name ? (m.groups[name] ?? "") : ""));
    last = m.end;
  }
  return out + s.slice(last);
}

/** rtc values → plain JSON for JMESPath (integral floats become numbers; big ints lose precision). */
function toJmes(v: JsonValue): unknown {
  if (v instanceof PyFloat) return v.valueOf();
  if (typeof v === "bigint") return Number(v);
  if (Array.isArray(v)) return v.map(toJmes);
  if (isDict(v)) {
    const o: Record<string, unknown> = {};
    for (const k of dictKeys(v)) o[k] = toJmes(v[k]!);
    return o;
  }
  return v;
}

function fromJmes(v: unknown): JsonValue {
  if (v === undefined) return null;
  if (typeof v === "number") return Number.isInteger(v) ? v : pyFloat(v);
  if (Array.isArray(v)) return v.map(fromJmes);
  if (v !== null && typeof v === "object") return makeDict(Object.entries(v).map(([k, x]) => [k, fromJmes(x)] as const));
  return v as JsonValue;
}
