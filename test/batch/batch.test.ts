// rtc parse --batch: 100,000 generated records on one thread (order, ids, pass-through, error lines), the
// same output from two worker threads on a smaller file, and the CLI hook end to end.

import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { rtcRun } from "../support/rtc-command.ts";
import { recordLine, writeBatchFile, writeTemplateFile } from "../../compiler/batch/generate.ts";
import { runBatch } from "../../compiler/batch/run.ts";

const dir = mkdtempSync(join(tmpdir(), "rtc-batch-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const template = join(dir, "template.json");
writeTemplateFile(template);

function expectedId(i: number): unknown {
  // Broken records that are not JSON objects with an id get their line number.
  const rec = (() => {
    try {
      return JSON.parse(recordLine(i)) as { id?: unknown };
    } catch {
      return null;
    }
  })();
  return rec && "id" in rec ? rec.id : i;
}

describe("rtc parse --batch", () => {
  it("parses 100,000 records in order, one line each, errors as lines", async () => {
    const n = 100_000;
    const input = join(dir, "big.jsonl");
    const output = join(dir, "big.out.jsonl");
    await writeBatchFile(input, n);
    const s = await runBatch({ template, input, output, jobs: 1, summary: false, progress: false });
    expect(s.records).toBe(n);
    const lines = readFileSync(output, "utf8").split("\n");
    expect(lines.pop()).toBe("");
    expect(lines.length).toBe(n);
    let errors = 0;
    const bad: string[] = [];
    for (let i = 0; i < n; i += 1) {
      const out = JSON.parse(lines[i]!) as { id: unknown; message?: Record<string, unknown>; error?: string; record?: { split?: string } };
      const calls = (out.message?.tool_calls as unknown[] | undefined)?.length ?? 0;
      const ok =
        JSON.stringify(out.id) === JSON.stringify(expectedId(i)) &&
        (out.error !== undefined
          ? i % 50 === 49
          : out.message!.role === "assistant" && out.record?.split === (i % 3 ? "train" : "test") && calls === [0, 1, 0, 2][i % 4]);
      if (out.error !== undefined) errors++;
      if (!ok && bad.length < 5) bad.push(`${i}: ${lines[i]}`);
    }
    expect(bad).toEqual([]);
    expect(errors).toBe(s.errors);
    expect(errors).toBe(n / 50);
    // Floats keep their Python spelling through the pass-through (1.0 stays 1.0).
    expect(lines[0]).toContain('"score":1.0');
    expect(s.summary).toMatch(/100,000 records, 2,000 errors/);
  }, 60_000);

  it("gives the same bytes with two worker threads", async () => {
    const input = join(dir, "small.jsonl");
    await writeBatchFile(input, 5_000);
    const a = join(dir, "a.jsonl");
    const b = join(dir, "b.jsonl");
    await runBatch({ template, input, output: a, jobs: 1, summary: false, progress: false });
    const s = await runBatch({ template, input, output: b, jobs: 2, summary: false, progress: false });
    expect(s.jobs).toBe(2);
    expect(readFileSync(b, "utf8")).toBe(readFileSync(a, "utf8"));
  }, 60_000);

  it("handles blank lines, CRLF, a last line without newline, and reports load errors before any output", async () => {
    const input = join(dir, "odd.jsonl");
    writeFileSync(input, '{"text":"hi<|im_end|>","prefix":""}\r\n\n   \n{"text":"x","id":7,"prefix":"","meta":{"k":[1,2.0]}}');
    const output = join(dir, "odd.out.jsonl");
    await runBatch({ template, input, output, jobs: 1, summary: false, progress: false });
    expect(readFileSync(output, "utf8")).toBe(
      '{"id":0,"message":{"role":"assistant","content":"hi"}}\n{"id":7,"message":{"role":"assistant","content":"x"},"record":{"meta":{"k":[1,2.0]}}}\n',
    );
    await expect(runBatch({ template: join(dir, "missing.json"), input, output, jobs: 1 })).rejects.toThrow(/missing\.json: no such template file/);
  });

  it("--on-error recover: records carry message and errors, with one worker or two, and via the CLI", async () => {
    const defaultPrefix = "";
    const input = join(dir, "recover.jsonl");
    const records = [
      { text: 'Hi.\n<tool_call>\n{"name": "f", "arguments": {"a": 1}\n</tool_call>Bye.<|im_end|>', k: 1 },
      { text: "fine<|im_end|>" },
      "not json",
    ];
    writeFileSync(input, records.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n") + "\n");
    const out1 = join(dir, "recover1.jsonl");
    const out2 = join(dir, "recover2.jsonl");
    const s = await runBatch({ template, input, output: out1, jobs: 1, summary: false, progress: false, onError: "recover", defaultPrefix });
    expect(s.errors).toBe(1); // only the line that is not a record
    const lines = readFileSync(out1, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({
      id: 0,
      record: { k: 1 },
      message: { content: 'Hi.<tool_call>\n{"name": "f", "arguments": {"a": 1}\n</tool_call>Bye.' },
    });
    const bad = records[0] as { text: string };
    const at = lines[0].errors[0];
    expect(bad.text.slice(at.start, at.end)).toBe('<tool_call>\n{"name": "f", "arguments": {"a": 1}\n</tool_call>');
    expect(at).toMatchObject({ kind: "region", field: "tool_calls" });
    expect(lines[1]).toEqual({ id: 1, message: { role: "assistant", content: "fine" }, errors: [] });
    expect(lines[2].error).toMatch(/invalid JSON record/);
    await runBatch({ template, input, output: out2, jobs: 2, summary: false, progress: false, onError: "recover", defaultPrefix });
    expect(readFileSync(out2, "utf8")).toBe(readFileSync(out1, "utf8"));
    const out3 = join(dir, "recover3.jsonl");
    const r = rtcRun(["parse", "-t", template, "--batch", input, "--out", out3, "--jobs", "1", "--on-error", "recover", "--default-prefix", ""]);
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(out3, "utf8")).toBe(readFileSync(out1, "utf8"));
  }, 60_000);

  it("is reachable as rtc parse -t T --batch IN --out OUT --jobs N", () => {
    const input = join(dir, "cli.jsonl");
    writeFileSync(input, Array.from({ length: 300 }, (_, i) => recordLine(i)).join("\n") + "\n");
    const output = join(dir, "cli.out.jsonl");
    const r = rtcRun(["parse", "-t", template, "--batch", input, "--out", output, "--jobs", "2"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/^rtc parse --batch: 300 records, \d+ errors/);
    expect(readFileSync(output, "utf8").split("\n").length).toBe(301);
  }, 60_000);
});

describe("batch records and files", () => {
  it("keeps a record's own keys (message, error, …) under record; a missing prefix is an error unless defaultPrefix is given", async () => {
    const input = join(dir, "keys.jsonl");
    writeFileSync(
      input,
      [
        JSON.stringify({ id: "k", text: "hi<|im_end|>", prefix: "", message: "expected", error: null, record: 1 }),
        JSON.stringify({ text: "<think>a</think>b" }),
      ].join("\n") + "\n",
    );
    const output = join(dir, "keys.out.jsonl");
    const s = await runBatch({ template, input, output, jobs: 1, summary: false, progress: false });
    expect(s.errors).toBe(1);
    const [a, b] = readFileSync(output, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(a).toEqual({ id: "k", message: { role: "assistant", content: "hi" }, record: { message: "expected", error: null, record: 1 } });
    expect(b).toEqual({ id: 1, error: expect.stringMatching(/the record has no "prefix".*--default-prefix/) });
    await runBatch({ template, input, output, jobs: 1, summary: false, progress: false, defaultPrefix: "<|im_start|>assistant\n<think>" });
    const [, c] = readFileSync(output, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(c.message).toEqual({ role: "assistant", thinking: "<think>a", content: "b" });
  });

  it("turns a record with invalid UTF-8 into an error line naming the byte offset; other records go on", async () => {
    const input = join(dir, "utf8.jsonl");
    const good = Buffer.from(JSON.stringify({ text: "é<|im_end|>", prefix: "" }) + "\n");
    writeFileSync(input, Buffer.concat([good, Buffer.from('{"text":"a"}\n'), Buffer.from([0x7b, 0x22, 0xfe]), Buffer.from("\n"), good]));
    const output = join(dir, "utf8.out.jsonl");
    const s = await runBatch({ template, input, output, jobs: 1, summary: false, progress: false });
    const lines = readFileSync(output, "utf8").trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => l.error ?? "ok")).toEqual(["ok", expect.stringMatching(/no "prefix"/), `${input}: invalid UTF-8 at byte ${good.length + 13 + 2} (line 3)`, "ok"]);
    expect(s.errors).toBe(2);
  });

  it("refuses an output that is the input through a symlink, before writing anything; caps jobs at the machine's parallelism", async () => {
    const input = join(dir, "same.jsonl");
    const text = recordLine(0) + "\n";
    writeFileSync(input, text);
    symlinkSync(input, join(dir, "same-link.jsonl"));
    await expect(runBatch({ template, input, output: join(dir, "same-link.jsonl"), jobs: 1 })).rejects.toThrow(/same-link\.jsonl: is the input file/);
    expect(readFileSync(input, "utf8")).toBe(text);
    await expect(runBatch({ template, input: join(dir, "missing.jsonl"), jobs: 1 })).rejects.toMatchObject({ code: "ENOENT" });
    let log = "";
    const s = await runBatch({ template, input, output: join(dir, "same.out.jsonl"), jobs: 999, summary: false, progress: false, log: { write: (x: string) => ((log += x), true) } as never });
    expect(s.jobs).toBe(availableParallelism());
    expect(log).toMatch(/--jobs 999 is more than this machine's \d+ available core/);
  }, 60_000);
});

describe("batch progress and summary", () => {
  it("draws a bar with percent, sizes, records, errors and MB/s, and a summary line", async () => {
    const { renderBar, summaryLine } = await import("../../compiler/batch/progress.ts");
    const p = { bytes: 5e6, totalBytes: 10e6, records: 12345, errors: 3, started: performance.now() - 1000 };
    const bar = renderBar(p, 10).replace(/\x1b\[[0-9;]*[mK]/g, "").replace("\r", "");
    expect(bar).toMatch(/^\[#####-----\]  50%  5\.0\/10\.0 MB  12,345 records  3 errors  \d+\.\d MB\/s$/);
    expect(summaryLine(p, 2)).toMatch(/^12,345 records, 3 errors, 5\.0 MB in \d+\.\d\d s \(\d+\.\d MB\/s, [\d,]+ records\/s, 2 jobs\)$/);
  });
});

describe("record JSON fast path", () => {
  it("uses JSON.parse only when it reads exactly what json.loads reads", async () => {
    const { fastLoads } = await import("../../compiler/batch/record.ts");
    const { pyJsonLoads } = await import("../../runtime/core/python/json.ts");
    const { pyDumps } = await import("../../runtime/core/python/dumps.ts");
    const lossy = ['{"a":1.0}', '{"b":[1,2e3]}', '{"1":2,"a":1}', '{"a": {"10" : 1}}', '{"a":12345678901234567890}', '{"a":-0}', '{"x":NaN}'];
    for (const l of lossy) expect(fastLoads(l), l).toBeNull();
    const exact = ['{"a":"1", "b": "x\\"1.0"}', '{"t":"say \\"1\\": 2.0","n":[1,2.5,-3]}', '{"id":7,"text":"\\u00e9\\ud83d\\ude00"}'];
    for (const l of exact) expect(pyDumps(fastLoads(l)!), l).toBe(pyDumps(pyJsonLoads(l)));
    for (let i = 0; i < 2000; i++) {
      const l = recordLine(i);
      let f: unknown;
      try {
        f = fastLoads(l);
      } catch {
        // Not JSON: json.loads refuses it too.
        expect(() => pyJsonLoads(l), l).toThrow();
        continue;
      }
      if (f !== null) expect(pyDumps(f as never)).toBe(pyDumps(pyJsonLoads(l)));
    }
  });
});

describe("template names", () => {
  it("resolves -t <name> through the compiled models or templates/<name>.json", async () => {
    const { openTemplate } = await import("../../compiler/batch/template.ts");
    const r = await openTemplate("qwen3");
    expect(["generated", "library"]).toContain(r.via);
    expect(r.parse("Hi!<|im_end|>", "", undefined)).toEqual({ message: { role: "assistant", content: "Hi!" } });
    await expect(openTemplate("no-such-template")).rejects.toThrow(/neither a template file nor a known template name/);
  });
});
