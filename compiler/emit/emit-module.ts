// emit: TemplatePlan → the TypeScript source of one generated parser module, assembled with ts-morph.
// The module imports only runtime/; it provides a Plan whose scanners are straight-line code and drives
// the shared StreamParser with it. Output is deterministic (same plan, same text).

import { Project, StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import type { FieldPlanIR, TemplatePlan, TransformPlan } from "../plan/ir.ts";
import { isDict, prepareTransform, tablesUsed, type JsonValue, type PatternSpec, type PreparedTransform } from "response-template/runtime";
import { PLAN_CLASS, ScanNames, safe, show, stateFunctionName, stateFunctions } from "./scan-code.ts";
import { messageType } from "./message-type.ts";
import { jsonValue, newNeeds, plainValue, str, type ValueNeeds } from "./values.ts";

export interface EmitOptions {
  /** Import specifier of the runtime entry point: "response-template/runtime" for users' builds, a
   * relative path to runtime/core/index.ts inside this repository. */
  runtime: string;
}

/** The runtime's export for each Unicode table a pattern placeholder names (`\\p{rtcWord}` → WORD). */
const TABLE_EXPORTS: Readonly<Record<string, string>> = { Word: "WORD", Space: "SPACE", Digit: "DIGIT" };

/**
 * Content parsers a module imports by name (a bundle then carries only those), for its fields and for the
 * `value_parser`s its content_args name. test/compiler/emit-imports.test.ts checks each is the table's entry.
 */
export const DIRECT_PARSERS: Readonly<Record<string, string>> = {
  text: "parseText",
  int: "parseIntContent",
  float: "parseFloatContent",
  bool: "parseBool",
  json: "parseJson",
  "python-calls": "parsePythonCalls",
  "keyed-calls": "parseKeyedCalls",
  "xml-nested": "parseXmlNested",
  "xml-typed": "parseXmlTyped",
  "json-calls": "parseJsonCalls",
  "xml-inline": "parseXmlInline",
  "kv-lines": "parseKvLines",
};

/**
 * The parsers a `value_parser` ({name, args}; name "text" when absent) anywhere in `args` names, and that
 * exist: the table a module hands its parsers in the ContentContext. Any other name fails there as unknown,
 * as it does in the interpreter's full table.
 */
export function valueParserNames(args: JsonValue, out = new Set<string>()): Set<string> {
  if (Array.isArray(args)) for (const v of args) valueParserNames(v, out);
  if (!isDict(args)) return out;
  for (const [key, v] of Object.entries(args)) {
    if (key === "value_parser" && isDict(v)) {
      const name = Object.prototype.hasOwnProperty.call(v, "name") ? v.name : "text";
      if (typeof name === "string" && Object.prototype.hasOwnProperty.call(DIRECT_PARSERS, name)) out.add(name);
    }
    valueParserNames(v!, out);
  }
  return out;
}

/** Whether `key` is an argument anywhere in content_args (the json parser's `unquoted_keys` needs the \\w table). */
function namesArgument(args: JsonValue, key: string): boolean {
  if (Array.isArray(args)) return args.some((v) => namesArgument(v, key));
  if (!isDict(args)) return false;
  return Object.entries(args).some(([k, v]) => k === key || namesArgument(v!, key));
}

/** A transform as the runtime applies it (prepareTransform: placeholders read here, at build time), as code. */
function preparedValue(t: JsonValue, needs: ValueNeeds): string {
  const walk = (p: PreparedTransform): string => {
    if ("path" in p) return `{ path: [${p.path.map(str).join(", ")}] }`;
    if ("value" in p) return `{ value: ${jsonValue(p.value, needs)} }`;
    if ("list" in p) return `{ list: [${p.list.map(walk).join(", ")}] }`;
    return `{ dict: [${p.dict.map(([k, v]) => `[${str(k)}, ${walk(v)}]`).join(", ")}] }`;
  };
  return walk(prepareTransform(t));
}

function parserExport(name: string): string {
  const exported = DIRECT_PARSERS[name];
  if (exported === undefined) throw new Error(`content parser ${name} has no runtime export in DIRECT_PARSERS`);
  return exported;
}

let project: Project | undefined;

function sharedProject(): Project {
  project ??= new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true });
  return project;
}

/** The module source, before formatting. */
export function emitModule(plan: TemplatePlan, options: EmitOptions): string {
  const parts = moduleParts(plan, options);
  const p = sharedProject();
  const file = p.createSourceFile("/generated.ts", { statements: parts }, { overwrite: true });
  const text = file.getFullText();
  p.removeSourceFile(file);
  return text;
}

function ident(s: string): string {
  return s.replace(/[^A-Za-z0-9_$]/g, "_");
}

function moduleParts(plan: TemplatePlan, options: EmitOptions): (string | StatementStructures)[] {
  const rt = options.runtime;
  const needs: ValueNeeds = newNeeds();
  const names = new ScanNames();
  const body: (string | StatementStructures)[] = [];
  const konst = (name: string, type: string | undefined, init: string, docs?: string): StatementStructures => ({
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [{ name, type, initializer: init }],
    ...(docs ? { docs: [docs] } : {}),
  });
  const fn = (code: string): string => code; // a statement written as code

  const usesPatterns = plan.patterns.length > 0;
  let usesProcessField = false;
  let usesApplyTransform = false;
  let usesTransformField = false;
  const contentErrors = plan.contentPatterns.filter((c) => "error" in c);

  // The message type, the template itself and the defaults.
  const message = messageType(plan);
  body.push(
    fn(`/** The message this parser returns: the template's defaults, plus one key per field that captured something. */
export type Message = ${message.text};`),
  );
  body.push({
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    isExported: true,
    docs: ["The response template this module was compiled from."],
    declarations: [{ name: "template", type: "JsonValue", initializer: jsonValue(plan.template, needs) }],
  });
  body.push(konst("defaults", "JsonObject", jsonValue(plan.defaults, needs)));

  // Patterns, translated at build time, with only the Unicode tables they use (a bundle carries no other).
  const tables = [...new Set(plan.patterns.flatMap((p) => tablesUsed(p.spec as unknown as PatternSpec)))].sort();
  for (const t of tables) if (TABLE_EXPORTS[t] === undefined) throw new Error(`pattern placeholder \\p{rtc${t}} names no runtime table`);
  if (usesPatterns) {
    body.push(konst("tables", "UnicodeTables", `{ ${tables.map((t) => `${t}: ${TABLE_EXPORTS[t]}`).join(", ")} }`, "The Unicode tables these patterns use."));
  }
  plan.patterns.forEach((p, i) => {
    const matcher = (p.spec as unknown as PatternSpec).backtrack ? ", Backtracker" : "";
    body.push(konst(`P${i}`, "PatternMatcher", `new PatternMatcher(${plainValue(p.spec)}, tables${matcher})`, `Pattern ${show(p.source)}.`));
  });

  // Content parsers, bound once; the content context serves precompiled patterns.
  const parsers = [...new Set(plan.fields.filter((f) => isDict(f.contentArgs) && specialCall(f) === null).map((f) => f.content))].sort();
  const specials = new Set(plan.fields.map((f) => specialCall(f)?.name).filter((x): x is string => x !== undefined));
  for (const name of parsers) body.push(konst(`parse_${ident(name)}`, "ContentParser", parserExport(name)));
  const named = new Set<string>();
  for (const f of plan.fields) valueParserNames(f.contentArgs, named);
  const table = [...named].sort().map((n) => `${str(n)}: ${parserExport(n)}`);
  const usesWord = plan.fields.some((f) => namesArgument(f.contentArgs, "unquoted_keys"));
  const known = plan.contentPatterns
    .map((c) => ("pattern" in c ? `[${str(c.source)}, P${c.pattern}]` : null))
    .filter((x): x is string => x !== null);
  body.push(konst("contentPatterns", "ReadonlyMap<string, PyPattern>", `new Map<string, PyPattern>([${known.join(", ")}])`));
  if (contentErrors.length) {
    body.push(
      konst(
        "contentPatternErrors",
        "ReadonlyMap<string, readonly [number, string]>",
        `new Map<string, readonly [number, string]>([${contentErrors
          .map((c) => ("error" in c ? `[${str(c.source)}, [${c.error.column}, ${str(c.error.reason)}]]` : ""))
          .join(", ")}])`,
      ),
    );
  }
  body.push(
    fn(`/** Patterns named in content_args were compiled (or found invalid) when this module was built. */
const ctx: ContentContext = {
  pattern(source: string): PyPattern {
    const p = contentPatterns.get(source);
    if (p !== undefined) return p;
    ${contentErrors.length ? "const e = contentPatternErrors.get(source); if (e !== undefined) throw new PatternError(source, e[0], e[1]);" : ""}
    throw new Error("pattern " + JSON.stringify(source) + " was not compiled into this module");
  },
  /** The parsers this template names in a value_parser. */
  parsers: { ${table.join(", ")} },${usesWord ? "\n  /** The json parser's unquoted_keys reads \\\\w. */\n  word: WORD," : ""}
};`),
  );

  // Fields: how each closed region becomes a value.
  const fieldEntries: string[] = [];
  for (const f of plan.fields) {
    const processName = `process${f.index}`;
    const code = processFunction(f, processName, needs);
    usesProcessField ||= code.processField;
    usesTransformField ||= code.transformField;
    usesApplyTransform ||= code.applyTransform;
    body.push(...code.statements);
    // rtc extensions are written only when used, so modules of portable templates do not change.
    const into = f.into === null ? "" : `into: { key: ${str(f.into)}, spread: ${f.transformEach} }, `;
    const types = f.argumentTypes === null ? "" : `argumentTypes: ${str(f.argumentTypes)}, `;
    const skips = `${f.argumentLiterals ? "readLiteral: readArgumentLiteral, " : ""}${f.unwrapArguments ? "unwrap: unwrapArguments, " : ""}${f.joinSkipsEmpty ? "joinSkipsEmpty: true, " : ""}`;
    fieldEntries.push(
      `{ name: ${str(f.name)}, dirty: ${f.dirty}, repeats: ${f.repeats}, join: ${f.join === null ? "null" : str(f.join)}, optional: ${f.optional}, ${into}${types}${skips}process: ${processName} }`,
    );
  }
  body.push(konst("fields", "readonly FieldPlan[]", `[${fieldEntries.join(", ")}]`));

  // Scanners.
  const scanners: string[] = [];
  for (const s of plan.states) scanners.push(...stateFunctions(s, plan, names));
  const anchor = truncateFunction(plan);
  body.push(...names.holdFns, ...names.watchTables, anchor);

  const lookbehind = plan.states
    .flatMap((s) => s.watch)
    .map((w) => (w.delimiter.kind === "pattern" ? `P${w.delimiter.pattern}.lookbehind` : null))
    .filter((x): x is string => x !== null);
  const call = (name: string) => `${name}(buf, pos, eos, out)`;
  const cases = plan.states
    .filter((s) => s.state >= 0)
    .map((s) => `case ${s.state}: ${call(stateFunctionName(s))}; return;`);
  // One plan object per parser, holding the template's constants; nothing mutable lives at module level
  // (each parser's search state is in its own ScanResult.memo, see runtime/core/engine/plan.ts).
  body.push(
    konst("LOOKBEHIND", "number", lookbehind.length ? `Math.max(0, ${[...new Set(lookbehind)].join(", ")})` : "0"),
    ...scanners,
    fn(`/** The plan of one parser: the template's constants and scanners. */
class ${PLAN_CLASS} implements Plan {
  readonly fields = fields;
  readonly implicit = ${plan.implicit};
  readonly defaults = defaults;
  readonly lookbehind = LOOKBEHIND;
  readonly truncatePrefix = truncatePrefix;
  scan(state: number, buf: string, pos: number, eos: boolean, out: ScanResult): void {
    switch (state) {
      ${cases.join("\n")}
      default: ${call("scanOutside")};
    }
  }
}`),
  );
  const planFor = `new ${PLAN_CLASS}()`;
  body.push(
    fn(`/** A streaming parser: feed() chunks as they arrive, then finalize(). \`prefix\` (the prompt) is required. */
export function createResponseParser(options: ParseOptions): ResponseParser<Message> {
  return new StreamParser<Message>(${planFor}, options);
}`),
    fn(`/** Parses whole responses: one feed and finalize each. A list of texts gives a list of messages; with
 * \`onError: "recover"\` each result is \`{message, errors}\`. */
export function parseResponse(text: string, options: RecoverOptions): Recovered<Message>;
export function parseResponse(text: string[], options: RecoverOptions): Recovered<Message>[];
export function parseResponse(text: string, options: ParseOptions): Message;
export function parseResponse(text: string[], options: ParseOptions): Message[];
export function parseResponse(
  text: string | string[],
  options: ParseOptions,
): Message | Recovered<Message> | (Message | Recovered<Message>)[] {
  return Array.isArray(text) ? text.map((t) => parseWhole<Message>(${planFor}, t, options)) : parseWhole<Message>(${planFor}, text, options);
}`),
  );

  // One value import and one type import, both from the runtime entry point.
  const values = ["StreamParser", "parseWhole"];
  values.push(...[...new Set([...parsers, ...[...named].sort()])].map(parserExport));
  if (usesPatterns) values.push("PatternMatcher", ...tables.map((t) => TABLE_EXPORTS[t]!));
  if (usesWord && !(usesPatterns && tables.includes("Word"))) values.push("WORD");
  if (plan.patterns.some((p) => (p.spec as unknown as PatternSpec).backtrack)) values.push("Backtracker");
  values.push(...[...names.runtime].sort());
  if (contentErrors.length) values.push("PatternError");
  if (needs.pyFloat) values.push("PyFloat");
  if (needs.makeDict) values.push("makeDict");
  if (usesApplyTransform) values.push("applyPrepared");
  if (usesProcessField) values.push("processField");
  if (usesTransformField) values.push("transformField");
  if (specials.has("pyStrip")) values.push("pyStrip");
  if (specials.has("parseJsonPlain")) values.push("parseJsonPlain");
  if (plan.fields.some((f) => f.argumentLiterals)) values.push("readArgumentLiteral");
  if (plan.fields.some((f) => f.unwrapArguments)) values.push("unwrapArguments");
  const types = ["FieldPlan", "Plan", "ScanResult", "JsonObject", "JsonValue", "ParseOptions", "ResponseParser", "Recovered", "RecoverOptions"];
  types.push(...message.imports.filter((t) => !values.includes(t)));
  types.push("ContentContext", "ContentParser", ...(usesPatterns ? ["UnicodeTables"] : []), "PyPattern");
  if (names.watchTables.length) types.push("Watched");
  if (usesProcessField) types.push("FieldProcessing");
  if (usesTransformField) types.push("FieldTransform");
  if (usesApplyTransform || usesProcessField || usesTransformField) types.push("PreparedTransform");
  const imports = [
    `import { ${values.join(", ")} } from ${str(rt)};`,
    `import type { ${types.join(", ")} } from ${str(rt)};`,
  ];

  const header = `// Generated by \`rtc build\` from ${safe(plan.file)} (template "${safe(plan.name)}"). Do not edit: rebuild with \`rtc build\`.
// Scanners are specialised to this template's delimiters; the engine (runtime/core/engine/stream.ts) is shared.
// \`rtc build --explain ${safe(plan.file)}\` prints the plan this code was generated from.`;
  return [header, ...imports, ...body];
}

/**
 * A content parser with no arguments, called as what it then does: `text` is Python's strip, `json` the
 * plain decode (runtime/core/content/json.ts parseJsonPlain, the same errors). null for anything else.
 */
function specialCall(f: FieldPlanIR): { name: string; call: string } | null {
  if (!isDict(f.contentArgs) || Object.keys(f.contentArgs).length !== 0) return null;
  if (f.content === "text") return { name: "pyStrip", call: "pyStrip(body)" };
  if (f.content === "json") return { name: "parseJsonPlain", call: "parseJsonPlain(body)" };
  return null;
}

function processFunction(
  f: FieldPlanIR,
  name: string,
  needs: ValueNeeds,
): { statements: string[]; processField: boolean; transformField: boolean; applyTransform: boolean } {
  // A json-calls body read only in part (PartialContentError): recover mode passes the calls read back in.
  const partial = f.content === "json-calls" && isDict(f.contentArgs);
  const sig = `function ${name}(body: string, captures: Record<string, string>${partial ? ", parsed?: { value: JsonValue }" : ""}): JsonValue {`;
  const doc = `/** fields.${safe(f.name)}: ${safe(f.content)}${f.transform !== undefined ? " then the transform" : ""}. */`;
  if (!isDict(f.contentArgs)) {
    // content_args that are not a dict: the runtime's processField raises the reference's error.
    const spec = `{ name: ${str(f.name)}, content: ${str(f.content)}, contentArgs: ${jsonValue(f.contentArgs, needs)}, transform: ${
      f.transform === undefined ? "undefined" : preparedValue(f.transform, needs)
    }, transformEach: ${f.transformEach} }`;
    return {
      statements: [
        `const field${f.index}: FieldProcessing = ${spec};`,
        `${doc}\n${sig}\nreturn processField(body, field${f.index}, captures, ctx);\n}`,
      ],
      processField: true,
      transformField: false,
      applyTransform: false,
    };
  }
  const args = `args${f.index}`;
  const special = specialCall(f);
  const lines = special ? [] : [`const ${args}: JsonObject = ${jsonValue(f.contentArgs, needs)};`];
  const parse = special ? special.call : `parse_${ident(f.content)}(body, ${args}, ctx)`;
  const call = partial ? `(parsed ? parsed.value : ${parse})` : parse;
  if (f.process.kind === "generic") {
    // transform_each, dotted paths or unusual keys: the runtime's transform step, on this parser's value.
    const spec = `{ name: ${str(f.name)}, transform: ${f.transform === undefined ? "undefined" : preparedValue(f.transform, needs)}, transformEach: ${f.transformEach} }`;
    lines.push(`const field${f.index}: FieldTransform = ${spec};`, `${doc}\n${sig}\nreturn transformField(${call}, field${f.index}, captures);\n}`);
    return { statements: lines, processField: false, transformField: true, applyTransform: false };
  }
  const t = f.process.transform;
  if (t === null) {
    lines.push(`${doc}\n${sig}\nvoid captures;\nreturn ${call};\n}`);
    return { statements: lines, processField: false, transformField: false, applyTransform: false };
  }
  const captures = new Set<string>();
  const expr = transformExpr(t, captures, needs);
  const fnLines = [doc, sig, `const content = ${call};`];
  let apply = false;
  if (captures.size) {
    apply = true;
    lines.push(`const transform${f.index}: PreparedTransform = ${preparedValue(f.transform!, needs)};`);
    const missing = [...captures].map((c) => `!Object.prototype.hasOwnProperty.call(captures, ${str(c)})`).join(" || ");
    fnLines.push(
      `// A capture that did not take part: the runtime's transform raises the reference's error.`,
      `if (${missing}) return applyPrepared(transform${f.index}, new Map<string, JsonValue>([...Object.entries(captures), ["content", content]]));`,
    );
  }
  fnLines.push(`return ${expr};`, "}");
  lines.push(fnLines.join("\n"));
  return { statements: lines, processField: false, transformField: false, applyTransform: apply };
}

function transformExpr(t: TransformPlan, captures: Set<string>, needs: ValueNeeds): string {
  switch (t.kind) {
    case "content":
      return "content";
    case "capture":
      captures.add(t.name);
      return `captures[${str(t.name)}]!`;
    case "value":
      return jsonValue(t.value, needs);
    case "list":
      return `[${t.items.map((x) => transformExpr(x, captures, needs)).join(", ")}]`;
    case "dict":
      return `{${t.entries.map(([k, v]) => `${str(k)}: ${transformExpr(v, captures, needs)}`).join(", ")}}`;
  }
}

function truncateFunction(plan: TemplatePlan): string {
  const a = plan.anchor;
  const head = "/** The prefix after the start anchor's last (leftmost, non-overlapping) match; all of it when there is none. */\nfunction truncatePrefix(prefix: string): string {";
  if (a.kind === "pattern") {
    return `${head}\nconst all = P${a.pattern}.finditer(prefix);\nreturn all.length ? prefix.slice(all[all.length - 1]!.end) : prefix;\n}`;
  }
  if (a.literals.length === 1 && !a.literals[0]!.selfOverlapping) {
    const lit = a.literals[0]!.text;
    return `${head}\n// ${show(lit)} cannot overlap itself (border table), so its last occurrence is the last match.\nconst i = prefix.lastIndexOf(${str(
      lit,
    )});\nreturn i < 0 ? prefix : prefix.slice(i + ${lit.length});\n}`;
  }
  const lines = [head, "let last = -1;", "let pos = 0;", "for (;;) {", "let s = -1;", "let e = 0;", "let t = 0;"];
  a.literals.forEach((l, i) => {
    lines.push(`t = prefix.indexOf(${str(l.text)}, pos);`);
    lines.push(i === 0 ? `if (t >= 0) { s = t; e = t + ${l.text.length}; }` : `if (t >= 0 && (s < 0 || t < s)) { s = t; e = t + ${l.text.length}; }`);
  });
  lines.push("if (s < 0) break;", "last = e;", "pos = e;", "}", "return last < 0 ? prefix : prefix.slice(last);", "}");
  return lines.join("\n");
}
