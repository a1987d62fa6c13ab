// Case-insensitive matching for parts of a pattern (`(?i:…)`, `a(?i)b`): JS in Node 20 has no
// scoped `i`, so such atoms are expanded into classes of case variants. The variants are exactly
// what JS's own `/…/iu` (simple case folding, as the regex module uses without FULLCASE) considers
// equal, found by grouping code points by their case mappings once.

let groups: Map<number, number[]> | undefined;

function key(cp: number): number {
  const s = String.fromCodePoint(cp);
  const folded = s.toUpperCase().toLowerCase();
  return [...folded].length === 1 ? folded.codePointAt(0)! : cp;
}

function caseGroups(): Map<number, number[]> {
  if (groups) return groups;
  groups = new Map();
  for (let cp = 0; cp <= 0x1ffff; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const s = String.fromCodePoint(cp);
    if (s.toLowerCase() === s && s.toUpperCase() === s) continue;
    for (const k of new Set([key(cp), ...[s.toLowerCase(), s.toUpperCase()].filter((t) => [...t].length === 1).map((t) => t.codePointAt(0)!)])) {
      const list = groups.get(k) ?? [];
      list.push(cp);
      groups.set(k, list);
    }
  }
  return groups;
}

/** Every code point that `/x/iu` matches for x = cp, cp included, sorted. */
export function caseVariants(cp: number): number[] {
  const candidates = [...(caseGroups().get(key(cp)) ?? []), ...(caseGroups().get(cp) ?? [])];
  if (candidates.length === 0) return [cp];
  const re = new RegExp(`^\\u{${cp.toString(16)}}$`, "iu");
  const out = new Set<number>([cp]);
  for (const c of candidates) if (re.test(String.fromCodePoint(c))) out.add(c);
  return [...out].sort((a, b) => a - b);
}

/** Closes inclusive ranges under case variants (ranges wider than `limit` code points are refused). */
export function caseCloseRanges(ranges: [number, number][], limit = 0x4000): [number, number][] | null {
  const extra: [number, number][] = [];
  for (const [a, b] of ranges) {
    if (b - a > limit) return null;
    for (let cp = a; cp <= b; cp++) for (const v of caseVariants(cp)) if (v < a || v > b) extra.push([v, v]);
  }
  return [...ranges, ...extra];
}
