// rtc infer over every chat template the repository tests against: per chat template the classification,
// the round-trip verdicts, and — where the template library has a hand-written template for it
// (templates/catalog.json) — agreement of the two on that template's samples. scripts/infer-table.ts
// writes the result to expectations.json; corpus.test.ts recomputes it and compares.

import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { inferTemplate } from "../../compiler/infer/index.ts";
import { parseResponse } from "../../runtime/interpret/index.ts";
import { RtcError } from "../../runtime/core/errors.ts";
import type { ToolDefinition } from "../../runtime/core/index.ts";
import { CHAT_TEMPLATE_DIR } from "../templates/render.ts";
import { SAMPLE_DIR, plain, templateJson } from "../templates/support.ts";

export const EXPECTATIONS_FILE = join(import.meta.dirname, "expectations.json");

/** Variables a chat template requires to render at all (what a server passes for that model). */
export const CHAT_TEMPLATE_VARS: Record<string, Record<string, unknown>> = {
  "fireworks-ai-llama-3-firefunction-v2.jinja": { functions: "[]", datetime: "2026-01-01" },
};

/** Agreement on the library template's own samples (rows without a `shape`: what chat templates render)
 * and, apart, on its real-output variants (rows with a `shape`: forms models write that a chat template
 * never renders, which differential rendering cannot see). */
export interface LibraryAgreement {
  template: string;
  agree: number;
  samples: number;
  /** Samples on which the two disagree. */
  disagree: string[];
  realShapes: { agree: number; samples: number; disagree: string[] };
}

export interface CorpusRow {
  chat: string;
  /** Why nothing was inferred. */
  error?: string;
  reasoning: string | null;
  content: string | null;
  tools: string | null;
  gaps: number;
  roundTrip: { pass: number; fail: number; na: number };
  /** Conversations (with mode) that fail. */
  failing: string[];
  ok: boolean;
  /** Where the inferred template uses rtc extensions: the `portable` form's round trip and what it gives up. */
  portable?: { ok: boolean; pass: number; fail: number; na: number; leftOut: string[]; losses: number };
  library: LibraryAgreement[];
}

export interface Corpus {
  counts: {
    chatTemplates: number;
    inferred: number;
    roundTripPassing: number;
    verdicts: { pass: number; fail: number; na: number };
    withExtensions: number;
    portableRoundTripPassing: number;
    withLibraryTemplate: number;
    agreeing: number;
    sampleRows: number;
    sampleRowsAgreeing: number;
    realShapeRows: number;
    realShapeRowsAgreeing: number;
  };
  rows: CorpusRow[];
}

/** The models' end-of-sequence tokens (tokenizer_config.json), where they write it after a turn and the
 * chat template does not show it; the others are rendered with the default `</s>`, not used as a turn end. */
export const CHAT_TEMPLATE_EOS: Record<string, string> = {
  "GigaChat3-10B-A1.8B.jinja": "</s>",
  "GigaChat3.1-10B-A1.8B.jinja": "</s>",
  "microsoft-Phi-3.5-mini-instruct.jinja": "<|endoftext|>",
};

export function chatTemplateFiles(): string[] {
  return readdirSync(CHAT_TEMPLATE_DIR)
    .filter((f) => f.endsWith(".jinja"))
    .sort();
}

function libraryTemplatesFor(chat: string): string[] {
  const catalog = JSON.parse(readFileSync(join(SAMPLE_DIR, "..", "catalog.json"), "utf8")) as { templates: { name: string; round_tripped_against: string[] }[] };
  return catalog.templates.filter((t) => t.round_tripped_against.includes(chat)).map((t) => t.name);
}

export function corpusRow(chat: string): CorpusRow {
  const source = readFileSync(join(CHAT_TEMPLATE_DIR, chat), "utf8");
  const options = { vars: CHAT_TEMPLATE_VARS[chat] ?? {}, ...(CHAT_TEMPLATE_EOS[chat] ? { eos: CHAT_TEMPLATE_EOS[chat] } : {}) };
  const r = inferTemplate(source, options);
  const c = r.classification;
  const count = (s: string, verdicts = r.verdicts) => verdicts.filter((v) => v.status === s).length;
  const extended = r.portability.some((d) => d.code !== "regex-feature");
  const p = extended ? inferTemplate(source, { ...options, portable: true }) : null;
  const library = r.template ? libraryTemplatesFor(chat).map((name) => agreement(name, r.template!, chat)) : [];
  return {
    chat,
    ...(r.error ? { error: r.error } : {}),
    reasoning: c?.reasoning.mode ?? null,
    content: c?.content.mode ?? null,
    tools: c?.tools.format ?? null,
    gaps: r.gaps.length,
    roundTrip: { pass: count("pass"), fail: count("fail"), na: count("n/a") },
    failing: r.verdicts.filter((v) => v.status === "fail").map((v) => `${v.conversation}${v.mode ? ` [${v.mode}]` : ""}`),
    ok: r.ok,
    ...(p
      ? {
          portable: {
            ok: p.ok && !p.portability.some((d) => d.code !== "regex-feature"),
            pass: count("pass", p.verdicts),
            fail: count("fail", p.verdicts),
            na: count("n/a", p.verdicts),
            leftOut: Object.keys(r.template!.fields).filter((f) => !(f in p.template!.fields)),
            losses: p.losses.length,
          },
        }
      : {}),
    library,
  };
}

interface SampleRow {
  name: string;
  prefix: string;
  text: string;
  shape?: string;
  on_error?: "throw" | "recover";
  /** Tool definitions the sample is parsed with (argument types come from their schemas). */
  tools?: ToolDefinition[];
  /** The sibling chat templates whose spelling the row is written in (absent: every one's). */
  chat_templates?: string[];
}

/** JSON with object keys sorted: messages are compared as dicts, whatever order their fields were set in. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_, x: unknown) =>
    x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x,
  );
}

/** The inferred and the hand-written template on the hand-written template's samples written for `chat`. */
function agreement(name: string, inferred: unknown, chat: string): LibraryAgreement {
  const rows = readFileSync(join(SAMPLE_DIR, `${name}.jsonl`), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as SampleRow)
    .filter((r) => !r.chat_templates || r.chat_templates.includes(chat));
  // Compared: the message (in the row's own mode and with its tools; recover rows with their number of errors), or the error
  // class (the two templates name their fields differently, so messages differ).
  const parse = (t: unknown, row: SampleRow): string => {
    const options = { prefix: row.prefix, ...(row.tools ? { tools: row.tools } : {}) };
    try {
      if (row.on_error !== "recover") return canonical(plain(parseResponse(t, row.text, options)));
      const r = parseResponse(t, row.text, { ...options, onError: "recover" });
      return canonical([plain(r.message), r.errors.length]);
    } catch (e) {
      return `error: ${e instanceof RtcError ? e.pyClass : String(e)}`;
    }
  };
  const tally = (subset: SampleRow[]) => {
    const disagree = subset.filter((row) => parse(inferred, row) !== parse(templateJson(name), row)).map((row) => row.name);
    return { agree: subset.length - disagree.length, samples: subset.length, disagree };
  };
  return { template: name, ...tally(rows.filter((r) => r.shape === undefined)), realShapes: tally(rows.filter((r) => r.shape !== undefined)) };
}

export function runCorpus(): Corpus {
  const rows = chatTemplateFiles().map(corpusRow);
  return { counts: countsOf(rows), rows };
}

export function countsOf(rows: CorpusRow[]): Corpus["counts"] {
  const withLibrary = rows.filter((r) => r.library.length);
  return {
    chatTemplates: rows.length,
    inferred: rows.filter((r) => r.error === undefined).length,
    roundTripPassing: rows.filter((r) => r.ok).length,
    verdicts: { pass: sum(rows.map((r) => r.roundTrip.pass)), fail: sum(rows.map((r) => r.roundTrip.fail)), na: sum(rows.map((r) => r.roundTrip.na)) },
    withExtensions: rows.filter((r) => r.portable).length,
    portableRoundTripPassing: rows.filter((r) => r.portable?.ok).length,
    withLibraryTemplate: withLibrary.length,
    agreeing: withLibrary.filter((r) => r.library.every((l) => l.agree === l.samples)).length,
    sampleRows: sum(withLibrary.flatMap((r) => r.library.map((l) => l.samples))),
    sampleRowsAgreeing: sum(withLibrary.flatMap((r) => r.library.map((l) => l.agree))),
    realShapeRows: sum(withLibrary.flatMap((r) => r.library.map((l) => l.realShapes.samples))),
    realShapeRowsAgreeing: sum(withLibrary.flatMap((r) => r.library.map((l) => l.realShapes.agree))),
  };
}

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);
