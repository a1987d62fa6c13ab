// String comparison helpers of the differential analysis: common prefixes and suffixes that never cut a
// special-token-looking marker (`<…>`, `[…]`) in two, marker runs, and literal text as a pattern.

const MARKER = /<[^<>[\]\n]{1,80}>|\[[^[\]<>\n]{1,40}\]/g;

/** Spans [start, end) of the markers in s. */
export function markerSpans(s: string): [number, number][] {
  return [...s.matchAll(MARKER)].map((m) => [m.index, m.index + m[0].length]);
}

/** Whether cutting s at i splits a marker (or a `<`/`[` that a marker could start with). */
function cutsMarker(s: string, i: number): number | null {
  for (const [a, b] of markerSpans(s)) if (a < i && i < b) return a;
  // An unterminated opener right before the cut: `<tool_` | `call>`.
  const lt = Math.max(s.lastIndexOf("<", i - 1), s.lastIndexOf("[", i - 1));
  if (lt >= 0 && lt < i) {
    const close = s[lt] === "<" ? ">" : "]";
    const end = s.indexOf(close, lt);
    const nl = s.indexOf("\n", lt);
    if (end >= i && (nl < 0 || nl > end) && end - lt <= 80 && !/[<[]/.test(s.slice(lt + 1, i))) return lt;
  }
  return null;
}

/** Length of the longest common prefix of a and b, backed off so that it splits a marker in neither. */
export function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  for (;;) {
    const back = Math.min(cutsMarker(a, n) ?? n, cutsMarker(b, n) ?? n);
    if (back === n) return n;
    n = back;
  }
}

/** Length of the longest common suffix of a and b (at most `limit`), never splitting a marker. */
export function commonSuffix(a: string, b: string, limit = Math.min(a.length, b.length)): number {
  let n = 0;
  while (n < limit && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  for (;;) {
    const ca = cutsMarkerEnd(a, a.length - n);
    const cb = cutsMarkerEnd(b, b.length - n);
    const back = Math.min(ca === null ? n : a.length - ca, cb === null ? n : b.length - cb);
    if (back === n) return n;
    n = back;
  }
}

function cutsMarkerEnd(s: string, i: number): number | null {
  for (const [a, b] of markerSpans(s)) if (a < i && i < b) return b;
  return null;
}

export interface DiffSplit {
  prefix: string;
  left: string;
  right: string;
  suffix: string;
}

/** a and b as common prefix, the differing middles, and common suffix (markers never split). */
export function diffSplit(a: string, b: string): DiffSplit {
  const p = commonPrefix(a, b);
  const s = commonSuffix(a, b, Math.min(a.length, b.length) - p);
  return { prefix: a.slice(0, p), left: a.slice(p, a.length - s), right: b.slice(p, b.length - s), suffix: a.slice(a.length - s) };
}

/** The first marker of s and its span, skipping leading text that is not a marker. */
export function firstMarker(s: string): { text: string; start: number; end: number } | null {
  const m = markerSpans(s)[0];
  return m ? { text: s.slice(m[0], m[1]), start: m[0], end: m[1] } : null;
}

/** Whether s is made of markers and whitespace only (at least one marker). */
export function isMarkerRun(s: string): boolean {
  return markerSpans(s).length > 0 && s.replace(MARKER, "").trim() === "";
}

/**
 * The trailing run of s that reads as a delimiter: its last markers, with the short words glued between
 * them (`<|channel|>analysis<|message|>`), without surrounding whitespace. Empty when s does not end in
 * a marker (after whitespace).
 */
export function trailingMarkerRun(s: string): string {
  const t = s.replace(/\s+$/u, "");
  const spans = markerSpans(t);
  if (!spans.length || spans.at(-1)![1] !== t.length) return "";
  let start = spans.at(-1)![0];
  for (let k = spans.length - 2; k >= 0; k--) {
    const gap = t.slice(spans[k]![1], start);
    if (!/^[\w\s.:=-]{0,24}$/u.test(gap) || /\n/.test(gap)) break;
    start = spans[k]![0];
  }
  return t.slice(start);
}

/** The leading run of s that reads as a delimiter (see trailingMarkerRun), without leading whitespace. */
export function leadingMarkerRun(s: string): string {
  const t = s.replace(/^\s+/u, "");
  const spans = markerSpans(t);
  if (!spans.length || spans[0]![0] !== 0) return "";
  let end = spans[0]![1];
  for (let k = 1; k < spans.length; k++) {
    const gap = t.slice(end, spans[k]![0]);
    if (!/^[\w\s.:=-]{0,24}$/u.test(gap) || /\n/.test(gap)) break;
    end = spans[k]![1];
  }
  return t.slice(0, end);
}

/** Python-regex escape of a literal. */
export function escapeRegex(s: string): string {
  return s.replace(/[.^$*+?()[\]{}|\\]/g, "\\$&");
}

/**
 * A literal as a pattern in which every whitespace run may be any whitespace (or none), and so may the
 * gap between two adjacent tags (`</arg_key><arg_value>`: models put newlines there that chat templates
 * leave out, and the other way round).
 */
export function loosePattern(s: string): string {
  return s
    .replace(/>(?=<)/gu, "> ")
    .split(/(\s+)/u)
    .map((part, i) => (i % 2 ? "\\s*" : escapeRegex(part)))
    .join("")
    .replace(/(?:\\s\*)+/g, "\\s*");
}

/** Longest k such that `tail` ends with head.slice(0, k), where the overlap is whole markers. */
export function markerOverlap(tail: string, head: string): number {
  for (let k = Math.min(tail.length, head.length); k > 0; k--) {
    const o = head.slice(0, k);
    if (tail.endsWith(o) && isMarkerRun(o) && !cutsMarker(head, k) && /^[<[]/.test(o)) return k;
  }
  return 0;
}
