// The panels: each turns one computed view (analyse.ts) into DOM.

import type { ChatDelta } from "response-template/openai";
import type { JsonValue, RegionEvent } from "response-template";
import { pyDumps } from "response-template/runtime";
import { el } from "./dom.ts";
import type { Span, SpanKind } from "./regions.ts";

const LEGEND: [SpanKind, string][] = [
  ["reasoning", "reasoning"],
  ["content", "content"],
  ["call", "tool call"],
  ["argument-key", "argument key"],
  ["argument-value", "argument value"],
  ["delimiter", "delimiter"],
  ["error", "error (recover mode)"],
  ["unclaimed", "unclaimed"],
  ["field", "other field"],
];

export function renderLegend(box: HTMLElement): void {
  box.replaceChildren(...LEGEND.map(([kind, label]) => el("span", `kind-${kind}${kind === "call" ? " call-even" : ""}`, label)));
}

/** The output as coloured spans; clicking one shows its label and range in `info`. */
export function renderSpans(box: HTMLElement, info: HTMLElement, text: string, spans: readonly Span[]): void {
  const nodes = spans.map((s) => {
    const parity = s.call === undefined ? "" : ` call-${s.call % 2 === 0 ? "even" : "odd"} call-${s.call}`;
    const span = el("span", `region kind-${s.kind}${parity}`, text.slice(s.start, s.end));
    span.dataset["kind"] = s.kind;
    span.dataset["label"] = s.label;
    span.dataset["start"] = String(s.start);
    span.dataset["end"] = String(s.end);
    if (s.field) span.dataset["field"] = s.field;
    if (s.call !== undefined) span.dataset["call"] = String(s.call);
    span.title = `${s.label} [${s.start}, ${s.end})`;
    span.addEventListener("click", () => {
      for (const x of box.querySelectorAll(".selected")) x.classList.remove("selected");
      span.classList.add("selected");
      info.textContent = `${s.label} — characters ${s.start}–${s.end}: ${JSON.stringify(text.slice(s.start, s.end))}`;
    });
    return span;
  });
  box.replaceChildren(...nodes);
  info.textContent = spans.length ? "Click a span to see what it is." : "";
}

export function renderEvents(list: HTMLElement, events: readonly RegionEvent[]): void {
  list.replaceChildren(
    ...events.map((e) => {
      const { type, ...rest } = e;
      return el("li", `ev-${type}`, `${type} ${pyDumps(rest as JsonValue, { ensureAscii: false })}`);
    }),
  );
}

export function renderDeltas(list: HTMLElement, deltas: readonly { chunk: number; delta: ChatDelta }[]): void {
  list.replaceChildren(...deltas.map(({ chunk, delta }) => el("li", "delta", `${chunk < 0 ? "prefix" : `#${chunk}`} ${JSON.stringify(delta)}`)));
}
