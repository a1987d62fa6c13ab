// The playground page: reads the inputs, recomputes every panel (analyse.ts) and renders it (render.ts).
// Any failure is one line in #error; the panels keep whatever could still be computed.

import type { JsonValue } from "response-template";
import { deltaView, grammarView, oneLine, parseView, templateFromJinja, templateFromJson, templateFromShipped, type GrammarChoice, type TemplateChoice } from "./analyse.ts";
import { byId, el, showLine } from "./dom.ts";
import { renderDeltas, renderEvents, renderLegend, renderSpans } from "./render.ts";
import { SHIPPED } from "./shipped.ts";

const PASTE_JSON = "custom:json";
const PASTE_JINJA = "custom:jinja";
const DEFAULT_TEMPLATE = "qwen3";

const ui = {
  template: byId("template", HTMLSelectElement),
  sample: byId("sample", HTMLSelectElement),
  recover: byId("recover", HTMLInputElement),
  chunkSize: byId("chunk-size", HTMLInputElement),
  templateBox: byId("template-box", HTMLDivElement),
  templateLabel: byId("template-text-label", HTMLLabelElement),
  templateText: byId("template-text", HTMLTextAreaElement),
  templateNotes: byId("template-notes", HTMLDivElement),
  prefix: byId("prefix", HTMLTextAreaElement),
  output: byId("output", HTMLTextAreaElement),
  error: byId("error", HTMLDivElement),
  legend: byId("legend", HTMLDivElement),
  regions: byId("regions", HTMLPreElement),
  regionInfo: byId("region-info", HTMLDivElement),
  message: byId("message", HTMLPreElement),
  events: byId("events", HTMLOListElement),
  deltaError: byId("delta-error", HTMLDivElement),
  deltas: byId("deltas", HTMLOListElement),
  grammarFormat: byId("grammar-format", HTMLSelectElement),
  grammarNotes: byId("grammar-notes", HTMLDivElement),
  grammar: byId("grammar", HTMLPreElement),
};

function chosenTemplate(): TemplateChoice {
  const choice = ui.template.value;
  if (choice === PASTE_JSON) return templateFromJson(ui.templateText.value);
  if (choice === PASTE_JINJA) return templateFromJinja(ui.templateText.value);
  const json = SHIPPED.templates[choice];
  return json === undefined ? { template: null, error: `no shipped template ${choice}`, notes: [] } : templateFromShipped(json);
}

let runs = 0;

function update(): void {
  try {
    const choice = chosenTemplate();
    ui.templateNotes.textContent = choice.notes.join("\n");
    if (!choice.template) {
      clearPanels();
      showLine(ui.error, choice.error);
      return;
    }
    show(choice.template);
  } catch (e) {
    showLine(ui.error, oneLine(e));
  } finally {
    // Tests wait for this to change after they edit an input.
    document.body.dataset["runs"] = String(++runs);
  }
}

function show(template: JsonValue): void {
  const output = ui.output.value;
  const prefix = ui.prefix.value;
  const recover = ui.recover.checked;
  const parsed = parseView(template, output, { prefix, recover });
  showLine(ui.error, parsed.error);
  renderSpans(ui.regions, ui.regionInfo, output, parsed.spans);
  ui.message.textContent = parsed.messageJson;
  renderEvents(ui.events, parsed.events);
  const deltas = deltaView(template, output, { prefix, recover, chunkSize: Number(ui.chunkSize.value) });
  showLine(ui.deltaError, deltas.error);
  renderDeltas(ui.deltas, deltas.deltas);
  const grammar = grammarView(template, ui.grammarFormat.value as GrammarChoice, prefix);
  ui.grammar.textContent = grammar.error ?? grammar.text;
  ui.grammarNotes.textContent = grammar.notes.join("\n");
}

function clearPanels(): void {
  ui.regions.replaceChildren();
  ui.regionInfo.textContent = "";
  ui.message.textContent = "";
  ui.events.replaceChildren();
  ui.deltas.replaceChildren();
  showLine(ui.deltaError, null);
  ui.grammar.textContent = "";
  ui.grammarNotes.textContent = "";
}

/** The template box: hidden for a shipped template, JSON or Jinja to paste otherwise. */
function templateChanged(): void {
  const choice = ui.template.value;
  const custom = choice === PASTE_JSON || choice === PASTE_JINJA;
  ui.templateBox.hidden = !custom;
  ui.templateLabel.textContent = choice === PASTE_JINJA ? "Jinja chat template (a response template is inferred from it)" : "Template JSON";
  if (choice === PASTE_JSON && !ui.templateText.value.trim()) ui.templateText.value = JSON.stringify(SHIPPED.templates[DEFAULT_TEMPLATE] ?? {}, null, 2);
  const samples = SHIPPED.samples[choice] ?? [];
  ui.sample.replaceChildren(el("option", "", "(your own)"), ...samples.map((s, i) => Object.assign(el("option", "", s.name), { value: String(i) })));
  ui.sample.options[0]!.value = "";
  update();
}

function sampleChanged(): void {
  const sample = SHIPPED.samples[ui.template.value]?.[Number(ui.sample.value)];
  if (ui.sample.value !== "" && sample) {
    ui.prefix.value = sample.prefix;
    ui.output.value = sample.text;
  }
  update();
}

let timer: ReturnType<typeof setTimeout> | undefined;
function later(): void {
  clearTimeout(timer);
  timer = setTimeout(update, 150);
}

function start(): void {
  const names = Object.keys(SHIPPED.templates).sort();
  ui.template.replaceChildren(
    ...names.map((n) => Object.assign(el("option", "", n), { value: n })),
    Object.assign(el("option", "", "paste template JSON…"), { value: PASTE_JSON }),
    Object.assign(el("option", "", "infer from a Jinja chat template…"), { value: PASTE_JINJA }),
  );
  ui.template.value = names.includes(DEFAULT_TEMPLATE) ? DEFAULT_TEMPLATE : (names[0] ?? PASTE_JSON);
  ui.output.value =
    '<think>\nThe user wants the weather in Paris.\n</think>\n\nLet me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}\n</tool_call><|im_end|>';
  renderLegend(ui.legend);
  ui.template.addEventListener("change", templateChanged);
  ui.sample.addEventListener("change", sampleChanged);
  ui.grammarFormat.addEventListener("change", update);
  ui.recover.addEventListener("change", update);
  for (const input of [ui.templateText, ui.prefix, ui.output, ui.chunkSize]) input.addEventListener("input", later);
  templateChanged();
  document.body.dataset["ready"] = "true";
}

try {
  start();
} catch (e) {
  document.body.prepend(el("div", "error", `The playground could not start: ${oneLine(e)}`));
}
