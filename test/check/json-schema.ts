// A small JSON Schema (2020-12) validator covering the keywords schema/response-template.schema.json uses,
// so the schema can be tested without a dependency. Returns the instance paths that fail.

type Schema = boolean | { [k: string]: unknown };
type Json = unknown;

export function validate(root: Schema, value: Json): string[] {
  const errors: string[] = [];
  const resolve = (ref: string): Schema => {
    if (!ref.startsWith("#/")) throw new Error(`unsupported $ref ${ref}`);
    let s: unknown = root;
    for (const part of ref.slice(2).split("/")) s = (s as Record<string, unknown>)[part];
    return s as Schema;
  };
  const typeOf = (v: Json): string =>
    v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "number" ? (Number.isInteger(v) ? "integer" : "number") : typeof v;
  const check = (s: Schema, v: Json, at: string): boolean => {
    if (s === true) return true;
    if (s === false) {
      errors.push(`${at || "/"}: not allowed`);
      return false;
    }
    let ok = true;
    const fail = (why: string) => {
      errors.push(`${at || "/"}: ${why}`);
      ok = false;
    };
    const sub = (schema: Schema, val: Json, path: string): boolean => {
      const n = errors.length;
      const r = check(schema, val, path);
      if (r) errors.length = n;
      return r;
    };
    const quiet = (schema: Schema, val: Json): boolean => {
      const n = errors.length;
      const r = check(schema, val, at);
      errors.length = n;
      return r;
    };
    if (typeof s.$ref === "string" && !check(resolve(s.$ref), v, at)) ok = false;
    if (s.type !== undefined) {
      const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
      const t = typeOf(v);
      if (!types.some((x) => x === t || (x === "number" && t === "integer"))) fail(`type ${t}, expected ${types.join("|")}`);
    }
    if ("const" in s && JSON.stringify(s.const) !== JSON.stringify(v)) fail(`not ${JSON.stringify(s.const)}`);
    if (Array.isArray(s.enum) && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(v))) fail("not in enum");
    if (typeof v === "string") {
      if (typeof s.minLength === "number" && [...v].length < s.minLength) fail("too short");
      if (typeof s.pattern === "string" && !new RegExp(s.pattern, "u").test(v)) fail("pattern");
    }
    if (Array.isArray(v)) {
      if (typeof s.minItems === "number" && v.length < s.minItems) fail("too few items");
      if (typeof s.maxItems === "number" && v.length > s.maxItems) fail("too many items");
      if (s.items !== undefined) v.forEach((x, i) => check(s.items as Schema, x, `${at}/${i}`) || (ok = false));
    }
    if (v !== null && typeof v === "object" && !Array.isArray(v)) {
      const o = v as Record<string, Json>;
      const props = (s.properties ?? {}) as Record<string, Schema>;
      for (const r of (s.required ?? []) as string[]) if (!(r in o)) fail(`missing ${r}`);
      if (typeof s.minProperties === "number" && Object.keys(o).length < s.minProperties) fail("too few properties");
      for (const [k, x] of Object.entries(o)) {
        if (k in props) check(props[k]!, x, `${at}/${k}`) || (ok = false);
        else if (s.additionalProperties !== undefined) check(s.additionalProperties as Schema, x, `${at}/${k}`) || (ok = false);
      }
      for (const [k, deps] of Object.entries((s.dependentRequired ?? {}) as Record<string, string[]>)) {
        if (k in o) for (const d of deps) if (!(d in o)) fail(`${k} requires ${d}`);
      }
    }
    if (Array.isArray(s.allOf)) for (const x of s.allOf as Schema[]) check(x, v, at) || (ok = false);
    if (Array.isArray(s.anyOf)) {
      const n = errors.length;
      if ((s.anyOf as Schema[]).some((x) => sub(x, v, at))) errors.length = n;
      else fail("anyOf");
    }
    if (Array.isArray(s.oneOf) && (s.oneOf as Schema[]).filter((x) => quiet(x, v)).length !== 1) fail("oneOf");
    if (s.not !== undefined && quiet(s.not as Schema, v)) fail("not");
    if (s.if !== undefined) {
      if (quiet(s.if as Schema, v)) {
        if (s.then !== undefined) check(s.then as Schema, v, at) || (ok = false);
      } else if (s.else !== undefined) check(s.else as Schema, v, at) || (ok = false);
    }
    return ok;
  };
  check(root, value, "");
  return errors;
}
