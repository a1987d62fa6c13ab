/**
 * vLLM's parser interface (vllm.parser.abstract_parser.Parser) over an rtc parser, so that a gateway written
 * against it can swap rtc in: one object per request, backed by one OpenAI delta stream (openai/).
 *
 * - `extractReasoning(text)` / `extractToolCalls(text, request)`: a whole output.
 * - `extractReasoningStreaming(previousText, currentText, deltaText, …ids)` and
 *   `extractToolCallsStreaming(…, request)`: both feed what `currentText` adds to the text already fed
 *   and return everything that produced (reasoning, content, tool calls) as one DeltaMessage, or null. rtc
 *   parses reasoning and tool calls in one pass, so calling both for the same step is harmless: the second
 *   call finds nothing new.
 * - `isReasoningEnd(ids)` / `extractContentIds(ids)`: token-level, given the ids of the template's
 *   single-token reasoning delimiters (read from a tokenizer_config.json's `added_tokens_decoder`).
 * - `specialTokensOnly` (an rtc extension that leaves the reference's behaviour, off by default): a
 *   delimiter that is a single special token counts only when it arrives as that token — the caller passes
 *   the delta's token ids — so a model writing `</think>` as ordinary text cannot close a region.
 *
 * @packageDocumentation
 * @module response-template/vllm
 */

import { REASONING_FIELDS } from "../openai/message.ts";
import { createOpenAIStream } from "../openai/interpreted.ts";
import { openAIStreamForGenerated, type OpenAIStream } from "../openai/adapter.ts";
import type { ChatDelta, DeltaToolCall } from "../openai/stream.ts";
import type { IdFor, OpenAIMessage } from "../openai/message.ts";
import { dictKeys, isDict } from "../core/python/values.ts";
import type { JsonValue, ParseOptions, ResponseParser, ToolDefinition } from "../core/types.ts";
import { SpecialTokenGuard } from "./special-tokens.ts";

/** vLLM's DeltaMessage (the fields a parser fills). */
export interface DeltaMessage {
  content?: string;
  reasoning_content?: string;
  reasoning?: string;
  tool_calls?: DeltaToolCall[];
}

/** vLLM's ToolCall. */
export interface ToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** vLLM's ExtractedToolCallInformation. */
export interface ExtractedToolCallInformation {
  tools_called: boolean;
  tool_calls: ToolCall[];
  content: string | null;
}

/** The part of a chat completion request the parser reads (and adjustRequest sets). */
export interface ParserRequest {
  tools?: ToolDefinition[] | null;
  /** OpenAI's response_format: with type `json_object` or `json_schema`, a fenced JSON answer is unwrapped
   * (ParseOptions.responseFormat, an rtc extension). */
  response_format?: { type?: string } | null;
  /** Set false by adjustRequest when the template's delimiters are special tokens the detokenizer would drop. */
  skip_special_tokens?: boolean;
}

/** A generated parser module (`response-template/models/<name>`, or `rtc build` output). */
export interface GeneratedParser {
  /** The response template the module was compiled from (read for field kinds and delimiters). */
  readonly template: JsonValue;
  /** A fresh streaming parser; the vLLM parser creates one per request with `eventDetails` set. */
  createResponseParser(options: ParseOptions): ResponseParser;
}

/** tokenizer_config.json (only `added_tokens_decoder` is read: `{"151668": {"content": "</think>", …}, …}`). */
export interface TokenizerConfig {
  added_tokens_decoder?: Record<string, { content: string; special?: boolean }>;
}

/** Options of a ResponseTemplateParser (one per request). */
export interface VllmParserOptions {
  /** The prompt text before the generation (required, as for the parsers: `""` opts out). */
  prefix: string;
  /** The request (its tools cast argument values, as transformers does). */
  request?: ParserRequest;
  /** `reasoning_content` (default) or `reasoning` (newer vLLM). */
  reasoningKey?: "reasoning_content" | "reasoning";
  /** Id for a tool call the model gave none (default `call_<index>`). */
  idFor?: IdFor;
  /** Token ids of single-token delimiters, for isReasoningEnd / extractContentIds / specialTokensOnly. */
  tokenizerConfig?: TokenizerConfig;
  /**
   * rtc extension (off by default; leaves the reference's behaviour): a delimiter that is one special token
   * counts only when the delta's token ids contain that token. Needs `tokenizerConfig`, and token ids on
   * every streaming call.
   */
  specialTokensOnly?: boolean;
}

/** A vLLM-style parser for one request. */
export class ResponseTemplateParser {
  private readonly reasoningKey: "reasoning_content" | "reasoning";
  private readonly tokens: ReadonlyMap<string, number>;
  private readonly reasoningOpen: number[];
  private readonly reasoningClose: number[];
  private stream: OpenAIStream | null = null;
  private fed = 0;
  private readonly guard: SpecialTokenGuard | null;
  private readonly delimiterTexts: string[];

  constructor(
    private readonly source: GeneratedParser | JsonValue,
    private readonly options: VllmParserOptions,
  ) {
    if (options === null || typeof options !== "object" || typeof options.prefix !== "string") {
      throw new TypeError('ResponseTemplateParser: options.prefix is required (the prompt text before the generation, or "" to opt out)');
    }
    this.reasoningKey = options.reasoningKey ?? "reasoning_content";
    this.tokens = tokenIds(options.tokenizerConfig);
    const delimiters = literalDelimiters(templateOf(source));
    this.delimiterTexts = delimiters.map((d) => d.text);
    const ids = (texts: string[]) => texts.flatMap((t) => (this.tokens.has(t) ? [this.tokens.get(t)!] : []));
    this.reasoningOpen = ids(delimiters.filter((d) => d.reasoning && d.open).map((d) => d.text));
    this.reasoningClose = ids(delimiters.filter((d) => d.reasoning && !d.open).map((d) => d.text));
    if (options.specialTokensOnly) {
      const special = new Map([...new Set(delimiters.map((d) => d.text))].filter((t) => this.tokens.has(t)).map((t) => [t, this.tokens.get(t)!]));
      if (special.size === 0) throw new TypeError("ResponseTemplateParser: specialTokensOnly needs tokenizerConfig ids for at least one of the template's delimiters");
      this.guard = new SpecialTokenGuard(special);
    } else this.guard = null;
  }

  // ---- the request ----

  /**
   * vLLM's `adjust_request`: the request to generate with. The template's delimiters must reach the parser
   * as text, so `skip_special_tokens` is set false when one of them is a special token of the tokenizer
   * (from `tokenizerConfig`), or, with no tokenizer config to tell, when the request has tools (as vLLM's
   * tool parsers do). The request is returned as given otherwise; it is changed in place, as vLLM does.
   */
  adjustRequest<R extends ParserRequest>(request: R): R & { skip_special_tokens?: boolean } {
    const special = this.tokens.size > 0 ? this.spellsSpecialToken() : Boolean(request.tools?.length);
    if (special) request.skip_special_tokens = false;
    return request;
  }

  /** A delimiter is a special token, or a delimiter pattern spells one (backslash escapes aside). */
  private spellsSpecialToken(): boolean {
    if (this.delimiterTexts.some((t) => this.tokens.has(t))) return true;
    const sources = patternSources(templateOf(this.source)).map((p) => p.replace(/\\(.)/g, "$1"));
    return [...this.tokens.keys()].some((text) => sources.some((p) => p.includes(text)));
  }

  // ---- whole output ----

  /** `(reasoning, content)` of a whole output; content is the answer text, without tool-call markup. */
  extractReasoning(modelOutput: string): [string | null, string | null] {
    const m = this.parseWhole(modelOutput, this.options.request);
    return [m[this.reasoningKey] ?? null, m.content];
  }

  /** The tool calls of a whole output (pass the whole output: rtc parses reasoning and calls in one pass). */
  extractToolCalls(modelOutput: string, request: ParserRequest | undefined = this.options.request): ExtractedToolCallInformation {
    const m = this.parseWhole(modelOutput, request);
    const calls = m.tool_calls ?? [];
    return { tools_called: calls.length > 0, tool_calls: calls, content: m.content };
  }

  /** A whole output has no token ids: `specialTokensOnly` applies to the streaming methods only. */
  private parseWhole(text: string, request: ParserRequest | undefined): OpenAIMessage {
    const s = this.open(request);
    s.feed(text);
    return s.finalize().openai;
  }

  // ---- streaming ----

  /**
   * One decoding step, vLLM's reasoning-parser signature: feeds what `currentText` adds to the text fed so far
   * (`deltaText` only when `currentText` is unusable) and returns everything that step produced — reasoning,
   * content and tool calls — as one DeltaMessage, or null. `deltaTokenIds` is required with `specialTokensOnly`
   * (else TypeError); the other arguments are accepted for the signature and not read.
   */
  extractReasoningStreaming(
    previousText: string,
    currentText: string,
    deltaText: string,
    previousTokenIds?: readonly number[],
    currentTokenIds?: readonly number[],
    deltaTokenIds?: readonly number[],
  ): DeltaMessage | null {
    void previousText;
    void previousTokenIds;
    void currentTokenIds;
    return this.step(currentText, deltaText, deltaTokenIds);
  }

  /**
   * One decoding step, vLLM's tool-parser signature: the same feed as extractReasoningStreaming (calling both
   * for one step is harmless: the second finds nothing new). `request` is ignored: the request's tools are
   * the ones given at construction, because the stream began with the first delta.
   */
  extractToolCallsStreaming(
    previousText: string,
    currentText: string,
    deltaText: string,
    previousTokenIds: readonly number[] | undefined,
    currentTokenIds: readonly number[] | undefined,
    deltaTokenIds: readonly number[] | undefined,
    request?: ParserRequest,
  ): DeltaMessage | null {
    void previousText;
    void previousTokenIds;
    void currentTokenIds;
    void request; // the request's tools were given at construction (the stream began with the first delta)
    return this.step(currentText, deltaText, deltaTokenIds);
  }

  /** The end of the output: what the last deltas held back (trailing whitespace, a call's last arguments). */
  finishStreaming(): DeltaMessage | null {
    const s = this.started();
    const deltas = this.guard ? s.feed(this.guard.flush()) : [];
    return this.merge([...deltas, ...s.finalize().deltas]);
  }

  /** Feeds what `currentText` adds to the text fed so far (whichever method is called, as often as it is). */
  private step(currentText: string, deltaText: string, deltaTokenIds: readonly number[] | undefined): DeltaMessage | null {
    const s = this.started();
    let add: string;
    if (typeof currentText === "string" && currentText.length >= this.fed) add = currentText.slice(this.fed);
    else add = deltaText; // no usable currentText: trust the delta
    if (!add) return null;
    this.fed += add.length;
    if (this.guard) {
      if (!deltaTokenIds) throw new TypeError("ResponseTemplateParser: specialTokensOnly needs the delta's token ids on every streaming call");
      add = this.guard.push(add, deltaTokenIds);
    }
    return this.merge(s.feed(add));
  }

  private started(): OpenAIStream {
    if (this.stream === null) {
      this.stream = this.open(this.options.request);
      const initial = this.stream.initialDeltas;
      if (initial.length) this.pendingInitial = initial;
    }
    return this.stream;
  }

  private pendingInitial: ChatDelta[] | null = null;

  private open(request: ParserRequest | undefined): OpenAIStream {
    const tools = request?.tools ?? undefined;
    const json = jsonRequested(request);
    const options = {
      prefix: this.options.prefix,
      reasoningKey: this.reasoningKey,
      idFor: this.options.idFor,
      ...(tools ? { tools } : {}),
      ...(json ? { responseFormat: "json" as const } : {}),
    };
    const src = this.source;
    return isGenerated(src) ? openAIStreamForGenerated(src, options) : createOpenAIStream(src, options);
  }

  /** One DeltaMessage for a batch of deltas (the prefix's deltas first, on the first call). */
  private merge(deltas: readonly ChatDelta[]): DeltaMessage | null {
    const all = this.pendingInitial ? [...this.pendingInitial, ...deltas] : deltas;
    this.pendingInitial = null;
    if (all.length === 0) return null;
    const out: DeltaMessage = {};
    const key = this.reasoningKey;
    for (const d of all) {
      if (d.content !== undefined) out.content = (out.content ?? "") + this.unguard(d.content);
      else if (d[key] !== undefined) out[key] = (out[key] ?? "") + this.unguard(d[key]!);
      else if (d.tool_calls) {
        const calls = (out.tool_calls ??= []);
        const tc = d.tool_calls[0]!;
        const last = calls[calls.length - 1];
        const args = this.unguard(tc.function.arguments ?? "");
        if (last && last.index === tc.index && tc.id === undefined) last.function.arguments = (last.function.arguments ?? "") + args;
        else {
          const copy: DeltaToolCall = { index: tc.index, function: { arguments: args } };
          if (tc.id !== undefined) {
            copy.id = this.unguard(tc.id);
            copy.type = "function";
            copy.function = { name: this.unguard(tc.function.name ?? ""), arguments: args };
          }
          calls.push(copy);
        }
      }
    }
    return out;
  }

  // ---- token ids ----

  /** Whether reasoning has ended in `inputIds`: a reasoning close token after the last reasoning open (or
   * after the prompt's prefix opened reasoning). False when the template's reasoning delimiters are not
   * single tokens of the tokenizer. */
  isReasoningEnd(inputIds: readonly number[]): boolean {
    return this.reasoningEndAt(inputIds) >= 0;
  }

  /** The ids after reasoning ended (the content's), or none while reasoning has not ended. */
  extractContentIds(inputIds: readonly number[]): number[] {
    const at = this.reasoningEndAt(inputIds);
    return at < 0 ? [] : inputIds.slice(at + 1);
  }

  private reasoningEndAt(ids: readonly number[]): number {
    let end = -1;
    for (let i = 0; i < ids.length; i++) {
      if (this.reasoningClose.includes(ids[i]!)) end = i;
      else if (this.reasoningOpen.includes(ids[i]!)) end = -1;
    }
    return end;
  }

  private unguard(s: string): string {
    return this.guard ? this.guard.restore(s) : s;
  }
}

/** Whether the request asked for a JSON answer (response_format json_object or json_schema). */
function jsonRequested(request: ParserRequest | undefined): boolean {
  const type = request?.response_format?.type;
  return type === "json_object" || type === "json_schema";
}

function isGenerated(p: unknown): p is GeneratedParser {
  return typeof p === "object" && p !== null && typeof (p as GeneratedParser).createResponseParser === "function" && "template" in p;
}

function templateOf(source: GeneratedParser | JsonValue): JsonValue {
  return isGenerated(source) ? source.template : (source as JsonValue);
}

/** Token text → id, from tokenizer_config.json's added_tokens_decoder. */
export function tokenIds(config: TokenizerConfig | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const [id, t] of Object.entries(config?.added_tokens_decoder ?? {})) {
    if (t && typeof t.content === "string" && /^\d+$/.test(id)) out.set(t.content, Number(id));
  }
  return out;
}

interface LiteralDelimiter {
  text: string;
  open: boolean;
  reasoning: boolean;
}

/** The template's literal open and close delimiters (patterns cannot be matched against single tokens). */
/** The delimiter patterns of a template's fields (open_pattern, close_pattern). */
function patternSources(template: JsonValue): string[] {
  if (!isDict(template) || !isDict(template.fields)) return [];
  const fields = template.fields;
  return dictKeys(fields).flatMap((name) => {
    const f = fields[name];
    return isDict(f) ? [f.open_pattern, f.close_pattern].filter((p): p is string => typeof p === "string") : [];
  });
}

function literalDelimiters(template: JsonValue): LiteralDelimiter[] {
  if (!isDict(template) || !isDict(template.fields)) return [];
  const fields = template.fields;
  const out: LiteralDelimiter[] = [];
  for (const name of dictKeys(fields)) {
    const f = fields[name];
    if (!isDict(f)) continue;
    const reasoning = REASONING_FIELDS.includes(name);
    for (const [key, open] of [["open", true], ["close", false]] as const) {
      const v = f[key];
      const texts = typeof v === "string" ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
      for (const text of texts) if (text) out.push({ text, open, reasoning });
    }
  }
  return out;
}
