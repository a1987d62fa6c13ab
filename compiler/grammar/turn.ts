// Template → abstract turn: which fields are reasoning, content or tool calls, their delimiters as
// grammar branches, what ends the turn, and which literals free text must never contain (any open:
// writing one would start a region).

import type { FieldSpec, TemplateSpec } from "response-template/runtime";
import { callShape, type CallShape } from "./calls.ts";
import { seq } from "./ir.ts";
import { translateDelimiter, type Branch, type Delimiter } from "./delimiter.ts";
import { finiteStrings, skipLeadingSpace, splitLeading } from "./language.ts";

export type Kind = "reasoning" | "content" | "calls" | "other";

export interface TurnField {
  spec: FieldSpec;
  kind: Kind;
  open: Delimiter;
  /** null: the region runs to the end of the stream (no close). */
  close: Delimiter | null;
  /** For call fields: how a call is laid out, or why the grammar cannot write it. */
  shape: CallShape | string | null;
}

export interface Turn {
  spec: TemplateSpec;
  /** Explicit fields, in template order. */
  fields: TurnField[];
  /** The field collecting text outside regions; `repeats`: text after a region does not replace it. */
  implicit: { spec: FieldSpec; close: Delimiter | null; repeats: boolean } | null;
  /** The implicit field's close: what ends the turn (end-of-turn markers, usually stop tokens). */
  end: Branch[];
  /** The end markers as plain literals (for servers that strip them, and for tests). */
  endLiterals: string[];
  /** Literals free text must not contain (an open of some field, or the end of the turn). */
  freeExclude: string[];
  notes: string[];
}

const REASONING = new Set(["thinking", "reasoning", "reasoning_content"]);

function kindOf(f: FieldSpec): Kind {
  const t = f.transform;
  if (t && typeof t === "object" && !Array.isArray(t) && (t as Record<string, unknown>).type === "function") return "calls";
  if (REASONING.has(f.name)) return "reasoning";
  if (f.name === "content") return "content";
  return "other";
}

export function analyzeTurn(spec: TemplateSpec): Turn {
  const notes: string[] = [];
  const fields: TurnField[] = [];
  let implicit: Turn["implicit"] = null;
  for (const f of spec.fields) {
    const close = f.close ? translateDelimiter(f.close) : null;
    if (!f.open) {
      implicit = { spec: f, close, repeats: f.repeats };
      continue;
    }
    const kind = kindOf(f);
    const open = translateDelimiter(f.open);
    const shape = kind === "calls" ? callShape(f) : null;
    fields.push({ spec: f, kind, open, close, shape });
    // An open naming the tool is read again per tool (regions.ts), where what still fails is reported.
    const perTool = typeof shape === "object" && shape?.name.in === "open";
    for (const u of [...(perTool ? [] : open.unsupported), ...(close?.unsupported ?? [])]) notes.push(`fields.${f.name}: ${u} left out`);
  }
  // Each end branch's texts after its leading whitespace (`</tool_calls(?::opensource)?>` gives two), or
  // the fixed text it can be alone (`\s*(?:\[END FINAL RESPONSE\]\s*)?<\|end\|>` gives `<|end|>`).
  const textsOf = (b: Branch): string[] =>
    finiteStrings(seq(...skipLeadingSpace(b.g.t === "seq" ? b.g.items : [b.g]))) ??
    splitLeading(b.g)?.filter((x) => x.rest.t === "lit" && x.rest.s === "").map((x) => x.literal) ??
    [];
  const end = implicit?.close?.branches.filter((b) => !b.lookahead && !b.startOnly) ?? [];
  // Beside branches of its own, a branch that spells another field's closer (LFM2's stray or echoed
  // `<|tool_call_end|>`, Ernie's stray `</think>`, a doubled `</function>`) is no end marker: a region it
  // closes still writes its closer. A closer is a literal close or a close pattern's one fixed text
  // (`\s*</function>`). (Mistral's `</s>` closes calls and content alike, and is the turn's only end.)
  const closers = new Set([
    ...spec.fields.flatMap((f) => (f.open && f.close?.kind === "literal" ? f.close.literals : [])),
    ...fields.flatMap((f) => {
      const texts = new Set(f.close?.branches.filter((b) => !b.lookahead && !b.startOnly).flatMap(textsOf));
      return texts.size === 1 ? [...texts] : [];
    }),
  ]);
  const own = end.filter((b) => !textsOf(b).some((x) => closers.has(x)));
  const endLiterals = [...new Set((own.length > 0 ? own : end).flatMap(textsOf))].filter((x) => x !== "");
  const freeExclude: string[] = [...(implicit?.close?.required ?? [])];
  for (const f of fields) {
    if (f.open.required === null) notes.push(`fields.${f.spec.name}: its open delimiter has no fixed text; free text is not kept from opening it`);
    else freeExclude.push(...f.open.required);
  }
  return { spec, fields, implicit, end, endLiterals, freeExclude: [...new Set(freeExclude)], notes };
}
