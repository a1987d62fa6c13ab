// The contract between the engine / content parsers and Python-syntax patterns.
// Offsets are UTF-16 code-unit indices into the JavaScript string (the engine's buffer);
// conformance fixtures count code points and their test helpers convert.

/** One match of a PyPattern; `start`/`end` are UTF-16 indices into the searched string, end exclusive. */
export interface PatternMatch {
  start: number;
  end: number;
  /** True when the text ended while the match could still complete (partial search only). */
  partial: boolean;
  /** Named groups in group-number order; unset groups are null (Python's groupdict()). */
  groups: Record<string, string | null>;
}

/** A compiled Python `regex` pattern (DOTALL on, MULTILINE off), ready to run without the translator. */
export interface PyPattern {
  readonly source: string;
  /** Named groups in group-number order. */
  readonly groupNames: readonly string[];
  /**
   * `regex.search(text, pos)` — or with `partial`, `regex.search(text, pos, partial=True)`: the earliest
   * position from which a match either completes or runs into the end of `text`.
   * Lookbehinds, `\b` and `^` may look at text before `pos`.
   */
  search(text: string, pos: number, partial: boolean): PatternMatch | null;
  /** `regex.finditer(text)` over the whole string (non-overlapping, empty matches advance by one). */
  finditer(text: string): PatternMatch[];
  /** How many characters before the search position a match may inspect (Infinity when unbounded). */
  readonly lookbehind: number;
}
