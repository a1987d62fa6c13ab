// The explain log: every comparison the analysis makes (the two variants, their difference, what was
// concluded), and the gaps it could not close. `rtc infer --explain` prints it.

import type { DiffSplit } from "./diff.ts";
import { diffSplit } from "./diff.ts";
import { showPlaceholders } from "./probe.ts";

export interface ExplainStep {
  /** Short id of the comparison (R1, C1, T3, …). */
  id: string;
  title: string;
  a?: { label: string; text: string };
  b?: { label: string; text: string };
  diff?: DiffSplit;
  /** What was concluded. */
  found: string;
}

/** Something the analysis could not determine, and why. */
export interface Gap {
  part: "prompt" | "reasoning" | "content" | "tools";
  what: string;
}

export class ExplainLog {
  readonly steps: ExplainStep[] = [];
  readonly gaps: Gap[] = [];

  compare(id: string, title: string, a: [string, string], b: [string, string], found: string): void {
    this.steps.push({ id, title, a: { label: a[0], text: a[1] }, b: { label: b[0], text: b[1] }, diff: diffSplit(a[1], b[1]), found });
  }

  note(id: string, title: string, found: string): void {
    this.steps.push({ id, title, found });
  }

  gap(part: Gap["part"], what: string): void {
    this.gaps.push({ part, what });
  }
}

const SHOW = 160;
const q = (s: string): string => {
  const j = JSON.stringify(showPlaceholders(s));
  return j.length > SHOW ? `${j.slice(0, SHOW / 2)}…${j.slice(-SHOW / 2)}` : j;
};

/** The log as text, one block per comparison. */
export function formatExplain(steps: readonly ExplainStep[], gaps: readonly Gap[]): string {
  const out: string[] = [];
  for (const s of steps) {
    out.push(`${s.id}  ${s.title}`);
    if (s.a && s.b && s.diff) {
      out.push(`    A ${s.a.label}: ${q(s.a.text)}`);
      out.push(`    B ${s.b.label}: ${q(s.b.text)}`);
      out.push(`    diff: common prefix ${q(s.diff.prefix)}, A only ${q(s.diff.left)}, B only ${q(s.diff.right)}, common suffix ${q(s.diff.suffix)}`);
    }
    out.push(`    → ${showPlaceholders(s.found)}`);
  }
  for (const g of gaps) out.push(`GAP (${g.part}) ${g.what}`);
  return out.join("\n");
}
