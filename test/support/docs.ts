// The user documentation: README.md (the front page) and the guides in docs/. Tests that hold a page to
// the numbers it states read it through here, so a moved paragraph fails loudly instead of silently.

import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

export const ROOT = join(import.meta.dirname, "..", "..");

/** The front page and every guide, as repository-relative paths (README.md first). */
export function docPages(): string[] {
  const guides = readdirSync(join(ROOT, "docs")).filter((f) => f.endsWith(".md")).sort();
  return ["README.md", ...guides.map((f) => `docs/${f}`)];
}

/** One page's text, by repository-relative path (`docs/infer.md`). */
export function readDoc(page: string): string {
  return readFileSync(join(ROOT, page), "utf8");
}

/** The page's text with every run of whitespace made one space, for claims that wrap across lines. */
export function readDocFlat(page: string): string {
  return readDoc(page).replace(/\s+/g, " ");
}

/** The bodies of a page's fenced code blocks of one language (```ts). */
export function codeBlocks(text: string, lang: string): string[] {
  return [...text.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]!);
}
