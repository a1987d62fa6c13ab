// The rtc command as a user meets it: failures are one line naming the file or argument (exit 1, usage
// errors 2, a stack trace only with RTC_DEBUG=1), --help and --version exit 0, `rtc parse` streams stdin
// (output appears before the input ends, in bounded memory, a closed pipe ends it quietly), strict UTF-8,
// a required prefix, and OpenAI chunks (--openai, --sse) from a template file or a library name.

import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO, rtcArgv, rtcRun } from "../support/rtc-command.ts";
import { parseResponse } from "../../runtime/interpret/index.ts";
import { toOpenAIMessage } from "../../runtime/openai/index.ts";

const dir = mkdtempSync(join(tmpdir(), "rtc-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const QWEN = join(REPO, "templates/qwen3.json");
const TEXT = '<think>\nLet me look.\n</think>\n\nSure.<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call><|im_end|>';

/** stderr is exactly one line `rtc: …` (no trace) and the exit status is `status`. */
function failsWith(r: ReturnType<typeof rtcRun>, status: number, pattern: RegExp): void {
  expect(r.status, r.stderr).toBe(status);
  const lines = r.stderr.split("\n").filter(Boolean);
  expect(lines, r.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^rtc: /);
  expect(lines[0]).toMatch(pattern);
}

describe("rtc fails clearly", () => {
  const input = join(dir, "d.jsonl");
  const original = JSON.stringify({ id: 1, text: "hi<|im_end|>", prefix: "" }) + "\n";
  writeFileSync(input, original);
  symlinkSync(input, join(dir, "link.jsonl"));

  it("names the file or argument in one line; usage errors exit 2; RTC_DEBUG=1 shows the stack", () => {
    failsWith(rtcRun(["parse", "-t", "no-such-template", "--prefix", ""], { input: "x" }), 1, /no-such-template: neither a template file nor a known template name/);
    failsWith(rtcRun(["parse", "-t", "qwen3"], { input: "x" }), 2, /--prefix is required.*--prefix ""/);
    failsWith(rtcRun(["parse", "-t", "qwen3", "--prefix", "", "--bogus"]), 2, /'--bogus'/);
    failsWith(rtcRun(["parse", "-t", "qwen3", "--prefix", "", "--chunk", "0"]), 2, /--chunk takes a positive whole number, got "0"/);
    failsWith(rtcRun(["parse", "-t", "qwen3", "--prefix", "", "--jobs", "2"]), 2, /--jobs only applies with --batch/);
    failsWith(rtcRun(["parse", "-t", "qwen3", "--prefix", "", "--response-format", "yaml"]), 2, /--response-format takes json or text, got "yaml"/);
    const json = rtcRun(["parse", "-t", "qwen3", "--prefix", "", "--response-format", "json"], { input: '```json\n{"a": 1}\n```' });
    expect(JSON.parse(json.stdout).content).toBe('{"a": 1}');
    const debug = spawnSync(...rtcArgv(["parse", "-t", "no-such-template", "--prefix", ""]), { cwd: REPO, encoding: "utf8", input: "", env: { ...process.env, RTC_DEBUG: "1" } });
    expect(debug.status).toBe(1);
    expect(debug.stderr).toMatch(/^rtc: no-such-template: neither[^\n]*\n(Error: [^\n]*\n)?\s+at /);
  }, 60_000);

  it("batch: refuses an output that is the input (by any path), names missing files, refuses stream options", () => {
    failsWith(rtcRun(["parse", "-t", "qwen3", "--batch", input, "--out", join(dir, "link.jsonl")]), 1, /--out .*link\.jsonl: is the input file/);
    const rel = relative(REPO, dir); // relative paths, one with a ./ in it
    failsWith(rtcRun(["parse", "-t", "qwen3", "--batch", `${rel}/d.jsonl`, "--out", `${rel}/./d.jsonl`]), 1, /--out .*\/\.\/d\.jsonl: is the input file .*\/d\.jsonl/);
    expect(readFileSync(input, "utf8")).toBe(original);
    failsWith(rtcRun(["parse", "-t", "qwen3", "--batch", "/nope.jsonl"]), 1, /^rtc: \/nope\.jsonl: no such file or directory$/);
    failsWith(rtcRun(["parse", "-t", "qwen3", "--batch", input, "--out", "/nope/dir/o.jsonl"]), 1, /^rtc: \/nope\/dir\/o\.jsonl: no such file or directory$/);
    failsWith(rtcRun(["parse", "-t", "qwen3", "--batch", input, "--events", "--chunk", "2", "--prefix", "x"]), 2, /--prefix, --events, --chunk do not apply to a batch/);
  }, 60_000);

  it("--help for every command and --version exit 0", () => {
    for (const args of [["--help"], ["parse", "--help"], ["check", "-h"], ["build", "--help"], ["replay", "--help"], ["convert", "--help"], ["infer", "--help"], ["grammar", "--help"]]) {
      const r = rtcRun(args);
      expect(r.status, args.join(" ")).toBe(0);
      expect(r.stdout, args.join(" ")).toMatch(args[0] === "--help" ? /rtc parse/ : new RegExp(`rtc ${args[0]}`));
    }
    const v = rtcRun(["--version"]);
    expect(v.status).toBe(0);
    expect(v.stdout).toBe(`rtc ${JSON.parse(readFileSync(join(REPO, "compiler/package.json"), "utf8")).version}\n`);
  }, 60_000);

  it("invalid UTF-8 on stdin is an error naming the byte offset", () => {
    failsWith(rtcRun(["parse", "-t", QWEN, "--prefix", ""], { input: Buffer.from([0x48, 0x69, 0x20, 0xc3, 0xa9, 0xff, 0x21]) }), 1, /^rtc: stdin: invalid UTF-8 at byte 5$/);
    failsWith(rtcRun(["parse", "-t", QWEN, "--prefix", ""], { input: Buffer.from([0x48, 0xe6, 0x9d]) }), 1, /^rtc: stdin: invalid UTF-8 at byte 1$/);
  }, 60_000);
});

/** Spawns `rtc args`, writes `first`, waits until stdout matches `seen` (stdin still open), then writes `rest`. */
function streamed(args: string[], first: string, seen: RegExp, rest: string): Promise<{ beforeEnd: string; stdout: string; status: number | null }> {
  const [cmd, argv] = rtcArgv(args);
  const child = spawn(cmd, argv, { cwd: REPO });
  let stdout = "";
  let beforeEnd: string | null = null;
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (d: string) => {
    stdout += d;
    if (beforeEnd === null && seen.test(stdout)) {
      beforeEnd = stdout;
      child.stdin.end(rest);
    }
  });
  child.stdin.write(first);
  return new Promise((resolve) => child.on("close", (status) => resolve({ beforeEnd: beforeEnd ?? "", stdout, status })));
}

describe("rtc parse streams", () => {
  it("--events writes events while stdin is still open", async () => {
    const r = await streamed(["parse", "-t", QWEN, "--prefix", "", "--events"], "<think>\nLet me look.\n</think>\n\nSure.", /"region_close","field":"thinking"/, TEXT.slice(TEXT.indexOf("<tool_call>")));
    expect(r.status).toBe(0);
    expect(r.beforeEnd).toContain('{"type":"region_close","field":"thinking","value":"Let me look."}');
    expect(r.beforeEnd).not.toContain("tool_calls");
    expect(r.stdout.trim().split("\n").at(-1)).toMatch(/"region_close","field":"tool_calls"/);
  }, 60_000);

  it("--openai writes chat.completion.chunk lines while stdin is open: role first, finish last (template file)", async () => {
    const r = await streamed(["parse", "-t", QWEN, "--prefix", "", "--openai"], "<think>\nLet me look.", /reasoning_content/, TEXT.slice("<think>\nLet me look.".length));
    expect(r.status).toBe(0);
    const chunks = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
    expect(chunks.every((c) => c.object === "chat.completion.chunk" && c.id === chunks[0].id)).toBe(true);
    expect(chunks[0].choices[0].delta).toEqual({ role: "assistant", content: "" });
    expect(chunks.at(-1).choices[0]).toEqual({ index: 0, delta: {}, finish_reason: "tool_calls" });
    expect(chunks.slice(0, -1).every((c) => c.choices[0].finish_reason === null)).toBe(true);
    // The deltas add up to the whole message in OpenAI form.
    const expected = toOpenAIMessage(parseResponse(JSON.parse(readFileSync(QWEN, "utf8")), TEXT, { prefix: "" }));
    const deltas = chunks.slice(1, -1).map((c) => c.choices[0].delta);
    expect(deltas.map((d) => d.reasoning_content ?? "").join("")).toBe(expected.reasoning_content);
    expect(deltas.map((d) => d.content ?? "").join("")).toBe(expected.content);
    const args = deltas.flatMap((d) => d.tool_calls ?? []).map((c) => c.function.arguments).join("");
    expect(args).toBe(expected.tool_calls![0]!.function.arguments);
  }, 60_000);

  it("--sse with a library name: data: lines ending in data: [DONE]; finish_reason stop without calls", () => {
    const r = rtcRun(["parse", "-t", "qwen3", "--prefix", "", "--sse", "--chunk", "3"], { input: "<think>hm</think>Hello there!<|im_end|>" });
    expect(r.status, r.stderr).toBe(0);
    const events = r.stdout.split("\n\n");
    expect(events.pop()).toBe("");
    expect(events.at(-1)).toBe("data: [DONE]");
    const chunks = events.slice(0, -1).map((e) => {
      expect(e).toMatch(/^data: \{/);
      return JSON.parse(e.slice(6));
    });
    expect(chunks[0].model).toBe("qwen3");
    expect(chunks.at(-1).choices[0].finish_reason).toBe("stop");
    expect(chunks.map((c) => c.choices[0].delta.content ?? "").join("")).toBe("Hello there!");
    expect(chunks.filter((c) => c.choices[0].delta.content).length).toBeGreaterThan(1); // --chunk 3 streams it in pieces
  }, 60_000);

  it("--events --chunk 1 runs in bounded memory (300,000 characters in a 24 MB heap), and | head -1 exits quietly", () => {
    const big = join(dir, "big.txt");
    writeFileSync(big, `<think>${"x".repeat(300_000)}</think>done`);
    const [cmd, argv] = rtcArgv(["parse", "-t", QWEN, "--prefix", "", "--events", "--chunk", "1"]);
    const r = spawnSync(cmd, argv, { cwd: REPO, input: readFileSync(big), stdio: ["pipe", "ignore", "pipe"], env: { ...process.env, NODE_OPTIONS: "--max-old-space-size=24" } });
    expect(r.status, String(r.stderr)).toBe(0);
    const quoted = [cmd, ...argv].map((a) => `'${a}'`).join(" ");
    const piped = spawnSync("bash", ["-c", `${quoted} < '${big}' | head -1; echo "rtc exit \${PIPESTATUS[0]}" >&2`], { cwd: REPO, encoding: "utf8" });
    expect(piped.stdout).toBe('{"type":"region_open","field":"thinking"}\n');
    expect(piped.stderr).toBe("rtc exit 0\n");
  }, 60_000);
});
