// templates/catalog.json agrees with the library: one entry per template, the chat templates it lists are
// exactly the round-trip table's rows for it (and exist), and its extensions are exactly the non-reference
// content parsers and rtc field keys (into, argument_types) the template uses.

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { EXTENSION_PARSERS } from "../../packages/response-template/runtime/content/ext/index.ts";
import { CHAT_TEMPLATE_DIR } from "./render.ts";
import { ROUNDTRIP_TABLE } from "./roundtrip-table.ts";
import { TEMPLATE_DIR, contentParsersOf, fieldExtensionsOf, templateNames } from "./support.ts";

interface Entry {
  name: string;
  models: string[];
  round_tripped_against: string[];
  markers: string[];
  extensions: string[];
  limitations: string[];
}

const catalog = JSON.parse(readFileSync(join(TEMPLATE_DIR, "catalog.json"), "utf8")) as { templates: Entry[] };

describe("templates/catalog.json", () => {
  test("one entry per template, in name order", () => {
    expect(catalog.templates.map((e) => e.name)).toEqual(templateNames());
  });
  test("the library covers at least 40 templates", () => {
    expect(catalog.templates.length).toBeGreaterThanOrEqual(40);
  });
  for (const e of catalog.templates) {
    test(`${e.name}: models, markers, chat templates and extensions`, () => {
      expect(e.models.length).toBeGreaterThan(0);
      expect(e.markers.length).toBeGreaterThan(0);
      const chats = [...new Set(ROUNDTRIP_TABLE.filter((r) => r.template === e.name).map((r) => r.chat))];
      expect(e.round_tripped_against).toEqual(chats);
      for (const c of chats) expect(existsSync(join(CHAT_TEMPLATE_DIR, c)), c).toBe(true);
      const ext = [...contentParsersOf(e.name).filter((p) => p in EXTENSION_PARSERS), ...fieldExtensionsOf(e.name)].sort();
      expect(e.extensions).toEqual(ext);
    });
  }
});
