/**
 * `response-template/runtime`: what generated parser modules import, and the building blocks the compiler
 * and the interpreter share. Nothing here translates patterns or depends on anything outside runtime/.
 *
 * @packageDocumentation
 * @module response-template/runtime
 */

// Public types and errors.
export type {
  JsonValue,
  JsonObject,
  Message,
  ToolCall,
  RegionOpenEvent,
  RegionChunkEvent,
  RegionCloseEvent,
  RegionEvent,
  ToolDefinition,
  ParseOptions,
  ResponseFormat,
  ResponseParser,
  ParserModule,
  RegionErrorEvent,
  ParseIssue,
  OnError,
  Recovered,
  RecoverOptions,
} from "./types.ts";
export {
  RtcError,
  TemplateError,
  ContentError,
  PartialContentError,
  PatternError,
  ParserStateError,
  NonTerminatingError,
  ArgumentError,
  type PyErrorClass,
} from "./errors.ts";
export { UnrepresentableError, unrepresentable } from "./python/representable.ts";

// The engine and its contract with scanners.
export { StreamParser, type RegionSink } from "./engine/stream.ts";
export { parseWhole } from "./engine/whole.ts";
export type { FieldPlan, Plan, QuietFeed, ScanResult } from "./engine/plan.ts";
export {
  LiteralDelimiter,
  LiteralSetDelimiter,
  PatternDelimiter,
  LiteralsSearch,
  partialLiteralStart,
  type Delimiter,
  type DelimiterMatch,
  type DelimiterSearch,
} from "./engine/delimiters.ts";
export { scanWatched, type Watched } from "./engine/scan.ts";
export { PatternStream } from "./regex/pattern-stream.ts";

// Templates: validation (patterns are compiled by a checker the caller passes in).
export { validateTemplate, type PatternChecker } from "./template/load.ts";
export { isLegacySchema, LEGACY_KEYS } from "./template/legacy-detect.ts";
export type { DelimiterSpec, FieldSpec, TemplateSpec } from "./template/spec.ts";

// Content parsers and transforms.
export {
  CONTENT_PARSERS,
  REFERENCE_PARSERS,
  STREAMABLE_PARSERS,
  parseContent,
  type ContentContext,
  type ContentParser,
} from "./content/index.ts";
export { parseJsonPlain, parseJson } from "./content/json.ts";
export { textValue, parseText } from "./content/text.ts";
// Parsers imported one by one by generated modules (xml-inline and kv-lines find their value_parser in
// the ContentContext, which a module fills with just the parsers its template names there).
export { parseIntContent, parseFloatContent } from "./content/numbers.ts";
export { parseXmlInline } from "./content/xml-inline.ts";
export { parseKvLines } from "./content/kv-lines.ts";
export { parseBool } from "./content/bool.ts";
export { parseKeyedCalls } from "./content/ext/keyed-calls.ts";
export { parsePythonCalls } from "./content/ext/python-calls.ts";
export { readArgumentLiteral, readPythonLiteral } from "./python/literal.ts";
export { unwrapArguments } from "./transform/unwrap.ts";
export { unwrapJsonFence } from "./transform/json-fence.ts";
export { parseJsonCalls } from "./content/ext/json-calls.ts";
export { parseXmlNested } from "./content/ext/xml-nested.ts";
export { parseXmlTyped } from "./content/ext/xml-typed.ts";
export {
  applyPrepared,
  applyTransform,
  placeholderPath,
  prepareTransform,
  processField,
  transformField,
  validateTransformStrings,
  type FieldProcessing,
  type FieldTransform,
  type PreparedTransform,
  type TransformScope,
} from "./transform/apply.ts";
export { coerce, coerceToolCalls, schemaTypes, toolParams, type ToolParams } from "./transform/coerce.ts";

// Translated patterns (the translator lives in response-template/translate).
export type { PatternMatch, PyPattern } from "./regex/api.ts";
export { CompiledPattern, PatternMatcher, tablesUsed, type PatternFacts, type PatternSpec, type UnicodeTables } from "./regex/pattern.ts";
export { Backtracker, type Program } from "./regex/backtrack.ts";
export { WORD, SPACE, DIGIT, PY_SPACE } from "./regex/unicode-tables.ts";

// Python's value model and the Python-exact primitives built on it.
export {
  PyFloat,
  pyFloat,
  pyInt,
  KEY_ORDER,
  hasKeyOrder,
  dictKeys,
  makeDict,
  setKey,
  dictSet,
  setKeyOrder,
  isArrayIndex,
  sameOrder,
  isDict,
  pyTypeName,
  isEmptyValue,
  deepCopy,
} from "./python/values.ts";
export { comparePy } from "./python/compare.ts";
export { pyDumps, pyFloatRepr, type DumpsOptions } from "./python/dumps.ts";
export { pyFloatValue, pyFloatParse } from "./python/float.ts";
export { INT_MAX_STR_DIGITS, pyIntParse, pyRepr } from "./python/int.ts";
export { JSON_MAX_DEPTH, JsonDecodeError, pyJsonLoads, fastJsonLoads, pyJsonLoadsFast } from "./python/json.ts";
export { pyIsSpaceCode, pyIsSpace, pyStrip, pySplitWhitespace } from "./python/strip.ts";
export { GuardedPatternDelimiter, type LeadTest } from "./engine/guarded.ts";
export { StartAnchoredDelimiter } from "./engine/start-anchored.ts";

// Resolving a model (id, chat template, tokenizer config, folder files) to a template: the table is generated.
export {
  chooseTemplate,
  tableEntry,
  ResolveError,
  chatTemplateFingerprint,
  chatTemplateMarkers,
  normaliseChatTemplate,
  parseModelId,
  REPACKAGERS,
  type Alternative,
  type Choice,
  type InferOutcome,
  type ModelFiles,
  type ModelId,
  type ResolveInput,
  type ResolveOptions,
  type ResolveSource,
  type ResolutionEntry,
  type ResolutionTable,
  type SharedIds,
} from "./resolve/index.ts";
