// rtc parse --events on a terminal: the event stream as a readable, coloured view, region by region.
// Clean chunks alternate two shades so chunk boundaries show; dirty chunks (raw text of structured regions,
// parsed only at close) are yellow and flagged; each close shows the parsed value. Control characters are
// made visible. Piped output keeps the JSON-lines form (parse.ts decides).

import { pyJsonLoads } from "response-template/runtime";
import type { Message, RegionEvent } from "response-template/runtime";
import { toJson } from "./io.ts";

const ESC = "\x1b[";
const paint = (code: string, s: string) => `${ESC}${code}m${s}${ESC}0m`;
const bold = (s: string) => paint("1", s);
const dim = (s: string) => paint("2", s);
const cyan = (s: string) => paint("36", s);
const green = (s: string) => paint("32", s);
const yellow = (s: string) => paint("33", s);
const shade = [(s: string) => s, (s: string) => paint("94", s)];
const dirtyShade = [yellow, (s: string) => paint("93", s)];

function visible(s: string): string {
  return s.replace(/[\x00-\x08\x0b-\x1f\x7f]/g, (c) => dim(`\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`)).replace(/\t/g, dim("→") + "\t");
}

/** The coloured view of one event stream and its final message. */
export function renderEvents(events: readonly RegionEvent[], message: Message, width = process.stdout.columns || 80): string {
  const out: string[] = [];
  let line = "";
  let n = 0;
  let open: string | null = null;
  const dirtySeen = new Set<string>();
  const flush = () => {
    if (line) out.push(line);
    line = "";
  };
  const rule = (label: string) => {
    const bar = Math.max(4, Math.min(width, 100) - label.replace(/\x1b\[[0-9;]*m/g, "").length - 4);
    return `${dim("──")} ${label} ${dim("─".repeat(bar))}`;
  };
  for (const e of events) {
    if (e.type === "region_open") {
      flush();
      open = e.field;
      n = 0;
      out.push(rule(bold(cyan(e.field))));
    } else if (e.type === "region_chunk") {
      if (open !== e.field) {
        flush();
        open = e.field;
        out.push(rule(bold(cyan(e.field))));
      }
      const paintChunk = e.dirty ? dirtyShade[n++ % 2]! : shade[n++ % 2]!;
      if (e.dirty && !dirtySeen.has(e.field)) {
        dirtySeen.add(e.field);
        out.push(dim(`   (dirty: raw text, parsed when the region closes)`));
      }
      const parts = e.text.split("\n");
      parts.forEach((p, i) => {
        if (i > 0) {
          line += dim("↵");
          flush();
        }
        if (p) line += paintChunk(visible(p));
      });
    } else {
      flush();
      out.push(`${green("✓")} ${bold(e.field)} ${dim("=")} ${toJson(e.value)}`);
      open = null;
    }
  }
  flush();
  out.push(rule(bold("message")));
  out.push(toJson(message));
  out.push(dim(`legend: clean chunks alternate ${shade[1]!("shades")}${dim(", ")}${yellow("dirty chunks")}${dim(" are raw text parsed at close, ↵ is a newline in the text")}`));
  return out.join("\n") + "\n";
}

/** parse.ts hands over its JSON event lines (the non-TTY form) and the message; prints the view. */
export function renderEventLines(lines: readonly string[], message: Message): number {
  const events = lines.map((l) => pyJsonLoads(l) as unknown as RegionEvent);
  process.stdout.write(renderEvents(events, message));
  return 0;
}
