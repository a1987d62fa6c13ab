// Finding JSON in rendered text: balanced `{…}` / `[…]` spans that parse, in standard JSON or in the
// dialects the reference's json parser reads through content_args (unquoted keys, custom string
// delimiters such as Gemma's `<|"|>`).

export interface JsonDialect {
  unquotedKeys: boolean;
  /** [open, close] of strings when they are not `"`. */
  stringDelims: [string, string] | null;
}

export const STANDARD_JSON: JsonDialect = { unquotedKeys: false, stringDelims: null };

export interface JsonSpan {
  start: number;
  end: number;
  value: unknown;
}

/** The dialect a string value is written in: what surrounds the needle `value` after a key `key`. */
export function detectDialect(text: string, key: string, value: string): JsonDialect | null {
  const at = text.indexOf(value);
  const k = text.indexOf(key);
  if (at < 0 || k < 0 || k > at) return null;
  const sep = text.slice(k + key.length, at);
  const m = sep.match(/^("?)\s*[:=]\s*(.*)$/su);
  if (!m) return null;
  const open = m[2]!;
  if (!open || open.length > 8) return null;
  const close = open === '"' ? '"' : text.slice(at + value.length).match(/^[^,}\]\s]{1,8}/u)?.[0];
  if (!close) return null;
  const quotedKey = m[1] === '"' && text[k - 1] === '"';
  if (open === '"' && close === '"') return quotedKey ? STANDARD_JSON : { unquotedKeys: true, stringDelims: null };
  if (open === "'") return null; // Python literals are not JSON
  return { unquotedKeys: !quotedKey, stringDelims: [open, close] };
}

/** Standard JSON text for a dialect's text (null when it cannot be read). */
function toStandard(s: string, d: JsonDialect): string | null {
  let out = s;
  if (d.stringDelims) {
    const [o, c] = d.stringDelims;
    const parts: string[] = [];
    let i = 0;
    for (;;) {
      const a = out.indexOf(o, i);
      if (a < 0) break;
      const b = out.indexOf(c, a + o.length);
      if (b < 0) return null;
      parts.push(out.slice(i, a), JSON.stringify(out.slice(a + o.length, b)));
      i = b + c.length;
    }
    parts.push(out.slice(i));
    out = parts.join("");
  }
  if (d.unquotedKeys) out = out.replace(/([{,]\s*)([A-Za-z_][\w.-]*)(\s*:)/gu, '$1"$2"$3');
  return out;
}

/** Every balanced span of text starting at `{` or `[` that parses in the dialect. */
export function jsonSpans(text: string, d: JsonDialect = STANDARD_JSON): JsonSpan[] {
  const spans: JsonSpan[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== "{" && text[i] !== "[") continue;
    const end = balancedEnd(text, i, d);
    if (end < 0) continue;
    const std = toStandard(text.slice(i, end), d);
    if (std === null) continue;
    try {
      spans.push({ start: i, end, value: JSON.parse(std) });
    } catch {
      // not JSON
    }
  }
  return spans;
}

function balancedEnd(text: string, start: number, d: JsonDialect): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const ch = text[i]!;
    if (d.stringDelims && text.startsWith(d.stringDelims[0], i)) {
      const e = text.indexOf(d.stringDelims[1], i + d.stringDelims[0].length);
      if (e < 0) return -1;
      i = e + d.stringDelims[1].length - 1;
    } else if (ch === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
    } else if (ch === "{" || ch === "[") depth++;
    else if (ch === "}" || ch === "]") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** Path (keys and indices) to the first string equal to `needle` in v, or to a key equal to it. */
export function findPath(v: unknown, pred: (x: unknown) => boolean, path: (string | number)[] = []): (string | number)[] | null {
  if (pred(v)) return path;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const p = findPath(v[i], pred, [...path, i]);
      if (p) return p;
    }
  } else if (v && typeof v === "object") {
    for (const [k, x] of Object.entries(v)) {
      const p = findPath(x, pred, [...path, k]);
      if (p) return p;
    }
  }
  return null;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
