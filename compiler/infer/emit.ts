// Emit: the classification as a response template in Hugging Face's format, reading output the way the
// template library does where the renderings justify it (several reasoning blocks, a call opener that ends
// unclosed reasoning, no dropped text; each logged as an E step). rtc extensions appear only where the
// format cannot express the shape (keyed-calls, python-calls, xml-typed; argument_types in arg-types.ts).

import { escapeRegex, firstMarker, isMarkerRun, loosePattern } from "./diff.ts";
import type { ExplainLog } from "./explain.ts";
import type { JsonDialect } from "./json-spans.ts";
import { NEEDLE, PH, showPlaceholders } from "./probe.ts";
import type { Classification, ToolsClass } from "./types.ts";

/** A response template as inferTemplate emits it (Hugging Face's format; `defaults` is always the assistant role). */
export type ResponseTemplate = {
  defaults: { role: "assistant" };
  start_anchor: string;
  fields: Record<string, Record<string, unknown>>;
};

/** Literals as one pattern alternation (trimmed, empty ones dropped). */
/** How the implicit content field joins its blocks: one newline between blocks with text (rtc extension
 * join_skips_empty; the portable form joins with nothing, as the reference's join would add a newline
 * for an empty block too). */
const JOINED = { repeats: true, join: "\n", join_skips_empty: true } as const;
const alternatives = (xs: string[]): string => alternativesRaw(xs.filter((x) => x.trim()).map((x) => escapeRegex(x.trim())));

/** A literal field delimiter: the text itself when it has no surrounding whitespace, else a pattern. */
function delimiter(key: "open" | "close", text: string): Record<string, string> {
  return text === text.trim() ? { [key]: text } : { [`${key}_pattern`]: loosePattern(text) };
}

export function emitTemplate(c: Omit<Classification, "unreadable">, dialect: JsonDialect, log: ExplainLog): ResponseTemplate {
  const fields: ResponseTemplate["fields"] = {};
  const r = c.reasoning;
  const t = c.tools;
  if (r.close) {
    const bare = r.bareClose ? `|^\\s*(?=${escapeRegex(r.close)})` : "";
    const open = r.open ? (bare ? { open_pattern: loosePattern(r.open.trim()) + bare } : delimiter("open", r.open.trim())) : { open_pattern: "^" };
    const callMarkers = reasoningEndingCalls(c);
    const close = callMarkers.length ? { close_pattern: `${escapeRegex(r.close)}|(?=${alternativesRaw(callMarkers.map(escapeRegex))})` } : { close: r.close };
    fields.thinking = { ...open, ...close, ...(r.open ? { repeats: true, join: "" } : {}), content: "text" };
    if (r.open) log.note("E1", "several reasoning blocks", `the model writes the opener ${JSON.stringify(r.open.trim())} itself, so it may write several blocks (interleaved reasoning): the field repeats and joins them (a field that does not repeat keeps only its last block)`);
    if (callMarkers.length) log.note("E2", "a call ends unclosed reasoning", `tool calls open with ${callMarkers.map((m) => JSON.stringify(m)).join(" / ")}: the reasoning closes at ${JSON.stringify(r.close)} or, zero-width, before a call opener, so a call written inside reasoning the model never closed is read as a call, not swallowed into the reasoning`);
    else if (t.format !== "none") log.note("E2", "a call ends unclosed reasoning", `not applied: tool calls open without a marker of their own (${JSON.stringify(showPlaceholders((t.section.open || t.call.open + t.call.unit).trim().slice(0, 40)))}), which reasoning text could contain`);
  }
  const ends = [...c.prompt.turnEnds];
  if (t.format !== "none") fields.tool_calls = toolField(t, dialect, ends, log);
  const sectionWord = (t.format === "json-array" || t.format === "json-keyed") && t.section.open.trim() && !isMarkerRun(t.section.open);
  if (sectionWord) log.note("E4", "a word opens the calls", `the calls' opener ${JSON.stringify(t.section.open.trim())} is text, not a marker: it opens calls only where their JSON follows, and is text elsewhere`);
  if (t.turnEnd) ends.push(t.turnEnd);
  const contentEnds = [c.content.close ?? "", t.section.close, ...ends];
  const callOpen = t.format === "none" ? "" : (t.section.open || t.call.open).trim();
  // Text wrapped in a pair of single markers (`<|START_RESPONSE|>…<|END_RESPONSE|>`): the pair closes
  // blocks of an implicit field, so text a model writes without the wrapper is kept, not dropped.
  const pair = c.content.open && c.content.close && [c.content.open.trim(), c.content.close].every((m) => firstMarker(m)?.text === m);
  if (pair) {
    fields.content = { close_pattern: `\\s*${alternatives([c.content.open!, ...contentEnds])}`, ...JOINED, content: "text" };
    log.note("E3", "text outside the wrapper", `the answer is wrapped in ${JSON.stringify(c.content.open)} … ${JSON.stringify(c.content.close)}: both close blocks of an implicit content field, so text a model writes without the wrapper is kept, not dropped`);
  } else if (c.content.open) {
    // Wrapped text without a closer of its own ends where the turn ends or a tool call begins.
    const close = c.content.close
      ? { close: c.content.close }
      : callOpen
        ? { close_pattern: `\\s*${alternativesRaw([`(?=${skeletonPattern(callOpen)})`, ...ends.map(escapeRegex)])}` }
        : ends.length
          ? { close: ends.length === 1 ? ends[0]! : ends }
          : {};
    fields.content = { ...delimiter("open", c.content.open), ...close, content: "text" };
  } else {
    const close = contentEnds.filter((x) => x.trim());
    fields.content = {
      ...(close.length ? { close_pattern: `\\s*${alternatives(close)}` } : {}),
      ...JOINED,
      content: "text",
    };
    log.note("E3", "text outside every field", "the content field has no opener (it takes the text no other field claims) and repeats, joining its blocks with a newline (empty ones skipped: the rtc extension join_skips_empty): text before, between and after other fields is all kept");
  }
  return { defaults: { role: "assistant" }, start_anchor: c.prompt.anchor, fields };
}

/**
 * The markers that open a tool call (the section's opener, each call's first marker) when they are
 * literal markers of their own: a call written inside reasoning the model never closed ends the
 * reasoning there (a zero-width close). Empty when calls start without such a marker (bare JSON,
 * Python calls), or the marker is one the reasoning itself uses.
 */
function reasoningEndingCalls(c: Pick<Classification, "tools" | "reasoning">): string[] {
  const t = c.tools;
  if (t.format === "none") return [];
  // The literal before the first placeholder: its leading marker, or all of it when it is a tag that
  // holds the name (`<function name="`) or contains a marker (MiniMax's `]<]minimax[>[<tool_call>`).
  const lead = (s: string) => {
    const x = s.replace(/^\s+/u, "").split("\u0001")[0]!.replace(/\s+$/u, "");
    const m = firstMarker(x);
    return m && m.start === 0 ? m.text : m || /^<\w/u.test(x) ? x : "";
  };
  const own = [c.reasoning.open?.trim(), c.reasoning.close];
  return [...new Set([lead(t.section.open), lead(t.call.open + t.call.unit)])].filter((m) => m && !own.some((o) => o && o.includes(m)));
}

function toolField(t: ToolsClass, dialect: JsonDialect, ends: string[], log: ExplainLog): Record<string, unknown> {
  const contentArgs: Record<string, unknown> = {};
  if (dialect.unquotedKeys) contentArgs.unquoted_keys = true;
  if (dialect.stringDelims) contentArgs.string_delims = [dialect.stringDelims];
  const json = { content: "json", ...(Object.keys(contentArgs).length ? { content_args: contentArgs } : {}) };
  const turnEnds = [t.turnEnd ?? "", ...ends].filter((x) => x);
  const path = (p: string[], prefix: string[]) => `{${[...prefix, ...p].join(".")}}`;

  if (t.format === "python-calls") {
    const open = t.section.open.trim();
    const close = t.section.close.trim();
    return {
      open_pattern: open ? `\\s*${loosePattern(open)}\\s*` : "^\\s*(?=\\[?[A-Za-z_][\\w.]*\\()",
      ...(close ? { close } : { close_pattern: `\\s*${alternatives(turnEnds)}` }),
      content: "python-calls",
      transform_each: true,
      transform: { type: "function", function: { name: "{name}", arguments: "{arguments}" } },
    };
  }
  if (t.format === "json-array" || t.format === "json-keyed") {
    const open = t.section.open.trim();
    const close = t.section.close.trim();
    return {
      // A section opener that is a word (`functools`) opens only where the JSON follows: text says it too.
      open_pattern: open ? `\\s*${loosePattern(open)}\\s*${isMarkerRun(open) ? "" : "(?=[[{])"}` : "^\\s*(?=\\[)",
      ...(close ? { close } : { close_pattern: `\\s*${alternatives(turnEnds)}` }),
      ...(t.format === "json-keyed" ? { content: "keyed-calls" } : json),
      transform_each: true,
      transform: {
        type: "function",
        function: t.format === "json-keyed" ? { name: "{name}", arguments: "{arguments}" } : { name: path(t.json!.name, []), arguments: path(t.json!.arguments, []) },
      },
    };
  }

  let section = t.section.open.trim() ? `(?:${loosePattern(t.section.open.trim())}\\s*)?` : "";
  let callOpen = t.call.open.replace(/^\s+/u, "");
  // A call written as a message of its own after the text message's end (GigaChat's
  // `<|message_sep|>function call<|role_sep|>`): a model with no text to write leaves that end out.
  const endFirst = section ? undefined : ends.find((e) => callOpen.startsWith(e) && callOpen.trim() !== e);
  if (endFirst) {
    section = `(?:${escapeRegex(endFirst)}\\s*)?`;
    callOpen = callOpen.slice(endFirst.length).replace(/^\s+/u, "");
    log.note("E5", "a call as a message of its own", `each call opens with the text message's end ${JSON.stringify(endFirst)} and a new header: without text before it a model may leave the end out, so it is optional in the call's opener`);
  }
  const close = t.call.close.trim();
  const nextLine = t.format === "json-object" && isMarkerRun(t.section.open.trim()) ? `(?=\\n\\s*\\{\\s*"${escapeRegex(t.json!.name[0] ?? "name")}")` : "";
  const next = callOpen.trim() ? `(?=${skeletonPattern(callOpen.trim())})` : nextLine;
  const closeField = close
    ? close.includes("\u0001") || close !== t.call.close.replace(/^\s+/u, "")
      ? { close_pattern: `\\s*${skeletonPattern(close)}` }
      : { close }
    : { close_pattern: `\\s*${alternativesRaw([next, ...turnEnds.map(escapeRegex), t.section.close.trim() ? escapeRegex(t.section.close.trim()) : ""])}` };

  if (t.format === "json-object") {
    const firstKey = t.json!.name[0] ?? "name";
    return {
      // Calls without a marker of their own inside a section (MiniMax-M1: one JSON object a line in
      // `<tool_calls>`): the section's opener, or a line break, precedes the object; a call ends before the
      // next line's object.
      open_pattern: callOpen.trim()
        ? `\\s*${section}${skeletonPattern(callOpen)}`
        : isMarkerRun(t.section.open.trim())
          ? `\\s*(?:${loosePattern(t.section.open.trim())}|\\n)\\s*(?=\\{\\s*"${escapeRegex(firstKey)}")`
          : `^\\s*(?=\\{\\s*"${escapeRegex(firstKey)}")`,
      ...closeField,
      repeats: true,
      ...json,
      transform: { type: "function", function: { name: path(t.json!.name, ["content"]), arguments: path(t.json!.arguments, ["content"]) } },
    };
  }
  // tag-json / tag-tagged: the open pattern runs from the call opener to where the arguments start.
  const head = t.format === "tag-json" ? callOpen + t.call.unit.split(PH.args)[0]! : headBeforeArgs(callOpen + t.call.unit, t);
  // What follows the head: the JSON arguments, or the first argument's key opener.
  const follow = t.format === "tag-json" ? "{" : t.args!.keyOpen;
  const body: Record<string, unknown> = t.format === "tag-json" ? json : taggedArgs(t);
  return {
    open_pattern: `\\s*${section}${skeletonPattern(head, follow)}`,
    ...closeField,
    repeats: true,
    ...body,
    transform: { type: "function", function: { name: "{name}", arguments: "{content}" } },
  };
}

/**
 * Tagged arguments: xml-inline with a tag pattern; when tags mark value types, the rtc extension
 * xml-typed (the reference's xml-inline applies one value parser to every tag).
 */
function taggedArgs(t: ToolsClass): Record<string, unknown> {
  const g = t.args!;
  const key = `${loosePattern(g.keyOpen.trim())}(?P<key>[^\\n]+?)`;
  // A closing tag that repeats the key (`<city>…</city>`) matches it by backreference.
  const value = `(?P<value>.*?)${g.valueClose.split(NEEDLE.arg[0]).map(loosePattern).join("(?P=key)")}`;
  if (!g.typed) return { content: "xml-inline", content_args: { tag_pattern: key + loosePattern(g.keyClose) + value } };
  return {
    content: "xml-typed",
    content_args: {
      tag_pattern: `${key}${loosePattern(g.typed.before)}(?P<attrs>[^\\n]*?)${loosePattern(g.typed.after)}${value}`,
      raw_when: { group: "attrs", contains: g.typed.stringMark },
    },
  };
}

/** For tagged arguments: the call text up to the first argument's key opener. */
function headBeforeArgs(call: string, t: ToolsClass): string {
  const upToKey = call.split(PH.key)[0]!;
  const keyOpen = t.args!.keyOpen;
  return upToKey.endsWith(keyOpen) ? upToKey.slice(0, upToKey.length - keyOpen.length) : upToKey;
}

/** Patterns as one alternation (empty ones dropped). */
function alternativesRaw(xs: string[]): string {
  const uniq = [...new Set(xs.filter((x) => x))];
  return uniq.length === 1 ? uniq[0]! : `(?:${uniq.join("|")})`;
}

/**
 * A call skeleton as a pattern: literals with loose whitespace, the function name as a named group (up
 * to the next literal's first character), indices matched, call ids matched but not kept. A call id
 * after its own marker (`[CALL_ID]…`) is optional: models may leave it out.
 */
export function skeletonPattern(s: string, follow = ""): string {
  const parts = s.split(/(\u0001[A-Z]\u0001)/u);
  let out = "";
  let optionalId = false;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (i % 2 === 0) {
      const idMarker = parts[i + 1] === PH.id && i > 0 ? part.match(/(?:<[^<>]+>|\[[^[\]]+\])$/u)?.[0] : undefined;
      out += loosePattern(idMarker ? part.slice(0, part.length - idMarker.length) : part);
      optionalId = idMarker !== undefined;
      if (idMarker) out += `(?:${escapeRegex(idMarker)}`;
      continue;
    }
    const stop = ((parts[i + 1] ?? "") + (i + 2 >= parts.length ? follow : "")).trim()[0];
    const cls = `[^\\s${stop ? escapeClass(stop) : ""}]`;
    if (part === PH.name) out += `(?P<name>${cls}+)`;
    else if (part === PH.id) out += optionalId ? `${cls}*)?` : `${cls}*`;
    else if (part === PH.index) out += "\\d+";
    else throw new Error(`unexpected placeholder in a delimiter: ${JSON.stringify(part)}`);
  }
  return out;
}

const escapeClass = (ch: string): string => (/[\\\]^-]/.test(ch) ? `\\${ch}` : ch);
