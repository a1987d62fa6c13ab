// How the CLI fails: one line `rtc: …` on stderr naming the file or argument, exit 1 (2 for a usage
// error), no stack trace unless RTC_DEBUG=1. A closed stdout (`rtc … | head -1`) ends the run quietly.

/** Wrong or conflicting arguments: exit status 2, as shells expect of usage errors. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** One line for any thrown value: system errors name their path, parseArgs errors become usage errors. */
export function describeFailure(e: unknown): { line: string; code: number } {
  const err = e as NodeJS.ErrnoException & { path?: string };
  if (e instanceof UsageError) return { line: oneLine(e.message), code: 2 };
  if (typeof err?.code === "string" && err.code.startsWith("ERR_PARSE_ARGS")) return { line: oneLine(err.message), code: 2 };
  if (typeof err?.code === "string" && typeof err.path === "string" && SYSTEM[err.code]) {
    return { line: `${err.path}: ${SYSTEM[err.code]}`, code: 1 };
  }
  return { line: oneLine(e instanceof Error ? e.message : String(e)), code: 1 };
}

const SYSTEM: Record<string, string> = {
  ENOENT: "no such file or directory",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EISDIR: "is a directory",
  ENOTDIR: "a component of the path is not a directory",
  ENOSPC: "no space left on device",
  EROFS: "read-only file system",
  EMFILE: "too many open files",
};

function oneLine(s: string): string {
  return s.replace(/\s*\n\s*/g, " ").trim();
}

/** Prints the failure line (and the stack with RTC_DEBUG=1); returns the exit status. */
export function reportFailure(e: unknown, command?: string): number {
  const { line, code } = describeFailure(e);
  process.stderr.write(`rtc: ${line}${code === 2 ? ` (see rtc ${command ? `${command} ` : ""}--help)` : ""}\n`);
  if (process.env.RTC_DEBUG && e instanceof Error && e.stack) process.stderr.write(`${e.stack}\n`);
  return code;
}

/** `rtc … | head -1`: the reader went away, which is not rtc's failure; stop quietly. */
export function exitQuietlyOnEpipe(stream: NodeJS.WriteStream): void {
  stream.on("error", (e: NodeJS.ErrnoException) => {
    if (e.code === "EPIPE") process.exit(0);
    process.exitCode = reportFailure(e);
    process.exit();
  });
}
