// inferTemplate on small chat templates written here, and the `rtc infer` command: the emitted template,
// honest failure (gaps, failing verdicts, templates that do not parse), --explain, exit codes.

import { mkdtempSync, readFileSync, writeFileSync, existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { reportFailure } from "../../compiler/cli/errors.ts";
import { commandHelp } from "../../compiler/cli/help.ts";
import { runInfer } from "../../compiler/cli/infer.ts";
import { formatExplain, inferTemplate } from "../../compiler/infer/index.ts";
import { loadChatTemplate } from "../../compiler/infer/load.ts";
import { CHAT_TEMPLATE_DIR } from "../templates/render.ts";

/** A minimal chat template; `assistant` renders the assistant message `m`. */
const chat = (assistant: string) =>
  `{%- for m in messages -%}<|{{ m.role }}|>{%- if m.role == 'assistant' -%}${assistant}{%- else -%}{{ m.content }}{%- endif -%}<|end|>{%- endfor -%}` +
  `{%- if add_generation_prompt -%}<|assistant|>{%- endif -%}`;

const TOOLS_AND_THINKING = chat(
  `{%- if m.reasoning_content -%}<think>{{ m.reasoning_content }}</think>{%- endif -%}{{ m.content }}` +
    `{%- for c in m.tool_calls or [] -%}<tool_call>{{ {"name": c.function.name, "arguments": c.function.arguments}|tojson }}</tool_call>{%- endfor -%}`,
);

describe("inferTemplate", () => {
  test("reasoning tags, JSON tool calls in per-call tags: the template, and every conversation round-trips", () => {
    const r = inferTemplate(TOOLS_AND_THINKING);
    expect(r.template).toEqual({
      defaults: { role: "assistant" },
      start_anchor: "<|assistant|>",
      fields: {
        // Several blocks kept; a call opener ends reasoning the model never closed.
        thinking: { open: "<think>", close_pattern: "</think>|(?=<tool_call>)", repeats: true, join: "", content: "text" },
        tool_calls: {
          open_pattern: "\\s*<tool_call>",
          close: "</tool_call>",
          repeats: true,
          content: "json",
          transform: { type: "function", function: { name: "{content.name}", arguments: "{content.arguments}" } },
        },
        content: { close_pattern: "\\s*<\\|end\\|>", repeats: true, join: "\n", join_skips_empty: true, content: "text" },
      },
    });
    expect(r.classification).toMatchObject({ reasoning: { mode: "tag" }, content: { mode: "plain" }, tools: { format: "json-object", parallel: true } });
    expect(r.verdicts.map((v) => v.status)).toEqual(r.verdicts.map(() => "pass"));
    expect(r.verdicts.map((v) => v.conversation)).toContain("unclosed-reasoning+calls");
    expect(r.verdicts.length).toBe(14);
    expect(r.ok).toBe(true);
    expect(r.portability.map((d) => d.path)).toEqual(["fields.content.join_skips_empty"]);
  });

  test("a template that renders no tool calls: the gap is named, tool conversations do not apply", () => {
    const r = inferTemplate(chat("{{ m.content }}"));
    expect(r.ok).toBe(true);
    expect(r.template!.fields).toEqual({ content: { close_pattern: "\\s*<\\|end\\|>", repeats: true, join: "\n", join_skips_empty: true, content: "text" } });
    expect(r.gaps).toContainEqual({ part: "tools", what: "the chat template does not render the tool calls of an assistant turn" });
    const call = r.verdicts.find((v) => v.conversation === "two-calls")!;
    expect(call).toMatchObject({ status: "n/a", reason: "the chat template does not render tool calls" });
  });

  test("reasoning without markers cannot be told from the answer: a gap, and the conversation fails", () => {
    const r = inferTemplate(chat("{%- if m.reasoning_content -%}{{ m.reasoning_content }}\\n\\n{%- endif -%}{{ m.content }}"));
    expect(r.gaps.map((g) => g.part)).toContain("reasoning");
    expect(r.ok).toBe(false);
    expect(r.verdicts.find((v) => v.conversation === "reasoning+content")!.status).toBe("fail");
  });

  test("a template that does not parse, or renders no generation prompt, infers nothing and says why", () => {
    expect(inferTemplate("{% if %}")).toMatchObject({ template: null, ok: false, error: expect.stringMatching(/^the chat template does not parse/) });
    const raising = inferTemplate("{{ raise_exception('no prompts here') }}");
    expect(raising).toMatchObject({ template: null, ok: false, error: expect.stringContaining("no prompts here") });
  });

  test("--explain shows each comparison: both variants, their difference, the conclusion", () => {
    const r = inferTemplate(TOOLS_AND_THINKING);
    const text = formatExplain(r.explain, r.gaps);
    expect(text).toContain("R1  reasoning: content only vs reasoning + content");
    expect(text).toMatch(/A only "", B only "<think>RTC_REASONING_ALPHA<\/think>"/);
    expect(text).toContain('→ tag: opens with "<think>", closes with "</think>"');
    expect(text).toContain("T2  one call vs two calls");
  });
});

describe("loadChatTemplate", () => {
  const dir = mkdtempSync(join(tmpdir(), "rtc-infer-"));
  test("tokenizer_config.json: a string or named templates, with bos / eos (AddedToken dicts too)", () => {
    const cfg = join(dir, "tokenizer_config.json");
    writeFileSync(cfg, JSON.stringify({ chat_template: [{ name: "tool_use", template: "T" }, { name: "default", template: "D" }], bos_token: { content: "<b>" }, eos_token: "<e>" }));
    expect(loadChatTemplate(cfg)).toEqual({ file: cfg, source: "D", bos: "<b>", eos: "<e>" });
    expect(loadChatTemplate(cfg, "tool_use").source).toBe("T");
    expect(() => loadChatTemplate(cfg, "rag")).toThrow(`${cfg}: chat_template has no template named "rag"`);
  });
  test("a model folder: chat_template.jinja first, special tokens from tokenizer_config.json", () => {
    writeFileSync(join(dir, "chat_template.jinja"), "J");
    expect(loadChatTemplate(dir)).toEqual({ file: join(dir, "chat_template.jinja"), source: "J", bos: "<b>", eos: "<e>" });
    const empty = join(dir, "empty");
    mkdirSync(empty);
    expect(() => loadChatTemplate(empty)).toThrow(`${empty}: no chat_template.jinja or tokenizer_config.json in this folder`);
  });
});

/** Runs `rtc infer` in-process, capturing output. */
async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const [o, e] = [process.stdout.write, process.stderr.write];
  process.stdout.write = ((s: string) => (out.push(s), true)) as typeof process.stdout.write;
  process.stderr.write = ((s: string) => (err.push(s), true)) as typeof process.stderr.write;
  try {
    const code = await runInfer(args).catch((x: unknown) => reportFailure(x, "infer"));
    return { code, out: out.join(""), err: err.join("") };
  } finally {
    process.stdout.write = o;
    process.stderr.write = e;
  }
}

describe("rtc infer", () => {
  const dir = mkdtempSync(join(tmpdir(), "rtc-infer-cli-"));
  test("rtc infer --help", () => {
    expect(commandHelp("infer")).toMatch(/^rtc infer — derive a response template/);
    expect(commandHelp("infer")).toContain("--force");
  });
  test("usage errors exit 2", async () => {
    expect(await cli([])).toEqual({ code: 2, out: "", err: "rtc: infer: give one chat template (.jinja), tokenizer_config.json or model folder (see rtc infer --help)\n" });
  });
  test("a missing file is one line naming it, exit 1", async () => {
    const r = await cli([join(dir, "nope.jinja")]);
    expect(r).toEqual({ code: 1, out: "", err: `rtc: ${join(dir, "nope.jinja")}: no such file or folder\n` });
  });
  test("a real chat template: writes the template, prints the verdicts, exit 0", async () => {
    const out = join(dir, "qwen3.json");
    const r = await cli([join(CHAT_TEMPLATE_DIR, "Qwen-Qwen3-0.6B.jinja"), "--out", out]);
    expect(r.code).toBe(0);
    expect(r.err).toContain("reasoning tag, content plain, tool calls json-object");
    expect(r.err).toContain("round trip: 25 passed, 0 failed, 0 not applicable");
    expect(JSON.parse(readFileSync(out, "utf8")).start_anchor).toBe("<|im_start|>assistant\n");
  });
  test("a template that fails verification is not written (exit 1), unless --force", async () => {
    const src = join(dir, "bad.jinja");
    writeFileSync(src, chat("{%- if m.reasoning_content -%}{{ m.reasoning_content }}\\n\\n{%- endif -%}{{ m.content }}"));
    const out = join(dir, "bad.json");
    const r = await cli([src, "--out", out]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`rtc: ${src}: the inferred template does not round-trip; not written (--force writes it anyway)`);
    expect(r.err).toMatch(/fail reasoning\+content: parsed/);
    expect(existsSync(out)).toBe(false);
    const forced = await cli([src, "--out", out, "--force"]);
    expect(forced.code).toBe(1);
    expect(existsSync(out)).toBe(true);
  });
  test("--portable: the reference-loadable form, what it gives up on stderr", async () => {
    const out = join(dir, "glm.json");
    const r = await cli([join(CHAT_TEMPLATE_DIR, "GLM-4.6.jinja"), "--portable", "--out", out]);
    expect(r.code).toBe(0);
    expect(r.err).toContain('  portable: fields.tool_calls: argument_types "json" → xml-inline\'s value_parser json (allow_non_json)');
    expect(r.err).not.toContain("rtc extension:");
    const t = JSON.parse(readFileSync(out, "utf8"));
    expect(t.fields.tool_calls.argument_types).toBeUndefined();
    expect(t.fields.tool_calls.content_args.value_parser).toEqual({ name: "json", args: { allow_non_json: true } });
  });
  test("a bad --var is named", async () => {
    const r = await cli([join(CHAT_TEMPLATE_DIR, "Qwen-Qwen3-0.6B.jinja"), "--var", "x=nope"]);
    expect(r).toEqual({ code: 2, out: "", err: "rtc: infer: --var x: the value is not JSON: nope (see rtc infer --help)\n" });
  });
});
