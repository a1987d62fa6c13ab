// Reading Python `regex` pattern sources as text, where the translator's AST (which keeps no source
// positions) cannot say where a piece of the source begins and ends.

/** Where the character class that opens at `i` (`[`) closes (its `]`): a `]` first, after an optional `^`, is a member. */
export function classEnd(source: string, i: number): number {
  let k = i + 1;
  if (source[k] === "^") k++;
  if (source[k] === "]") k++;
  while (k < source.length && source[k] !== "]") k += source[k] === "\\" ? 2 : 1;
  return k;
}

/**
 * The top-level alternatives of a Python pattern source, or null when the source has global inline flags
 * or backreferences (which dropping an alternative could change).
 */
export function pythonAlternatives(source: string): string[] | null {
  if (/^\(\?[a-zA-Z]+\)/.test(source) || /\\[1-9]|\(\?P=/.test(source)) return null;
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let k = 0; k < source.length; k++) {
    const c = source[k];
    if (c === "\\") k++;
    else if (c === "[") k = classEnd(source, k);
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      out.push(source.slice(start, k));
      start = k + 1;
    }
  }
  out.push(source.slice(start));
  return out;
}
