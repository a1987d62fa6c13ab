// Typed AST of a Python `regex` (V0) pattern. Inline flags are resolved by the parser: every node
// carries the flags that apply to it (`ci` case-insensitive, `dotall`, `multiline`, `ascii`), so later
// passes never track flag scopes. Code points, not UTF-16 units, everywhere.

/** A predefined set: `\w \d \s \h` (and their negations via `negated`) or a POSIX / Unicode property. */
export type SetKind = "word" | "digit" | "space" | "horiz";

export type ClassItem =
  | { type: "range"; from: number; to: number } // a single char is from === to
  | { type: "set"; kind: SetKind; negated: boolean; ascii: boolean }
  | { type: "prop"; name: string; negated: boolean } // a JS-valid `\p{…}` body
  | { type: "posix"; name: string; negated: boolean };

export type AssertKind =
  | "start" // ^ without MULTILINE, \A
  | "end" // $ without MULTILINE: end, or before a final \n
  | "lineStart" // ^ with MULTILINE
  | "lineEnd" // $ with MULTILINE
  | "textEnd" // \Z, \z
  | "wordBoundary" // \b
  | "notWordBoundary" // \B
  | "wordStart" // \m
  | "wordEnd" // \M
  | "searchAnchor"; // \G

/** A node of the pattern AST; every node carries the inline flags in force where it stands. */
export type Node =
  | { type: "empty" }
  | { type: "char"; cp: number; ci: boolean }
  | { type: "class"; negated: boolean; items: ClassItem[]; ci: boolean }
  | { type: "any"; dotall: boolean }
  | { type: "assert"; kind: AssertKind; ascii: boolean }
  | { type: "seq"; items: Node[] }
  | { type: "alt"; alts: Node[] }
  /** A capture group: `index` is the Python group number (names may share one). */
  | { type: "group"; index: number; name: string | null; body: Node }
  | { type: "look"; behind: boolean; negate: boolean; body: Node }
  | { type: "atomic"; body: Node }
  | { type: "repeat"; min: number; max: number; mode: "greedy" | "lazy" | "possessive"; body: Node }
  | { type: "backref"; index: number; ci: boolean }
  /** `(?1)` / `(?&name)`: match group `index`'s pattern again (resolved after parsing). */
  | { type: "call"; index: number }
  | { type: "keep" } // \K
  | { type: "fail" } // (*FAIL)
  | { type: "fuzzy"; body: Node; maxErrors: number } // {e<=N}
  | { type: "newline" } // \R
  | { type: "grapheme" }; // \X

/** A parsed Python `regex` pattern (`parse`). */
export interface Ast {
  source: string;
  root: Node;
  /** Number of Python capture groups (group numbers 1..groupCount). */
  groupCount: number;
  /** Named groups, in group-number order. */
  names: { name: string; index: number }[];
  /** Where each backreference and group call starts in `source` (for errors that name them). */
  columns: Map<Node, number>;
}

/** The Node variant of one `type` (`NodeOf<"repeat">`). */
export type NodeOf<T extends Node["type"]> = Extract<Node, { type: T }>;
