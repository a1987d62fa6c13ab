// Recover mode's bookkeeping (ParseOptions.onError = "recover"; the engine's side is in stream.ts, marked
// "recover mode"). Everything here only records: which regions failed, which text no field claimed, which
// blocks a later block replaced. The engine decides what happens to the text.

import type { ParseIssue } from "../types.ts";
import { pyIsSpaceCode } from "../python/strip.ts";

export class IssueLog {
  private readonly issues: ParseIssue[] = [];
  /** The unclaimed run still growing (text arrives in chunks); reported once it ends. */
  private run: { start: number; end: number; text: boolean } | null = null;

  region(field: string, start: number, end: number, error: Error): ParseIssue {
    const issue: ParseIssue = { kind: "region", field, start, end, reason: reasonOf(error) };
    this.issues.push(issue);
    return issue;
  }

  /** Part of a region its content parser could not read (PartialContentError); the rest was kept. */
  dropped(field: string, start: number, end: number, reason: string): void {
    this.issues.push({ kind: "region", field, start, end, reason });
  }

  /** Text outside every region (no implicit field). Adjacent pieces form one run. */
  unclaimed(start: number, text: string): void {
    const end = start + text.length;
    const hasText = !isSpaceOnly(text);
    if (this.run && this.run.end === start) {
      this.run.end = end;
      this.run.text ||= hasText;
      return;
    }
    this.endRun();
    this.run = { start, end, text: hasText };
  }

  overwritten(field: string, start: number, end: number, byStart: number): void {
    this.issues.push({
      kind: "overwritten",
      field,
      start,
      end,
      reason: `fields.${field} does not repeat: the block at offset ${byStart} replaced this one`,
    });
  }

  missing(field: string, at: number): void {
    this.issues.push({ kind: "missing", field, start: at, end: at, reason: `required field ${field} (optional: false) never appeared` });
  }

  /** All issues, in stream order. */
  finish(): ParseIssue[] {
    this.endRun();
    return this.issues.sort((a, b) => a.start - b.start || a.end - b.end);
  }

  private endRun(): void {
    const r = this.run;
    this.run = null;
    if (r && r.text) {
      this.issues.push({
        kind: "unclaimed",
        field: null,
        start: r.start,
        end: r.end,
        reason: "text outside every field: the template has no implicit field to collect it",
      });
    }
  }
}

/** An error's message without the `fields.NAME (region text at …): ` lead-in the issue already carries. */
function reasonOf(error: Error): string {
  return error.message.replace(/^fields\.[^ ]+ \(region text at offsets [^)]*\): /, "");
}

function isSpaceOnly(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!pyIsSpaceCode(s.charCodeAt(i))) return false;
  return true;
}
