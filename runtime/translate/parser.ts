// Parses Python `regex` syntax into the AST (ast.ts) with the parser peggy generated from
// python-regex.peggy (scripts/gen-regex-parser.ts; a test keeps it current), so nothing loads peggy at run time.
import { PatternError } from "../core/errors.ts";
import { parse as peggyParse } from "./grammar.generated.ts";
import type { Ast } from "./ast.ts";
import { UnsupportedPatternError } from "./unsupported-pattern-error.ts";

interface PeggyFailure {
  message: string;
  location?: { start: { offset: number } };
  unsupported?: boolean;
}

/**
 * Parses a Python `regex` (V0) pattern into its AST. Throws PatternError where the `regex` module would reject
 * it, UnsupportedPatternError for constructs it accepts that rtc cannot run exactly; `column` is a UTF-16 index.
 */
export function parse(source: string): Ast {
  try {
    return peggyParse(source, {}) as Ast;
  } catch (e) {
    const err = e as PeggyFailure;
    if (!err || typeof err.message !== "string" || !err.location) throw e;
    const column = err.location.start.offset;
    if (err.unsupported) throw new UnsupportedPatternError(source, column, err.message);
    throw new PatternError(source, column, err.message);
  }
}
