// The xgrammar structural tag vLLM and SGLang take (`response_format: {type: "structural_tag",
// format}`), built from the same regions as the GBNF turn:
// - tool_choice auto: `triggered_tags` — free text until a trigger (the fixed text a region's open
//   starts with), then that region as a `tag`: a text region is `any_text` up to its close, a JSON call
//   body is a `json_schema` element between `grammar` elements for the rest of the delimiters, any
//   other body a `grammar` element (our GBNF, which xgrammar reads);
// - required / a named tool: the reasoning block (optional), then `triggered_tags` with `at_least_one`;
//   `stop_after_first` when parallel calls are off.
// When the turn needs more than that form can say — tool_choice none (xgrammar 0.1.27 has no
// `any_text.excludes` to keep a call marker out of free text), a call written at the very start, a call
// that ends at the next call or at the end of the turn, a prompt that opened a region — the format is a
// single `grammar` element holding the whole GBNF turn. What the native form does not enforce is listed
// in `notes` (and checked in test/grammar/deviations.json).

import { seq, type G } from "./ir.ts";
import { printGrammar } from "./gbnf.ts";
import type { Start, TurnGrammar } from "./assemble.ts";
import { derive, splitLeading } from "./language.ts";
import type { Item, Variant } from "./regions.ts";
import { isObj, type Calls, type Tool } from "./tool-choice.ts";
import type { Turn } from "./turn.ts";

export type Format =
  | { type: "any_text" }
  | { type: "const_string"; value: string }
  | { type: "json_schema"; json_schema: unknown }
  | { type: "grammar"; grammar: string }
  | { type: "sequence"; elements: Format[] }
  | { type: "or"; elements: Format[] }
  | { type: "tag"; begin: string; content: Format; end: string }
  | { type: "triggered_tags"; triggers: string[]; tags: Extract<Format, { type: "tag" }>[]; at_least_one?: boolean; stop_after_first?: boolean };

/** An xgrammar structural tag (`response_format: {type: "structural_tag", format}`), as vLLM and SGLang take it. */
export interface StructuralTag {
  type: "structural_tag";
  format: Format;
}

type Tag = Extract<Format, { type: "tag" }>;

export function structuralTag(turn: Turn, calls: Calls, start: Start, t: TurnGrammar): { tag: StructuralTag; notes: string[] } {
  const whole = (why: string) => ({
    tag: { type: "structural_tag" as const, format: { type: "grammar" as const, grammar: printGrammar(t.rules, t.root) } },
    notes: [`structural tag: one grammar element (${why})`],
  });
  if (calls.mode === "none") return whole("tool_choice none: free text must not contain a call marker, which triggered_tags cannot say");
  if (start.inside) return whole(`the prompt opened fields.${start.inside}`);
  const callItems = t.items.filter((i) => i.isCall);
  if (!callItems.length) return whole("no tool call can be written natively");
  for (const it of t.items) {
    for (const v of it.variants) {
      if (v.startOnly && it.isCall && start.atTurnStart) return whole(`fields.${it.id} has a call written at the very start (a ^ branch)`);
      if (it.isCall && v.then.kind !== "continue") return whole(`fields.${it.id}: a call ends at the next call or at the end of the turn, so text after it cannot be free`);
      if (!v.startOnly && !splitLeading(v.open)) return whole(`fields.${it.id}: an open that does not start with fixed text`);
    }
  }
  const notes: string[] = [];
  let n = 0;
  const grammar = (g: G): Format => {
    const k = n++;
    return { type: "grammar", grammar: printGrammar(t.rules, t.rules.add(`st-${k}`, g), `e${k}-`) };
  };

  const tagsFor = (it: Item, skipOptional: boolean): Tag[] => {
    const out: Tag[] = [];
    // A tag begins with fixed text every tool shares (the open without the name: `<|tool_call>call:`),
    // so that a call to a tool outside the tool choice still meets a trigger and is refused. A begin
    // that ends with another (`<|tool_calls|><|tool_call:begin|>`) is left to the shorter one, its
    // head written as free text: xgrammar 0.1.27 mishandles triggers that are suffixes of each other.
    // (An open read per tool: its variants' fixed text, cut where the tool's name begins. Under auto an
    // optional head is left to the free text before — a trigger commits, and the head may precede other
    // text —; where a call must come first, the head is the trigger.)
    const lead = { skipOptional };
    const all = [
      ...new Set(
        it.field.open.unsupported.length
          ? it.variants.filter((v) => !v.startOnly).flatMap((v) => splitLeading(v.open, lead)?.map((l) => (v.tool && l.literal.includes(v.tool) ? l.literal.slice(0, l.literal.indexOf(v.tool)) : l.literal)) ?? [])
          : it.field.open.branches.filter((b) => !b.startOnly).flatMap((b) => splitLeading(b.g, lead)?.map((l) => l.literal) ?? []),
      ),
    ].filter((l) => l !== "");
    const begins = all.filter((b) => !all.some((o) => o !== b && b.endsWith(o)));
    for (const v of it.variants) {
      if (v.startOnly || v.then.kind !== "continue") continue;
      for (const begin of begins) {
        const rest = derive(v.open, begin);
        if (rest) out.push({ type: "tag", begin, content: contentFor(it, v, rest), end: "" });
      }
    }
    const seen = new Set<string>();
    return out.filter((t) => !seen.has(JSON.stringify(t)) && !!seen.add(JSON.stringify(t)));
  };

  const contentFor = (it: Item, v: Variant, rest: G): Format => {
    if (it.isCall) {
      const js = jsonElements(it, v, rest);
      if (js) return js;
    }
    return grammar(seq(rest, v.tail));
  };

  /** A JSON call body as a json_schema element, with the delimiters around it as grammar elements. */
  const jsonElements = (it: Item, v: Variant, rest: G): Format | null => {
    const f = it.field.spec;
    const shape = it.field.shape;
    // Keys the transform ignores (ids) may stand anywhere: json_schema cannot say that, a grammar can.
    if (f.content !== "json" || typeof shape !== "object" || shape === null || shape.otherKeys) return null;
    const args = isObj(f.contentArgs) ? f.contentArgs : {};
    if (args.unquoted_keys || (Array.isArray(args.string_delims) && args.string_delims.length)) return null;
    const close = v.end;
    const tool = v.tool ? (calls.tools.find((x) => x.name === v.tool) ?? null) : null;
    const schema = shape.list ? listSchema(shape, calls) : shape.name.in === "open" ? (tool ? tool.parameters : null) : oneCallSchema(shape, calls.tools);
    if (!schema) return null;
    const ws: G = { t: "rep", body: { t: "cls", ranges: [[9, 10], [13, 13], [32, 32]] }, min: 0, max: Infinity };
    const elements: Format[] = [grammar(seq(rest, ws)), { type: "json_schema", json_schema: schema }, grammar(seq(ws, close))];
    return { type: "sequence", elements };
  };

  const reasoning = t.items.filter((i) => i.field.kind === "reasoning");
  const content = t.items.filter((i) => !i.isCall && i.field.kind !== "reasoning");
  const ws: G = { t: "rep", body: { t: "cls", ranges: [[9, 10], [13, 13], [32, 32]] }, min: 0, max: Infinity };
  const think = reasoning.flatMap((i) => i.variants.filter((v) => !v.startOnly && v.then.kind === "continue").map((v) => seq(v.open, v.tail)));
  // Around the reasoning: whitespace, or, when the template has no implicit field (text outside regions
  // is dropped, as gpt-oss's `<|start|>assistant`), free text.
  // (Not ending with a trigger's first characters: the triggered_tags after it would never see it.)
  const gap = turn.implicit ? ws : t.freeClean;
  const block = think.length ? seq(gap, { t: "rep", body: think.length === 1 ? think[0]! : { t: "alt", alts: think }, min: 0, max: 1 }, gap) : gap;
  // At the very start, a reasoning block the prompt's `^` branch opens (`</think>` right away).
  const atStart = start.atTurnStart ? reasoning.flatMap((i) => i.variants.filter((v) => v.startOnly && v.then.kind === "continue").map((v) => seq(v.open, v.tail, gap))) : [];
  const lead = atStart.length ? { t: "alt" as const, alts: [block, ...atStart] } : block;
  let format: Format;
  if (calls.mode === "auto" && calls.parallel) {
    const tags = [...t.items.filter((i) => !i.isCall), ...callItems].flatMap((i) => tagsFor(i, true));
    format = { type: "triggered_tags", triggers: minimalTriggers(tags.map((x) => x.begin)), tags };
  } else {
    // One call at most (stop_after_first counts every tag, so only calls are tags here; reasoning comes
    // first, as its own element) or at least one (at_least_one: the first call comes before any text).
    // stop_after_first ends the format right after the tag (and triggered_tags must come last in a
    // sequence): the whitespace a model writes after its one call goes inside the tag.
    const tags = callItems.flatMap((i) => tagsFor(i, false)).map((tag): Tag => (calls.parallel ? tag : { ...tag, content: { type: "sequence", elements: [tag.content, grammar(gap)] } }));
    const calling: Format = {
      type: "triggered_tags",
      triggers: minimalTriggers(tags.map((x) => x.begin)),
      tags,
      ...(calls.mode === "required" ? { at_least_one: true } : {}),
      ...(calls.parallel ? {} : { stop_after_first: true }),
    };
    format = { type: "sequence", elements: [grammar(lead), calling] };
    if (calls.mode === "required") notes.push("structural tag: tool_choice required / named: optional reasoning, then the calls (no text before the first call)");
    if (!calls.parallel) notes.push(`structural tag: without parallel calls, reasoning first, and only ${turn.implicit ? "whitespace" : "text outside regions"} after the call`);
  }
  // What triggered_tags does not enforce (test/grammar/deviations.json checks each on a real engine).
  for (const i of [...reasoning, ...content]) if (i.once && calls.mode === "auto") notes.push(`structural tag: fields.${i.id} may be written twice (the second block replaces the first)`);
  if (turn.implicit && !turn.implicit.repeats) notes.push(`structural tag: text after a call is free (it replaces fields.${turn.implicit.spec.name} written before the call)`);
  if (callItems.some((i) => i.field.spec.content === "json")) notes.push("structural tag: json_schema strings are not kept from holding the call's close marker");
  return { tag: { type: "structural_tag", format }, notes };
}

function minimalTriggers(begins: string[]): string[] {
  const uniq = [...new Set(begins)].sort((a, b) => a.length - b.length);
  return uniq.filter((b, i) => !uniq.slice(0, i).some((a) => b.startsWith(a)));
}

function callObjectSchema(shape: { name: { in: string; key?: string }; argsKey: string | null; otherKeys: boolean }, tool: Tool): Record<string, unknown> {
  const key = (shape.name as { key: string }).key;
  const properties: Record<string, unknown> = { [key]: { const: tool.name } };
  const required = [key];
  if (shape.argsKey) {
    properties[shape.argsKey] = tool.parameters;
    required.push(shape.argsKey);
  }
  return { type: "object", properties, required, ...(shape.otherKeys ? { additionalProperties: true } : {}) };
}

function oneCallSchema(shape: Parameters<typeof callObjectSchema>[0], tools: Tool[]): unknown {
  const options = tools.map((t) => callObjectSchema(shape, t));
  return options.length === 1 ? options[0] : { anyOf: options };
}

function listSchema(shape: Parameters<typeof callObjectSchema>[0], calls: Calls): unknown {
  return { type: "array", items: oneCallSchema(shape, calls.tools), minItems: 1, ...(calls.parallel ? {} : { maxItems: 1 }) };
}
