/**
 * `response-template-compiler`: rtc's build tools as an API — compile templates into parser modules, check
 * templates, run batches, infer a template from a chat template, build constrained-decoding grammars. The
 * `rtc` command (cli/) is a thin layer over the same functions; legacy `response_schema` support is its own
 * entry point (`response-template-compiler/legacy`).
 *
 * @packageDocumentation
 * @module response-template-compiler
 */

export { buildOutputs, compileSource, planSource, DEFAULT_RUNTIME, type BuildOptions, type BuildResult } from "./build/compile.ts";
export { loadTemplateFile, loadTemplates, templateFiles, BuildError, type TemplateSource } from "./build/load.ts";
export { staleFiles, writeOutputs } from "./build/write.ts";
export { printPlan } from "./plan/print-plan.ts";
export { checkTemplate, checkFile, formatDiagnostic, type CheckOptions, type Diagnostic, type Severity } from "./check/index.ts";
export { runBatch, type BatchOptions, type BatchSummary } from "./batch/run.ts";
export {
  inferTemplate,
  formatExplain,
  ChatTemplate,
  COMPAT_FEATURES,
  type InferOptions,
  type InferResult,
  type Classification,
  type ResponseTemplate,
  type Verdict,
} from "./infer/index.ts";
export { loadChatTemplate, type ChatTemplateSource } from "./infer/load.ts";
export { resolveTemplate, inferStep, type NodeResolveOptions } from "./resolve/index.ts";
export { readModelInput } from "./resolve/read-input.ts";
export {
  grammarFor,
  GrammarInputError,
  type GrammarFormat,
  type GrammarOptions,
  type GrammarResult,
  type GbnfGrammar,
  type StructuralTag,
  type ToolChoice,
  type Trigger,
} from "./grammar/index.ts";
