// The AI SDK language-model middleware (specification v3: `ai` 6, `@ai-sdk/provider` 3). A provider that
// returns raw model text — a completion endpoint, a local model — has its text parsed by a response
// template: reasoning becomes reasoning parts, the answer text parts, and tool calls tool-call parts whose
// input streams while the model writes it. Both `doStream` and `doGenerate` are wrapped.
//
// `@ai-sdk/provider` is imported for types only: at run time this module needs nothing but response-template.

import type {
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3FinishReason,
  LanguageModelV3Middleware,
  LanguageModelV3StreamPart,
} from "@ai-sdk/provider";
import {
  createOpenAIStream,
  openAIStreamForGenerated,
  type IdFor,
  type OpenAIStream,
} from "response-template/openai";
import type { JsonValue, ParseOptions, ResponseParser, ToolDefinition } from "response-template/runtime";
import { PartWriter } from "./parts.ts";

/** A generated parser module: `response-template/models/<name>` (or `await loadParser(name)`), or `rtc build` output. */
export interface GeneratedParser {
  /** The response template the module was compiled from (read for field kinds). */
  readonly template: JsonValue;
  /** A fresh streaming parser; the middleware creates one per model call. */
  createResponseParser(options: ParseOptions): ResponseParser;
}

/** Options of responseTemplateMiddleware; `parser` and `prefix` are required (TypeError otherwise). */
export interface ResponseTemplateMiddlewareOptions {
  /** A response template (its JSON) or a generated parser module. */
  parser: GeneratedParser | JsonValue;
  /**
   * The text the prompt ended with before the generation — what the chat template wrote for the assistant
   * turn, such as `"<|im_start|>assistant\n"` or a prefilled `"<think>\n"` — or a function of the call's
   * options that returns it. Required, as for the parsers: `""` opts out.
   */
  prefix: string | ((params: LanguageModelV3CallOptions) => string);
  /**
   * Hand the request's function tools to the parser, which then casts argument values to their schema
   * types as transformers does (`"3"` → `3` for an integer parameter). String arguments then arrive
   * when their call completes rather than character by character. Default true.
   */
  castArguments?: boolean;
  /** Ids for calls the model gives none (default: unique per response, `rtc-<random>-<index>`). */
  idFor?: IdFor;
}

/** The middleware: `wrapLanguageModel({ model, middleware: responseTemplateMiddleware({ parser, prefix }) })`. */
export function responseTemplateMiddleware(options: ResponseTemplateMiddlewareOptions): LanguageModelV3Middleware {
  if (options === null || typeof options !== "object") throw new TypeError("responseTemplateMiddleware: options must be an object");
  if (options.parser === undefined || options.parser === null) throw new TypeError("responseTemplateMiddleware: options.parser is required (a response template or a generated parser module)");
  if (typeof options.prefix !== "string" && typeof options.prefix !== "function") {
    throw new TypeError('responseTemplateMiddleware: options.prefix is required (the prompt text before the generation, or "" to opt out)');
  }
  const open = (params: LanguageModelV3CallOptions): { stream: OpenAIStream; parts: PartWriter } => {
    const prefix = typeof options.prefix === "function" ? options.prefix(params) : options.prefix;
    const tag = `rtc-${randomTag()}`;
    const idFor: IdFor = options.idFor ?? ((index) => `${tag}-${index}`);
    const tools = options.castArguments === false ? undefined : toolDefinitions(params);
    // A call that asked for JSON (generateObject, Output.object) gets a fenced JSON answer unwrapped.
    const json = params.responseFormat?.type === "json";
    const parseOptions = { prefix, idFor, ...(tools ? { tools } : {}), ...(json ? { responseFormat: "json" as const } : {}) };
    const p = options.parser;
    const stream = isGenerated(p) ? openAIStreamForGenerated(p, parseOptions) : createOpenAIStream(p, parseOptions);
    return { stream, parts: new PartWriter(tag) };
  };

  return {
    specificationVersion: "v3",

    async wrapStream({ doStream, params }) {
      const { stream: source, ...rest } = await doStream();
      const { stream, parts } = open(params);
      let finished = false;
      /** Runs a step of the parser; a parse error becomes an error part and the stream goes on, as the
       * parser does (a region that fails leaves it where the reference leaves it). */
      const step = (run: () => void, controller: TransformStreamDefaultController<LanguageModelV3StreamPart>) => {
        try {
          run();
        } catch (error) {
          controller.enqueue({ type: "error", error });
        }
      };
      const emit = (out: LanguageModelV3StreamPart[], c: TransformStreamDefaultController<LanguageModelV3StreamPart>) => {
        for (const part of out) c.enqueue(part);
      };
      const finish = (c: TransformStreamDefaultController<LanguageModelV3StreamPart>) => {
        finished = true;
        const out: LanguageModelV3StreamPart[] = [];
        step(() => parts.write(stream.finalize().deltas, stream.completedCalls, out), c);
        parts.end(out);
        emit(out, c);
      };
      const transform = new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
        start(c) {
          const out: LanguageModelV3StreamPart[] = [];
          parts.write(stream.initialDeltas, stream.completedCalls, out);
          emit(out, c);
        },
        transform(part, c) {
          switch (part.type) {
            case "text-delta": {
              const out: LanguageModelV3StreamPart[] = [];
              step(() => parts.write(stream.feed(part.delta), stream.completedCalls, out), c);
              emit(out, c);
              return;
            }
            case "text-start":
            case "text-end":
              return; // the provider's one text run becomes the parsed runs
            case "finish":
              if (!finished) finish(c);
              c.enqueue({ ...part, finishReason: finishReason(part.finishReason, parts.toolCalls) });
              return;
            default:
              c.enqueue(part);
          }
        },
        flush(c) {
          if (!finished) finish(c); // the provider ended without a finish part
        },
      });
      return { ...rest, stream: source.pipeThrough(transform) };
    },

    async wrapGenerate({ doGenerate, params }) {
      const result = await doGenerate();
      const { stream } = open(params);
      let text = "";
      const others: LanguageModelV3Content[] = [];
      for (const c of result.content) {
        if (c.type === "text") text += c.text;
        else others.push(c);
      }
      stream.feed(text);
      const { openai } = stream.finalize(); // a parse error rejects the call, as a provider error would
      const content: LanguageModelV3Content[] = [];
      const reasoning = openai.reasoning_content ?? openai.reasoning;
      if (reasoning) content.push({ type: "reasoning", text: reasoning });
      if (openai.content) content.push({ type: "text", text: openai.content });
      for (const call of openai.tool_calls ?? []) {
        content.push({ type: "tool-call", toolCallId: call.id, toolName: call.function.name, input: call.function.arguments });
      }
      content.push(...others);
      return { ...result, content, finishReason: finishReason(result.finishReason, openai.tool_calls?.length ?? 0) };
    },
  };
}

function isGenerated(p: unknown): p is GeneratedParser {
  return typeof p === "object" && p !== null && typeof (p as GeneratedParser).createResponseParser === "function" && "template" in p;
}

/** The request's function tools as the parser takes them (OpenAI's shape). */
function toolDefinitions(params: LanguageModelV3CallOptions): ToolDefinition[] | undefined {
  const tools = (params.tools ?? []).filter((t) => t.type === "function");
  if (tools.length === 0) return undefined;
  return tools.map((t) => ({ type: "function", function: { name: t.name, parameters: t.inputSchema as JsonValue } }));
}

/** A provider that only wrote text finished with "stop"; with parsed tool calls it is "tool-calls". */
function finishReason(reason: LanguageModelV3FinishReason, calls: number): LanguageModelV3FinishReason {
  return calls > 0 && (reason.unified === "stop" || reason.unified === "other") ? { ...reason, unified: "tool-calls" } : reason;
}

function randomTag(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return c?.randomUUID ? c.randomUUID().slice(0, 8) : Math.random().toString(36).slice(2, 10);
}
