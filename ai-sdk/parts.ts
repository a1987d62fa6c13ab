// OpenAI deltas (response-template/openai) → AI SDK stream parts: runs of text and reasoning as
// start/delta/end, each tool call as tool-input-start, its argument text as tool-input-delta while the
// model writes it, then tool-input-end and the complete tool-call as soon as the call's region closes.

import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import type { ChatDelta } from "response-template/openai";

interface OpenCall {
  id: string;
  name: string;
  /** Argument text so far: kept only until the call's tool-call part goes out. */
  input: string;
}

export class PartWriter {
  private open: { type: "text" | "reasoning"; id: string } | null = null;
  private runs = 0;
  private readonly calls: OpenCall[] = [];
  /** Calls 0…ended-1 have had their tool-call part. */
  private ended = 0;

  constructor(private readonly idPrefix: string) {}

  get toolCalls(): number {
    return this.calls.length;
  }

  /** Parts for one batch of deltas; `completed` calls (OpenAIStream.completedCalls) are complete. */
  write(deltas: readonly ChatDelta[], completed: number, out: LanguageModelV3StreamPart[]): void {
    for (const d of deltas) {
      if (d.content !== undefined) this.text("text", d.content, out);
      else if (d.reasoning_content !== undefined) this.text("reasoning", d.reasoning_content, out);
      else if (d.reasoning !== undefined) this.text("reasoning", d.reasoning, out);
      else if (d.tool_calls) this.call(d.tool_calls[0]!, out);
    }
    this.complete(completed, out);
  }

  /** Closes the open run and completes every call (end of the response). */
  end(out: LanguageModelV3StreamPart[]): void {
    this.closeRun(out);
    this.complete(this.calls.length, out);
  }

  private text(type: "text" | "reasoning", delta: string, out: LanguageModelV3StreamPart[]): void {
    if (this.open?.type !== type) {
      this.closeRun(out);
      this.open = { type, id: `${this.idPrefix}-${type}-${this.runs++}` };
      out.push({ type: type === "text" ? "text-start" : "reasoning-start", id: this.open.id });
    }
    out.push({ type: type === "text" ? "text-delta" : "reasoning-delta", id: this.open.id, delta });
  }

  private closeRun(out: LanguageModelV3StreamPart[]): void {
    if (this.open === null) return;
    out.push({ type: this.open.type === "text" ? "text-end" : "reasoning-end", id: this.open.id });
    this.open = null;
  }

  private call(tc: NonNullable<ChatDelta["tool_calls"]>[number], out: LanguageModelV3StreamPart[]): void {
    this.closeRun(out);
    const args = tc.function.arguments ?? "";
    if (tc.id !== undefined) {
      const call: OpenCall = { id: tc.id, name: tc.function.name ?? "", input: "" };
      this.calls[tc.index] = call;
      out.push({ type: "tool-input-start", id: call.id, toolName: call.name });
      if (args) this.input(call, args, out);
    } else {
      const call = this.calls[tc.index];
      if (call) this.input(call, args, out);
    }
  }

  private input(call: OpenCall, delta: string, out: LanguageModelV3StreamPart[]): void {
    call.input += delta;
    out.push({ type: "tool-input-delta", id: call.id, delta });
  }

  private complete(n: number, out: LanguageModelV3StreamPart[]): void {
    for (; this.ended < n; this.ended++) {
      const call = this.calls[this.ended]!;
      this.closeRun(out);
      out.push({ type: "tool-input-end", id: call.id });
      out.push({ type: "tool-call", toolCallId: call.id, toolName: call.name, input: call.input || "{}" });
      call.input = "";
    }
  }
}
