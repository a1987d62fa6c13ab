// Pieces of JavaScript RegExp source (flag `v`) shared by the emitting passes.

export const ANY = "[\\s\\S]";
export const END = "(?![\\s\\S])";

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
