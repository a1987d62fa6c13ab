// resolveTemplate for Node: the runtime's resolver (response-template/models: response_template key,
// fingerprint, model id, markers) over paths read from disk, with step 5 — infer with its self-check — which
// only the compiler has. Layering: runtime/core/resolve holds the steps and reads no files; generated/
// holds the table; this file adds the file system and infer.

import { resolveTemplate as resolveShipped, type Resolved } from "response-template/models/resolve";
import type { InferOutcome, ResolveOptions } from "response-template/runtime";
import { inferTemplate } from "../infer/index.ts";
import { readModelInput } from "./read-input.ts";

/** Options of the compiler's resolveTemplate, which also reads folders and files and can infer. */
export interface NodeResolveOptions extends Omit<ResolveOptions, "infer"> {
  /** Step 5 (default true): infer a template from the chat template when no shipped one fits. */
  infer?: boolean;
}

/** The compiler's infer step in the runtime's shape: only a template that round-trips is offered. */
export function inferStep(chatTemplate: string): InferOutcome {
  const r = inferTemplate(chatTemplate);
  return { template: r.template as InferOutcome["template"], ok: r.ok, error: r.error };
}

/**
 * Which template reads a model's output, with the template (and the shipped parser, loaded on demand).
 * `ref`: a model folder, a tokenizer_config.json / chat_template.json / .jinja file, or a model id (by its
 * name alone; no network). Throws ResolveError (what was tried, what to do) when nothing fits, and a
 * one-line Error naming the file for an unreadable or corrupt file.
 */
export async function resolveTemplate(ref: string, options: NodeResolveOptions = {}): Promise<Resolved> {
  const { infer = true, ...rest } = options;
  return resolveShipped(readModelInput(ref), { ...rest, ...(infer ? { infer: inferStep } : {}) });
}
