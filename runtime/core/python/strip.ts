// Python's notion of whitespace for `str.isspace()` / `str.strip()` (Unicode 15: bidi classes WS, B, S
// plus category Zs). Note it includes the information separators U+001C–U+001F, which JS `trim()`
// does not, and excludes U+200B and U+FEFF, which JS `trim()` strips.

/** Python `str.isspace()` for one code point. */
export function pyIsSpaceCode(c: number): boolean {
  if (c <= 0x20) return (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x20);
  if (c < 0x85) return false;
  return (
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/** Python `s.isspace()`: non-empty and every character is whitespace. */
export function pyIsSpace(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) if (!pyIsSpaceCode(s.charCodeAt(i))) return false;
  return true;
}

/** Python `s.strip()` with no argument. (All whitespace is in the BMP, so code units suffice.) */
export function pyStrip(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && pyIsSpaceCode(s.charCodeAt(start))) start++;
  while (end > start && pyIsSpaceCode(s.charCodeAt(end - 1))) end--;
  return start === 0 && end === s.length ? s : s.slice(start, end);
}

/** Python `s.split()` with no argument: runs of whitespace separate, empty pieces are dropped. */
export function pySplitWhitespace(s: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < s.length) {
    while (i < s.length && pyIsSpaceCode(s.charCodeAt(i))) i++;
    if (i >= s.length) break;
    const start = i;
    while (i < s.length && !pyIsSpaceCode(s.charCodeAt(i))) i++;
    out.push(s.slice(start, i));
  }
  return out;
}
