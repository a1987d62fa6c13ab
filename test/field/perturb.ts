// The perturbations: each takes a clean rendered turn (whose message is known by construction, and which
// parses to it) and derives an output a real model writes, with the recover-mode message it must give.
// A perturbation returns null where it does not apply (no such delimiter, too few calls, …).
//
// What recover mode must yield (docs/field-oracle.md):
// - every kind but `truncated` and `call-in-reasoning` (policy "text"): the intended message itself;
//   content and reasoning are compared with whitespace runs collapsed (a separator must exist, its spelling
//   is free), tool calls exactly;
// - `truncated` (the stream ends inside the last call): the complete calls survive, reasoning is intact,
//   content begins with the intended content, and the cut call's text is not lost: it is in the content or
//   inside a reported error span;
// - `call-in-reasoning`: per family (REASONING_KEEPS_CALLS): the call is extracted and the reasoning
//   around it joined, or the call's markup stays reasoning text.

import type { Rng } from "./generate.ts";
import { int, pick } from "./generate.ts";
import type { Region } from "./locate.ts";

export interface Expectation {
  message: Record<string, unknown>;
  /** `truncated`: content need only begin with the intended content. */
  contentPrefix?: boolean;
  /** `truncated`: raw text that must be in the content or in a reported error span. */
  lost?: string;
}

export interface Clean {
  template: string;
  templateJson: Record<string, unknown>;
  output: string;
  regions: Region[];
  callFields: Set<string>;
  expected: Record<string, unknown>;
  r: Rng;
}

export type Perturbed = { output: string; expect: Expectation } | null;

/** Families whose chat template renders tool markup inside reasoning as reasoning text (issue 28, item 3). */
const REASONING_KEEPS_CALLS = new Set(["deepseek-v3-1", "reka-edge"]);

type Call = { type: string; function: { name: string; arguments: unknown } };
const callsOf = (m: Record<string, unknown>): Call[] => (m.tool_calls as Call[] | undefined) ?? [];
const withCalls = (m: Record<string, unknown>, calls: Call[]) => {
  const { tool_calls: _, ...rest } = m;
  return calls.length ? { ...rest, tool_calls: calls } : rest;
};
const splice = (s: string, from: number, to: number, insert = "") => s.slice(0, from) + insert + s.slice(to);

const callRegions = (c: Clean) => c.regions.filter((g) => c.callFields.has(g.field));
/** A region after which nothing but whitespace follows (so cutting or appending there loses nothing). */
const isLast = (c: Clean, g: Region) =>
  c.regions.every((x) => x.openStart < g.closeEnd || (!c.callFields.has(x.field) && x.field !== "thinking" && inner(c, x).trim() === ""));
/** One call per region: region i holds call i. */
const onePerRegion = (c: Clean) => callRegions(c).length > 0 && callRegions(c).length === callsOf(c.expected).length;
const inner = (c: Clean, g: Region) => c.output.slice(g.innerStart, g.innerEnd);
function json(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}
const same = (c: Clean, output: string): Perturbed => ({ output, expect: { message: c.expected } });

/** A JSON call object in a tag (`<tool_call>{…}</tool_call>`): the shape item 1's wrappers replace. */
function taggedJsonCall(c: Clean): Region | null {
  if (!onePerRegion(c)) return null;
  const g = pick(c.r, callRegions(c));
  const v = json(inner(c, g).trim()) as { name?: unknown } | undefined;
  const open = c.output.slice(g.openStart, g.innerStart).trim();
  return v && typeof v === "object" && typeof v.name === "string" && /^<[a-z_]+>$/.test(open) ? g : null;
}

function pyRepr(v: unknown): string {
  if (v === null) return "None";
  if (v === true) return "True";
  if (v === false) return "False";
  if (typeof v === "string") return `'${v.replaceAll("\\", "\\\\").replaceAll("'", "\\'").replaceAll("\n", "\\n")}'`;
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(", ")}]`;
  if (typeof v === "object") return `{${Object.entries(v).map(([k, x]) => `${pyRepr(k)}: ${pyRepr(x)}`).join(", ")}}`;
  return String(v);
}
/** JSON as chat templates print it: compact, or Python json.dumps's separators. */
const dumps = (v: unknown) => [JSON.stringify(v), JSON.stringify(v, null, 1).replace(/\n\s*/g, " ").replace(/([[{]) /g, "$1").replace(/ ([\]}])/g, "$1")];

/** Close delimiters that end the turn: text after them belongs to no message, so `text-after` skips them. */
const ENDS_TURN = /<\|(?:eot_id|eom_id|im_end|end|endoftext|call|return|END_OF_TURN_TOKEN)\|>|<｜end▁of▁sentence｜>|<\/s>|<turn\|>/;
/** Past the section closers that follow a call (`</tool_call>` around MiniMax's `<invoke>`, DeepSeek's
 * `<｜tool▁calls▁end｜>`), stopping at a token that ends the turn. */
function afterClosers(s: string, at: number): number {
  const closer = /^\s*(?:\]<\]minimax\[>\[)?(?:<\/[^<>\s]+>|<｜[^｜]*end｜>|<\|[^|]*_end\|>)/;
  for (;;) {
    const m = closer.exec(s.slice(at));
    if (!m || ENDS_TURN.test(m[0])) return at;
    at += m[0].length;
  }
}
/** The span of a call with its section markup (Kimi's `<|tool_calls_section_begin|>`, MiniMax's
 * `<tool_call>` around `<invoke>`), when the call can be moved whole: nothing but whitespace around it, or
 * a section holding only this call. null otherwise. */
function movable(c: Clean, g: Region): [number, number] | null {
  const i = c.regions.indexOf(g);
  const from = i > 0 ? c.regions[i - 1]!.closeEnd : 0;
  const before = c.output.slice(from, g.openStart);
  const end = i + 1 < c.regions.length ? c.regions[i + 1]!.openStart : c.output.length;
  const after = c.output.slice(g.closeEnd, end);
  if (before.trim() === "" && (after.trim() === "" || ENDS_TURN.test(after))) return [g.openStart, g.closeEnd];
  if (callRegions(c).length !== 1 || !/^(?:\s*(?:\]<\]minimax\[>\[)?<[^<>]+>)+\s*$/.test(before)) return null;
  return [from + (before.length - before.trimStart().length), afterClosers(c.output, g.closeEnd)];
}
const WRAPPERS = ["tool", "tools", "response", "json", "function_call"];
const TEXT_AFTER = "Anything else? “Ask” ✓";
const ALT_SPELLINGS: [string, string[]][] = [
  ["<｜tool▁calls▁begin｜>", ["<｜tool_calls_begin｜>", "<｜tool calls begin｜>", "<｜tool\\_calls\\_begin｜>", "<｜tool▁calls｜>"]],
  ["<｜tool▁call▁begin｜>", ["<｜tool_call_begin｜>", "<｜tool call begin｜>"]],
];
const PARAM_CLOSERS = ["</parameter>", "</arg_value>", "</param>", "</seed:parameter>"];

export const PERTURBATIONS: Record<string, (c: Clean) => Perturbed> = {
  "close-eos": (c) => {
    const g = callRegions(c).at(-1);
    return g && g.closeEnd > g.innerEnd && isLast(c, g) ? same(c, c.output.slice(0, g.innerEnd)) : null;
  },
  "close-between": (c) => {
    const gs = callRegions(c);
    if (gs.length < 2) return null;
    const g = gs[int(c.r, 0, gs.length - 2)]!;
    return g.closeEnd > g.innerEnd ? same(c, splice(c.output, g.innerEnd, g.closeEnd)) : null;
  },
  "indent-json": (c) => {
    const g = callRegions(c).find((x) => json(inner(c, x).trim()) !== undefined);
    if (!g) return null;
    const pretty = JSON.stringify(json(inner(c, g).trim()), null, pick(c.r, [2, 4, "\t"]));
    return same(c, splice(c.output, g.innerStart, g.innerEnd, `\n  ${pretty}\n `));
  },
  "fence-json": (c) => {
    const g = callRegions(c).find((x) => json(inner(c, x).trim()) !== undefined);
    return g ? same(c, splice(c.output, g.innerStart, g.innerEnd, `\n\`\`\`json\n${inner(c, g).trim()}\n\`\`\`\n`)) : null;
  },
  ...Object.fromEntries(
    WRAPPERS.map((w) => [
      `wrap-${w}`,
      (c: Clean) => {
        const g = taggedJsonCall(c);
        return g ? same(c, splice(c.output, g.openStart, g.closeEnd, `<${w}>\n${inner(c, g).trim()}\n</${w}>`)) : null;
      },
    ]),
  ),
  "wrap-function-name": (c) => {
    const g = taggedJsonCall(c);
    if (!g) return null;
    const v = json(inner(c, g).trim()) as { name: string; arguments?: unknown; parameters?: unknown };
    return same(c, splice(c.output, g.openStart, g.closeEnd, `<function name="${v.name}">${JSON.stringify(v.arguments ?? v.parameters ?? {})}</function>`));
  },
  "fence-xml": (c) => {
    const g = taggedJsonCall(c);
    return g ? same(c, splice(c.output, g.openStart, g.closeEnd, `\`\`\`xml\n${c.output.slice(g.openStart, g.closeEnd).trim()}\n\`\`\``)) : null;
  },
  "fence-call": (c) => {
    const g = taggedJsonCall(c);
    return g ? same(c, splice(c.output, g.openStart, g.closeEnd, `\`\`\`json\n${inner(c, g).trim()}\n\`\`\``)) : null;
  },
  "text-after": (c) => {
    const g = callRegions(c).at(-1);
    if (!g || !isLast(c, g) || ENDS_TURN.test(c.output.slice(g.innerEnd, g.closeEnd))) return null;
    const content = [c.expected.content, TEXT_AFTER].filter(Boolean).join(" ");
    const at = afterClosers(c.output, g.closeEnd);
    return { output: splice(c.output, at, at, `\n\n${TEXT_AFTER}`), expect: { message: { ...c.expected, content } } };
  },
  truncated: (c) => {
    const g = callRegions(c).at(-1);
    const calls = callsOf(c.expected);
    if (!g || !isLast(c, g) || !calls.length) return null;
    const name = calls.at(-1)!.function.name;
    const at = c.output.lastIndexOf(name, g.innerEnd - 1);
    if (at < g.openStart) return null;
    const cut = at + name.length + Math.floor((g.innerEnd - at - name.length) / 2);
    if (cut >= g.innerEnd) return null;
    return {
      output: c.output.slice(0, cut),
      expect: { message: withCalls(c.expected, calls.slice(0, -1)), contentPrefix: true, lost: c.output.slice(g.openStart, cut) },
    };
  },
  "alt-spelling": (c) => {
    for (const [canon, alts] of ALT_SPELLINGS) {
      const at = c.output.indexOf(canon);
      if (at >= 0) return same(c, splice(c.output, at, at + canon.length, pick(c.r, alts)));
    }
    return null;
  },
  "call-in-reasoning": (c) => {
    const t = c.regions.find((x) => x.field === "thinking");
    const g = callRegions(c)[0];
    if (!t || !g || !c.expected.thinking || !onePerRegion(c) || g.openStart < t.closeEnd) return null;
    const span = movable(c, g);
    if (!span) return null;
    const text = inner(c, t);
    const mid = text.indexOf(" ", Math.floor(text.length / 2));
    if (mid < 0) return null;
    const raw = c.output.slice(span[0], span[1]).trim();
    const output = splice(splice(c.output, span[0], span[1]), t.innerStart + mid, t.innerStart + mid, `\n${raw}\n`);
    if (!REASONING_KEEPS_CALLS.has(c.template)) return same(c, output);
    const thinking = `${text.slice(0, mid)} ${raw} ${text.slice(mid)}`;
    return { output, expect: { message: { ...withCalls(c.expected, callsOf(c.expected).slice(1)), thinking } } };
  },
  "no-reasoning-opener": (c) => {
    const t = c.regions.find((x) => x.field === "thinking");
    return t && t.innerStart > t.openStart && c.expected.thinking ? same(c, splice(c.output, t.openStart, t.innerStart)) : null;
  },
  "dup-close": (c) => {
    const g = callRegions(c).at(-1);
    if (!g || g.closeEnd <= g.innerEnd || !isLast(c, g)) return null;
    return same(c, splice(c.output, g.closeEnd, g.closeEnd, c.output.slice(g.innerEnd, g.closeEnd)));
  },
  "python-args": (c) => {
    const calls = callsOf(c.expected);
    for (const [i, g] of callRegions(c).entries()) {
      if (!onePerRegion(c) || json(inner(c, g).trim()) !== undefined) continue;
      const args = calls[i]!.function.arguments as Record<string, unknown>;
      for (const v of Object.values(args)) {
        if (!v || typeof v !== "object") continue;
        for (const d of dumps(v)) {
          const at = c.output.indexOf(d, g.innerStart);
          if (at >= 0 && at + d.length <= g.innerEnd) return same(c, splice(c.output, at, at + d.length, pyRepr(v)));
        }
      }
    }
    return null;
  },
  "param-close-missing": (c) => {
    for (const g of callRegions(c)) {
      const text = inner(c, g);
      for (const p of PARAM_CLOSERS) {
        const at = text.indexOf(p);
        if (at >= 0) return same(c, splice(c.output, g.innerStart + at, g.innerStart + at + p.length));
      }
    }
    return null;
  },
};

Object.assign(PERTURBATIONS, {
  /** XML-style parameters indented, as models re-indent markup: opening tags only (the whitespace before a
   * closing tag is the value's, in every peer's reading). */
  "indent-tags": (c: Clean): Perturbed => {
    const re = /\n<(?!\/)/g;
    const g = callRegions(c).find((x) => json(inner(c, x).trim()) === undefined && re.test(inner(c, x)));
    return g ? same(c, splice(c.output, g.innerStart, g.innerEnd, inner(c, g).replace(re, "\n  <"))) : null;
  },
  /** A call without its wrapper (issue 28, item 12): `<function=X>…</function>` with no `<tool_call>` around it. */
  "bare-function": (c: Clean): Perturbed => {
    for (const g of callRegions(c)) {
      const open = /^(\s*)<tool_call>\s*(<function=[^>]+>)$/.exec(c.output.slice(g.openStart, g.innerStart));
      const close = /^(\s*<\/function>)\s*<\/tool_call>$/.exec(c.output.slice(g.innerEnd, g.closeEnd));
      if (open && close) return same(c, splice(splice(c.output, g.innerEnd, g.closeEnd, close[1]), g.openStart, g.innerStart, open[1]! + open[2]!));
    }
    return null;
  },
  /** An empty call region (issue 28, item 21) after the calls: no call, and nothing for the content. */
  "empty-call": (c: Clean): Perturbed => {
    const g = callRegions(c).at(-1);
    if (!g || !isLast(c, g)) return null;
    const open = c.output.slice(g.openStart, g.innerStart).trim();
    const close = c.output.slice(g.innerEnd, g.closeEnd).trim();
    return /^<[\w:|]+>$/.test(open) && close && !ENDS_TURN.test(close) ? same(c, splice(c.output, g.closeEnd, g.closeEnd, `\n${open}   ${close}`)) : null;
  },
  /** One malformed entry in a JSON call list (issue 28, item 9): the other calls stay, the entry is an error span. */
  "malformed-entry": (c: Clean): Perturbed => {
    const gs = callRegions(c);
    const calls = callsOf(c.expected);
    const list = gs.length === 1 ? json(inner(c, gs[0]!).trim()) : undefined;
    if (!Array.isArray(list) || list.length < 2 || list.length !== calls.length) return null;
    const i = int(c.r, 0, list.length - 1);
    const broken = JSON.stringify(list[i]).slice(0, -2);
    const text = `[${list.map((x, j) => (j === i ? broken : JSON.stringify(x))).join(", ")}]`;
    return {
      output: splice(c.output, gs[0]!.innerStart, gs[0]!.innerEnd, text),
      expect: { message: withCalls(c.expected, calls.filter((_, j) => j !== i)), contentPrefix: true, lost: broken },
    };
  },
});

/** Kinds made by rendering a changed conversation (tool names with `-` / `.`), not by editing the text. */
export const RENAMES: Record<string, (name: string) => string> = {
  "name-dash": (n) => n.replaceAll("_", "-"),
  "name-dot": (n) => `tools.${n}`,
};
