// Which shipped template reads a model's output, from what is known about the model: its id, its tokenizer
// config, its chat template or the files of its folder. Steps, in order (each is reported in `reasons`):
//   1 response_template   a `response_template` (or legacy `response_schema`) key in the tokenizer config
//   2 fingerprint         the chat template equals (up to whitespace) one a shipped template is proven on
//   3 model-id            the id's family tokens match a catalog id (model-id.ts; sizes, repacks, fine-tunes)
//   4 structure           the chat template carries a family's distinctive markers (fingerprint.ts)
//   5 infer               the caller's `infer` (the compiler's, with its self-check); this package has none
// otherwise a ResolveError saying what was tried. Pure and browser-safe: no file system, no network; the
// compiler's resolveTemplate reads folders and supplies `infer`.

import type { JsonValue } from "../types.ts";
import { chatTemplateFingerprint, chatTemplateMarkers } from "./fingerprint.ts";
import { isVersion, parseModelId, type ModelId } from "./model-id.ts";
import type { ResolutionEntry, ResolutionTable } from "./table.ts";

/** The contents of a model folder (file name → text), e.g. read with fetch or from disk. */
export interface ModelFiles {
  files: Readonly<Record<string, string>>;
  /** The folder's name or the model id it holds (used as a model id when the files name none). */
  name?: string;
}

/** A model id (`org/name`, `org/name@revision`, `org/name:QUANT`), a chat template, a parsed tokenizer config, or a folder's files. */
export type ResolveInput = string | ModelFiles | Readonly<Record<string, unknown>>;

/** What the caller's infer step returns (the compiler's inferTemplate has this shape). */
export interface InferOutcome {
  template: JsonValue | null;
  ok: boolean;
  error?: string;
}

/** How resolveTemplate chooses: which variant of a pair, and the optional infer step. */
export interface ResolveOptions {
  /** "robust" (default): where a template has a `-robust` variant that reads real model output, that one;
   * "reference": the reference-exact template. */
  variant?: "robust" | "reference";
  /** Step 5: infer a template from the chat template. Given by the compiler; without it step 5 is skipped. */
  infer?: (chatTemplate: string) => InferOutcome;
}

/** The step that decided: 1 tokenizer-config key, 2 exact chat-template fingerprint, 3 model-id family rule, 4 structural markers, 5 infer. */
export type ResolveSource = "response_template" | "fingerprint" | "model-id" | "structure" | "infer";

/** A template the resolution considered and did not pick, with the reason. */
export interface Alternative {
  name: string;
  why: string;
}

/** The result of resolveTemplate: which template, how it was found, how sure, and what else fit. */
export interface Choice {
  /** The shipped template's name; "response_template" or "inferred" when the template is not a shipped one. */
  name: string;
  /** "robust" / "reference" when the template is one of such a pair, else null. */
  variant: "robust" | "reference" | null;
  source: ResolveSource;
  confidence: "exact" | "high" | "medium" | "low";
  alternatives: Alternative[];
  /** One line per step tried, in order, ending with the one that decided. */
  reasons: string[];
  /** Set when the template is not a shipped one (steps 1 and 5): the template document. */
  document?: JsonValue;
}

/** No step found a template; `reasons` lists, one line per step, what was tried. */
export class ResolveError extends Error {
  constructor(
    message: string,
    readonly reasons: readonly string[],
  ) {
    super(message);
    this.name = "ResolveError";
  }
}

/** What the input says about the model. */
interface Evidence {
  label: string;
  /** A tokenizer config was given (step 1 looked at it). */
  config: boolean;
  ids: string[];
  chatTemplates: { name: string | null; text: string }[];
  responseTemplate?: { key: string; value: JsonValue };
}

/** Chooses a template for the input; throws ResolveError when no step decides. */
export function chooseTemplate(table: ResolutionTable, input: ResolveInput, options: ResolveOptions = {}): Choice {
  const ev = evidenceOf(input);
  const reasons: string[] = [];
  const done = (c: Omit<Choice, "variant" | "reasons" | "alternatives"> & { alternatives?: Alternative[] }): Choice =>
    withVariant(table, { ...c, variant: null, alternatives: c.alternatives ?? [], reasons }, options);

  // 1. The model says which template it uses.
  if (ev.responseTemplate) {
    reasons.push(`response_template: the tokenizer config has a "${ev.responseTemplate.key}" key`);
    return done({ name: "response_template", source: "response_template", confidence: "exact", document: ev.responseTemplate.value });
  }
  reasons.push(`response_template: ${ev.config ? "the tokenizer config has no response_template key" : "no tokenizer config"}`);

  // 2. A chat template a shipped template is proven on.
  if (ev.chatTemplates.length) {
    for (const ct of ev.chatTemplates) {
      const fp = chatTemplateFingerprint(ct.text);
      for (const entry of table.templates) {
        const hit = entry.chatTemplates.find((c) => c.fingerprint === fp);
        if (hit) {
          reasons.push(`fingerprint: the chat template${ct.name ? ` "${ct.name}"` : ""} equals ${hit.file} (up to whitespace), which ${entry.name} is proven on`);
          return done({ name: entry.name, source: "fingerprint", confidence: "exact" });
        }
      }
    }
    reasons.push("fingerprint: the chat template is none of those the shipped templates are proven on");
  } else reasons.push("fingerprint: no chat template");

  const structure = ev.chatTemplates.length ? structuralScores(table, ev.chatTemplates) : [];

  // 3. The model id.
  if (ev.ids.length) {
    for (const id of ev.ids) {
      const parsed = parseModelId(id);
      if (!parsed || !parsed.tokens.length) {
        reasons.push(`model-id: "${id}" has no family name to match`);
        continue;
      }
      const ranked = rankById(table, parsed);
      const best = ranked[0];
      if (!best) {
        reasons.push(`model-id: "${id}" (family tokens ${parsed.tokens.join(" ")}) matches no catalog id`);
        continue;
      }
      // A chat template that does not look like the family's overrides the name (a fine-tune may change format).
      if (structure.length) {
        const own = structure.find((s) => s.name === best.name)?.score ?? 0;
        const top = structure[0]!;
        if (own < 0.3 && top.score >= 0.6 && top.name !== best.name) {
          reasons.push(`model-id: "${id}" reads as ${best.name} (like ${best.id}), but the chat template does not carry its markers`);
          continue;
        }
      }
      const exact = best.exact;
      reasons.push(
        `model-id: "${id}" ${exact ? `is a catalog id of ${best.name}` : `reads as family ${parsed.tokens.join(" ")}, closest catalog id ${best.id} (${best.name})`}${parsed.repackaged.length ? `; repackaged: ${parsed.repackaged.join(", ")}` : ""}`,
      );
      return done({
        name: best.name,
        source: "model-id",
        confidence: exact ? "exact" : best.score >= 20 ? "high" : "medium",
        alternatives: ranked.slice(1, 4).map((r) => ({ name: r.name, why: `model-id: like ${r.id}` })),
      });
    }
  } else reasons.push("model-id: no model id");

  // 4. The family's markers.
  if (ev.chatTemplates.length) {
    const [top, ...rest] = structure;
    if (top && top.score >= 0.5) {
      reasons.push(`structure: the chat template carries ${top.name}'s markers (${top.shared.slice(0, 6).join(" ")}; score ${top.score.toFixed(2)})`);
      return done({
        name: top.name,
        source: "structure",
        confidence: top.score >= 0.8 ? "medium" : "low",
        alternatives: rest.filter((r) => r.score >= 0.3).slice(0, 3).map((r) => ({ name: r.name, why: `structure: score ${r.score.toFixed(2)}` })),
      });
    }
    reasons.push(`structure: no family's markers match closely enough${top ? ` (best ${top.name}, score ${top.score.toFixed(2)})` : ""}`);

    // 5. Infer.
    if (options.infer) {
      const ct = ev.chatTemplates.find((c) => c.name === "tool_use") ?? ev.chatTemplates[0]!;
      const inferred = options.infer(ct.text);
      if (inferred.template !== null && inferred.ok) {
        reasons.push("infer: a template was inferred from the chat template and round-trips its conversations");
        return done({ name: "inferred", source: "infer", confidence: "low", document: inferred.template });
      }
      reasons.push(`infer: ${inferred.error ?? (inferred.template ? "the inferred template does not round-trip" : "nothing could be inferred")}`);
    } else reasons.push("infer: not available here (rtc which / the compiler's resolveTemplate infer)");
  } else reasons.push("structure: no chat template");

  throw new ResolveError(
    `${ev.label}: no template found (tried ${reasons.map((r) => r.slice(0, r.indexOf(":"))).join(", ")}): ${reasons.slice(-2).join("; ")}. ` +
      "Name one with -t <template> (rtc build --explain lists a template's format), or derive one from the chat template with `rtc infer --explain <chat template>`",
    reasons,
  );
}

// --- the input -------------------------------------------------------------------------------------------

function evidenceOf(input: ResolveInput): Evidence {
  if (typeof input === "string") {
    if (/\{[%{]/.test(input)) return { label: "the chat template", config: false, ids: [], chatTemplates: [{ name: null, text: input }] };
    if (parseModelId(input)) return { label: input.trim(), config: false, ids: [input.trim()], chatTemplates: [] };
    throw new ResolveError(`${JSON.stringify(input.slice(0, 80))}: neither a model id (org/name) nor a chat template`, []);
  }
  if (isModelFiles(input)) return folderEvidence(input);
  return configEvidence(input, "the tokenizer config", []);
}

const isModelFiles = (v: object): v is ModelFiles =>
  "files" in v && typeof (v as { files: unknown }).files === "object" && (v as { files: unknown }).files !== null;

function folderEvidence(m: ModelFiles): Evidence {
  const label = m.name ?? "the model folder";
  const json = (file: string): Record<string, unknown> | null => {
    const text = m.files[file];
    if (text === undefined) return null;
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch (e) {
      throw new ResolveError(`${label}/${file}: not valid JSON (${e instanceof Error ? e.message : String(e)})`, []);
    }
    if (!v || typeof v !== "object" || Array.isArray(v)) throw new ResolveError(`${label}/${file}: expected a JSON object`, []);
    return v as Record<string, unknown>;
  };
  const ids: string[] = [];
  const addId = (v: unknown) => {
    if (typeof v === "string" && parseModelId(v) && !ids.includes(v)) ids.push(v);
  };
  const config = json("config.json");
  if (config) addId(config._name_or_path);
  const tok = json("tokenizer_config.json");
  const ev = tok ? configEvidence(tok, `${label}/tokenizer_config.json`, ids) : { label, config: false, ids, chatTemplates: [] as Evidence["chatTemplates"] };
  ev.label = label;
  // chat_template.jinja wins over the tokenizer config's copy (transformers reads it first).
  const jinja = m.files["chat_template.jinja"];
  if (jinja !== undefined) ev.chatTemplates.unshift({ name: null, text: jinja });
  const chatJson = json("chat_template.json");
  if (chatJson && typeof chatJson.chat_template === "string") ev.chatTemplates.push({ name: null, text: chatJson.chat_template });
  if (m.name) addId(m.name.replace(/^.*[/\\](models--[^/\\]+)([/\\]snapshots[/\\][^/\\]+)?$/, "$1").replace(/^.*[/\\]/, ""));
  return ev;
}

function configEvidence(c: Readonly<Record<string, unknown>>, label: string, ids: string[]): Evidence {
  const ev: Evidence = { label, config: true, ids, chatTemplates: [] };
  for (const key of ["response_template", "response_schema"]) {
    if (Object.prototype.hasOwnProperty.call(c, key) && c[key] !== null && c[key] !== undefined) {
      ev.responseTemplate = { key, value: c[key] as JsonValue };
      break;
    }
  }
  const t = c.chat_template;
  if (typeof t === "string") ev.chatTemplates.push({ name: null, text: t });
  else if (Array.isArray(t)) {
    for (const x of t as { name?: unknown; template?: unknown }[]) {
      if (x && typeof x.template === "string") ev.chatTemplates.push({ name: typeof x.name === "string" ? x.name : null, text: x.template });
    }
  }
  for (const key of ["name_or_path", "_name_or_path"]) {
    const v = c[key];
    if (typeof v === "string" && parseModelId(v) && !ids.includes(v)) ids.push(v);
  }
  return ev;
}

// --- step 3: model ids -----------------------------------------------------------------------------------

interface IdMatch {
  name: string;
  id: string;
  score: number;
  exact: boolean;
}

const parsedIds = new WeakMap<ResolutionTable, { name: string; id: string; parsed: ModelId }[]>();

function catalogIds(table: ResolutionTable) {
  let ids = parsedIds.get(table);
  if (!ids) {
    ids = table.templates.flatMap((e) => e.ids.map((id) => ({ name: e.name, id, parsed: parseModelId(id)! })).filter((x) => x.parsed));
    parsedIds.set(table, ids);
  }
  return ids;
}

/** Best match per template, best first; only matches that share the family name. */
function rankById(table: ResolutionTable, q: ModelId): IdMatch[] {
  const best = new Map<string, IdMatch>();
  const full = `${q.org ?? ""}/${q.name}`.toLowerCase();
  for (const c of catalogIds(table)) {
    const exact = full === c.id.toLowerCase();
    let score = exact ? 100 : tokenScore(q.tokens, c.parsed.tokens);
    if (score <= 0) continue;
    if (q.org && c.parsed.org && q.org.toLowerCase() === c.parsed.org.toLowerCase()) score += 3;
    const prev = best.get(c.name);
    if (!prev || score > prev.score) best.set(c.name, { name: c.name, id: c.id, score, exact });
  }
  return [...best.values()].sort((a, b) => b.score - a.score || preferred(table, a.name, b.name));
}

/** How well a catalog id's tokens `k` describe the query's `q`: 10 per token matched in order (from where the
 * family name occurs in the query), partial credit for a nearby version, 3 off per catalog token left over.
 * The catalog id's first token may be skipped (an organisation-like prefix: "c4ai", "nvidia"). 0: no match. */
function tokenScore(q: readonly string[], k: readonly string[]): number {
  let best = 0;
  for (let skip = 0; skip <= Math.min(1, k.length - 1); skip++) {
    const key = k.slice(skip);
    if (skip && isVersion(key[0]!)) break; // a skipped prefix must leave a name, not a version
    for (let i = 0; i < q.length; i++) {
      if (q[i] !== key[0]) continue;
      let n = 0;
      while (n < key.length && i + n < q.length && q[i + n] === key[n]) n++;
      let score = 10 * n;
      let used = n;
      const kv = key[n];
      const qv = q[i + n];
      if (kv !== undefined && qv !== undefined && isVersion(kv) && isVersion(qv)) {
        const credit = versionCredit(Number.parseFloat(kv), Number.parseFloat(qv));
        // An older major version than any the catalog lists (Llama-2 for Llama-3.1) had another format.
        if (credit === null) continue;
        score += credit;
        used++;
      } else if (kv !== undefined && isVersion(kv) && n === 1) {
        // The catalog id has a version the query lacks ("Llama-3.1" for "Llama-Guard"): weak.
        score -= 2;
      }
      score -= 3 * (key.length - used) + 4 * skip - (i === 0 ? 2 : 0);
      best = Math.max(best, score);
    }
  }
  return best;
}

/** A different version of the same family: closer is better, an older one (whose format a newer model usually
 * keeps) better than a newer one; null for a query of an older major version. */
function versionCredit(k: number, q: number): number | null {
  const sameMajor = Math.floor(k) === Math.floor(q);
  if (!sameMajor && q < k) return null;
  const base = sameMajor ? (k <= q ? 6 : 5) : 3;
  return base - Math.min(Math.abs(k - q), 5) / 10;
}

// --- step 4: markers -------------------------------------------------------------------------------------

interface StructureScore {
  name: string;
  score: number;
  shared: string[];
}

/** F-measure of the marker sets, each marker weighted by how few templates have it. Best first. */
function structuralScores(table: ResolutionTable, chatTemplates: readonly { text: string }[]): StructureScore[] {
  const df = new Map<string, number>();
  for (const e of table.templates) for (const m of e.markers) df.set(m, (df.get(m) ?? 0) + 1);
  const n = table.templates.length;
  const w = (m: string) => Math.log(1 + n / (df.get(m) ?? n));
  const query = new Set(chatTemplates.flatMap((c) => chatTemplateMarkers(c.text)).filter((m) => df.has(m)));
  const queryWeight = [...query].reduce((s, m) => s + w(m), 0);
  const out: StructureScore[] = [];
  for (const e of table.templates) {
    if (!e.markers.length || !queryWeight) continue;
    const shared = e.markers.filter((m) => query.has(m));
    const common = shared.reduce((s, m) => s + w(m), 0);
    const own = e.markers.reduce((s, m) => s + w(m), 0);
    const p = common / queryWeight;
    const r = common / own;
    out.push({ name: e.name, score: p + r ? (2 * p * r) / (p + r) : 0, shared: shared.sort((a, b) => w(b) - w(a)) });
  }
  return out.sort((a, b) => b.score - a.score || preferred(table, a.name, b.name));
}

// --- shared ids and variants ------------------------------------------------------------------------------

/** Order of two equally good templates: the catalog's default for ids they share first. */
function preferred(table: ResolutionTable, a: string, b: string): number {
  for (const s of table.shared) {
    if (s.templates.includes(a) && s.templates.includes(b)) return s.default === a ? -1 : s.default === b ? 1 : 0;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Applies the variant option to a reference/robust pair and names the other one as an alternative. */
function withVariant(table: ResolutionTable, c: Choice, options: ResolveOptions): Choice {
  const pair = table.shared.find((s) => s.reference !== undefined && s.templates.includes(c.name));
  if (!pair) return c;
  const robust = pair.templates.find((t) => t !== pair.reference)!;
  const want = options.variant ?? "robust";
  const name = want === "reference" ? pair.reference! : robust;
  const other = name === robust ? pair.reference! : robust;
  const alternatives = [{ name: other, why: other === robust ? "the -robust variant (reads real model output)" : "the reference-exact variant ({ variant: \"reference\" })" }, ...c.alternatives.filter((a) => a.name !== name && a.name !== other)];
  return { ...c, name, variant: want, alternatives };
}

/** The entry of a shipped template, for callers that list what a table knows. */
export function tableEntry(table: ResolutionTable, name: string): ResolutionEntry | undefined {
  return table.templates.find((e) => e.name === name);
}
