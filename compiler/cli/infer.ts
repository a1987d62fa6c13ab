// rtc infer <chat_template.jinja | tokenizer_config.json | model folder> [--out template.json] [--explain]
// [--json] [--report] [--var name=JSON ...] [--bos S] [--eos S] [--template-name N] [--portable] [--force]: derive a response
// template from a chat template, verify it by round trip, print the verdicts. Exit 1 when an applicable
// conversation fails to round-trip (or nothing could be inferred); a failing template is written only
// with --force, and then said so. The help text is in help.ts.

import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { formatExplain, inferTemplate, type InferResult } from "../infer/index.ts";
import { loadChatTemplate } from "../infer/load.ts";
import { formatReport } from "../infer/report.ts";
import { UsageError } from "./errors.ts";


export async function runInfer(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      out: { type: "string" },
      explain: { type: "boolean", default: false },
      report: { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      var: { type: "string", multiple: true, default: [] },
      bos: { type: "string" },
      eos: { type: "string" },
      "template-name": { type: "string" },
      force: { type: "boolean", default: false },
      portable: { type: "boolean", default: false },
    },
  });
  if (positionals.length !== 1) throw new UsageError(`infer: give one chat template (.jinja), tokenizer_config.json or model folder${positionals.length ? `, not ${positionals.length}` : ""}`);
  const input = loadChatTemplate(positionals[0]!, values["template-name"]);
  const vars: Record<string, unknown> = {};
  for (const v of values.var!) {
    const eq = v.indexOf("=");
    if (eq <= 0) throw new UsageError(`infer: --var ${JSON.stringify(v)}: expected NAME=JSON`);
    try {
      vars[v.slice(0, eq)] = JSON.parse(v.slice(eq + 1));
    } catch {
      throw new UsageError(`infer: --var ${v.slice(0, eq)}: the value is not JSON: ${v.slice(eq + 1)}`);
    }
  }
  const result = inferTemplate(input.source, { bos: values.bos ?? input.bos, eos: values.eos ?? input.eos, vars, portable: values.portable! });

  if (values.json) process.stdout.write(JSON.stringify(result, null, 2) + "\n");
  if (values.explain) process.stderr.write(formatExplain(result.explain, result.gaps) + "\n\n");
  if (values.report) process.stderr.write(formatReport(input.file, result) + "\n");
  if (!result.template) {
    process.stderr.write(`rtc: ${input.file}: nothing could be inferred: ${result.error}\n`);
    return 1;
  }
  process.stderr.write(summary(input.file, result));
  const text = JSON.stringify(result.template, null, 2) + "\n";
  if (!result.ok && !values.force) {
    process.stderr.write(`rtc: ${input.file}: the inferred template does not round-trip; not written (--force writes it anyway)\n`);
    return 1;
  }
  if (values.out) {
    writeFileSync(values.out, text);
    process.stderr.write(`${result.ok ? "wrote" : "wrote (failing verification, --force)"} ${values.out}\n`);
  } else if (!values.json) process.stdout.write(text);
  return result.ok ? 0 : 1;
}

/** Classification, gaps, portability notes and one line per verdict. */
function summary(file: string, r: InferResult): string {
  const c = r.classification!;
  const lines = [
    `${file}: reasoning ${c.reasoning.mode}, content ${c.content.mode}, tool calls ${c.tools.format}${c.tools.format !== "none" ? ` (call ids: ${c.tools.callId}${c.tools.parallel ? ", parallel" : ", one per turn"})` : ""}`,
    ...r.gaps.map((g) => `  not determined (${g.part}): ${g.what}`),
    ...r.portability.map((d) => `  rtc extension: ${d.path}: ${d.message}`),
    ...r.losses.map((l) => `  portable: ${l}`),
  ];
  for (const v of r.verdicts) {
    const mode = v.mode ? ` [${v.mode}]` : "";
    const omitted = v.omitted.length ? ` (left out: ${v.omitted.join("; ")})` : "";
    lines.push(`  ${v.status.padEnd(4)} ${v.conversation}${mode}${v.reason ? `: ${v.reason}` : ""}${omitted}`);
  }
  const count = (s: string) => r.verdicts.filter((v) => v.status === s).length;
  lines.push(`round trip: ${count("pass")} passed, ${count("fail")} failed, ${count("n/a")} not applicable`);
  return lines.join("\n") + "\n";
}
