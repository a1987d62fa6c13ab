// legacy response_schema → response template, for the shapes that have a streaming equivalent:
// - a property with `x-regex` "OPEN(.*?)CLOSE" (CLOSE may be `(?:CLOSE|$)` or absent) → a field;
// - a property with `x-regex-iterator` of that shape → a repeating field, its items parsed as text or as
//   `x-parser: json` with a JMESPath `transform` made of multi-select hashes, fields and literals
//   (→ a template transform; `[*].{…}` → transform_each);
// - a root `x-regex` that is a sequence of optional "OPEN(?P<name>.+?)CLOSE" blocks followed by a final
//   "(?P<content>.+?)?\s*(?:END|$)" → explicit fields plus an implicit one;
// - `const` properties → defaults.
// Anything else is reported as a reason, never approximated silently.

import { compile as jmesCompile } from "@jmespath-community/jmespath";
import { dictKeys, isDict, makeDict } from "response-template/runtime";
import { validateTemplate } from "response-template/runtime";
import type { JsonObject, JsonValue } from "response-template/runtime";
import type { Node } from "response-template/translate";
import { compilePattern } from "response-template/translate";
import { parse } from "response-template/translate";
import { LEGACY_KEYS } from "response-template/runtime";

export type ConvertResult = { template: JsonObject; notes: string[] } | { reasons: string[] };

interface Delimited {
  open: string;
  /** null: runs to the end of the text. */
  close: string[] | null;
  /** The capture is optional-whitespace trimmed around (\s* / \n?) — the text parser strips anyway. */
  group: string | null;
}

export function convertLegacy(schema: JsonValue): ConvertResult {
  const reasons: string[] = [];
  const notes: string[] = [
    "legacy parsing reads only the generation: the template uses start_anchor_pattern \\Z so that any prefix is dropped",
    "text fields strip surrounding whitespace (the legacy regexes trimmed only what they matched)",
  ];
  if (!isDict(schema) || schema.type !== "object" || !isDict(schema.properties)) {
    return { reasons: ["the root must be an object node with properties"] };
  }
  const props = schema.properties;
  const defaults: JsonObject = {};
  const fields: [string, JsonObject][] = [];
  let rootGroups: Map<string, RootGroup> | null = null;

  if (typeof schema["x-regex"] === "string") {
    rootGroups = decomposeRoot(schema["x-regex"], reasons);
    if (!rootGroups) return { reasons };
    notes.push(
      "the root regex fixed the order of its blocks; the template accepts each block wherever it appears, and text " +
        "after the end marker reopens the leftover field (see rtc check's implicit-overwrite)",
    );
  }
  for (const k of dictKeys(schema)) {
    if (k !== "x-regex" && LEGACY_KEYS.includes(k)) reasons.push(`root ${k} has no template equivalent`);
  }

  for (const name of dictKeys(props)) {
    const p = props[name]!;
    const at = `properties.${name}`;
    if (!isDict(p)) {
      reasons.push(`${at}: not a schema object`);
      continue;
    }
    if ("const" in p) {
      // With a root regex the reference only fills keys its groups produced, so a const never appears.
      if (rootGroups) notes.push(`${at}: const dropped (the legacy parser never outputs it under a root regex)`);
      else defaults[name] = p.const!;
      continue;
    }
    if (rootGroups) {
      const g = rootGroups.get(name);
      if (!g) {
        reasons.push(`${at}: the root regex has no group "${name}"`);
        continue;
      }
      const extra = dictKeys(p).filter((k) => LEGACY_KEYS.includes(k));
      if (extra.length) {
        reasons.push(`${at}: ${extra.join(", ")} below a root regex`);
        continue;
      }
      const content = scalarContent(p, at, reasons);
      if (content === null) continue;
      if ("implicit" in g) fields.push([name, makeDict([...(g.close ? [["close", g.close.length === 1 ? g.close[0]! : g.close] as const] : []), ...content])]);
      else fields.push([name, makeDict([["open", g.open], ...(g.close ? [["close", g.close.length === 1 ? g.close[0]! : g.close] as const] : []), ...content])]);
      continue;
    }
    const field = convertProperty(p, at, reasons);
    if (field) fields.push([name, field]);
  }
  if (reasons.length) return { reasons };
  const template = makeDict([
    ...(dictKeys(defaults).length ? [["defaults", defaults] as const] : []),
    ["start_anchor_pattern", "\\Z"],
    ["fields", makeDict(fields)],
  ]);
  try {
    validateTemplate(template, compilePattern);
  } catch (e) {
    return { reasons: [`the converted template does not load: ${e instanceof Error ? e.message : String(e)}`] };
  }
  return { template, notes };
}

/** content / content_args for a string, integer, number or boolean property. */
function scalarContent(p: JsonObject, at: string, reasons: string[]): [string, JsonValue][] | null {
  switch (p.type) {
    case "string":
    case "any":
    case undefined:
      return [];
    case "integer":
      return [["content", "int"]];
    case "number":
      return [["content", "float"]];
    case "boolean":
      reasons.push(`${at}: legacy booleans reject anything but true/false/1/0, the template's bool parser does not`);
      return null;
    default:
      reasons.push(`${at}: a ${String(p.type)} value extracted by a regex group`);
      return null;
  }
}

function convertProperty(p: JsonObject, at: string, reasons: string[]): JsonObject | null {
  const iter = p["x-regex-iterator"];
  const single = p["x-regex"];
  const unsupported = dictKeys(p).filter((k) => LEGACY_KEYS.includes(k) && !["x-regex", "x-regex-iterator", "x-parser", "x-parser-args"].includes(k));
  if (unsupported.length) {
    reasons.push(`${at}: ${unsupported.join(", ")} has no template equivalent`);
    return null;
  }
  if (typeof iter === "string") {
    if (typeof single === "string") {
      reasons.push(`${at}: x-regex combined with x-regex-iterator`);
      return null;
    }
    const d = delimited(iter, `${at}.x-regex-iterator`, reasons);
    if (!d) return null;
    if (!isDict(p.items)) {
      reasons.push(`${at}: x-regex-iterator without an items schema`);
      return null;
    }
    const item = itemContent(p.items, `${at}.items`, reasons);
    if (!item) return null;
    return makeDict([["open", d.open], ...closeEntry(d), ["repeats", true], ...item]);
  }
  if (typeof single === "string") {
    const d = delimited(single, `${at}.x-regex`, reasons);
    if (!d) return null;
    const content = p["x-parser"] !== undefined ? itemContent(p, at, reasons) : scalarContent(p, at, reasons);
    if (!content) return null;
    return makeDict([["open", d.open], ...closeEntry(d), ...content]);
  }
  reasons.push(`${at}: no x-regex or x-regex-iterator to delimit it`);
  return null;
}

function closeEntry(d: Delimited): [string, JsonValue][] {
  return d.close ? [["close", d.close.length === 1 ? d.close[0]! : d.close]] : [];
}

/** How one extracted block is parsed: text, or json with a transform. */
function itemContent(item: JsonObject, at: string, reasons: string[]): [string, JsonValue][] | null {
  if (item["x-parser"] === undefined) return scalarContent(item, at, reasons);
  if (item["x-parser"] !== "json") {
    reasons.push(`${at}: unknown x-parser ${JSON.stringify(item["x-parser"])}`);
    return null;
  }
  const nested = isDict(item.properties) && hasExtractors(item.properties);
  if (nested) {
    reasons.push(`${at}: extractors below a json parser (nested x-regex) have no template equivalent`);
    return null;
  }
  const args = isDict(item["x-parser-args"]) ? item["x-parser-args"] : {};
  const out: [string, JsonValue][] = [["content", "json"]];
  if (args.allow_non_json === true) out.push(["content_args", { allow_non_json: true }]);
  if (typeof args.transform === "string") {
    const t = jmesToTransform(args.transform, at, reasons);
    if (!t) return null;
    out.push(["transform", t.transform]);
    if (t.each) out.push(["transform_each", true]);
  }
  return out;
}

function hasExtractors(v: JsonValue): boolean {
  if (Array.isArray(v)) return v.some(hasExtractors);
  if (!isDict(v)) return false;
  return dictKeys(v).some((k) => LEGACY_KEYS.includes(k) || hasExtractors(v[k]!));
}

interface JmesNode {
  type: string;
  name?: string;
  value?: unknown;
  children?: JmesNode[];
  left?: JmesNode;
  right?: JmesNode;
}

/** A JMESPath expression built from multi-select hashes, `@`, fields and literals → a template transform. */
function jmesToTransform(expr: string, at: string, reasons: string[]): { transform: JsonValue; each: boolean } | null {
  let ast: JmesNode;
  try {
    ast = jmesCompile(expr) as unknown as JmesNode;
  } catch (e) {
    reasons.push(`${at}: invalid JMESPath ${JSON.stringify(expr)}: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
  let each = false;
  if (ast.type === "Projection" && ast.left?.type === "Identity" && ast.right) {
    each = true;
    ast = ast.right;
  }
  const bad: string[] = [];
  const go = (n: JmesNode, root: string[]): JsonValue => {
    switch (n.type) {
      case "MultiSelectHash":
        return makeDict((n.children ?? []).map((kv) => [kv.name!, go(kv.value as JmesNode, root)] as const));
      case "Literal":
        if (typeof n.value === "string" && /^\{.*\}$/.test(n.value)) bad.push(`literal ${JSON.stringify(n.value)} would read as a placeholder`);
        return n.value as JsonValue;
      case "Current":
      case "Identity":
        return `{${root.join(".")}}`;
      case "Field":
        return `{${[...root, n.name!].join(".")}}`;
      case "Subexpression": {
        const path = fieldPath(n);
        if (path) return `{${[...root, ...path].join(".")}}`;
        bad.push("a subexpression that is not a dotted field path");
        return null;
      }
      default:
        bad.push(`${n.type} expressions`);
        return null;
    }
  };
  const transform = go(ast, each ? [] : ["content"]);
  if (each && (transform === "{}" || typeof transform === "string")) bad.push("a projection that is not a hash");
  if (bad.length) {
    reasons.push(`${at}: JMESPath transform ${JSON.stringify(expr)} uses ${[...new Set(bad)].join(", ")}`);
    return null;
  }
  return { transform, each };
}

function fieldPath(n: JmesNode): string[] | null {
  if (n.type === "Field") return [n.name!];
  if (n.type === "Subexpression" && n.left && n.right) {
    const l = fieldPath(n.left);
    const r = fieldPath(n.right);
    return l && r ? [...l, ...r] : null;
  }
  return null;
}

// ---- regex shapes ----

function ast(source: string, at: string, reasons: string[]): Node | null {
  try {
    return parse(source).root;
  } catch (e) {
    reasons.push(`${at}: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
}

const items = (n: Node): Node[] => (n.type === "seq" ? n.items : [n]);

/** The literal text of a run of plain characters, or null. */
function literalOf(nodes: Node[]): string | null {
  let s = "";
  for (const n of nodes) {
    if (n.type === "char" && !n.ci) s += String.fromCodePoint(n.cp);
    else if (n.type === "group" && n.name === null && literalOf(items(n.body)) !== null) s += literalOf(items(n.body));
    else return null;
  }
  return s;
}

/** `\s*`, `\n?` and similar optional whitespace. */
function isOptionalSpace(n: Node): boolean {
  if (n.type !== "repeat" || n.min !== 0) return false;
  const b = n.body;
  return (b.type === "class" && !b.negated && b.items.every((i) => (i.type === "set" && i.kind === "space" && !i.negated) || (i.type === "range" && i.from <= 0x20 && i.to <= 0x20))) || (b.type === "char" && (b.cp === 0x0a || b.cp === 0x20));
}

/** A capture of anything: `(.*?)`, `(.+?)`, `(.*)`, `([\s\S]*?)`, named or not. */
function isAnyCapture(n: Node): string | null | false {
  if (n.type !== "group") return false;
  const r = n.body;
  if (r.type !== "repeat" || r.max !== Infinity || r.min > 1) return false;
  if (r.body.type !== "any") return false;
  return n.name;
}

/** CLOSE, `(?:CLOSE|CLOSE2)`, `(?:CLOSE|$)` → close literals; `$` alone or nothing → null (to the end). */
function closeOf(nodes: Node[]): { close: string[] | null; eosToo: boolean } | "bad" {
  if (nodes.length === 0) return { close: null, eosToo: true };
  if (nodes.length === 1 && nodes[0]!.type === "assert" && (nodes[0]!.kind === "end" || nodes[0]!.kind === "textEnd")) return { close: null, eosToo: true };
  const lit = literalOf(nodes);
  if (lit) return { close: [lit], eosToo: false };
  const only = nodes.length === 1 ? nodes[0]! : null;
  // Non-capturing groups leave no node of their own: (?:A|B) is an alt.
  const alt: Extract<Node, { type: "alt" }> | null =
    only?.type === "alt" ? only : only?.type === "group" && only.name === null && only.body.type === "alt" ? only.body : null;
  if (alt) {
    const out: string[] = [];
    let eos = false;
    for (const branch of alt.alts) {
      const a = items(branch);
      if (a.length === 1 && a[0]!.type === "assert" && (a[0]!.kind === "end" || a[0]!.kind === "textEnd")) eos = true;
      else {
        const l = literalOf(a);
        if (!l) return "bad";
        out.push(l);
      }
    }
    return { close: out.length ? out : null, eosToo: eos };
  }
  return "bad";
}

/** "OPEN\s*(.*?)\s*CLOSE" → its delimiters. */
function delimited(source: string, at: string, reasons: string[]): Delimited | null {
  const root = ast(source, at, reasons);
  if (!root) return null;
  const seq = items(root).filter((n) => !isOptionalSpace(n));
  const g = seq.findIndex((n) => isAnyCapture(n) !== false);
  if (g < 0) {
    reasons.push(`${at}: ${JSON.stringify(source)} is not of the form OPEN(.*?)CLOSE`);
    return null;
  }
  const open = literalOf(seq.slice(0, g));
  const close = closeOf(seq.slice(g + 1));
  if (!open || close === "bad") {
    reasons.push(`${at}: ${JSON.stringify(source)} is not of the form OPEN(.*?)CLOSE with literal OPEN and CLOSE`);
    return null;
  }
  return { open, close: close.close, group: isAnyCapture(seq[g]!) || null };
}

/** Root regex: optional blocks `(?:OPEN(?P<a>.+?)CLOSE)?` then `(?P<b>.+?)?\s*(?:END|$)`. */
type RootGroup = Delimited | { implicit: true; close: string[] | null };

function decomposeRoot(source: string, reasons: string[]): Map<string, RootGroup> | null {
  const root = ast(source, "x-regex", reasons);
  if (!root) return null;
  const out = new Map<string, RootGroup>();
  const seq = items(root).filter((n) => !isOptionalSpace(n));
  for (let i = 0; i < seq.length; i++) {
    let n = seq[i]!;
    // (?:OPEN (?P<x>.+?) CLOSE)?
    if (n.type === "repeat" && n.min === 0 && n.max === 1) n = n.body;
    if (n.type === "seq" || (n.type === "group" && n.name === null)) {
      const inner = items(n.type === "seq" ? n : n.body).filter((x) => !isOptionalSpace(x));
      const g = inner.findIndex((x) => typeof isAnyCapture(x) === "string");
      if (g > 0) {
        const open = literalOf(inner.slice(0, g));
        const close = closeOf(inner.slice(g + 1));
        if (open && close !== "bad" && close.close) {
          out.set(isAnyCapture(inner[g]!) as string, { open, close: close.close, group: null });
          continue;
        }
      }
    }
    // (?P<content>.+?)? then the end
    const cap = n.type === "repeat" && n.min === 0 && n.max === 1 ? n.body : n;
    const name = isAnyCapture(cap);
    if (typeof name === "string") {
      const end = closeOf(seq.slice(i + 1));
      if (end === "bad") break;
      out.set(name, { implicit: true, close: end.close });
      return out;
    }
    reasons.push(`x-regex: cannot map the part of ${JSON.stringify(source)} at item ${i + 1} to a field`);
    return null;
  }
  reasons.push(`x-regex: ${JSON.stringify(source)} does not end with a leftover group such as (?P<content>.+?)?\\s*(?:END|$)`);
  return null;
}
