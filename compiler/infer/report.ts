// `rtc infer --report`: the pipeline's passes in order (generation prompt → reasoning → content → tool
// calls → emit → verify), each with what it concluded and what it could not determine, and one line per
// failed conversation (which conversation, expected vs parsed), so a refusal says why.

import type { InferResult } from "./index.ts";
import { showPlaceholders } from "./probe.ts";

const PASSES: { name: string; steps: RegExp; part?: "prompt" | "reasoning" | "content" | "tools" }[] = [
  { name: "classifyPrompt", steps: /^P/u, part: "prompt" },
  { name: "classifyReasoning", steps: /^R/u, part: "reasoning" },
  { name: "classifyContent", steps: /^C/u, part: "content" },
  { name: "classifyTools", steps: /^T/u, part: "tools" },
  { name: "emit", steps: /^[EX]/u },
];
const WIDTH = 220;
const cut = (s: string) => (s.length > WIDTH ? `${s.slice(0, WIDTH - 1)}…` : s);

export function formatReport(file: string, r: InferResult): string {
  const out = [`${file}: ${r.ok ? "inferred, round trip passes" : r.template ? "refused: the round trip fails" : `refused: ${r.error}`}`];
  const c = r.classification;
  const summary: Record<string, string> = c
    ? {
        classifyPrompt: `start anchor ${JSON.stringify(c.prompt.anchor)}${c.prompt.prewritten ? `, prompt writes ${JSON.stringify(c.prompt.prewritten)}` : ""}${c.prompt.reasoningSwitch ? `, switch ${c.prompt.reasoningSwitch.name}` : ""}`,
        classifyReasoning: `${c.reasoning.mode}${c.reasoning.open ? ` ${JSON.stringify(c.reasoning.open)}` : ""}${c.reasoning.close ? ` … ${JSON.stringify(c.reasoning.close)}` : ""}${c.reasoning.openedByPrompt ? ", opened by the prompt" : ""}${c.reasoning.closedWhenOff ? ", empty block when off" : ""}`,
        classifyContent: `${c.content.mode}${c.content.open ? ` ${JSON.stringify(c.content.open)}` : ""}`,
        classifyTools: `${c.tools.format}${c.tools.format === "none" ? "" : `, call ids ${c.tools.callId}, ${c.tools.parallel ? "parallel" : "one per turn"}${c.shape.argsAsString ? ", arguments as a JSON string" : ""}`}`,
        emit: r.template ? `fields ${Object.keys(r.template.fields).join(", ")}` : "",
      }
    : {};
  for (const p of PASSES) {
    const steps = r.explain.filter((s) => p.steps.test(s.id));
    const gaps = p.part ? r.gaps.filter((g) => g.part === p.part) : [];
    if (!steps.length && !gaps.length && !summary[p.name]) continue;
    out.push(`  ${p.name.padEnd(18)} ${summary[p.name] ?? "(stopped here)"}`);
    for (const s of steps) out.push(cut(`      ${s.id.padEnd(3)} ${showPlaceholders(s.found)}`));
    for (const g of gaps) out.push(cut(`      gap ${g.what}`));
  }
  if (r.verdicts.length) {
    const n = (s: string) => r.verdicts.filter((v) => v.status === s).length;
    out.push(`  ${"verify".padEnd(18)} ${n("pass")} pass, ${n("fail")} fail, ${n("n/a")} not applicable`);
    for (const v of r.verdicts.filter((x) => x.status === "fail")) out.push(`      fail ${v.conversation}${v.mode ? ` [${v.mode}]` : ""}: ${v.reason}`);
  }
  return out.join("\n") + "\n";
}
