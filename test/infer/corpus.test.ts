// rtc infer over every chat template, compared with the committed table (expectations.json, written by
// `npm run infer:table`): a change in any classification, verdict or agreement count shows here.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { readDocFlat } from "../support/docs.ts";
import { EXPECTATIONS_FILE, chatTemplateFiles, corpusRow, countsOf, type Corpus, type CorpusRow } from "./corpus.ts";

const expected = JSON.parse(readFileSync(EXPECTATIONS_FILE, "utf8")) as Corpus;
const causes = (JSON.parse(readFileSync(join(import.meta.dirname, "disagreements.json"), "utf8")) as { causes: Record<string, { title: string; rows: string[] }> }).causes;
const byChat = new Map(expected.rows.map((r) => [r.chat, r]));

describe("rtc infer over every chat template", () => {
  const rows: CorpusRow[] = [];
  test("the table lists exactly the chat templates there are", () => {
    expect(expected.rows.map((r) => r.chat)).toEqual(chatTemplateFiles());
  });
  for (const chat of chatTemplateFiles()) {
    test(chat, () => {
      const row = corpusRow(chat);
      rows.push(row);
      expect(row).toEqual(byChat.get(chat));
    });
  }
  test("counts: inferred / round-trip passing / agreeing with the library template", () => {
    expect(countsOf(expected.rows)).toEqual(expected.counts);
    expect(rows.length).toBe(expected.rows.length);
    expect(countsOf(rows)).toEqual(expected.counts);
  });
});

describe("the table's claims", () => {
  test("every disagreement with a library template has a listed cause (disagreements.json), and no listed one is stale", () => {
    const table = expected.rows.flatMap((r) => r.library.flatMap((l) => [...l.disagree, ...l.realShapes.disagree].map((d) => `${r.chat} / ${l.template}: ${d}`)));
    const listed = Object.values(causes).flatMap((c) => c.rows);
    expect([...listed].sort()).toEqual([...table].sort());
    const c = expected.counts;
    expect(listed.length).toBe(c.sampleRows - c.sampleRowsAgreeing + c.realShapeRows - c.realShapeRowsAgreeing);
  });

  test("docs/infer.md states the table's numbers", () => {
    const section = readDocFlat("docs/infer.md");
    const c = expected.counts;
    for (const claim of [
      `${c.chatTemplates} chat templates: ${c.inferred} of ${c.chatTemplates} inferred, ${c.roundTripPassing} of ${c.chatTemplates} pass their own round trip`,
      `(${c.verdicts.pass} conversation verdicts pass, ${c.verdicts.fail} fail, ${c.verdicts.na} do not apply`,
      `${c.withExtensions} of the inferred templates use rtc extensions, and the \`--portable\` forms of ${c.portableRoundTripPassing} of those ${c.withExtensions} round-trip too`,
      `${c.agreeing} of the ${c.withLibraryTemplate} agree with their hand-written library template on every one of its samples (${c.sampleRowsAgreeing} of ${c.sampleRows} sample rows`,
      `${c.realShapeRowsAgreeing} of ${c.realShapeRows} rows agree`,
      ...Object.values(causes).map((x) => `*${x.title}* (${x.rows.length} rows)`),
    ]) {
      expect(section).toContain(claim);
    }
  });
});
