// Loads every template under templates/ and reports the ones that do not load.
import { readdirSync, readFileSync } from "node:fs";
import { loadTemplate } from "../../runtime/interpret/index.ts";
for (const f of readdirSync("templates").filter((f) => f.endsWith(".json") && f !== "catalog.json").sort()) {
  try {
    loadTemplate(JSON.parse(readFileSync(`templates/${f}`, "utf8")));
  } catch (e) {
    console.log(`${f}: ${(e as Error).message}`);
  }
}
