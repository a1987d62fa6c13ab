// rtc parse --events on a terminal: the event stream as a readable, coloured view, region by region.
// Clean chunks alternate two shades so chunk boundaries show; dirty chunks (raw text of structured regions,
// parsed only at close) are yellow and flagged; each close shows the parsed value. Control characters are
// made visible. Written as the events arrive. Piped output keeps the JSON-lines form (parse.ts decides).

import type { Message, ParseIssue, RegionEvent } from "response-template/runtime";
import { makeDict } from "response-template/runtime";
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

/** The coloured view, written as events arrive: `push` returns the text for a batch of events (a line in
 * progress is written at once, not held until its newline), `end` the closing part with the message. */
export class EventView {
  private open: string | null = null;
  private n = 0;
  private inLine = false;
  private readonly dirtySeen = new Set<string>();

  constructor(private readonly width = process.stdout.columns || 80) {}

  push(events: readonly RegionEvent[]): string {
    let out = "";
    for (const e of events) {
      if (e.type === "region_open") {
        out += this.endLine() + this.rule(bold(cyan(e.field)));
        this.open = e.field;
        this.n = 0;
      } else if (e.type === "region_chunk") {
        if (this.open !== e.field) {
          out += this.endLine() + this.rule(bold(cyan(e.field)));
          this.open = e.field;
        }
        const paintChunk = e.dirty ? dirtyShade[this.n++ % 2]! : shade[this.n++ % 2]!;
        if (e.dirty && !this.dirtySeen.has(e.field)) {
          this.dirtySeen.add(e.field);
          out += this.endLine() + dim(`   (dirty: raw text, parsed when the region closes)`) + "\n";
        }
        e.text.split("\n").forEach((p, i) => {
          if (i > 0) {
            out += dim("↵") + "\n";
            this.inLine = false;
          }
          if (p) {
            out += paintChunk(visible(p));
            this.inLine = true;
          }
        });
      } else if (e.type === "region_error") {
        out += this.endLine() + `${yellow("✗")} ${bold(e.field)} ${dim(`offsets ${e.start}–${e.end}:`)} ${e.reason}\n`;
        this.open = null;
      } else {
        out += this.endLine() + `${green("✓")} ${bold(e.field)} ${dim("=")} ${toJson(e.value)}\n`;
        this.open = null;
      }
    }
    return out;
  }

  /** `errors`: recover mode's report, shown after the message. */
  end(message: Message, errors?: readonly ParseIssue[]): string {
    return (
      this.endLine() +
      this.rule(bold("message")) +
      toJson(message) +
      "\n" +
      (errors ? `${yellow("errors")} ${toJson(errors.map((e) => makeDict(Object.entries(e))))}\n` : "") +
      dim(`legend: clean chunks alternate ${shade[1]!("shades")}${dim(", ")}${yellow("dirty chunks")}${dim(" are raw text parsed at close, ↵ is a newline in the text")}`) +
      "\n"
    );
  }

  private endLine(): string {
    if (!this.inLine) return "";
    this.inLine = false;
    return "\n";
  }

  private rule(label: string): string {
    const bar = Math.max(4, Math.min(this.width, 100) - label.replace(/\x1b\[[0-9;]*m/g, "").length - 4);
    return `${dim("──")} ${label} ${dim("─".repeat(bar))}\n`;
  }
}

/** The whole view of one event stream and its final message. */
export function renderEvents(events: readonly RegionEvent[], message: Message, width = process.stdout.columns || 80): string {
  const view = new EventView(width);
  return view.push(events) + view.end(message);
}
