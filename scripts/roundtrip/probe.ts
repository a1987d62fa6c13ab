// Prints how a chat template renders each round-trip conversation: the generation prompt's tail and the
// assistant turn. Usage: npx tsx scripts/roundtrip/probe.ts <file.jinja> [conversation-name] [json-options]
import { CONVERSATIONS } from "../../test/templates/conversations.ts";
import { render } from "../../test/templates/render.ts";

const [file, only, opts] = process.argv.slice(2);
for (const conv of CONVERSATIONS) {
  if (only && only !== "all" && conv.name !== only) continue;
  try {
    const r = render(file!, conv, opts ? JSON.parse(opts) : {});
    console.log(`=== ${conv.name}  genPrompt tail: ${JSON.stringify(r.genPrompt.slice(-60))}`);
    console.log(`prefix tail: ${JSON.stringify(r.prefix.slice(-60))}`);
    console.log(`output: ${JSON.stringify(r.output)}`);
  } catch (e) {
    console.log(`=== ${conv.name} ERROR ${(e as Error).message}`);
  }
}
