/** Python's `str` ordering: by code point (JavaScript's `<` compares UTF-16 units, which differs above U+FFFF). */
export function comparePy(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}
