// Whether every case-sensitive atom of the pattern is case-insensitive: then the JS `i` flag
// says it all, and no atom needs its case variants spelled out (casefold.ts).
import type { Node } from "./ast.ts";
import { visit } from "./walk.ts";

export function caseInsensitiveThroughout(root: Node): boolean {
  let ci = 0;
  let cs = 0;
  visit(root, (n) => {
    if (n.type === "char" || n.type === "class" || n.type === "backref") n.ci ? ci++ : cs++;
  });
  return ci > 0 && cs === 0;
}
