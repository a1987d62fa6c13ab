// The compiler's resolveTemplate (folders and files on disk, the infer step) and the CLI over it: `rtc which`
// and `-t` given a model folder or a model id. Failures are one line naming the file.

import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveTemplate } from "../../compiler/resolve/index.ts";
import { REPO, rtcRun } from "../support/rtc-command.ts";

const CHAT = join(REPO, "test/fixtures/chat-templates");
const dir = mkdtempSync(join(tmpdir(), "rtc-resolve-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const folder = (name: string, files: Record<string, string>): string => {
  const d = join(dir, name);
  mkdirSync(d, { recursive: true });
  for (const [f, text] of Object.entries(files)) writeFileSync(join(d, f), text);
  return d;
};

describe("resolveTemplate on disk", () => {
  it("a folder with only chat_template.jinja", async () => {
    const d = join(dir, "only-jinja");
    mkdirSync(d);
    copyFileSync(join(CHAT, "Qwen3.5-4B.jinja"), join(d, "chat_template.jinja"));
    const r = await resolveTemplate(d);
    expect([r.name, r.source, r.confidence]).toEqual(["qwen3_5-robust", "fingerprint", "exact"]);
    expect(r.parser!.parseResponse("<think>\nplan\n</think>\n\nHi.", { prefix: "" })).toMatchObject({ content: "Hi." });
  });

  it("a folder named like the model (no chat template) resolves by its name; a tokenizer_config.json by its path's folder", async () => {
    const d = folder("Llama-3.2-11B-Vision-Instruct", { "config.json": JSON.stringify({ model_type: "mllama" }) });
    expect((await resolveTemplate(d)).name).toBe("llama-3-1");
  });

  it("a tokenizer_config.json with a response_template key", async () => {
    const own = { fields: { content: { regex: "(.*)" } } };
    const d = folder("own-template", { "tokenizer_config.json": JSON.stringify({ response_template: own, chat_template: "{{ x }}" }) });
    const r = await resolveTemplate(join(d, "tokenizer_config.json"));
    expect(r).toMatchObject({ name: "response_template", source: "response_template", template: own, parser: null });
  });

  it("step 5: a chat template of no known family is inferred, when it round-trips", async () => {
    const tpl = "{% for m in messages %}<|turn|>{{ m.role }}\n{{ m.content }}<|endturn|>\n{% endfor %}{% if add_generation_prompt %}<|turn|>assistant\n{% endif %}";
    const d = folder("novel", { "chat_template.jinja": tpl });
    const r = await resolveTemplate(d);
    expect([r.name, r.source, r.confidence]).toEqual(["inferred", "infer", "low"]);
    await expect(resolveTemplate(d, { infer: false })).rejects.toThrow(/no template found .*infer: not available here/);
  });

  it("a corrupt tokenizer_config.json: one line naming the file", async () => {
    const d = folder("corrupt", { "tokenizer_config.json": '{"chat_template": "x",' });
    await expect(resolveTemplate(d)).rejects.toThrow(/^.*corrupt\/tokenizer_config\.json: not valid JSON \([^\n]*\)$/);
  });
});

describe("rtc which and -t", () => {
  it("rtc which <id> --json: the documented fields", () => {
    const r = rtcRun(["which", "unsloth/Qwen3-14B-GGUF", "--json"]);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(["input", "name", "variant", "source", "confidence", "template", "alternatives", "reasons"]);
    expect(out).toMatchObject({ name: "qwen3-robust", variant: "robust", source: "model-id", template: "response-template/models/qwen3-robust" });
    expect(JSON.parse(rtcRun(["which", "unsloth/Qwen3-14B-GGUF", "--json", "--variant", "reference"]).stdout).name).toBe("qwen3");
  });

  it("unknown input and a corrupt tokenizer_config.json: exit 1, one line, no stack", () => {
    const unknown = rtcRun(["which", "nobody/unknown-model-xyz"]);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/^rtc: nobody\/unknown-model-xyz: no template found [^\n]*-t <template>[^\n]*\n$/);
    const d = folder("corrupt-cli", { "tokenizer_config.json": "{nope" });
    const corrupt = rtcRun(["which", d]);
    expect(corrupt.status).toBe(1);
    expect(corrupt.stderr).toMatch(/^rtc: [^\n]*corrupt-cli\/tokenizer_config\.json: not valid JSON [^\n]*\n$/);
  });

  it("rtc parse -t takes a model folder and a model id", () => {
    const d = join(dir, "Qwen3-8B");
    mkdirSync(d, { recursive: true });
    copyFileSync(join(CHAT, "Qwen-Qwen3-0.6B.jinja"), join(d, "chat_template.jinja"));
    const text = "<think>\nplan\n</think>\n\nHi.<|im_end|>";
    for (const t of [d, "Qwen/Qwen3-4B"]) {
      const r = rtcRun(["parse", "-t", t, "--prefix", ""], { input: text });
      expect(r.stderr, t).toBe("");
      expect(JSON.parse(r.stdout), t).toMatchObject({ role: "assistant", thinking: "plan", content: "Hi." });
    }
    // A bare word stays a template name: a misspelt one is an error, not a guess.
    expect(rtcRun(["parse", "-t", "qwen3-robsut", "--prefix", ""], { input: text }).stderr).toMatch(/^rtc: qwen3-robsut: neither a template file nor a known template name/);
  });
});
