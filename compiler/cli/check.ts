// rtc check <template.json|dir ...> [--portable] [--json] [--strict]: validation errors, trap warnings and
// (with --portable) rtc extensions, as file:line:col diagnostics. Exit 1 on errors; --strict turns warnings
// into errors.

import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { UsageError } from "./errors.ts";
import { checkFile, formatDiagnostic, looksLikeTemplate, type Diagnostic } from "../check/index.ts";

export async function runCheck(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      portable: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      strict: { type: "boolean", default: false },
    },
  });
  if (!positionals.length) throw new UsageError("check: give template files or directories");
  // Directories contribute their *.json files that look like templates (a catalog or other data is skipped);
  // files named explicitly are always checked.
  let skipped = 0;
  const files = positionals.flatMap((p) => {
    if (!statSync(p).isDirectory()) return [p];
    const found = readdirSync(p)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => join(p, f));
    const kept = found.filter(looksLikeTemplate);
    skipped += found.length - kept.length;
    return kept;
  });
  const all: Diagnostic[] = [];
  for (const f of files) {
    for (const d of checkFile(f, { portable: values.portable })) all.push(values.strict && d.severity === "warning" ? { ...d, severity: "error" } : d);
  }
  const color = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
  if (values.json) for (const d of all) process.stdout.write(JSON.stringify(d) + "\n");
  else for (const d of all) process.stdout.write(formatDiagnostic(d, color) + "\n");
  const count = (s: Diagnostic["severity"]) => all.filter((d) => d.severity === s).length;
  const errors = count("error");
  const warnings = count("warning");
  process.stderr.write(
    `rtc check: ${files.length} file${files.length === 1 ? "" : "s"}, ${errors} error${errors === 1 ? "" : "s"}, ` +
      `${warnings} warning${warnings === 1 ? "" : "s"}${values.portable ? `, ${count("portability")} portability note(s)` : ""}` +
      `${skipped ? `, ${skipped} non-template JSON file(s) skipped` : ""}\n`,
  );
  return errors ? 1 : 0;
}
