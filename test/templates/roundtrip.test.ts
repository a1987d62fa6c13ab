// Round trip through real chat templates: each conversation is rendered with the model's own Jinja chat
// template, the rendered assistant turn is fed to the response template as model output (everything
// before it as `prefix`), and the parsed message must equal the original assistant message — after the
// documented normalisations below, which account for what a chat template does not render.
//
// Two modes per row:
//   history — prefix = the rendered conversation up to where it first differs from the generation
//             prompt, output = the rest of the rendered conversation;
//   prompt  — prefix = exactly the generation prompt (`add_generation_prompt`), output = what follows it
//             in the rendered conversation; only for conversations whose rendering extends the
//             generation prompt (this includes templates that open the thinking block in the prompt).
// Every parse also runs through the generated parser when the compiled models name the template.
// A normalisation must be needed: what it takes out of the expected message is absent from the rendered
// turn (roundtrip-coverage.test.ts checks the converse, that what a chat template can render under some
// setting is round-tripped by some row). The cases that do not apply are counted and their number is
// asserted (NOT_APPLICABLE_CASES).

import { describe, expect, test } from "vitest";
import { parseResponse } from "../../runtime/interpret/index.ts";
import { CONVERSATIONS, PARSE_TOOLS } from "./conversations.ts";
import { caseOf, droppedByNormalising, historyCase, promptApplies, promptCase } from "./roundtrip-cases.ts";
import { hasFreshGenerated, loadGenerated, missingParsers, plain, templateJson } from "./support.ts";
import { NOT_APPLICABLE_CASES, ROUNDTRIP_TABLE } from "./roundtrip-table.ts";

const generated = await loadGenerated();

/** Parses through the interpreter and through the template's compiled parser, which must agree. */
function parseBoth(template: string, output: string, prefix: string): unknown {
  const msg = plain(parseResponse(templateJson(template), output, { prefix, tools: PARSE_TOOLS }));
  expect(hasFreshGenerated(generated, template), `${template}: compiled parser missing or stale (npm run build)`).toBe(true);
  const viaGenerated = plain(generated.getParser(template).parseResponse(output, { prefix, tools: PARSE_TOOLS }));
  expect(viaGenerated, "generated parser").toEqual(msg);
  return msg;
}

const notApplicableTitles: string[] = [];
const notApplicable = (title: string, _fn: () => void) => {
  notApplicableTitles.push(title);
};

describe("round trip through real chat templates", () => {
  for (const row of ROUNDTRIP_TABLE) {
    const missing = missingParsers(row.template);
    const convs = CONVERSATIONS.filter((c) => !row.conversations || row.conversations.includes(c.name));
    for (const original of convs) {
      const { conv, expected } = caseOf(row, original);
      const vars = row.render?.vars ? ` ${JSON.stringify(row.render.vars)}` : "";
      const title = `${row.template} ← ${row.chat}${vars} · ${conv.name}`;
      // A row names the modes that apply to its chat template; the others are counted, not registered.
      const modes = row.modes ?? ["history", "prompt"];
      const history = modes.includes("history") ? test : notApplicable;
      const prompt = modes.includes("prompt") ? test : notApplicable;
      history(`${title} [history]${missing.length ? ` (needs ${missing.join(", ")})` : ""}`, () => {
        const { prefix, output } = historyCase(row, conv);
        for (const { what, text } of droppedByNormalising(row, original)) {
          expect(output.includes(text), `the row leaves out ${what}, but the rendered turn holds ${JSON.stringify(text)}`).toBe(false);
        }
        const msg = parseBoth(row.template, output, prefix);
        expect(msg, JSON.stringify({ prefixTail: prefix.slice(-40), output })).toEqual(expected);
      });
      // Prompt mode needs a rendering that extends the generation prompt; the rows it does not apply to
      // are counted and printed, never reported as passed.
      let applies = true;
      try {
        applies = promptApplies(row, conv);
      } catch {
        applies = true; // let the test report the rendering error
      }
      (applies ? prompt : notApplicable)(`${title} [prompt]${applies ? "" : " (the rendered turn does not extend the generation prompt)"}`, () => {
        const { prefix, output } = promptCase(row, conv);
        const msg = parseBoth(row.template, output, prefix);
        expect(msg, JSON.stringify({ promptTail: prefix.slice(-40), output })).toEqual(expected);
      });
    }
  }
  // Registered last: collection has counted every case by the time it runs.
  test("the cases that do not apply are the ones counted in roundtrip-table.ts", () => {
    expect(notApplicableTitles.length, notApplicableTitles.join("\n")).toBe(NOT_APPLICABLE_CASES);
  });
});
