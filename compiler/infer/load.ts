// Reading a chat template: a .jinja file, a tokenizer_config.json (its `chat_template`, a string or a
// list of named templates, plus bos/eos tokens), or a model folder holding either.

import { decodeUtf8, InvalidUtf8Error } from "../cli/utf8.ts";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** A chat template as loadChatTemplate read it from a `.jinja` file, a tokenizer_config.json or a model folder. */
export interface ChatTemplateSource {
  /** The file the template was read from. */
  file: string;
  /** The Jinja source. */
  source: string;
  /** The special tokens of the tokenizer_config.json, when there is one (pass them to inferTemplate). */
  bos?: string;
  eos?: string;
}

const token = (v: unknown): string | undefined =>
  typeof v === "string" ? v : v && typeof v === "object" && typeof (v as { content?: unknown }).content === "string" ? (v as { content: string }).content : undefined;

/** Errors name the path; `name` picks one of several named chat templates (default: "default"). */
export function loadChatTemplate(path: string, name = "default"): ChatTemplateSource {
  if (!existsSync(path)) throw new Error(`${path}: no such file or folder`);
  if (statSync(path).isDirectory()) {
    for (const f of ["chat_template.jinja", "tokenizer_config.json"]) {
      if (existsSync(join(path, f))) {
        const found = loadChatTemplate(join(path, f), name);
        // A chat_template.jinja beside a tokenizer_config.json takes its special tokens from it.
        const config = join(path, "tokenizer_config.json");
        if (f === "chat_template.jinja" && existsSync(config)) {
          const c = readConfig(config);
          return { ...found, bos: token(c.bos_token), eos: token(c.eos_token) };
        }
        return found;
      }
    }
    throw new Error(`${path}: no chat_template.jinja or tokenizer_config.json in this folder`);
  }
  if (!path.endsWith(".json")) {
    const source = decodeUtf8(readFileSync(path), path);
    if (!source.trim()) throw new Error(`${path}: the chat template is empty`);
    return { file: path, source };
  }
  const config = readConfig(path);
  const t = config.chat_template;
  let source: string | undefined;
  if (typeof t === "string") source = t;
  else if (Array.isArray(t)) {
    const named = t as { name?: unknown; template?: unknown }[];
    const pick = named.find((x) => x.name === name) ?? (name === "default" ? named[0] : undefined);
    if (pick && typeof pick.template === "string") source = pick.template;
    else throw new Error(`${path}: chat_template has no template named "${name}" (it has ${named.map((x) => JSON.stringify(x.name)).join(", ")})`);
  }
  if (source === undefined) throw new Error(`${path}: no "chat_template" key (a string or a list of {name, template})`);
  return { file: path, source, bos: token(config.bos_token), eos: token(config.eos_token) };
}

function readConfig(path: string): Record<string, unknown> {
  let json: unknown;
  try {
    json = JSON.parse(decodeUtf8(readFileSync(path), path));
  } catch (e) {
    if (e instanceof InvalidUtf8Error) throw e;
    throw new Error(`${path}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) throw new Error(`${path}: expected a JSON object`);
  return json as Record<string, unknown>;
}
