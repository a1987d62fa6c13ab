// Character class members → JS (`v`-mode class syntax). `\w \d \s` use the regex module's tables:
// placeholders `\p{rtcWord}` … that the runtime expands (runtime/core/regex/pattern.ts), so specs stay small.
import type { ClassItem, SetKind } from "./ast.ts";
import { esc } from "./js-source.ts";

const HORIZ = "\\t\\u{20}\\u{A0}\\u{1680}\\u{2000}-\\u{200A}\\u{202F}\\u{205F}\\u{3000}";

// The regex module's POSIX classes (Unicode, not ASCII, except digit/xdigit).
const POSIX: Record<string, string> = {
  alpha: "\\p{Alphabetic}",
  alnum: "\\p{Alphabetic}\\p{Nd}",
  digit: "0-9",
  xdigit: "0-9A-Fa-f",
  lower: "\\p{Lowercase}",
  upper: "\\p{Uppercase}",
  space: "\\p{White_Space}",
  blank: "\\t\\p{Zs}",
  cntrl: "\\p{Cc}",
  word: "\\p{rtcWord}",
  ascii: "\\u{0}-\\u{7F}",
  punct: "\\p{P}",
};

export function classItem(item: ClassItem): string {
  switch (item.type) {
    case "range":
      return item.from === item.to ? esc(item.from) : `${esc(item.from)}-${esc(item.to)}`;
    case "set": {
      const body = setBody(item.kind, item.ascii);
      return item.negated ? `[^${body}]` : body;
    }
    case "prop":
      return `\\${item.negated ? "P" : "p"}{${item.name}}`;
    case "posix": {
      const body = POSIX[item.name];
      if (body === undefined) throw new Error(`POSIX class [:${item.name}:] is not supported`);
      return item.negated ? `[^${body}]` : body;
    }
  }
}

function setBody(kind: SetKind, ascii: boolean): string {
  switch (kind) {
    case "word":
      return ascii ? "A-Za-z0-9_" : "\\p{rtcWord}";
    case "digit":
      return ascii ? "0-9" : "\\p{rtcDigit}";
    case "space":
      return ascii ? "\\t\\n\\u{B}\\f\\r\\u{20}" : "\\p{rtcSpace}";
    case "horiz":
      return HORIZ;
  }
}
