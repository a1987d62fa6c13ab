// Two views of a Jinja chat template, both computed the same way at build time (for the chat templates a
// shipped template is proven on) and at resolve time (for the one given):
//   fingerprint: a hash of the template with all whitespace and Jinja's whitespace-control dashes removed,
//                so a fine-tune that only re-indents or re-wraps the template still matches exactly;
//   markers:     the special-token-like strings it writes (<|im_start|>, [TOOL_CALLS], <tool_call>,
//                <｜tool▁calls▁begin｜>, …), the family's structural fingerprint.

/** Whitespace and `{%-`/`-%}`/`{{-`/`-}}` trim marks removed. */
export function normaliseChatTemplate(text: string): string {
  return text.replace(/([{][%{#])-|-([%}#][}])/g, "$1$2").replace(/\s+/g, "");
}

/** 64-bit FNV-1a of the normalised text, as 16 hex digits (two 32-bit lanes; no crypto needed). */
export function chatTemplateFingerprint(text: string): string {
  const s = normaliseChatTemplate(text);
  let a = 0x811c9dc5;
  let b = 0x050c5d1f;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c ^ (a >>> 16), 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

const MARKER = new RegExp(
  [
    "<\\|[^|<>\\s'\"]{1,40}\\|>", // <|im_start|>
    "<｜[^｜<>\\s'\"]{1,40}｜>", // <｜tool▁calls▁begin｜>
    "\\[/?[A-Z][A-Z_]{2,30}\\]", // [TOOL_CALLS], [/INST]
    "</?[A-Za-z][\\w:-]{1,30}>", // <tool_call>, <start_of_turn>
    "<[A-Za-z][\\w-]{1,30}=", // <function=, <parameter=
  ].join("|"),
  "g",
);

/** The distinct markers, sorted. Linear in the text (each alternative is bounded). */
export function chatTemplateMarkers(text: string): string[] {
  return [...new Set(text.match(MARKER) ?? [])].sort();
}
