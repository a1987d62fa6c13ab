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

import { afterAll, describe, expect, test } from "vitest";
import { parseResponse } from "../../packages/response-template/interpret/index.ts";
import { CONVERSATIONS, PARSE_TOOLS } from "./conversations.ts";
import { caseOf, historyCase, promptApplies, promptCase } from "./roundtrip-cases.ts";
import { hasFreshGenerated, loadGenerated, missingParsers, plain, templateJson } from "./support.ts";
import { ROUNDTRIP_TABLE } from "./roundtrip-table.ts";

const generated = await loadGenerated();

/** Parses through the interpreter and through the template's compiled parser, which must agree. */
function parseBoth(template: string, output: string, prefix: string): unknown {
  const msg = plain(parseResponse(templateJson(template), output, { prefix, tools: PARSE_TOOLS }));
  expect(hasFreshGenerated(generated, template), `${template}: compiled parser missing or stale (npm run build)`).toBe(true);
  const viaGenerated = plain(generated.getParser(template).parseResponse(output, { prefix, tools: PARSE_TOOLS }));
  expect(viaGenerated, "generated parser").toEqual(msg);
  return msg;
}

let notApplicableCount = 0;
const notApplicable = (_title: string, _fn: () => void) => {
  notApplicableCount++;
};

describe("round trip through real chat templates", () => {
  afterAll(() => {
    console.log(`round trip: ${notApplicableCount} (template, conversation, mode) cases do not apply and were not run`);
  });
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
});
