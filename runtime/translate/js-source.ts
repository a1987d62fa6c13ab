// Pieces of JavaScript RegExp source (flag `v`) shared by the emitting passes.

export const ANY = "[\\s\\S]";
export const END = "(?![\\s\\S])";

/**
 * A negated class, written nested: `[[^…]]`. Node 20's V8 (11.3) drops the negation of a one-item
 * `[^…]` under flag `v` when it follows another atom in a repeated group — `/^(?:x[^a])+/v` does not
 * match "xb" and matches "xa" — so `.` (`[^\n]`) and `[^a]` lost text there. The nested form means
 * the same and is compiled correctly (Node 22 and 24 have the fix).
 */
export function notIn(body: string): string {
  return `[[^${body}]]`;
}

/** `.` without DOTALL. */
export const NOT_NEWLINE = notIn("\\n");

/** JS escape of one code point, valid inside and outside `v`-mode classes. */
export function esc(cp: number): string {
  return /[A-Za-z0-9_]/.test(String.fromCodePoint(cp)) ? String.fromCodePoint(cp) : `\\u{${cp.toString(16).toUpperCase()}}`;
}

export function quantifier(min: number, max: number): string {
  if (max === Infinity) return min === 0 ? "*" : min === 1 ? "+" : `{${min},}`;
  if (min === 0 && max === 1) return "?";
  return min === max ? `{${min}}` : `{${min},${max}}`;
}

/** JS source that may be absent (a node no path of which can be cut, for the prefix closure). */
export type Source = string | null;

/** The alternation of the sources present; null when none is. */
export function alternation(parts: Source[]): Source {
  const ok = parts.filter((p): p is string => p !== null);
  return ok.length === 0 ? null : ok.length === 1 ? ok[0]! : `(?:${ok.join("|")})`;
}
