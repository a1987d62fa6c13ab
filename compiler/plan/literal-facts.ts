// Compile-time facts about one literal delimiter, from its own prefix structure (KMP border table).

import type { LiteralFacts } from "./ir.ts";

/** border[k] = length of the longest proper border (prefix that is also a suffix) of s[0:k]. Code units. */
export function borderTable(s: string): number[] {
  const b = new Array<number>(s.length + 1).fill(0);
  b[0] = -1;
  let k = -1;
  for (let i = 0; i < s.length; i++) {
    while (k >= 0 && s[k] !== s[i]) k = b[k]!;
    k++;
    b[i + 1] = k;
  }
  b[0] = 0;
  return b;
}

/**
 * The pending-prefix candidates: buf[n-k:] can equal text[0:k] (0 < k < length) only when the buffer's last
 * character is text[k-1]. Grouped by that character, longest k first, characters in first-seen order.
 */
export function holdBackTable(s: string): { char: string; lengths: number[] }[] {
  const by = new Map<string, number[]>();
  for (let k = s.length - 1; k >= 1; k--) {
    const c = s[k - 1]!;
    const list = by.get(c) ?? [];
    list.push(k);
    by.set(c, list);
  }
  return [...by.entries()]
    .map(([char, lengths]) => ({ char, lengths }))
    .sort((a, b) => s.indexOf(a.char) - s.indexOf(b.char));
}

export function literalFacts(text: string): LiteralFacts {
  const border = borderTable(text);
  return { text, border, holdBack: holdBackTable(text), selfOverlapping: border[text.length]! > 0 };
}
