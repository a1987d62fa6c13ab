// rtc infer over every chat template, compared with the committed table (expectations.json, written by
// `npm run infer:table`): a change in any classification, verdict or agreement count shows here.

import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { EXPECTATIONS_FILE, chatTemplateFiles, corpusRow, countsOf, type Corpus, type CorpusRow } from "./corpus.ts";

const expected = JSON.parse(readFileSync(EXPECTATIONS_FILE, "utf8")) as Corpus;
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
