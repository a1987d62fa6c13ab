// rtc build --explain: the plan as text, one block per scanner state.

import type { DelimiterPlan, LiteralFacts, TemplatePlan, TransformPlan } from "./ir.ts";
import { isDict } from "response-template/runtime";

const q = (s: string) => JSON.stringify(s);

function literal(l: LiteralFacts): string {
  const hold = l.holdBack.length
    ? l.holdBack.map((h) => `${q(h.char)}→${h.lengths.join(",")}`).join(" ")
    : "none (one character)";
  return `${q(l.text)}  border [${l.border.join(",")}]  hold-back by last char: ${hold}${l.selfOverlapping ? "  (self-overlapping)" : ""}`;
}

function delimiter(d: DelimiterPlan, plan: TemplatePlan, indent: string, watched = true): string[] {
  switch (d.kind) {
    case "pattern": {
      const p = plan.patterns[d.pattern]!;
      return [
        `${indent}pattern P${d.pattern} ${q(p.source)}`,
        `${indent}  ${p.resumable ? "resumable matcher" : "RegExp only (re-reads a pending match on every search)"}; ` +
          `first chars ${p.firstChars === null ? "any" : q(p.firstChars)}; ${p.canMatchEmpty ? "can" : "cannot"} match empty` +
          `${p.groupNames.length ? `; groups ${p.groupNames.join(", ")}` : ""}`,
        ...(watched ? [`${indent}  search: ${p.strategy.kind === "guarded" ? "guarded (indexOf, then the shared matcher from a candidate)" : p.strategy.kind === "start" ? "the shared matcher at the stream's start, then guarded" : "the shared resumable matcher alone"} — ${p.strategy.why}`] : []),
      ];
    }
    case "literal":
      return [
        `${indent}literal${d.literals.length > 1 ? `s (longest first${d.canExtend ? "; one extends another: held at the edge" : ""})` : ""}`,
        ...d.literals.map((l) => `${indent}  ${literal(l)}`),
      ];
  }
}

function transform(t: TransformPlan): string {
  switch (t.kind) {
    case "content":
      return "content";
    case "capture":
      return `captures.${t.name}`;
    case "value":
      return JSON.stringify(t.value) ?? String(t.value);
    case "list":
      return `[${t.items.map(transform).join(", ")}]`;
    case "dict":
      return `{${t.entries.map(([k, v]) => `${q(k)}: ${transform(v)}`).join(", ")}}`;
  }
}

/** `rtc build --explain`: the plan as readable text — the anchor, each field, then each scanner state's delimiters and the matcher chosen for each. */
export function printPlan(plan: TemplatePlan): string {
  const out: string[] = [`template ${q(plan.name)} from ${plan.file}`];
  out.push(`anchor (prefix truncation):`, ...delimiter(plan.anchor, plan, "  ", false));
  out.push(`fields:`);
  for (const f of plan.fields) {
    const flags = [f.dirty ? "dirty" : "clean", f.repeats ? "repeats" : null, f.join !== null ? `join ${q(f.join)}` : null, f.optional ? null : "required", f.into !== null ? `into ${q(f.into)}` : null, f.argumentTypes !== null ? `argument_types ${f.argumentTypes}` : null]
      .filter(Boolean)
      .join(", ");
    const how =
      f.process.kind === "generic"
        ? isDict(f.contentArgs)
          ? `${f.content}(body, args) → transform (runtime)`
          : "processField (runtime: content_args is not a dict)"
        : `${f.content}(body, args)${f.process.transform ? ` → ${transform(f.process.transform)}` : ""}`;
    out.push(`  [${f.index}] ${f.name}${f.index === plan.implicit ? " (implicit)" : ""}: ${flags}; ${how}`);
  }
  for (const s of plan.states) {
    const st = s.strategy;
    const strategy =
      st.kind === "dispatch"
        ? `first-character dispatch on ${st.chars.map((c) => q(c.char)).join(" ")}; commit at once unless within ${st.maxLength} chars of the end`
        : st.kind === "resumable"
          ? "the runtime's scan with each parser's resumable searches"
          : st.kind === "single"
            ? "one delimiter"
            : "nothing to search (runs to end of stream)";
    out.push(`state ${s.state < 0 ? "outside" : s.state} — ${s.label}: ${strategy}`);
    s.watch.forEach((w, k) => {
      out.push(`  [${k}] ${w.open ? "open" : "close"} ${w.fieldName}`);
      out.push(...delimiter(w.delimiter, plan, "      "));
    });
    if (st.kind === "dispatch") {
      for (const c of st.chars) out.push(`  on ${q(c.char)}: ${c.tests.map((t) => `${q(t.literal)}→[${t.watch}]`).join(", ")}`);
    }
  }
  if (plan.contentPatterns.length) {
    out.push("content patterns:");
    for (const c of plan.contentPatterns) out.push(`  ${q(c.source)}: ${"pattern" in c ? `P${c.pattern}` : `invalid (${c.error.reason})`}`);
  }
  return out.join("\n") + "\n";
}
