// What `rtc which` and `-t` are given, read from disk: a model folder (its tokenizer_config.json,
// chat_template.jinja, chat_template.json, config.json, generation_config.json), a tokenizer_config.json, a
// chat_template.json, a .jinja chat template — or, when no such path exists, a model id. The runtime's
// resolver takes the result; nothing here chooses a template.

import { existsSync, readFileSync, statSync } from "node:fs";
import { basename, resolve } from "node:path";
import type { ModelFiles, ResolveInput } from "response-template/runtime";
import { decodeUtf8 } from "../cli/utf8.ts";

/** The files of a model folder the resolver reads. */
export const MODEL_FILES = ["tokenizer_config.json", "chat_template.jinja", "chat_template.json", "config.json", "generation_config.json"] as const;

const text = (path: string): string => decodeUtf8(readFileSync(path), path);

/** A JSON file's text, checked here so that a corrupt file is one line naming it and the offset. */
function jsonText(path: string): string {
  const t = text(path);
  try {
    JSON.parse(t);
  } catch (e) {
    throw new Error(`${path}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  return t;
}

/** The resolver's input for a path or an id. */
export function readModelInput(ref: string): ResolveInput {
  if (!existsSync(ref)) {
    if (/^[.~/]|[\\]|\.(json|jinja)$|\/$/.test(ref)) throw new Error(`${ref}: no such file or folder`);
    return ref; // a model id (or a chat template given inline); the resolver says which
  }
  if (statSync(ref).isDirectory()) {
    const files: Record<string, string> = {};
    for (const f of MODEL_FILES) {
      const path = resolve(ref, f);
      if (existsSync(path)) files[f] = f.endsWith(".json") ? jsonText(path) : text(path);
    }
    if (!Object.keys(files).length) throw new Error(`${ref}: no ${MODEL_FILES.join(", ")} in this folder`);
    return { files, name: resolve(ref) } satisfies ModelFiles;
  }
  const name = basename(ref);
  if (name.endsWith(".json")) {
    const t = jsonText(ref);
    // Any .json is read as the model file it names; other names are taken as a tokenizer config.
    const as = (MODEL_FILES as readonly string[]).includes(name) ? name : "tokenizer_config.json";
    return { files: { [as]: t }, name: ref } satisfies ModelFiles;
  }
  const source = text(ref);
  if (!source.trim()) throw new Error(`${ref}: the file is empty`);
  return { files: { "chat_template.jinja": source }, name: ref } satisfies ModelFiles;
}
