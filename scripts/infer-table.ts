// Writes test/infer/expectations.json: rtc infer over every chat template (test/infer/corpus.ts), the
// table corpus.test.ts compares against. Prints it as a Markdown table. Run after a deliberate change
// to the inference: `npm run infer:table`.

import { writeFileSync } from "node:fs";
import { EXPECTATIONS_FILE, runCorpus } from "../test/infer/corpus.ts";

const corpus = runCorpus();
writeFileSync(
  EXPECTATIONS_FILE,
  JSON.stringify(
    {
      description:
        "rtc infer over every chat template (test/infer/corpus.ts): classification, round-trip verdicts (pass / fail / not applicable), and agreement with the hand-written library template on its samples. Written by scripts/infer-table.ts; test/infer/corpus.test.ts compares.",
      ...corpus,
    },
    null,
    1,
  ) + "\n",
);
const c = corpus.counts;
console.log("| chat template | reasoning | content | tool calls | round trip (pass/fail/n.a.) | --portable | library template: samples agreeing |");
console.log("|---|---|---|---|---|---|---|");
for (const r of corpus.rows) {
  const lib = r.library.map((l) => `${l.template} ${l.agree}/${l.samples} (real shapes ${l.realShapes.agree}/${l.realShapes.samples})`).join(", ") || "—";
  console.log(`| ${r.chat} | ${r.reasoning ?? "—"} | ${r.content ?? "—"} | ${r.tools ?? "—"} | ${r.ok ? "✓" : "✗"} ${r.roundTrip.pass}/${r.roundTrip.fail}/${r.roundTrip.na} | ${r.portable ? `${r.portable.ok ? "✓" : "✗"} ${r.portable.pass}/${r.portable.fail}/${r.portable.na}${r.portable.leftOut.length ? ` (left out: ${r.portable.leftOut.join(", ")})` : ""}` : "—"} | ${lib} |`);
}
console.log(
  `\n${c.chatTemplates} chat templates: ${c.inferred} inferred, ${c.roundTripPassing} pass their own round trip (${c.verdicts.pass} pass / ${c.verdicts.fail} fail / ${c.verdicts.na} n.a.); ` +
    `${c.withExtensions} use rtc extensions, ${c.portableRoundTripPassing} of them round-trip in the --portable form; ` +
    `${c.agreeing} of ${c.withLibraryTemplate} with a library template agree with it on all its samples (${c.sampleRowsAgreeing} of ${c.sampleRows} rows); real-output variants: ${c.realShapeRowsAgreeing} of ${c.realShapeRows} agree`,
);
