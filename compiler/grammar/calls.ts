// Tool-call bodies: what goes between a call field's open and close, per content parser, with the
// tool's name as a literal and its arguments under its JSON Schema. The call's shape (where the name is,
// where the arguments are, one call per region or a list) is read off the field's transform.

import type { FieldSpec } from "response-template/runtime";
import { placeholderPath } from "response-template/runtime";
import { excludeText } from "./exclude.ts";
import { alt, ANY, cls, EMPTY, lit, rangesOf, ref, Rules, seq, star, subtract, type G, type Ranges } from "./ir.ts";
import { anyValue, keyLiteral, membersGrammar, membersOf, otherKey, schemaValue, type Dialect, type Member, type ValueContext } from "./json-schema.ts";
import { UnsupportedBranch } from "./pattern-nodes.ts";
import { splitTagPattern } from "./tag-pattern.ts";
import { isObj, type Tool } from "./tool-choice.ts";

export interface CallShape {
  /** The name comes from the open delimiter's `name` group, or from this key of the call object. */
  name: { in: "open" } | { in: "body"; key: string };
  /** Key of the arguments in the call object; null when the body (or list item) is the arguments. */
  argsKey: string | null;
  /** The body is a list of calls (`transform_each`). */
  list: boolean;
  /** Call objects may carry keys the transform ignores (ids). */
  otherKeys: boolean;
}

/** The call shape a field's transform implies, or the reason it has none the grammar understands. */
export function callShape(f: FieldSpec): CallShape | string {
  const t = f.transform;
  if (!isObj(t) || t.type !== "function") return "the transform does not build {type: function, …}";
  const fn = t.function;
  const path = (v: unknown) => (typeof v === "string" ? placeholderPath(v) : null);
  if (f.transformEach) {
    const n = isObj(fn) ? path(fn.name) : null;
    const a = isObj(fn) ? path(fn.arguments) : null;
    if (!n || !a || n.length !== 1 || a.length !== 1) return "transform_each without {name: \"{…}\", arguments: \"{…}\"}";
    return { name: { in: "body", key: n[0]! }, argsKey: a[0]!, list: true, otherKeys: true };
  }
  const whole = path(fn);
  if (whole && whole.length === 1 && whole[0] === "content") return { name: { in: "body", key: "name" }, argsKey: "arguments", list: false, otherKeys: false };
  if (!isObj(fn)) return "the transform's function is neither {content} nor an object";
  const n = path(fn.name);
  const a = path(fn.arguments);
  if (!n || !a) return "the transform's function.name / function.arguments are not placeholders";
  if (n.length === 1 && n[0] !== "content" && a.length === 1 && a[0] === "content") return { name: { in: "open" }, argsKey: null, list: false, otherKeys: false };
  if (n.length === 2 && n[0] === "content" && a.length === 2 && a[0] === "content") {
    return { name: { in: "body", key: n[1]! }, argsKey: a[1]!, list: false, otherKeys: true };
  }
  return "the transform reads the name or the arguments from somewhere the grammar cannot write";
}

export interface BodyContext {
  rules: Rules;
  /** Literals no string inside the body may contain (the region's close). */
  exclude: string[];
  parallel: boolean;
  unconstrained: Set<string>;
}

/** A call body: per tool (one call per region) or for all tools at once (a list). */
export type Body = { perTool: Map<string, G> } | { list: G };

/** Whitespace between tokens: JSON's (also within what Python calls and XML tags accept). */
const space = () => star(cls(rangesOf(" \t\n\r")));

function valueContext(c: BodyContext, dialect: Dialect | JsonDialect, root: unknown, extra: string[] = []): ValueContext {
  const d = typeof dialect === "string" ? { dialect } : dialect;
  return { rules: c.rules, ...d, exclude: [...c.exclude, ...extra], unconstrained: c.unconstrained, root };
}

interface JsonDialect {
  dialect: "json" | "gemma";
  /** Gemma's string delimiter. */
  quote?: string;
}

/** Plain JSON, or Gemma's (unquoted keys, strings between one delimiter used on both sides). */
function jsonDialect(f: FieldSpec): JsonDialect | string {
  const a = isObj(f.contentArgs) ? f.contentArgs : {};
  const delims = a.string_delims;
  const unquoted = a.unquoted_keys === true;
  const hasDelims = Array.isArray(delims) && delims.length > 0;
  if (!unquoted && !hasDelims) return { dialect: "json" };
  const pair = hasDelims && delims.length === 1 && Array.isArray(delims[0]) ? (delims[0] as unknown[]) : null;
  if (unquoted && pair?.length === 2 && typeof pair[0] === "string" && pair[0] !== "" && pair[0] === pair[1]) return { dialect: "gemma", quote: pair[0] };
  return `json content_args ${JSON.stringify(a)} (only plain JSON and Gemma's dialect, one string delimiter on both sides, are written)`;
}

/** The arguments object of `tool`, in a JSON dialect. */
function argsObject(tool: Tool, vc: ValueContext): G {
  return schemaValue(tool.parameters, vc, `${tool.name}`);
}

/** A JSON call object: the name and the arguments under their keys (other keys allowed when ignored). */
function callObject(tool: Tool, shape: CallShape, vc: ValueContext, c: BodyContext): G {
  const name = shape.name as { in: "body"; key: string };
  const members: Member[] = [{ key: name.key, value: vc.dialect === "gemma" ? lit(`${vc.quote}${tool.name}${vc.quote}`) : lit(JSON.stringify(tool.name)), required: true }];
  if (shape.argsKey !== null) members.push({ key: shape.argsKey, value: argsObject(tool, vc), required: true });
  const sp = vc.dialect === "gemma" ? EMPTY : space();
  const sep = seq(sp, lit(","), sp);
  const extra = shape.otherKeys ? (declared: string[]) => seq(otherKey(declared, vc), sp, lit(":"), sp, anyValue(vc)) : null;
  return ref(
    c.rules.add(
      `${tool.name}-call`,
      membersGrammar(c.rules, `${tool.name}-call`, members, {
        open: seq(lit("{"), sp),
        close: seq(sp, lit("}")),
        sep,
        member: (k, v) => seq(keyLiteral(k, vc), sp, lit(":"), sp, v),
        extra,
        extrasAnywhere: true,
      }),
    ),
  );
}

function listOf(items: G[], c: BodyContext, hint: string, open = "[", close = "]", sep: G = seq(space(), lit(","), space())): G {
  const item = alt(...items);
  const body = c.parallel ? seq(item, star(seq(sep, item))) : item;
  return ref(c.rules.add(hint, seq(lit(open), space(), body, space(), lit(close))));
}

/** The body grammar of a call field, or the reason it cannot be written. */
export function callBody(f: FieldSpec, shape: CallShape, tools: Tool[], c: BodyContext): Body | string {
  switch (f.content) {
    case "json": {
      const dialect = jsonDialect(f);
      if (typeof dialect === "string") return dialect;
      const vc = (t: Tool) => valueContext(c, dialect, t.parameters);
      const pad = (g: G) => (dialect.dialect === "gemma" ? g : seq(space(), g, space()));
      if (shape.list) {
        if (shape.name.in !== "body") return "a list of calls must name each call inside it";
        return { list: pad(listOf(tools.map((t) => callObject(t, shape, vc(t), c)), c, "call-list")) };
      }
      const perTool = new Map<string, G>();
      for (const t of tools) perTool.set(t.name, pad(shape.name.in === "open" ? argsObject(t, vc(t)) : callObject(t, shape, vc(t), c)));
      return { perTool };
    }
    case "json-calls": {
      // Call objects as Llama 3.x writes them ({"name", "parameters"}), or xLAM and others ("arguments"),
      // alone or in a list; parallel calls in a list.
      if (!shape.list || shape.name.in !== "body" || shape.name.key !== "name" || shape.argsKey !== "arguments") return "json-calls needs transform_each over {name, arguments}";
      if (isObj(f.contentArgs) && f.contentArgs.written_as === "list") {
        // The template renders one JSON list of {name, arguments}: the grammar writes that, as for `json`.
        const vc = (t: Tool) => valueContext(c, "json", t.parameters);
        return { list: seq(space(), listOf(tools.map((t) => callObject(t, shape, vc(t), c)), c, "call-list"), space()) };
      }
      if (isObj(f.contentArgs) && f.contentArgs.single === true) {
        // `single`: one call object per region (the region repeats for parallel calls), as the json parser's.
        const perTool = new Map<string, G>();
        const one = { name: { in: "body", key: "name" }, argsKey: "arguments", list: false, otherKeys: false } as const;
        for (const t of tools) perTool.set(t.name, seq(space(), callObject(t, one, valueContext(c, "json", t.parameters), c), space()));
        return { perTool };
      }
      const objects = tools.flatMap((t) =>
        ["parameters", "arguments"].map((key) => callObject(t, { name: { in: "body", key: "name" }, argsKey: key, list: false, otherKeys: false }, valueContext(c, "json", t.parameters), c)),
      );
      const one = alt(...objects);
      return { list: seq(space(), c.parallel ? alt(one, listOf(objects, c, "json-call-list")) : alt(one, listOf(objects, c, "json-call-list")), space()) };
    }
    case "keyed-calls": {
      if (!shape.list) return "keyed-calls needs transform_each";
      const items = tools.map((t) => {
        const vc = valueContext(c, "json", t.parameters);
        return seq(lit("{"), space(), lit(JSON.stringify(t.name)), space(), lit(":"), space(), argsObject(t, vc), space(), lit("}"));
      });
      return { list: seq(space(), listOf(items, c, "keyed-call-list"), space()) };
    }
    case "python-calls":
      return pythonCalls(f, shape, tools, c);
    case "xml-inline":
    case "xml-typed":
      return xmlTags(f, shape, tools, c);
    case "xml-nested":
      return xmlNested(f, shape, tools, c);
    default:
      return `content parser ${f.content} does not write tool calls the grammar knows`;
  }
}

const PY_NAME = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/;
const PY_KEY = /^[A-Za-z_]\w*$/;

function pythonCalls(f: FieldSpec, shape: CallShape, tools: Tool[], c: BodyContext): Body | string {
  if (!shape.list || shape.name.in !== "body" || shape.name.key !== "name" || shape.argsKey !== "arguments") return "python-calls needs transform_each over {name, arguments}";
  const lines = isObj(f.contentArgs) && f.contentArgs.list === "lines";
  const calls: G[] = [];
  for (const t of tools) {
    if (!PY_NAME.test(t.name)) {
      c.unconstrained.add(`${t.name}: not a Python name, cannot be called in this format`);
      continue;
    }
    const vc = valueContext(c, "python", t.parameters);
    const members = membersOf(isObj(t.parameters) ? t.parameters : {}, vc, t.name);
    const bad = members.find((m) => !PY_KEY.test(m.key));
    if (bad) {
      c.unconstrained.add(`${t.name}: parameter "${bad.key}" is not a Python keyword`);
      continue;
    }
    if (t.parameters.additionalProperties === true || isObj(t.parameters.additionalProperties)) c.unconstrained.add(`${t.name}: additionalProperties (not written as keyword arguments)`);
    const sep = seq(space(), lit(","), space());
    const kwargs = membersGrammar(c.rules, `${t.name}-kwargs`, members, { open: EMPTY, close: EMPTY, sep, member: (k, v) => seq(lit(k), lit("="), v), extra: null });
    calls.push(ref(c.rules.add(`${t.name}-py-call`, seq(lit(t.name), lit("("), space(), kwargs, space(), lit(")")))));
  }
  if (!calls.length) return "no tool can be written as a Python call";
  if (lines) {
    const item = alt(...calls);
    const body = c.parallel ? seq(item, star(seq(lit("\n"), item))) : item;
    return { list: ref(c.rules.add("py-call-lines", seq(space(), body, space()))) };
  }
  return { list: seq(space(), listOf(calls, c, "py-call-list"), space()) };
}

/** Schemas whose value may be a string (written raw between XML tags). */
function allowsString(s: unknown): boolean {
  if (!isObj(s)) return true;
  if ("const" in s) return typeof s.const === "string";
  if (Array.isArray(s.enum)) return s.enum.some((v) => typeof v === "string");
  const types = typeof s.type === "string" ? [s.type] : Array.isArray(s.type) ? s.type : null;
  const choices = [...(Array.isArray(s.anyOf) ? s.anyOf : []), ...(Array.isArray(s.oneOf) ? s.oneOf : [])];
  if (choices.length) return choices.some(allowsString);
  return types === null ? !isObj(s.properties) && !("items" in s) : types.includes("string");
}

function onlyString(s: unknown): boolean {
  if (!isObj(s)) return false;
  if ("const" in s) return typeof s.const === "string";
  if (Array.isArray(s.enum)) return s.enum.every((v) => typeof v === "string");
  const choices = [...(Array.isArray(s.anyOf) ? s.anyOf : []), ...(Array.isArray(s.oneOf) ? s.oneOf : [])];
  if (choices.length) return choices.every(onlyString);
  return s.type === "string";
}

/** Raw text for a string value (const / enum strings as themselves). */
function rawString(s: unknown, c: BodyContext, exclude: string[], hint: string, firstNot?: Ranges): G {
  if (isObj(s) && "const" in s && typeof s.const === "string") return lit(s.const);
  if (isObj(s) && Array.isArray(s.enum) && s.enum.every((v) => typeof v === "string")) return alt(...s.enum.map((v) => lit(v as string)));
  return excludeText(c.rules, `${hint}-raw`, [...c.exclude, ...exclude], { base: ANY, ...(firstNot ? { firstNot } : {}) }).g;
}

function xmlTags(f: FieldSpec, shape: CallShape, tools: Tool[], c: BodyContext): Body | string {
  if (shape.list || shape.name.in !== "open" || shape.argsKey !== null) return `${f.content} needs the name in the open delimiter and the body as the arguments`;
  const args = isObj(f.contentArgs) ? f.contentArgs : {};
  if (typeof args.tag_pattern !== "string") return `${f.content} without a tag_pattern`;
  if (args.value_parser !== undefined && args.value_parser !== null) return "xml-inline with a value_parser";
  let tag;
  try {
    tag = splitTagPattern(args.tag_pattern);
  } catch (e) {
    if (e instanceof UnsupportedBranch) return `tag_pattern: ${e.message}`;
    throw e;
  }
  const rawWhen = f.content === "xml-typed" && isObj(args.raw_when) ? (args.raw_when as { group: string; contains: string }) : null;
  if (rawWhen && !tag.groupAccepts(rawWhen.group, ` ${rawWhen.contains}`)) return `raw_when text does not fit group ${rawWhen.group}`;
  const fill = (typed: boolean) => (group: string) => {
    if (rawWhen && group === rawWhen.group) return lit(` ${typed ? rawWhen.contains.replace("true", "false") : rawWhen.contains}`);
    throw new UnsupportedBranch(`the tag pattern's group ${group} has no value to write`);
  };
  if (tag.forms.some((form) => !form.suffixRequired)) c.unconstrained.add("xml values: the tag pattern's end has no fixed text, string values are not kept from closing it");
  const perTool = new Map<string, G>();
  for (const t of tools) {
    const members: Member[] = [];
    let ok = true;
    for (const m of membersOf(isObj(t.parameters) ? t.parameters : {}, valueContext(c, "json", t.parameters), t.name)) {
      if (!tag.acceptsKey(m.key)) {
        c.unconstrained.add(`${t.name}: parameter "${m.key}" does not fit the tag pattern's key group`);
        ok = false;
        break;
      }
      const schema = (t.parameters.properties as Record<string, unknown>)[m.key];
      // Every form of the tag (CDATA-wrapped or raw, …), with the value raw or as JSON by its schema.
      const tags: G[] = [];
      try {
        for (const form of tag.forms) {
          const exclude = form.suffixRequired ?? [];
          const vc = { ...valueContext(c, "json", t.parameters, exclude), coerced: true };
          const head = seq(form.prefix, lit(m.key));
          if (allowsString(schema)) {
            const raw = rawString(schema, c, exclude, `${t.name}-${m.key}`, form.valueFirstNot ?? undefined);
            tags.push(seq(head, form.middle(fill(false)), raw, form.suffix));
          }
          if (!onlyString(schema)) tags.push(seq(head, form.middle(fill(true)), schemaValue(schema, vc, `${t.name}.${m.key}`), form.suffix));
        }
      } catch (e) {
        if (e instanceof UnsupportedBranch) return e.message;
        throw e;
      }
      members.push({ key: m.key, value: alt(...tags), required: m.required });
    }
    if (!ok) continue;
    const body = membersGrammar(c.rules, `${t.name}-params`, members, {
      open: space(),
      close: space(),
      sep: space(),
      member: (_k, v) => v,
      extra: null,
    });
    if (t.parameters.additionalProperties === true || isObj(t.parameters.additionalProperties)) c.unconstrained.add(`${t.name}: additionalProperties (XML parameters are written for declared keys only)`);
    perTool.set(t.name, ref(c.rules.add(`${t.name}-params`, body)));
  }
  return { perTool };
}

function xmlNested(f: FieldSpec, shape: CallShape, tools: Tool[], c: BodyContext): Body | string {
  if (shape.list || shape.name.in !== "open" || shape.argsKey !== null) return "xml-nested needs the name in the open delimiter and the body as the arguments";
  const args = isObj(f.contentArgs) ? f.contentArgs : {};
  const p = typeof args.tag_prefix === "string" ? args.tag_prefix : "";
  const itemTag = typeof args.item_tag === "string" ? args.item_tag : "item";
  const element = (k: string, v: G) => seq(lit(`${p}<${k}>`), v, lit(`${p}</${k}>`));
  const json = valueContext(c, "json", {});
  // A nested leaf that reads as a JSON scalar becomes one: nested strings may not start like one.
  const notScalarStart = subtract(ANY, rangesOf("-0123456789tfn \t\n\r\x0b\x0c"));
  const nestedString = (hint: string) => {
    const rest = excludeText(c.rules, `${hint}-nested-raw`, [...c.exclude, p || "<"], { base: ANY }).g;
    return alt(seq(cls(notScalarStart), rest), seq(lit("t"), cls(subtract(notScalarStart, rangesOf("r"))), rest), seq(lit("f"), cls(subtract(notScalarStart, rangesOf("a"))), rest), seq(lit("n"), cls(subtract(notScalarStart, rangesOf("u"))), rest), lit("t"), lit("f"), lit("n"));
  };
  const scalar = (s: Record<string, unknown>, hint: string): G | null => {
    const t = s.type;
    if (t === "integer" || t === "number" || t === "boolean" || t === "null") return schemaValue(s, json, hint);
    return null;
  };
  /** A value as elements; null when it cannot be written (free-form objects nested in elements). */
  const value = (s: unknown, hint: string, nested: boolean): G | null => {
    if (!isObj(s)) return nested ? null : schemaValue(s, json, hint);
    const sc = scalar(s, hint);
    if (sc) return sc;
    if (s.type === "string" || onlyString(s)) {
      if (!nested) return rawString(s, c, [p || "<"], hint);
      return isObj(s) && ("const" in s || Array.isArray(s.enum)) ? rawString(s, c, [p || "<"], hint) : nestedString(hint);
    }
    if (s.type === "array" && "items" in s) {
      const item = value(s.items, `${hint}[]`, true);
      if (!item) return nested ? null : schemaValue(s, json, hint);
      const one = element(itemTag, item);
      return ref(c.rules.add(`${hint}-items`, seq(one, star(seq(space(), one)))));
    }
    if ((s.type === "object" || isObj(s.properties)) && isObj(s.properties) && Object.keys(s.properties).length) {
      const members: Member[] = [];
      for (const m of membersOf(s, json, hint)) {
        const v = value((s.properties as Record<string, unknown>)[m.key], `${hint}.${m.key}`, true);
        if (!v) {
          if (m.required) return nested ? null : schemaValue(s, json, hint);
          c.unconstrained.add(`${hint}.${m.key}: a free-form value inside elements cannot be written; left out`);
          continue;
        }
        members.push({ ...m, value: v });
      }
      if (!members.some((m) => m.required)) c.unconstrained.add(`${hint}: an object with no required member is written with at least one`);
      const body = membersGrammar(c.rules, hint, members, { open: EMPTY, close: EMPTY, sep: space(), member: element, extra: null });
      return ref(c.rules.add(`${hint}-elements`, body));
    }
    // Free-form objects and arrays: JSON text at the top level (the tool schema coerces it), nowhere else.
    if (nested) return null;
    c.unconstrained.add(`${hint}: free-form ${s.type ?? "value"} written as JSON text, not as nested elements (element names cannot be paired by a grammar)`);
    return schemaValue(s, json, hint);
  };
  const perTool = new Map<string, G>();
  for (const t of tools) {
    const members: Member[] = [];
    const props = isObj(t.parameters.properties) ? t.parameters.properties : {};
    for (const m of membersOf(t.parameters, json, t.name)) {
      const v = value(props[m.key], `${t.name}.${m.key}`, false);
      members.push({ ...m, value: v ?? anyValue(json) });
    }
    perTool.set(t.name, ref(c.rules.add(`${t.name}-elements`, membersGrammar(c.rules, `${t.name}-el`, members, { open: space(), close: space(), sep: space(), member: element, extra: null }))));
  }
  return { perTool };
}
