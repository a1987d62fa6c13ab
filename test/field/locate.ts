// Where each region of a rendered turn lies: the clean turn is parsed with event details, and each region's
// text, open delimiter and close delimiter are located in the output, so perturbations can cut, move or
// rewrite exactly one call, one reasoning block or one delimiter.

import { createResponseParser, loadTemplate } from "../../runtime/interpret/index.ts";
import type { ToolDefinition } from "../../runtime/core/types.ts";

export interface Region {
  field: string;
  /** [openStart, innerStart) is the open delimiter, [innerStart, innerEnd) the text, [innerEnd, closeEnd) the close. */
  openStart: number;
  innerStart: number;
  innerEnd: number;
  closeEnd: number;
}

interface FieldSpec {
  open?: string | string[];
  open_pattern?: string;
  close?: string | string[];
  close_pattern?: string;
  into?: string;
}

/** Python `re` syntax the library's patterns use, in JavaScript spelling (null when it has no equivalent). */
function jsRegex(pattern: string): RegExp | null {
  // Groups unnamed: a pattern may repeat a name in two alternatives, which JavaScript refuses.
  const js = pattern.replace(/\(\?P<\w+>/g, "(").replaceAll("\\Z", "$(?![\\s\\S])");
  try {
    return new RegExp(js, "yu");
  } catch {
    return null;
  }
}

const literals = (x: string | string[] | undefined): string[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

/** The length of the delimiter that ends exactly at `end` (open), the shortest one; -1 when none does. */
function openLength(f: FieldSpec, text: string, end: number): number {
  for (const lit of literals(f.open)) if (lit && text.slice(0, end).endsWith(lit)) return lit.length;
  const re = f.open_pattern ? jsRegex(f.open_pattern) : null;
  if (!re) return f.open === undefined && !f.open_pattern ? 0 : -1;
  for (let k = 0; k <= Math.min(end, 200); k++) {
    re.lastIndex = end - k;
    const m = re.exec(text);
    if (m && m.index + m[0].length === end) return k;
  }
  return -1;
}

/** The length of the close delimiter that starts at `start`; -1 when it cannot be found. */
function closeLength(f: FieldSpec, text: string, start: number): number {
  for (const lit of literals(f.close)) if (lit && text.startsWith(lit, start)) return lit.length;
  const re = f.close_pattern ? jsRegex(f.close_pattern) : null;
  if (!re) return start === text.length ? 0 : -1;
  re.lastIndex = start;
  const m = re.exec(text);
  return m ? m[0].length : start === text.length ? 0 : -1;
}

/** The regions of `output` in order; null when some delimiter cannot be located (the case is skipped). */
export function regionsOf(template: Record<string, unknown>, output: string, prefix: string, tools: ToolDefinition[]): Region[] | null {
  const kept = loadTemplate(template).plan.truncatePrefix(prefix).length;
  const p = createResponseParser(template, { prefix, tools, onError: "recover", eventDetails: true });
  const events = [...p.initialEvents, ...p.feed(output), ...p.finalize().events];
  const fields = template.fields as Record<string, FieldSpec>;
  const out: Region[] = [];
  let cur: Region | null = null;
  for (const e of events) {
    if (e.type === "region_open") {
      const at = (e.offset ?? 0) - kept;
      cur = { field: e.field, openStart: at, innerStart: at, innerEnd: at, closeEnd: at };
    } else if (e.type === "region_chunk" && cur) {
      cur.innerEnd += e.text.length;
    } else if ((e.type === "region_close" || e.type === "region_error") && cur) {
      const f = fields[cur.field]!;
      if (cur.innerStart < 0 || (cur.innerStart === 0 && openLength(f, output, 0) < 0)) {
        // Opened in the prompt (a generation prompt that opens the reasoning): its text starts the output.
        if (cur.innerEnd < 0) {
          cur = null; // wholly in the prompt
          continue;
        }
        cur.innerStart = cur.openStart = 0;
        cur.closeEnd = cur.innerEnd + Math.max(closeLength(f, output, cur.innerEnd), 0);
        out.push(cur);
        cur = null;
        continue;
      }
      const o = openLength(f, output, cur.innerStart);
      const implicit = f.open === undefined && f.open_pattern === undefined;
      // The implicit field also ends where another field opens, with no close delimiter of its own.
      const c = Math.max(closeLength(f, output, cur.innerEnd), implicit ? 0 : -1);
      if (o < 0 || c < 0) { if (process.env.FIELD_DEBUG) console.log("unlocated", cur.field, o, c, cur.innerStart, cur.innerEnd, JSON.stringify(output.slice(cur.innerStart - 30, cur.innerEnd + 30))); return null; }
      cur.openStart = cur.innerStart - o;
      cur.closeEnd = cur.innerEnd + c;
      out.push(cur);
      cur = null;
    }
  }
  return out;
}

/** The fields whose values become tool calls. */
export function callFields(template: Record<string, unknown>): Set<string> {
  const fields = template.fields as Record<string, FieldSpec>;
  return new Set(Object.keys(fields).filter((k) => k === "tool_calls" || fields[k]!.into === "tool_calls"));
}
