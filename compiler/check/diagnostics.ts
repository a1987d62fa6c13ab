// What `rtc check` reports, and how it prints it (file:line:col, as compilers and editors expect).

import type { Position } from "./locate.ts";

/** `error`: the template does not load; `warning`: it loads but has a trap; `portability`: `--portable` notes on what other implementations may not accept. */
export type Severity = "error" | "warning" | "portability";

/** One finding of `rtc check` (checkTemplate / checkFile). */
export interface Diagnostic {
  severity: Severity;
  /** Stable name of the check, e.g. `pattern-syntax`, `lazy-holdback`. */
  code: string;
  /** JSON path in the template (`fields.tool_calls.open_pattern`); "" for the whole template. */
  path: string;
  /** Column inside a pattern (0-based code units), for pattern diagnostics. */
  patternColumn?: number;
  /** One line, without the file or path (formatDiagnostic adds them). */
  message: string;
  /** Filled in by checkFile from the file text. */
  file?: string;
  position?: Position | null;
}

const COLORS: Record<Severity, [string, string]> = {
  error: ["\x1b[1;31m", "\x1b[0m"],
  warning: ["\x1b[1;33m", "\x1b[0m"],
  portability: ["\x1b[1;36m", "\x1b[0m"],
};

/** One diagnostic as a compiler-style line, `file:line:col: severity path: message [code]`; `color` adds ANSI colours. */
export function formatDiagnostic(d: Diagnostic, color: boolean): string {
  const where = `${d.file ?? "<template>"}${d.position ? `:${d.position.line}:${d.position.col}` : ""}`;
  const [on, off] = color ? COLORS[d.severity] : ["", ""];
  const path = d.path ? ` ${d.path}` : "";
  const col = d.patternColumn !== undefined ? ` (pattern column ${d.patternColumn})` : "";
  const dim = color ? (s: string) => `\x1b[2m${s}\x1b[22m` : (s: string) => s;
  return `${where}: ${on}${d.severity}${off}${path}${col}: ${d.message} ${dim(`[${d.code}]`)}`;
}
