// Zero-width assertions → JS: `^` `\A` → start of text, `$` → before an optional final `\n` at the
// end, `\Z` → end; `\b \B \m \M` become lookarounds on the module's word table (or ASCII);
// `\G` is a placeholder the runtime replaces per search position.
import type { NodeOf } from "./ast.ts";
import { ANY, END, NOT_NEWLINE } from "./js-source.ts";

export function assertion(n: NodeOf<"assert">): string {
  const w = n.ascii ? "[A-Za-z0-9_]" : "[\\p{rtcWord}]";
  switch (n.kind) {
    case "start":
      return `(?<!${ANY})`;
    case "end":
      return `(?=\\n?${END})`;
    case "lineStart":
      return `(?<!${NOT_NEWLINE})`;
    case "lineEnd":
      return `(?!${NOT_NEWLINE})`;
    case "textEnd":
      return END;
    case "wordBoundary":
      return `(?:(?<=${w})(?!${w})|(?<!${w})(?=${w}))`;
    case "notWordBoundary":
      return `(?:(?<=${w})(?=${w})|(?<!${w})(?!${w}))`;
    case "wordStart":
      return `(?<!${w})(?=${w})`;
    case "wordEnd":
      return `(?<=${w})(?!${w})`;
    case "searchAnchor":
      return "\\p{rtcG}";
  }
}
