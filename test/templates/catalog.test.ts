// templates/catalog.json agrees with the library: one entry per template (as many as docs/templates.md says), the
// chat templates it lists are exactly the round-trip table's rows for it (and exist), `proven_on` is
// exactly what the table and the samples prove (test/templates/proof.ts), samples written in sibling
// spellings cover every chat template listed, and its extensions are exactly the non-reference content
// parsers and rtc field keys (into, argument_types) the template uses.

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { EXTENSION_PARSERS } from "../../runtime/core/content/ext/index.ts";
import { readDocFlat } from "../support/docs.ts";
import { CHAT_TEMPLATE_DIR } from "./render.ts";
import { proofOf, type Proof } from "./proof.ts";
import { ROUNDTRIP_TABLE } from "./roundtrip-table.ts";
import { TEMPLATE_DIR, contentParsersOf, fieldExtensionsOf, templateNames } from "./support.ts";

interface Entry {
  name: string;
  models: string[];
  round_tripped_against: string[];
  markers: string[];
  extensions: string[];
  proven_on: Proof;
  limitations: string[];
}

const catalog = JSON.parse(readFileSync(join(TEMPLATE_DIR, "catalog.json"), "utf8")) as { templates: Entry[] };

describe("templates/catalog.json", () => {
  test("one entry per template, in name order", () => {
    expect(catalog.templates.map((e) => e.name)).toEqual(templateNames());
  });
  test("the library has 69 templates, as docs/templates.md says, 15 of them without a chat template, which it names", () => {
    expect(catalog.templates.length).toBe(69);
    const readme = readDocFlat("docs/templates.md");
    expect(readme).toContain(`\`templates/\` holds ${catalog.templates.length} response templates`);
    const sampleOnly = catalog.templates.filter((e) => e.proven_on.round_trip.length === 0).map((e) => `\`${e.name}\``);
    expect(sampleOnly.length).toBe(15);
    expect(readme).toContain(`no chat template is available for ${sampleOnly.length}: ${sampleOnly.join(", ")}`);
  });
  for (const e of catalog.templates) {
    test(`${e.name}: models, markers, chat templates and extensions`, () => {
      expect(e.models.length).toBeGreaterThan(0);
      expect(e.markers.length).toBeGreaterThan(0);
      const chats = [...new Set(ROUNDTRIP_TABLE.filter((r) => r.template === e.name).map((r) => r.chat))];
      expect(e.round_tripped_against).toEqual(chats);
      for (const c of chats) expect(existsSync(join(CHAT_TEMPLATE_DIR, c)), c).toBe(true);
      expect(e.proven_on, "proven_on (npx tsx scripts/roundtrip/catalog-proof.ts)").toEqual(proofOf(e.name));
      const spelt = e.proven_on.samples_by_chat_template;
      if (spelt) expect(Object.keys(spelt).sort(), "every chat template has samples in its own spelling").toEqual([...chats].sort());
      const ext = [...contentParsersOf(e.name).filter((p) => p in EXTENSION_PARSERS), ...fieldExtensionsOf(e.name)].sort();
      expect(e.extensions).toEqual(ext);
    });
  }
});
