// The resolution table: written by `rtc build` (generated/resolve-table.ts) from templates/catalog.json and
// the chat templates each shipped template is proven on; read by resolve.ts. Plain data, no functions.

/** One shipped template in the resolution table: the ids, chat-template fingerprints and markers that select it. */
export interface ResolutionEntry {
  /** The shipped template (response-template/models/<name>). */
  name: string;
  /** The Hugging Face model ids the catalog lists for it. */
  ids: readonly string[];
  /** The chat templates it is proven on (file name in the catalog's chat_templates folder → fingerprint). */
  chatTemplates: readonly { readonly file: string; readonly fingerprint: string }[];
  /** Structural markers: those of its chat templates and of the catalog's `markers`. */
  markers: readonly string[];
}

/** Templates that claim the same model ids, and which one a resolution picks (catalog `shared_ids`). */
export interface SharedIds {
  templates: readonly string[];
  default: string;
  /** Set when the pair is a reference-exact template and its `-robust` variant: the reference-exact one. */
  reference?: string;
  why: string;
}

/** The generated table resolveTemplate reads (generated/resolve-table.ts, written by rtc build). */
export interface ResolutionTable {
  templates: readonly ResolutionEntry[];
  shared: readonly SharedIds[];
}
