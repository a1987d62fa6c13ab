// Tool-argument JSON Schemas as grammar rules, in the value syntaxes the templates write arguments in:
// JSON (`json`, `keyed-calls`, non-string values of the XML formats), Gemma's dialect (unquoted keys,
// strings between one delimiter: Gemma 4's `<|"|>`, FunctionGemma's `<escape>`), and Python literals
// (`python-calls`).
//
// No npm package fits: the grammar must keep each region's close out of strings (or the parser would
// cut the call there) and must stay inside the GBNF subset both engines read alike (gbnf.ts), which
// general-purpose converters do not do. Supported: type (and type lists), properties, required,
// additionalProperties (absent or false: no other keys, as llama.cpp's and xgrammar's converters read
// it; true or a schema: other keys allowed, never spelling a declared key), items, enum, const, anyOf,
// oneOf (as anyOf), nullable, local $ref to $defs/definitions. Other keywords are not enforced and are
// reported, per tool, in `unconstrained`.

import { excludeText } from "./exclude.ts";
import { alt, cls, complement, EMPTY, lit, opt, rangesOf, ref, rep, Rules, seq, star, subtract, type G } from "./ir.ts";

export type Dialect = "json" | "gemma" | "python";

export interface ValueContext {
  rules: Rules;
  dialect: Dialect;
  /** Literals no string may contain (the closes around the value). */
  exclude: string[];
  /** Keywords not enforced, for the report. */
  unconstrained: Set<string>;
  /** The whole schema, for $ref. */
  root: unknown;
  /** A value written as text and cast by the tool schema (XML parameters): booleans in either case. */
  coerced?: boolean;
  /** The "gemma" dialect's string delimiter, the same on both sides (Gemma 4: `<|"|>`, FunctionGemma: `<escape>`). */
  quote?: string;
}

/** A string as the "gemma" dialect writes it. */
const delimited = (s: string, c: ValueContext): G => lit(`${c.quote}${s}${c.quote}`);

const NOT_ENFORCED = [
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "patternProperties",
  "propertyNames",
  "dependentRequired",
  "dependentSchemas",
  "dependencies",
  "if",
  "then",
  "else",
  "not",
  "allOf",
  "contains",
  "prefixItems",
  "unevaluatedProperties",
];

type Schema = Record<string, unknown>;
const isObj = (x: unknown): x is Schema => typeof x === "object" && x !== null && !Array.isArray(x);

/** JSON whitespace (Python json's set). Gemma's dialect is written without any. */
function space(c: ValueContext): G {
  return c.dialect === "gemma" ? EMPTY : star(cls(rangesOf(" \t\n\r")));
}

const hex = cls(rangesOf("0123456789abcdefABCDEF"));
const digit = cls(rangesOf("0123456789"));
/**
 * `\uXXXX` outside the surrogates: an unpaired one decodes to a lone surrogate, which the parser
 * refuses (JSON output cannot carry it); characters beyond U+FFFF are written as themselves.
 */
const unicodeEscape = seq(lit("u"), alt(seq(cls(rangesOf("0123456789abcefABCEF")), hex), seq(cls(rangesOf("dD")), cls(rangesOf("01234567")))), hex, hex);

// Numbers are bounded so that every one parses to a value JSON output can carry: at most 18 integer
// digits (an integer past 64 bits is refused, as Python refuses int strings past 4300 digits), 16
// fraction digits, and an exponent (two digits) only after a fraction — tool-schema coercion turns
// `9e65`, having no ".", into an integer.
function integer(c: ValueContext): G {
  return ref(c.rules.add("int", seq(opt(lit("-")), alt(lit("0"), seq(cls(rangesOf("123456789")), rep(digit, 0, 17))))));
}

function number(c: ValueContext): G {
  const exp = opt(seq(cls(rangesOf("eE")), opt(cls(rangesOf("+-"))), rep(digit, 1, 2)));
  const frac = opt(seq(lit("."), rep(digit, 1, 16), exp));
  return ref(c.rules.add("number", seq(integer(c), frac)));
}

function boolean(c: ValueContext): G {
  return c.dialect === "python" || c.coerced ? alt(lit("True"), lit("False"), lit("true"), lit("false")) : alt(lit("true"), lit("false"));
}

function nullValue(c: ValueContext): G {
  return c.dialect === "python" ? alt(lit("None"), lit("null")) : lit("null");
}

/** A string value, in the dialect's quoting, that holds none of the excluded literals. */
export function stringValue(c: ValueContext): G {
  const ex = c.exclude;
  switch (c.dialect) {
    case "json": {
      const escape = seq(lit("\\"), alt(cls(rangesOf('"\\/bfnrt')), unicodeEscape));
      const base = complement(rangesOf('"\\' + String.fromCharCode(...Array.from({ length: 32 }, (_, i) => i))));
      const body = excludeText(c.rules, "json-chars", ex, { base, atoms: [escape] }).g;
      return ref(c.rules.add("json-string", seq(lit('"'), body, lit('"'))));
    }
    case "gemma": {
      // Between the delimiters the text is raw; the parser refuses \x01 and \x02 there.
      const body = excludeText(c.rules, "gemma-chars", [...ex, c.quote!], { base: complement(rangesOf("\x01\x02")) }).g;
      return ref(c.rules.add("gemma-string", seq(lit(c.quote!), body, lit(c.quote!))));
    }
    case "python": {
      const escape = seq(lit("\\"), alt(cls(rangesOf("\\'\"nrtbf0")), unicodeEscape));
      const quoted = (q: string) =>
        seq(lit(q), excludeText(c.rules, q === '"' ? "py-dq-chars" : "py-sq-chars", ex, { base: complement(rangesOf(q + "\\")), atoms: [escape] }).g, lit(q));
      return ref(c.rules.add("py-string", alt(quoted('"'), quoted("'"))));
    }
  }
}

function literalValue(v: unknown, c: ValueContext): G {
  if (c.dialect === "python") {
    if (v === true) return lit("True");
    if (v === false) return lit("False");
    if (v === null) return lit("None");
  }
  if (typeof v === "string" && c.dialect === "gemma") return delimited(v, c);
  return lit(JSON.stringify(v));
}

/** Any value of the dialect (strings excluding the closes), recursive. */
export function anyValue(c0: ValueContext): G {
  const c = { ...c0, coerced: false };
  const name = `${c.dialect}-value`;
  const known = [...c.rules.rules.keys()].find((k) => k === name);
  if (known) return ref(known);
  const v = c.rules.reserve(name);
  const s = space(c);
  const sep = seq(s, lit(","), s);
  const arr = seq(lit("["), s, opt(seq(ref(v), star(seq(sep, ref(v))))), s, lit("]"));
  const key = c.dialect === "gemma" ? alt(wordKey(), stringValue(c)) : stringValue(c);
  const member = seq(key, s, lit(":"), s, ref(v));
  const obj = seq(lit("{"), s, opt(seq(member, star(seq(sep, member)))), s, lit("}"));
  c.rules.define(v, alt(obj, arr, stringValue(c), number(c), boolean(c), nullValue(c)));
  return ref(v);
}

const WORD_CHARS = rangesOf("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");

/** An unquoted Gemma key: the parser quotes a run of word characters after `{` or `,`. */
function wordKey(): G {
  return seq(cls(WORD_CHARS), star(cls(WORD_CHARS)));
}

/** A key as the dialect writes it. */
export function keyLiteral(k: string, c: ValueContext): G {
  if (c.dialect === "gemma" && /^\w+$/u.test(k)) return lit(k);
  return c.dialect === "gemma" ? delimited(k, c) : lit(JSON.stringify(k));
}

function resolve(s: Schema, c: ValueContext, seen: Set<string>): Schema {
  let cur = s;
  while (typeof cur.$ref === "string") {
    const r = cur.$ref;
    if (seen.has(r)) break;
    seen.add(r);
    const m = /^#\/(\$defs|definitions)\/(.+)$/.exec(r);
    const defs = m && isObj(c.root) ? (c.root as Schema)[m[1]!] : undefined;
    const target = m && isObj(defs) ? (defs as Schema)[decodeURIComponent(m[2]!)] : undefined;
    if (!isObj(target)) {
      c.unconstrained.add(`$ref ${r} (not a local definition)`);
      return {};
    }
    cur = { ...target, ...Object.fromEntries(Object.entries(cur).filter(([k]) => k !== "$ref")) };
  }
  return cur;
}

/** A value under `schema` (true / {} / missing: any value). */
export function schemaValue(schema: unknown, c: ValueContext, hint: string, seen = new Set<string>()): G {
  if (schema === false) throw new Error(`${hint}: the schema allows no value`);
  if (!isObj(schema)) return anyValue(c);
  const s = resolve(schema, c, seen);
  for (const k of NOT_ENFORCED) if (k in s) c.unconstrained.add(`${hint}: ${k}`);
  if ("const" in s) return literalValue(s.const, c);
  if (Array.isArray(s.enum)) return alt(...s.enum.map((v) => literalValue(v, c)));
  const choices = [...(Array.isArray(s.anyOf) ? s.anyOf : []), ...(Array.isArray(s.oneOf) ? s.oneOf : [])];
  const options: G[] = [];
  if (choices.length) {
    const { anyOf: _a, oneOf: _o, ...rest } = s;
    options.push(...choices.map((ch, i) => schemaValue(isObj(ch) ? { ...rest, ...ch } : ch, c, `${hint}|${i}`, new Set(seen))));
  } else {
    const types = typeof s.type === "string" ? [s.type] : Array.isArray(s.type) ? s.type.filter((t) => typeof t === "string") : [];
    if (types.length === 0) {
      if (isObj(s.properties)) types.push("object");
      else if ("items" in s) types.push("array");
      else return anyValue(c);
    }
    for (const t of types) options.push(typed(t as string, s, c, hint, seen));
  }
  if (s.nullable === true) options.push(nullValue(c));
  return alt(...options);
}

function typed(t: string, s: Schema, c: ValueContext, hint: string, seen: Set<string>): G {
  switch (t) {
    case "string":
      return stringValue(c);
    case "integer":
      return integer(c);
    case "number":
      return number(c);
    case "boolean":
      return boolean(c);
    case "null":
      return nullValue(c);
    case "array": {
      const inner = { ...c, coerced: false };
      const item = "items" in s ? schemaValue(s.items, inner, `${hint}[]`, new Set(seen)) : anyValue(inner);
      const sp = space(c);
      const sep = seq(sp, lit(","), sp);
      return ref(c.rules.add(`${hint}-array`, seq(lit("["), sp, opt(seq(item, star(seq(sep, item)))), sp, lit("]"))));
    }
    case "object":
      return objectValue(s, { ...c, coerced: false }, hint, seen);
    default:
      c.unconstrained.add(`${hint}: unknown type ${JSON.stringify(t)}`);
      return anyValue(c);
  }
}

export interface Member {
  key: string;
  value: G;
  required: boolean;
}

export interface ObjectSyntax {
  open: G;
  close: G;
  /** Between members. */
  sep: G;
  member(key: string, value: G): G;
  /** A member whose key is none of `declared`, when other keys are allowed. */
  extra: ((declared: string[]) => G) | null;
  /** Other members may stand anywhere, not only after the declared ones. */
  extrasAnywhere?: boolean;
}

/**
 * Members in a fixed order, each present at most once, required ones always: the first present member
 * carries no separator. `order` is the schema's (JSON, Python) or sorted (Gemma 4's chat template sorts).
 */
export function membersGrammar(rules: Rules, hint: string, members: Member[], syntax: ObjectSyntax): G {
  const n = members.length;
  const kv = members.map((m) => syntax.member(m.key, m.value));
  const extra = syntax.extra ? syntax.extra(members.map((m) => m.key)) : null;
  const extras = extra ? star(seq(syntax.sep, extra)) : EMPTY;
  const anywhere = extra !== null && syntax.extrasAnywhere === true;
  const before = anywhere ? star(seq(extra!, syntax.sep)) : EMPTY;
  const after = anywhere ? extras : EMPTY;
  // tail[i]: members i.. after at least one member was written.
  const tail: G[] = new Array(n + 1);
  tail[n] = anywhere ? EMPTY : extras;
  for (let i = n - 1; i >= 0; i--) {
    const item = seq(syntax.sep, kv[i]!, after);
    tail[i] = ref(rules.add(`${hint}-after-${i}`, seq(members[i]!.required ? item : opt(item), tail[i + 1]!)));
  }
  // head: the first written member is i or later (null: nothing can be written from i on).
  let head: G | null = extra ? seq(extra, extras) : null;
  for (let i = n - 1; i >= 0; i--) {
    const here = seq(before, kv[i]!, after, tail[i + 1]!);
    head = members[i]!.required || head === null ? here : alt(here, head);
  }
  const body = head === null ? EMPTY : members.some((m) => m.required) ? head : opt(head);
  return seq(syntax.open, body, syntax.close);
}

/** The members of an object schema, in the dialect's order. */
export function membersOf(s: Schema, c: ValueContext, hint: string, seen = new Set<string>()): Member[] {
  const props = isObj(s.properties) ? s.properties : {};
  const required = new Set(Array.isArray(s.required) ? s.required.filter((x): x is string => typeof x === "string") : []);
  for (const r of required) if (!(r in props)) c.unconstrained.add(`${hint}: required "${r}" has no schema in properties`);
  const keys = Object.keys(props);
  if (c.dialect === "gemma") keys.sort();
  return keys.map((k) => ({ key: k, value: schemaValue(props[k], c, `${hint}.${k}`, new Set(seen)), required: required.has(k) }));
}

function objectValue(s: Schema, c: ValueContext, hint: string, seen: Set<string>): G {
  if (!isObj(s.properties) && s.additionalProperties === undefined) return freeObject(c);
  const sp = space(c);
  const ap = s.additionalProperties;
  const syntax: ObjectSyntax = {
    open: seq(lit("{"), sp),
    close: seq(sp, lit("}")),
    sep: seq(sp, lit(","), sp),
    member: (k, v) => seq(keyLiteral(k, c), sp, lit(":"), sp, v),
    extra:
      ap === true || isObj(ap)
        ? (declared) => seq(otherKey(declared, c), sp, lit(":"), sp, isObj(ap) ? schemaValue(ap, c, `${hint}.*`, new Set(seen)) : anyValue(c))
        : null,
  };
  return ref(c.rules.add(`${hint}-object`, membersGrammar(c.rules, hint, membersOf(s, c, hint, seen), syntax)));
}

function freeObject(c: ValueContext): G {
  const sp = space(c);
  const key = c.dialect === "gemma" ? alt(wordKey(), stringValue(c)) : stringValue(c);
  const member = seq(key, sp, lit(":"), sp, anyValue(c));
  return ref(c.rules.add(`${c.dialect}-object`, seq(lit("{"), sp, opt(seq(member, star(seq(sp, lit(","), sp, member)))), sp, lit("}"))));
}

/**
 * A key that is none of `declared` (a duplicate key would overwrite a checked value when parsed):
 * plain characters only, no escapes, so that no spelling of a declared key gets through.
 */
export function otherKey(declared: string[], c: ValueContext): G {
  const q = c.dialect === "gemma" ? "" : '"';
  const special = '"\\<' + String.fromCharCode(...Array.from({ length: 32 }, (_, i) => i));
  const chars = c.dialect === "gemma" ? WORD_CHARS : complement(rangesOf(special));
  // Trie of the declared keys: leaving it anywhere, or going past a key's end, gives another key.
  const rules = c.rules;
  const trie = new Map<string, Set<string>>();
  for (const k of declared) for (let i = 0; i <= k.length; i++) trie.set(k.slice(0, i), new Set([...(trie.get(k.slice(0, i)) ?? []), k]));
  const name = (p: string) => rules.reserve(`other-key-${c.dialect}-${p.length}`);
  const any = rules.add(`key-chars-${c.dialect}`, star(cls(chars)));
  const build = (p: string): G => {
    const nexts = new Set(declared.filter((k) => k.startsWith(p) && k.length > p.length).map((k) => k[p.length]!));
    const isKey = declared.includes(p);
    const options: G[] = [];
    for (const ch of nexts) options.push(seq(lit(ch), build(p + ch)));
    const leave = subtract(chars, rangesOf([...nexts].join("")));
    options.push(seq(cls(leave), ref(any)));
    if (!isKey && p !== "") options.push(EMPTY);
    const r = name(p);
    rules.define(r, alt(...options));
    return ref(r);
  };
  return seq(lit(q), build(""), lit(q));
}
