// Is this JSON a legacy `response_schema` (JSON Schema with x-regex extractors) rather than a template?

import { dictKeys, isDict } from "../python/values.ts";
import type { JsonValue } from "../types.ts";

/** Schema keys of the legacy `response_schema` format (JSON Schema with x-regex / x-parser extractors). */
export const LEGACY_KEYS = ["x-regex", "x-regex-iterator", "x-regex-key-value", "x-regex-to-dict", "x-parser", "x-parser-args", "x-mapping", "x-mapping-regex"];

/** A legacy schema: an object without template keys whose tree uses x-regex / x-parser keys, or that is a
 * JSON Schema object node (`type` + `properties`). */
export function isLegacySchema(json: unknown): boolean {
  const v = json as JsonValue;
  if (!isDict(v)) return false;
  if ("fields" in v || "start_anchor" in v || "start_anchor_pattern" in v) return false;
  return usesLegacyKeys(v) || (typeof v.type === "string" && isDict(v.properties));
}

function usesLegacyKeys(v: JsonValue): boolean {
  if (Array.isArray(v)) return v.some(usesLegacyKeys);
  if (!isDict(v)) return false;
  return dictKeys(v).some((k) => LEGACY_KEYS.includes(k) || usesLegacyKeys(v[k]!));
}
