// The round-trip table proves what the chat templates can carry: for every (template, chat template) pair
// of roundtrip-table.ts, the reasoning and every tool call of a turn, wherever the chat template renders
// them under some setting, are round-tripped by a row of that pair that expects them.
// roundtrip.test.ts checks the converse (a row leaves out only what its rendering does not hold).
//
// The settings tried are the switches chat templates read (SWITCHES), each set alone, and only where the
// chat template's source names it; the row's own render options (tools, ids, stop tokens) are kept.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CONVERSATIONS } from "./conversations.ts";
import { droppedByNormalising, historyCase, type RoundTripRow } from "./roundtrip-cases.ts";
import { ROUNDTRIP_TABLE } from "./roundtrip-table.ts";
import { CHAT_TEMPLATE_DIR } from "./render.ts";

/** Variables chat templates switch reasoning (or its rendering in history) with, and the value that switches it on. */
const SWITCHES: Record<string, unknown> = {
  enable_thinking: true,
  thinking: true,
  thinking_mode: "enabled",
  reasoning_effort: "high",
  add_thoughts: true,
  keep_past_thinking: true,
  preserve_thinking: true,
  preserved_thinking: true,
  include_thinking: true,
  print_thinking: true,
  keep_reasoning: true,
  clear_thinking: false,
  strip_thinking: false,
  drop_thinking: false,
  skip_thinking: false,
  truncate_history_thinking: false,
};

/** What a conversation's turn can carry, and the text that shows the rendered turn holds it. */
const CARRIED: { conversation: string; what: string; text: string }[] = [
  { conversation: "reasoning+content", what: "the reasoning", text: "The user wants a greeting." },
  { conversation: "reasoning+calls", what: "the reasoning", text: "I need two tools." },
  { conversation: "one-call", what: "the call get_weather", text: "get_weather" },
  { conversation: "two-calls", what: "the call search_docs", text: "search_docs" },
];

const conversation = (name: string) => CONVERSATIONS.find((c) => c.name === name)!;

function rendersIt(row: RoundTripRow, name: string, text: string): boolean {
  try {
    return historyCase(row, conversation(name)).output.includes(text);
  } catch {
    return false; // the chat template refuses the conversation (Llama 3.x raises on parallel calls)
  }
}

/** Whether the row runs the conversation and expects what it carries. */
function roundTrips(row: RoundTripRow, name: string, what: string): boolean {
  if (row.conversations && !row.conversations.includes(name)) return false;
  return !droppedByNormalising(row, conversation(name)).some((d) => d.what === what);
}

const pairs = new Map<string, RoundTripRow[]>();
for (const row of ROUNDTRIP_TABLE) {
  const key = `${row.template} ← ${row.chat}`;
  pairs.set(key, [...(pairs.get(key) ?? []), row]);
}

describe("the round-trip table covers what each chat template can render", () => {
  for (const [pair, rows] of pairs) {
    test(pair, () => {
      const source = readFileSync(join(CHAT_TEMPLATE_DIR, rows[0]!.chat), "utf8");
      const named = Object.entries(SWITCHES).filter(([k]) => new RegExp(`\\b${k}\\b`).test(source));
      const base = rows.find((r) => !r.render?.vars || "functions" in r.render.vars) ?? rows[0]!;
      const settings = [{}, ...named.map(([k, v]) => ({ [k]: v }))];
      for (const { conversation: name, what, text } of CARRIED) {
        const rendering = settings.find((vars) => {
          const trial: RoundTripRow = { ...base, render: { ...base.render, vars: { ...base.render?.vars, ...vars } } };
          return rendersIt(trial, name, text);
        });
        if (rendering === undefined) continue;
        const proving = rows.filter((r) => roundTrips(r, name, what) && rendersIt(r, name, text));
        expect(proving.length, `${name}: the chat template renders ${what} with ${JSON.stringify(rendering)}, but no row round-trips it`).toBeGreaterThan(0);
      }
    });
  }
});
