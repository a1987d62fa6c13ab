import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { OUTPUT, generateParserSource } from "../../scripts/gen-regex-parser.ts";

it("translate/grammar.generated.ts is current with python-regex.peggy (npx tsx scripts/gen-regex-parser.ts)", () => {
  expect(readFileSync(OUTPUT, "utf8") === generateParserSource()).toBe(true);
});
