// Resolving a model to a template: the pure steps (resolve.ts) over a generated table (table.ts).
export {
  chooseTemplate,
  tableEntry,
  ResolveError,
  type Alternative,
  type Choice,
  type InferOutcome,
  type ModelFiles,
  type ResolveInput,
  type ResolveOptions,
  type ResolveSource,
} from "./resolve.ts";
export { chatTemplateFingerprint, chatTemplateMarkers, normaliseChatTemplate } from "./fingerprint.ts";
export { parseModelId, REPACKAGERS, type ModelId } from "./model-id.ts";
export type { ResolutionEntry, ResolutionTable, SharedIds } from "./table.ts";
