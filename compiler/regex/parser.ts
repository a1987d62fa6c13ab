// Parses Python `regex` syntax into the AST (ast.ts). The grammar is compiled with peggy's API the
// first time it is needed (about 50 ms) and cached, so a fresh clone needs no build step.
import { readFileSync } from "node:fs";
import peggy from "peggy";
import { PatternError } from "../../runtime/errors.ts";
import type { Ast } from "./ast.ts";

/** A construct the reference accepts but rtc cannot run: never approximated silently. */
export class UnsupportedPatternError extends Error {
  constructor(
    readonly pattern: string,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`unsupported regex construct (${reason}) at column ${column} of ${JSON.stringify(pattern)}`);
    this.name = "UnsupportedPatternError";
  }
}

let parser: peggy.Parser | undefined;

function grammar(): peggy.Parser {
  parser ??= peggy.generate(readFileSync(new URL("./python-regex.peggy", import.meta.url), "utf8"));
  return parser;
}

interface PeggyFailure {
  message: string;
  location?: { start: { offset: number } };
  unsupported?: boolean;
}

export function parse(source: string): Ast {
  const p = grammar();
  try {
    return p.parse(source) as Ast;
  } catch (e) {
    const err = e as PeggyFailure;
    if (!err || typeof err.message !== "string" || !err.location) throw e;
    const column = err.location.start.offset;
    if (err.unsupported) throw new UnsupportedPatternError(source, column, err.message);
    throw new PatternError(source, column, err.message);
  }
}
