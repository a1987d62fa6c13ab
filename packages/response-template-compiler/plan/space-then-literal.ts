// A pattern-shape query for the scanner: patterns such as `\s*<tool_call>…` or `\s*(?:<\|im_end\|>|…)`
// have no literal prefix (a match may start at any whitespace), but every match is optional whitespace
// followed by a literal. The search can then skip to the literal's first occurrence and back up over
// the whitespace before it (see emit/scan-code.ts).

import type { Node } from "response-template/translate";
import { parse } from "response-template/translate";

/** The text every match of `n` starts with, and whether `n` matches exactly that text. */
function prefixOf(n: Node): { text: string; exact: boolean } {
  switch (n.type) {
    case "char":
      return n.ci ? { text: "", exact: false } : { text: String.fromCodePoint(n.cp), exact: true };
    case "group":
      return prefixOf(n.body);
    case "empty":
      return { text: "", exact: true };
    case "seq": {
      let text = "";
      for (const item of n.items) {
        const p = prefixOf(item);
        text += p.text;
        if (!p.exact) return { text, exact: false };
      }
      return { text, exact: true };
    }
    case "alt": {
      const ps = n.alts.map(prefixOf);
      let common = ps[0]?.text ?? "";
      for (const p of ps) {
        let k = 0;
        while (k < common.length && k < p.text.length && common[k] === p.text[k]) k++;
        common = common.slice(0, k);
      }
      // Stop at a surrogate half: indexOf on half a character would still be right, but keep it whole.
      if (/[\ud800-\udbff]$/.test(common)) common = common.slice(0, -1);
      return { text: common, exact: ps.every((p) => p.exact && p.text === common) };
    }
    case "repeat":
      if (n.min >= 1) {
        const p = prefixOf(n.body);
        return { text: p.text, exact: p.exact && n.min === 1 && n.max === 1 };
      }
      return { text: "", exact: false };
    default:
      return { text: "", exact: false };
  }
}

/** `\s*` with the Unicode \s class (generated code tests the regex module's Unicode table). */
export function isSpaceRun(n: Node): boolean {
  return (
    n.type === "repeat" &&
    n.min === 0 &&
    n.body.type === "class" &&
    !n.body.negated &&
    n.body.items.length > 0 &&
    // Unicode \s only: generated code tests the regex module's Unicode table.
    n.body.items.every((i) => i.type === "set" && i.kind === "space" && !i.negated && !i.ascii)
  );
}

/** For `\s*` + L…: L (non-empty), else "". */
export function spaceThenLiteral(source: string): string {
  let root: Node;
  try {
    root = parse(source).root;
  } catch {
    return "";
  }
  if (root.type !== "seq" || root.items.length < 2 || !isSpaceRun(root.items[0]!)) return "";
  const rest: Node = { type: "seq", items: root.items.slice(1) };
  const p = prefixOf(rest).text;
  // The literal must not start with whitespace, or backing up over whitespace could pass a match start.
  return p && !/^\s|^[\x1c-\x1f\x85]/u.test(p) ? p : "";
}
