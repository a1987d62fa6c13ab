// grammarFor(template, {tools, toolChoice, parallel, format, prefix}): constrained-decoding grammars for
// the assistant turn a response template describes —
// - GBNF for llama.cpp (`grammar`, with lazy `grammar_triggers` for tool_choice auto), in the dialect
//   llama.cpp and xgrammar both read (gbnf.ts);
// - an xgrammar structural tag for vLLM / SGLang (`response_format: {type: "structural_tag", …}`).
// Pipeline: turn.ts (template → fields; delimiters as grammar by delimiter.ts, the tool name's group by
// name-group.ts, over pattern-nodes.ts) → regions.ts + calls.ts (+ tag-pattern.ts) + json-schema.ts
// (every region, call bodies under each tool's schema) → assemble.ts (the turn) → gbnf.ts /
// structural-tag.ts; ir.ts is the expression type, language.ts the questions asked of it. What no
// grammar can hold is listed in `unconstrained`.

import { compilePattern } from "response-template/translate";
import { createResponseParser, loadTemplate, type RegionEvent } from "response-template";
import type { DelimiterSpec, TemplateSpec } from "response-template/runtime";
import { assembleTurn, type Start } from "./assemble.ts";
import { printGrammar } from "./gbnf.ts";
import { structuralTag, type StructuralTag } from "./structural-tag.ts";
import { normaliseTools, resolveToolChoice, GrammarInputError, type ToolChoice } from "./tool-choice.ts";
import { callTriggers, LLAMA_TRIGGER_TYPE, type Trigger } from "./triggers.ts";
import { analyzeTurn } from "./turn.ts";

export { GrammarInputError, type ToolChoice } from "./tool-choice.ts";
export type { Trigger } from "./triggers.ts";
export type { StructuralTag } from "./structural-tag.ts";

/** Which grammars grammarFor builds: GBNF (llama.cpp), an xgrammar structural tag (vLLM / SGLang), or `json`: both. */
export type GrammarFormat = "gbnf" | "structural-tag" | "json";

/** The request a grammar is for (`rtc grammar` flags of the same names). */
export interface GrammarOptions {
  /** OpenAI tool definitions (with or without the `function` wrapper). */
  tools?: unknown[];
  /** "auto" (default), "none", "required", a tool name, or {type: "function", function: {name}}. */
  toolChoice?: ToolChoice;
  /** Several calls per turn (default true). */
  parallel?: boolean;
  /**
   * For tool_choice auto, a lazy GBNF grammar (llama.cpp applies it from the first trigger on) when the
   * template allows one (default true); false: a grammar for the whole turn.
   */
  lazy?: boolean;
  /**
   * End-of-turn tokens the server stops on (its stop strings / EOG tokens), besides the implicit field's
   * close, which counts by default: a region whose close is one of them may end the turn without it —
   * the engine never sees that token as text, and llama.cpp allows end-of-generation only where the
   * grammar can end.
   */
  stop?: string[];
  /** Which grammars to build: "gbnf", "structural-tag", or "json" (both; the default). */
  format?: GrammarFormat;
  /**
   * The prompt the turn continues (as for parsing), so that the grammar starts where generation does:
   * inside a reasoning block the prompt opened, after fields it already wrote. Default "": generation
   * starts right after the start anchor.
   */
  prefix?: string;
}

/** A GBNF grammar for the assistant turn, in the dialect llama.cpp and xgrammar both read. */
export interface GbnfGrammar {
  /** The grammar text (root rule `root`). */
  grammar: string;
  /** Apply the grammar only from a trigger on (tool_choice auto). */
  lazy: boolean;
  /** What starts the grammar when lazy (the call-open markers); empty otherwise. */
  triggers: Trigger[];
  /** The same, as llama.cpp's server takes it (`/completion` body fields). */
  llamaCpp: { grammar: string; grammar_lazy: boolean; grammar_triggers: { type: number; value: string }[] };
}

/** grammarFor's answer; the grammars present are those `format` asked for. The result is frozen (it is memoised). */
export interface GrammarResult {
  gbnf?: GbnfGrammar;
  /** For vLLM / SGLang `response_format: {type: "structural_tag", …}`. */
  structuralTag?: StructuralTag;
  /** Parts of the template (and of the tools' schemas) the grammars do not constrain. */
  unconstrained: string[];
  /** How the grammars narrow what the template allows, and other remarks. */
  notes: string[];
  /** End-of-turn markers (the implicit field's close): servers stop on them; the grammar allows them at the end. */
  endMarkers: string[];
}

function specOf(template: unknown): TemplateSpec {
  const loaded = loadTemplate(template);
  if (loaded.kind !== "template") throw new GrammarInputError("a legacy response_schema has no grammar form; convert it first (rtc convert)");
  return loaded.spec;
}

/** Where generation starts, from the prompt: the interpreter reads the prefix exactly as it would parse. */
function startOf(template: unknown, spec: TemplateSpec, prefix: string): Start {
  const kept = keptPrefix(spec, prefix);
  const parser = createResponseParser(template, { prefix });
  const open = new Set<string>();
  const closed = new Set<string>();
  // A pattern open matched at the prompt's end is held back while it could still grow: one more
  // character (NUL, in no delimiter) makes the parser commit it.
  for (const e of [...parser.initialEvents, ...parser.feed("\u0000")] as RegionEvent[]) {
    if (e.type === "region_open") open.add(e.field);
    if (e.type === "region_close") {
      open.delete(e.field);
      closed.add(e.field);
    }
  }
  const implicit = spec.implicit >= 0 ? spec.fields[spec.implicit]!.name : null;
  const inside = [...open].find((f) => f !== implicit) ?? null;
  const once = new Set(spec.fields.filter((f) => !f.repeats && f.open).map((f) => f.name));
  // The parser has read the prompt up to the end of the last region it closed; what follows may still
  // begin a delimiter together with the generation.
  let consumed = 0;
  for (const f of spec.fields) if (closed.has(f.name) && f.close) consumed = Math.max(consumed, lastEnd(f.close, kept));
  return {
    atTurnStart: kept === "",
    inside,
    used: [...closed].filter((f) => once.has(f)),
    tail: kept.slice(consumed).slice(-64),
    opensAfter: (field, text) => {
      const p = createResponseParser(template, { prefix });
      const events = [...p.feed(text), ...p.feed("\u0000")];
      return events.some((e) => e.type === "region_open" && e.field === field);
    },
  };
}

/** Where the last match of a delimiter in `text` ends (-1: none). */
function lastEnd(d: DelimiterSpec, text: string): number {
  let end = -1;
  if (d.kind === "literal") {
    for (const l of d.literals) {
      const i = text.lastIndexOf(l);
      if (i >= 0) end = Math.max(end, i + l.length);
    }
  } else if (d.kind === "pattern") {
    for (const m of compilePattern(d.source).finditer(text)) end = Math.max(end, m.end);
  }
  return end;
}

/** The prompt after the start anchor's last match (the parser keeps exactly this). */
function keptPrefix(spec: TemplateSpec, prefix: string): string {
  const end = lastEnd(spec.anchor, prefix);
  return end < 0 ? prefix : prefix.slice(end);
}

// Results per template and (options, start state): a server asks again for every request with the
// same tools, and prompts that differ only in the conversation start the turn the same way.
const memo = new WeakMap<TemplateSpec, Map<string, GrammarResult>>();
const MEMO_SIZE = 64;

/**
 * Constrained-decoding grammars for the assistant turn a response template describes: reasoning, content
 * and tool calls under each tool's JSON Schema, honouring `tool_choice` (OpenAI's meaning) and starting where
 * the prompt (`prefix`) leaves the turn. Every string a grammar allows parses back with the same template.
 * What no grammar can hold is listed in `unconstrained`. Throws GrammarInputError for bad tools or
 * tool_choice (or a legacy schema), TemplateError for a template that does not load. Results are memoised
 * per template and options.
 */
export function grammarFor(template: unknown, options: GrammarOptions = {}): GrammarResult {
  const spec = specOf(template);
  const start = startOf(template, spec, options.prefix ?? "");
  const { prefix: _p, ...rest } = options;
  const key = JSON.stringify([rest, { ...start, opensAfter: undefined, tail: start.atTurnStart ? "" : start.tail }]);
  let cache = memo.get(spec);
  if (!cache) memo.set(spec, (cache = new Map()));
  const hit = cache.get(key);
  if (hit) return hit;
  const result = deepFreeze(build(spec, start, options));
  if (cache.size >= MEMO_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, result);
  return result;
}

function deepFreeze<T>(v: T): T {
  if (v && typeof v === "object" && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

function build(spec: TemplateSpec, start: Start, options: GrammarOptions): GrammarResult {
  const tools = normaliseTools(options.tools);
  const calls = resolveToolChoice(tools, options.toolChoice, options.parallel ?? true);
  const format = options.format ?? "json";
  const turn = analyzeTurn(spec);
  const assembled = assembleTurn(turn, calls, start, options.stop ?? []);
  const result: GrammarResult = { unconstrained: assembled.unconstrained, notes: [...new Set(assembled.notes)], endMarkers: [...new Set([...turn.endLiterals, ...(options.stop ?? [])])] };
  if (format === "gbnf" || format === "json") {
    const t = calls.mode === "auto" && options.lazy !== false ? callTriggers(turn, assembled.items) : { triggers: [], lazy: false, why: null };
    if (t.why) result.notes.push(`not lazy: ${t.why}`);
    const lazy = t.lazy && t.triggers.every((x) => x.type === "word" || start.atTurnStart);
    const triggers = lazy ? t.triggers : [];
    if (lazy) result.notes.push("lazy: the grammar sees the turn from the first trigger on; text before it is free (and unseen)");
    const grammar = printGrammar(assembled.rules, lazy ? assembled.lazyRoot : assembled.root);
    result.gbnf = {
      grammar,
      lazy,
      triggers,
      llamaCpp: { grammar, grammar_lazy: lazy, grammar_triggers: triggers.map((x) => ({ type: LLAMA_TRIGGER_TYPE[x.type], value: x.value })) },
    };
  }
  if (format === "structural-tag" || format === "json") {
    const st = structuralTag(turn, calls, start, assembled);
    result.structuralTag = st.tag;
    result.notes.push(...st.notes);
  }
  return result;
}
