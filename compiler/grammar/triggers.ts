// Lazy grammar triggers, as llama.cpp takes them: the grammar is applied from the first trigger on, so
// the model writes freely until it opens a tool call. A call open that begins with fixed text gives a
// word trigger; a `^` branch (a call written at the very start, Llama 3.1's bare JSON) gives a
// pattern_full trigger whose first group is where the grammar starts. When some call open starts with
// neither, the grammar cannot be lazy.

import { seq, type G, type Ranges } from "./ir.ts";
import { skipLeadingSpace, splitLeading } from "./language.ts";
import type { Item } from "./regions.ts";
import type { Turn } from "./turn.ts";

/** A lazy-grammar trigger as llama.cpp takes it: the grammar applies from the first match on. */
export interface Trigger {
  /** `word`: a literal call-open marker; `pattern_full`: a regex over the whole output whose first group is where the grammar starts. */
  type: "word" | "pattern_full";
  value: string;
}

/** llama.cpp's `common_grammar_trigger_type` numbers, for the server's `grammar_triggers`. */
export const LLAMA_TRIGGER_TYPE = { word: 1, pattern_full: 3 } as const;

export function callTriggers(turn: Turn, items: Item[]): { triggers: Trigger[]; lazy: boolean; why: string | null } {
  const triggers: Trigger[] = [];
  for (const f of turn.fields) {
    const item = items.find((i) => i.isCall && i.id === f.spec.name);
    if (!item) continue;
    // An open naming the tool is read per tool: its variants say how every call begins.
    if (f.open.unsupported.length) {
      for (const v of item.variants) {
        const lead = v.startOnly ? null : splitLeading(v.open);
        if (!lead) return { triggers: [], lazy: false, why: `fields.${f.spec.name}: an open that does not start with fixed text` };
        for (const l of lead) if (!triggers.some((t) => t.value === l.literal)) triggers.push({ type: "word", value: l.literal });
      }
      continue;
    }
    for (const b of f.open.branches) {
      if (b.startOnly) {
        const re = ecma(b.g);
        const ahead = b.lookahead ? ecma(b.lookahead.g) : "";
        if (re === null || ahead === null) return { triggers: [], lazy: false, why: `fields.${f.spec.name}: a start branch with no regex form` };
        const items = b.g.t === "seq" ? b.g.items : [b.g];
        const rest = skipLeadingSpace(items);
        const lead = rest.length < items.length;
        triggers.push({ type: "pattern_full", value: `${lead ? "\\s*" : ""}(${lead ? (ecma(seq(...rest)) ?? re) : re}${ahead}[\\s\\S]*)` });
        continue;
      }
      const lead = splitLeading(b.g);
      if (!lead) return { triggers: [], lazy: false, why: `fields.${f.spec.name}: an open that does not start with fixed text` };
      for (const l of lead) if (!triggers.some((t) => t.type === "word" && t.value === l.literal)) triggers.push({ type: "word", value: l.literal });
    }
  }
  return { triggers, lazy: triggers.length > 0, why: null };
}

/** An ECMAScript regex (std::regex) for an expression over ASCII, or null. */
export function ecma(g: G): string | null {
  switch (g.t) {
    case "lit": {
      let out = "";
      for (const c of g.s) {
        if (c.codePointAt(0)! > 0x7f) return null;
        out += /[\\^$.|?*+()[\]{}/-]/.test(c) ? `\\${c}` : c === "\n" ? "\\n" : c === "\t" ? "\\t" : c === "\r" ? "\\r" : c;
      }
      return out;
    }
    case "cls":
      return ecmaClass(g.ranges);
    case "ref":
      return null;
    case "seq": {
      const parts = g.items.map(ecma);
      return parts.includes(null) ? null : parts.join("");
    }
    case "alt": {
      const parts = g.alts.map(ecma);
      return parts.includes(null) ? null : `(?:${parts.join("|")})`;
    }
    case "rep": {
      const body = ecma(g.body);
      if (body === null) return null;
      const q = g.min === 0 && g.max === 1 ? "?" : g.min === 0 && g.max === Infinity ? "*" : g.min === 1 && g.max === Infinity ? "+" : `{${g.min},${g.max === Infinity ? "" : g.max}}`;
      return `(?:${body})${q}`;
    }
  }
}

function ecmaClass(ranges: Ranges): string | null {
  const esc = (cp: number) => {
    const c = String.fromCodePoint(cp);
    if (cp < 0x20 || cp === 0x7f) return `\\x${cp.toString(16).padStart(2, "0")}`;
    return /[\\\]\[^-]/.test(c) ? `\\${c}` : c;
  };
  const ascii = ranges.filter(([a]) => a <= 0x7f).map(([a, b]): [number, number] => [a, Math.min(b, 0x7f)]);
  const high = ranges.some(([, b]) => b > 0x7f);
  if (!high) return `[${ascii.map(([a, b]) => (a === b ? esc(a) : `${esc(a)}-${esc(b)}`)).join("")}]`;
  // All non-ASCII plus some ASCII: the negated ASCII complement.
  const missing: [number, number][] = [];
  let next = 0;
  for (const [a, b] of ascii) {
    if (a > next) missing.push([next, a - 1]);
    next = b + 1;
  }
  if (next <= 0x7f) missing.push([next, 0x7f]);
  return missing.length ? `[^${missing.map(([a, b]) => (a === b ? esc(a) : `${esc(a)}-${esc(b)}`)).join("")}]` : "[\\s\\S]";
}
