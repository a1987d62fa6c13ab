// The regex module's recordings count code points; the runtime counts UTF-16 units.

/** UTF-16 offset of code point index `cp` in `s`. */
export function unitOffset(s: string, cp: number): number {
  let units = 0;
  let i = 0;
  for (const ch of s) {
    if (i++ === cp) return units;
    units += ch.length;
  }
  return units;
}

/** Code-point index of UTF-16 offset `u`. */
export const cpOffset = (s: string, u: number): number => [...s.slice(0, u)].length;
