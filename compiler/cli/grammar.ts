// rtc grammar: a response template (file, library name, or a model as `rtc which` resolves it) plus tools → constrained-decoding grammars.

import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { GrammarInputError, grammarFor, type GrammarFormat, type GrammarResult, type ToolChoice } from "../grammar/index.ts";
import { TemplateError } from "response-template";
import { UsageError } from "./errors.ts";
import { templateDocument } from "../batch/template.ts";

/** A template file, a library template name, or a model folder / file / id (as `rtc which` resolves it). */
async function templateOf(ref: string): Promise<unknown> {
  try {
    return await templateDocument(ref);
  } catch (e) {
    throw new Error(`grammar: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function jsonFile(path: string, what: string): unknown {
  if (!existsSync(path)) throw new Error(`grammar: ${what} ${path}: no such file`);
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new Error(`grammar: ${what} ${path}: not JSON (${(e as Error).message})`);
  }
}

function render(result: GrammarResult, format: GrammarFormat): string {
  if (format === "structural-tag") return JSON.stringify({ type: "structural_tag", format: result.structuralTag!.format }, null, 2) + "\n";
  if (format === "gbnf") {
    const g = result.gbnf!;
    const head = [
      `# grammar_lazy: ${g.lazy}`,
      ...g.triggers.map((t) => `# grammar_trigger (${t.type}): ${JSON.stringify(t.value)}`),
      ...result.unconstrained.map((u) => `# unconstrained: ${u}`),
    ];
    return head.join("\n") + "\n" + g.grammar;
  }
  return JSON.stringify(result, null, 2) + "\n";
}

/** Input errors name the command, and the template file when it is the template that is wrong. */
function withContext<T>(template: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof TemplateError) throw new Error(`grammar: ${template}: ${e.message}`);
    if (e instanceof GrammarInputError) throw new Error(`grammar: ${e.message}`);
    throw e;
  }
}

export async function runGrammar(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      template: { type: "string", short: "t" },
      tools: { type: "string" },
      "tool-choice": { type: "string" },
      "no-parallel": { type: "boolean", default: false },
      "no-lazy": { type: "boolean", default: false },
      stop: { type: "string", multiple: true },
      prefix: { type: "string" },
      "prefix-file": { type: "string" },
      format: { type: "string", default: "json" },
      out: { type: "string" },
    },
  });
  if (!values.template) throw new UsageError("grammar: -t <template.json|name> is required");
  const format = values.format as GrammarFormat;
  if (!["gbnf", "structural-tag", "json"].includes(format)) throw new UsageError(`grammar: --format takes gbnf, structural-tag or json, not "${values.format}"`);
  if (values.prefix !== undefined && values["prefix-file"]) throw new UsageError("grammar: give --prefix or --prefix-file, not both");
  const template = await templateOf(values.template);
  let tools: unknown = values.tools ? jsonFile(values.tools, "--tools") : [];
  if (tools && typeof tools === "object" && !Array.isArray(tools) && "tools" in tools) tools = (tools as { tools: unknown }).tools;
  const prefix = values["prefix-file"] ? readFileSync(values["prefix-file"], "utf8") : (values.prefix ?? "");
  const result = withContext(values.template, () => grammarFor(template, {
    tools: tools as unknown[],
    toolChoice: (values["tool-choice"] ?? "auto") as ToolChoice,
    parallel: !values["no-parallel"],
    lazy: !values["no-lazy"],
    stop: values.stop ?? [],
    format,
    prefix,
  }));
  const text = render(result, format);
  if (values.out) writeFileSync(values.out, text);
  else process.stdout.write(text);
  return 0;
}
