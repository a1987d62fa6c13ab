// rtc which <model id | model folder | tokenizer_config.json | chat template> [--json] [--variant robust|reference]
// [--no-infer]: which template reads this model's output, and why (resolve/). No network: a model id is read
// by its name alone. Exit 0 with the choice; 1 with one line saying what was tried when nothing fits.

import { parseArgs } from "node:util";
import { resolveTemplate } from "../resolve/index.ts";
import { UsageError } from "./errors.ts";

export async function runWhich(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      json: { type: "boolean", default: false },
      variant: { type: "string", default: "robust" },
      "no-infer": { type: "boolean", default: false },
    },
  });
  if (positionals.length !== 1) throw new UsageError(`which: give one model id, model folder, tokenizer_config.json or chat template${positionals.length ? `, not ${positionals.length}` : ""}`);
  const variant = values.variant;
  if (variant !== "robust" && variant !== "reference") throw new UsageError(`which: --variant ${variant}: expected robust or reference`);
  const input = positionals[0]!;
  const r = await resolveTemplate(input, { variant, infer: !values["no-infer"] });
  if (values.json) {
    // A shipped template is named by its module; one from the tokenizer config or inferred is printed whole.
    const { name, variant: v, source, confidence, alternatives, reasons } = r;
    const template = r.parser ? `response-template/models/${name}` : r.template;
    process.stdout.write(JSON.stringify({ input, name, variant: v, source, confidence, template, alternatives, reasons }, null, 2) + "\n");
    return 0;
  }
  const lines = [
    `${r.name}${r.variant ? ` (${r.variant} variant)` : ""}: ${r.source}, confidence ${r.confidence}`,
    ...r.reasons.map((x) => `  ${x}`),
    ...(r.alternatives.length ? [`  alternatives: ${r.alternatives.map((a) => `${a.name} (${a.why})`).join("; ")}`] : []),
    r.parser ? `  use: rtc parse -t ${r.name} · import { parseResponse } from "response-template/models/${r.name}"` : "  use: rtc parse -t <this input> (or save the template: rtc which --json)",
  ];
  process.stdout.write(lines.join("\n") + "\n");
  return 0;
}
