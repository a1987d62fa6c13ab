// The resolution table of a template library (generated/resolve-table.ts): built from the folder's
// catalog.json — its model ids, its shared_ids defaults — and the chat templates each template is proven on
// (the catalog's chat_templates folder), fingerprinted here so that the table cannot drift from them.

import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { chatTemplateFingerprint, chatTemplateMarkers, type ResolutionEntry, type ResolutionTable, type SharedIds } from "response-template/runtime";
import { decodeUtf8 } from "../cli/utf8.ts";
import { str } from "../emit/values.ts";
import { BuildError } from "./load.ts";

interface CatalogEntry {
  name: string;
  models?: string[];
  round_tripped_against?: string[];
  markers?: string[];
  proven_on?: { round_trip?: { chat_template: string }[] };
}

interface Catalog {
  chat_templates?: string;
  shared_ids?: SharedIds[];
  templates: CatalogEntry[];
}

/** The catalog.json of the first input folder that has one, or null (a library without a catalog has no table). */
export function findCatalog(inputs: readonly string[]): string | null {
  for (const input of inputs) {
    const path = join(input, "catalog.json");
    if (existsSync(input) && statSync(input).isDirectory() && existsSync(path)) return path;
  }
  return null;
}

/** The table for the templates that built; errors name the catalog and the JSON path. */
export function buildResolutionTable(catalogPath: string, built: readonly string[]): ResolutionTable {
  const where = (path: string) => `${catalogPath}: ${path}`;
  let catalog: Catalog;
  try {
    catalog = JSON.parse(decodeUtf8(readFileSync(catalogPath), catalogPath)) as Catalog;
  } catch (e) {
    throw new BuildError(`${catalogPath}: not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!Array.isArray(catalog.templates)) throw new BuildError(where("templates: expected a list"));
  const folder = catalog.chat_templates === undefined ? null : resolve(dirname(catalogPath), catalog.chat_templates);
  const fingerprints = new Map<string, string>();
  const readChatTemplate = (file: string, at: string): string => {
    if (folder === null) throw new BuildError(where(`${at}: names chat template ${str(file)} but the catalog has no "chat_templates" folder`));
    const path = join(folder, file);
    if (!existsSync(path)) throw new BuildError(where(`${at}: chat template ${str(file)} is not in ${catalog.chat_templates}`));
    return decodeUtf8(readFileSync(path), path);
  };

  const names = new Set(built);
  const templates: ResolutionEntry[] = [];
  catalog.templates.forEach((t, i) => {
    if (!names.has(t.name)) return; // not built (--keep-going) or not in this library
    const files = [...new Set([...(t.round_tripped_against ?? []), ...(t.proven_on?.round_trip ?? []).map((r) => r.chat_template)])];
    const markers = new Set<string>();
    const chatTemplates = files.map((file) => {
      const text = readChatTemplate(file, `templates[${i}] (${t.name})`);
      for (const m of chatTemplateMarkers(text)) markers.add(m);
      let fingerprint = fingerprints.get(file);
      if (fingerprint === undefined) fingerprints.set(file, (fingerprint = chatTemplateFingerprint(text)));
      return { file, fingerprint };
    });
    for (const m of t.markers ?? []) for (const x of chatTemplateMarkers(m)) markers.add(x);
    templates.push({ name: t.name, ids: t.models ?? [], chatTemplates, markers: [...markers].sort() });
  });
  const shared = catalog.shared_ids ?? [];
  checkShared(templates, shared, where);
  return { templates, shared };
}

/** Every model id (and every chat template) claimed by two templates needs a shared_ids entry naming a default. */
function checkShared(templates: readonly ResolutionEntry[], shared: readonly SharedIds[], where: (p: string) => string): void {
  shared.forEach((s, i) => {
    if (!s.templates.includes(s.default)) throw new BuildError(where(`shared_ids[${i}].default: ${str(s.default)} is not one of its templates`));
    if (s.reference !== undefined && (!s.templates.includes(s.reference) || s.templates.length !== 2 || s.reference === s.default)) {
      throw new BuildError(where(`shared_ids[${i}].reference: a variant pair is two templates, the reference one not the default`));
    }
  });
  const claims = new Map<string, string[]>();
  for (const t of templates) {
    for (const key of [...t.ids.map((id) => `model id ${id}`), ...t.chatTemplates.map((c) => `chat template ${c.file}`)]) {
      const list = claims.get(key) ?? [];
      if (!list.includes(t.name)) list.push(t.name);
      claims.set(key, list);
    }
  }
  for (const [key, names] of claims) {
    if (names.length < 2) continue;
    if (!shared.some((s) => names.every((n) => s.templates.includes(n)))) {
      throw new BuildError(where(`shared_ids: ${key} is claimed by ${names.join(" and ")}; add an entry saying which is the default`));
    }
  }
}

/** generated/resolve-table.ts. */
export function emitResolutionTable(table: ResolutionTable, catalogFile: string, runtime: string): string {
  return [
    `// Generated by \`rtc build\` from ${catalogFile} and the chat templates it names. Do not edit: rebuild instead.`,
    "// Read by resolveTemplate / whichTemplate (index.ts); see runtime/core/resolve/.",
    "",
    `import type { ResolutionTable } from ${str(runtime)};`,
    "",
    `export const table: ResolutionTable = ${JSON.stringify(table)};`,
    "",
  ].join("\n");
}
