// --portable: what other implementations of response templates may not accept. The reference's content
// parsers and their arguments are the portable set; regex features its docs ask authors to avoid are flagged
// too (see "Framework developers: Regex portability" in the Hugging Face docs).

import type { Node } from "response-template/translate";
import { parse } from "response-template/translate";
import { children } from "response-template/translate";
import { dictKeys, isDict } from "response-template/runtime";
import type { JsonObject, JsonValue } from "response-template/runtime";
import type { Diagnostic } from "./diagnostics.ts";
import { patternsOf } from "./validate.ts";

/** The reference's content parsers and the arguments each reads. */
export const REFERENCE_PARSERS: Readonly<Record<string, readonly string[]>> = {
  text: ["strip"],
  int: ["strip"],
  float: ["strip"],
  bool: ["strip"],
  json: ["unquoted_keys", "string_delims", "allow_non_json"],
  "xml-inline": ["tag_pattern", "value_parser", "merge_duplicates"],
  "kv-lines": ["line_sep", "kv_sep", "strip", "value_parser"],
};

/** Field keys rtc adds to the format (runtime/core/template/extensions.ts). */
const RTC_FIELD_KEYS: Readonly<Record<string, string>> = {
  into: "blocks added to another key's list",
  argument_types: "argument strings typed as JSON when no tools are passed",
  argument_literals: "object and array arguments read as Python literals",
  unwrap_arguments: "a call's arguments wrapped in one arguments parameter are unwrapped",
  join_skips_empty: "empty blocks add no separator when joined",
};

export function portabilityNotes(t: JsonObject): Diagnostic[] {
  const out: Diagnostic[] = [];
  const fields = isDict(t.fields) ? t.fields : {};
  for (const name of dictKeys(fields)) {
    const f = fields[name];
    if (!isDict(f)) continue;
    parserNotes(`fields.${name}`, f.content ?? "text", f.content_args, out);
    for (const [key, what] of Object.entries(RTC_FIELD_KEYS)) {
      if (!Object.prototype.hasOwnProperty.call(f, key)) continue;
      out.push({ severity: "portability", code: "rtc-field-key", path: `fields.${name}.${key}`, message: `"${key}" is an rtc extension (${what}); the reference rejects a template with an unknown field key` });
    }
  }
  for (const [path, source] of patternsOf(t)) regexNotes(path, source, out);
  return out;
}

function parserNotes(path: string, name: JsonValue, args: JsonValue | undefined, out: Diagnostic[]): void {
  if (typeof name !== "string") return;
  const known = REFERENCE_PARSERS[name];
  if (!known) {
    out.push({ severity: "portability", code: "rtc-parser", path: `${path}.content`, message: `content parser "${name}" is an rtc extension; the reference knows ${Object.keys(REFERENCE_PARSERS).join(", ")}` });
    return;
  }
  if (!isDict(args)) return;
  const argsPath = path.endsWith(".value_parser") ? `${path}.args` : `${path}.content_args`;
  for (const k of dictKeys(args)) {
    if (!known.includes(k)) {
      out.push({ severity: "portability", code: "rtc-parser-arg", path: `${argsPath}.${k}`, message: `"${k}" is not an argument of the reference's ${name} parser (it reads ${known.join(", ")})` });
    }
  }
  const vp = args.value_parser;
  if (isDict(vp)) parserNotes(`${argsPath}.value_parser`, vp.name ?? "text", vp.args, out);
}

const FEATURES: [(n: Node) => boolean, string][] = [
  [(n) => n.type === "backref", "a backreference"],
  [(n) => n.type === "atomic", "an atomic group"],
  [(n) => n.type === "repeat" && n.mode === "possessive", "a possessive quantifier"],
  [(n) => n.type === "call", "a recursive call"],
  [(n) => n.type === "fuzzy", "fuzzy matching"],
  [(n) => n.type === "keep" || n.type === "newline" || n.type === "grapheme", "a regex-module escape (\\K, \\R or \\X)"],
  [(n) => n.type === "look" && n.behind, "a lookbehind"],
  [(n) => n.type === "class" && n.items.some((i) => i.type === "prop" || i.type === "posix"), "a Unicode property or POSIX class"],
];

function regexNotes(path: string, source: string, out: Diagnostic[]): void {
  let root: Node;
  try {
    root = parse(source).root;
  } catch {
    return;
  }
  const seen = new Set<string>();
  const visit = (n: Node): void => {
    for (const [test, what] of FEATURES) if (test(n)) seen.add(what);
    children(n).forEach(visit);
  };
  visit(root);
  for (const what of seen) {
    out.push({ severity: "portability", code: "regex-feature", path, message: `uses ${what}, which many regex engines lack (the reference docs ask templates to avoid it)` });
  }
}
