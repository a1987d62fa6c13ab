// Checks whether @huggingface/jinja can render a chat template's generation prompt (with no tools, an
// empty tool list and one tool): the first thing to try before adding a round-trip row.
// Usage: npx tsx scripts/roundtrip/jinja-check.ts <file.jinja>   (a file in test/fixtures/chat-templates)
import { readFileSync } from "node:fs";
import { Template } from "@huggingface/jinja";

const f = process.argv[2]!;
const t = new Template(readFileSync(new URL(`../../test/fixtures/chat-templates/${f}`, import.meta.url), "utf8"));
const oneTool = [{ type: "function", function: { name: "a", description: "d", parameters: { type: "object", properties: { x: { type: "string", description: "x" } }, required: ["x"] } } }];
for (const tools of [undefined, [], oneTool]) {
  try {
    const r = t.render({ messages: [{ role: "user", content: "hi" }], tools, add_generation_prompt: true, bos_token: "<s>", eos_token: "</s>" });
    console.log("OK", JSON.stringify(r.slice(-200)));
  } catch (e) {
    console.log("ERR", (e as Error).message);
  }
}
