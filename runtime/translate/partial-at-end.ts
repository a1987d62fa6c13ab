// The start scan's end case (start-scan.ts): when it finds no position to try, the module reports a
// partial match at the end of the text without trying the pattern there. With no partial match
// found earlier, that happens when the pattern starts with scannable characters, or with `$` / `\Z`;
// not when it is anchored by `^` / `\A` / `\G`.
import type { Node } from "./ast.ts";
import { minLength } from "./lengths.ts";
import { scanFirst } from "./start-scan.ts";
import { topLevelItems } from "./walk.ts";

export function partialAtEnd(root: Node): boolean {
  const items = topLevelItems(root);
  let head = items[0];
  while (head?.type === "seq") head = head.items[0];
  if (head?.type === "assert" && (head.kind === "start" || head.kind === "searchAnchor")) return false;
  if (head?.type === "assert" && (head.kind === "end" || head.kind === "textEnd")) return true;
  const parts = scanFirst(items);
  return parts !== null && parts.length > 0 && minLength(root) > 0;
}
