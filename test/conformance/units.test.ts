// Every row of conformance/hf/units.jsonl except `table` rows (those belong to the regex tests):
// Python int/float/strip/json.loads, tool-argument coercion and content parsers, compared with what
// the reference did. Rows listed in deviations.json under "units" (by line number, with a reason) must
// still differ: one that agrees fails as a stale entry.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fullContext, parseContent, type ContentContext } from "../../runtime/core/content/index.ts";
import { RtcError } from "../../runtime/core/errors.ts";
import { pyFloatParse } from "../../runtime/core/python/float.ts";
import { pyIntParse } from "../../runtime/core/python/int.ts";
import { pyJsonLoads } from "../../runtime/core/python/json.ts";
import { pyStrip } from "../../runtime/core/python/strip.ts";
import { compilePattern } from "../../runtime/translate/index.ts";
import { coerce, coerceToolCalls, schemaTypes, toolParams } from "../../runtime/core/transform/coerce.ts";
import type { JsonObject, JsonValue } from "../../runtime/core/types.ts";
import { canonical, canonicalTagged, digestText, readJsonl, tag, untag } from "../../compiler/replay/tagged.ts";
import { FIXTURE_BREAKDOWN, FIXTURE_ROWS, hf } from "./paths.ts";

interface Deviation {
  row: number;
  reason: string;
}

const rows = readJsonl(hf("units.jsonl")); // lossless: big ints stay exact
const deviations = (JSON.parse(readFileSync(new URL("./deviations.json", import.meta.url), "utf8")) as { units: Deviation[] }).units;
const pendingRows = new Map(deviations.map((d) => [d.row, d.reason]));

const ctx: ContentContext = fullContext(compilePattern);

type Outcome = { value: JsonValue } | { error: string; message: string };

function run(fn: () => JsonValue): Outcome {
  try {
    return { value: fn() };
  } catch (e) {
    if (e instanceof RtcError) return { error: e.pyClass, message: e.message };
    return { error: "JavaScriptError", message: String(e) };
  }
}

/** How our result compares with the recorded `output` | `output_digest` | `error`; null when equal. */
function mismatch(row: JsonObject, got: Outcome): string | null {
  if ("error" in got) {
    if (row.error === got.error) return null;
    return `expected ${row.output !== undefined ? "output" : (row.error ?? "output")}, got ${got.error}: ${got.message}`;
  }
  let text: string;
  try {
    text = canonical(got.value);
  } catch (e) {
    // The recorder could not write the Python result either.
    if (e instanceof RtcError && e.pyClass === "Unrepresentable" && row.error === "Unrepresentable") return null;
    return `our value is unrepresentable (${String(e)}), expected ${row.error ?? "a value"}`;
  }
  if (row.error !== undefined) return `expected ${row.error}, got ${text.slice(0, 200)}`;
  if (row.output_digest !== undefined) return digestText(text) === row.output_digest ? null : "output digest differs";
  const want = canonicalTagged(row.output!);
  return text === want ? null : `expected ${want.slice(0, 300)}\n     got ${text.slice(0, 300)}`;
}

function check(row: JsonObject): string | null {
  const args = (row.args ? untag(row.args) : []) as JsonValue[];
  switch (row.kind) {
    case "int":
      return mismatch(row, run(() => pyIntParse(row.input as string)));
    case "float":
      return mismatch(row, run(() => pyFloatParse(row.input as string)));
    case "strip":
      return mismatch(row, run(() => pyStrip(row.input as string)));
    case "json_loads":
      return mismatch(row, run(() => pyJsonLoads(row.input as string)));
    case "coerce":
      return mismatch(row, run(() => coerce(args[0] as string, args[1] as string[])));
    case "schema_types":
      return mismatch(row, run(() => schemaTypes(args[0]!)));
    case "parse_content":
      return mismatch(row, run(() => parseContent(args[0] as string | null, args[1]!, args[2]!, ctx)));
    case "coerce_tool_calls": {
      const params = toolParams(untag(row.tools!) as JsonValue[]);
      const input = untag(row.value!);
      const result = mismatch(row, run(() => coerceToolCalls(input, params)));
      if (result) return result;
      const mutated = canonical(input);
      const want = canonicalTagged(row.mutated_input!);
      return mutated === want ? null : `mutated input: expected ${want}\n     got ${mutated}`;
    }
    default:
      return `unknown kind ${String(row.kind)}`;
  }
}

describe("conformance units.jsonl", () => {
  it(`has ${FIXTURE_ROWS["units.jsonl"]} rows; the listed deviations name rows this file checks`, () => {
    expect(rows.length).toBe(FIXTURE_ROWS["units.jsonl"]);
    for (const d of deviations) expect(rows[d.row - 1]?.kind, `deviation row ${d.row}`).toMatch(/^(?!table$)\w+$/);
  });

  rows.forEach((row, index) => {
    const line = index + 1;
    // `table` rows (the Unicode tables) are checked row by row in test/regex/conformance.test.ts.
    if (row.kind === "table") return;
    const label = `${line} ${String(row.kind)} ${JSON.stringify(tag(row.input ?? row.args ?? row.name ?? null)).slice(0, 60)}`;
    const pending = pendingRows.get(line);
    it(label + (pending === undefined ? "" : " (listed deviation)"), () => {
      const problem = check(row);
      if (pending === undefined) expect(problem ?? "ok").toBe("ok");
      // A listed deviation must still differ; once it agrees, the entry is stale.
      else expect(problem, `row ${line} is listed as a deviation (${pending}) but now agrees: remove it`).not.toBeNull();
    });
  });

  it(`checks ${FIXTURE_ROWS["units.jsonl"] - FIXTURE_BREAKDOWN.unitKinds.table} rows here and leaves the ${FIXTURE_BREAKDOWN.unitKinds.table} table rows to the regex tests`, () => {
    expect(rows.filter((r) => r.kind === "table").length).toBe(FIXTURE_BREAKDOWN.unitKinds.table);
  });
});
