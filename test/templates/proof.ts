// What each library template is proven on, as templates/catalog.json states it (`proven_on`): its
// round-trip rows (chat template, settings, the conversations run in each mode, what the row leaves out)
// and its sample rows. Computed from roundtrip-table.ts and templates/samples/; catalog.test.ts compares,
// scripts/roundtrip/catalog-proof.ts writes it.

import { CONVERSATIONS } from "./conversations.ts";
import { promptApplies } from "./roundtrip-cases.ts";
import { ROUNDTRIP_TABLE } from "./roundtrip-table.ts";
import { readSamples } from "./sample-rows.ts";

export interface RoundTripProof {
  chat_template: string;
  /** Variables the chat template is rendered with (its reasoning switch, …). */
  settings?: Record<string, unknown>;
  /** Conversations round-tripped with the rendered history as prefix … */
  history: string[];
  /** … and with the generation prompt alone as prefix. */
  prompt: string[];
  /** Normalisations and input transforms: what the rendered turn does not carry. */
  left_out?: string[];
}

export interface Proof {
  /** Empty: no chat template of the models is available, the samples are the only proof. */
  round_trip: RoundTripProof[];
  samples: number;
  real_shape_samples: number;
  /** For templates read against sibling chat templates: the sample rows written in each one's spelling. */
  samples_by_chat_template?: Record<string, number>;
}

export function proofOf(template: string): Proof {
  const round_trip = ROUNDTRIP_TABLE.filter((r) => r.template === template).map((row): RoundTripProof => {
    const modes = row.modes ?? ["history", "prompt"];
    const convs = CONVERSATIONS.filter((c) => !row.conversations || row.conversations.includes(c.name));
    const leftOut = [...(row.normalise ?? []), ...(row.inputs ?? [])];
    return {
      chat_template: row.chat,
      ...(row.render?.vars ? { settings: row.render.vars } : {}),
      history: modes.includes("history") ? convs.map((c) => c.name) : [],
      prompt: modes.includes("prompt") ? convs.filter((c) => promptApplies(row, c)).map((c) => c.name) : [],
      ...(leftOut.length ? { left_out: leftOut } : {}),
    };
  });
  const rows = readSamples(template);
  const byChat: Record<string, number> = {};
  for (const r of rows) for (const c of r.chat_templates ?? []) byChat[c] = (byChat[c] ?? 0) + 1;
  return {
    round_trip,
    samples: rows.length,
    real_shape_samples: rows.filter((r) => r.shape !== undefined).length,
    ...(Object.keys(byChat).length ? { samples_by_chat_template: byChat } : {}),
  };
}
