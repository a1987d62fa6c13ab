// resolveTemplate / whichTemplate (response-template/models) over the generated table: every shipped
// template from every chat template it is proven on (fingerprint) and from each of its catalog ids
// (model id); repacked ids, sizes the catalog does not list, re-indented chat templates, tokenizer configs
// with a response_template key or a list of named chat templates, and unknown input.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveTemplate, table, whichTemplate } from "../../generated/resolve.ts";
import { names } from "../../generated/index.ts";
import { ResolveError, chatTemplateFingerprint, parseModelId } from "../../runtime/core/index.ts";

const ROOT = join(import.meta.dirname, "../..");
const catalog = JSON.parse(readFileSync(join(ROOT, "templates/catalog.json"), "utf8")) as {
  chat_templates: string;
  shared_ids: { templates: string[]; default: string; reference?: string }[];
  templates: { name: string; models: string[]; proven_on: { round_trip: { chat_template: string }[] } }[];
};
const chatTemplate = (file: string) => readFileSync(join(ROOT, "templates", catalog.chat_templates, file), "utf8");

/** What a resolution of a template's own material gives: itself, or the default of its shared-ids set (a
 * variant pair's default always; two families' default for the ids both list). */
function expected(name: string, id?: string): string {
  const s = catalog.shared_ids.find((x) => x.templates.includes(name));
  if (!s) return name;
  if (s.reference !== undefined) return s.default;
  const claimants = catalog.templates.filter((t) => id !== undefined && t.models.includes(id)).length;
  return claimants > 1 ? s.default : name;
}

describe("the table is the catalog's", () => {
  it("lists every shipped template, with the catalog's ids and the fingerprints of its proven chat templates", () => {
    expect(table.templates.map((t) => t.name).sort()).toEqual([...names].sort());
    for (const t of catalog.templates) {
      const entry = table.templates.find((e) => e.name === t.name)!;
      expect(entry.ids).toEqual(t.models);
      expect(entry.chatTemplates.map((c) => c.fingerprint).sort()).toEqual(
        [...new Set(t.proven_on.round_trip.map((r) => r.chat_template))].map((f) => chatTemplateFingerprint(chatTemplate(f))).sort(),
      );
    }
  });
});

describe("every shipped template resolves from its own material", () => {
  for (const t of catalog.templates) {
    it(t.name, () => {
      for (const file of new Set(t.proven_on.round_trip.map((r) => r.chat_template))) {
        const c = whichTemplate(chatTemplate(file));
        expect([c.name, c.source, c.confidence], file).toEqual([expected(t.name), "fingerprint", "exact"]);
      }
      for (const id of t.models) {
        const c = whichTemplate(id);
        expect([c.name, c.source, c.confidence], id).toEqual([expected(t.name, id), "model-id", "exact"]);
      }
    });
  }

  it('{ variant: "reference" } picks the reference-exact template of a pair, for ids and chat templates alike', () => {
    expect(whichTemplate("Qwen/Qwen3-8B", { variant: "reference" })).toMatchObject({ name: "qwen3", variant: "reference" });
    expect(whichTemplate("Qwen/Qwen3-8B")).toMatchObject({ name: "qwen3-robust", variant: "robust" });
    expect(whichTemplate("Qwen/Qwen3-8B").alternatives[0]!.name).toBe("qwen3");
    expect(whichTemplate(chatTemplate("google-gemma-4-31B-it.jinja"), { variant: "reference" }).name).toBe("gemma4");
    expect(whichTemplate("google/gemma-4-26B-A4B-it").name).toBe("gemma4-robust");
    expect(whichTemplate("mistralai/Magistral-Small-2509")).toMatchObject({ name: "magistral", variant: null });
  });
});

describe("model ids the catalog does not list", () => {
  const cases: [string, string][] = [
    // sizes not listed
    ["Qwen/Qwen3-14B", "qwen3-robust"],
    ["Qwen/Qwen3-1.7B", "qwen3-robust"],
    ["Qwen/Qwen3.5-9B", "qwen3_5-robust"],
    ["meta-llama/Llama-3.1-405B-Instruct", "llama-3-1"],
    ["ibm-granite/granite-3.3-8b-base", "granite-3-3"],
    // quantised / repacked
    ["lmstudio-community/gpt-oss-120b-GGUF", "gpt-oss"],
    ["unsloth/Qwen3-30B-A3B-GGUF", "qwen3-robust"],
    ["bartowski/Qwen_Qwen3-32B-GGUF:Q4_K_M", "qwen3-robust"],
    ["mlx-community/Qwen3-4B-4bit", "qwen3-robust"],
    ["Qwen/Qwen3-8B-AWQ", "qwen3-robust"],
    ["Qwen/Qwen3-8B-FP8", "qwen3-robust"],
    ["unsloth/Llama-3.3-70B-Instruct-bnb-4bit", "llama-3-1"],
    ["RedHatAI/Meta-Llama-3.1-8B-Instruct-FP8-dynamic", "llama-3-1"],
    ["TheBloke/Mistral-7B-Instruct-v0.2-GPTQ", "mistral-nemo"],
    ["unsloth/DeepSeek-R1-Distill-Qwen-14B-GGUF", "deepseek-r1"],
    ["hf.co/bartowski/google_gemma-3-27b-it-GGUF", "gemma-2"],
    // versions and fine-tunes of known families
    ["zai-org/GLM-4.6-FP8", "glm-4-5"],
    ["Qwen/Qwen2.5-Coder-7B-Instruct", "qwen2-5"],
    ["Qwen/Qwen3-Coder-Next", "qwen3-coder"],
    ["NousResearch/Hermes-3-Llama-3.2-3B", "hermes-2-pro"],
    ["nvidia/NVIDIA-Nemotron-Nano-9B-v2-FP8", "nemotron-nano-v2"],
  ];
  for (const [id, name] of cases) {
    it(`${id} → ${name}`, () => {
      const c = whichTemplate(id);
      expect([c.name, c.source]).toEqual([name, "model-id"]);
      expect(c.confidence).not.toBe("exact");
    });
  }

  it("a revision, a hub URL or a cache folder name around a catalog id is still that id", () => {
    for (const id of ["moonshotai/Kimi-K2-Instruct@main", "https://huggingface.co/moonshotai/Kimi-K2-Instruct", "models--moonshotai--Kimi-K2-Instruct"]) {
      expect(whichTemplate(id), id).toMatchObject({ name: "kimi-k2", confidence: "exact" });
    }
  });

  it("reads the family off the id: sizes, dates, quantisation marks and repackagers' names are not family tokens", () => {
    expect(parseModelId("bartowski/Qwen_Qwen3-30B-A3B-Instruct-2507-GGUF:Q4_K_M")).toMatchObject({ tokens: ["qwen", "qwen", "3"], repackaged: ["bartowski", "gguf"] });
    expect(parseModelId("CohereForAI/c4ai-command-r7b-12-2024")!.tokens).toEqual(["c4ai", "command", "r"]);
    expect(parseModelId("mistralai/Mistral-7B-Instruct-v0.3")!.tokens).toEqual(["mistral", "0.3"]);
    expect(parseModelId("not an id")).toBeNull();
  });
});

describe("chat templates and tokenizer configs", () => {
  const qwen3 = chatTemplate("Qwen-Qwen3-0.6B.jinja");

  it("a fine-tune whose chat template differs only by whitespace and trim marks hits the fingerprint", () => {
    const reflowed = qwen3.replace(/\n/g, "\n    ").replace(/\{%- /g, "{% ").replace(/ -%\}/g, " %}");
    expect(reflowed).not.toBe(qwen3);
    expect(whichTemplate(reflowed)).toMatchObject({ name: "qwen3-robust", source: "fingerprint" });
  });

  it("a chat template of another model of the family hits the structural step", () => {
    // A family's template with its own wording: not a fingerprint any more, the same markers.
    for (const [file, name] of [["moonshotai-Kimi-K2.jinja", "kimi-k2"], ["ibm-granite-granite-4.0.jinja", "granite-4"], ["openai-gpt-oss-120b.jinja", "gpt-oss"]] as const) {
      const own = chatTemplate(file);
      const edited = own.replace(/\{%/, "{#- a fine-tune's note -#}{%");
      expect(chatTemplateFingerprint(edited)).not.toBe(chatTemplateFingerprint(own));
      const c = whichTemplate(edited);
      expect([c.name, c.source], file).toEqual([name, "structure"]);
    }
  });

  it("a tokenizer config's response_template key wins over everything else", () => {
    const own = { fields: { content: { regex: "(.*)" } } };
    const c = whichTemplate({ chat_template: qwen3, response_template: own, name_or_path: "Qwen/Qwen3-8B" });
    expect(c).toMatchObject({ name: "response_template", source: "response_template", document: own });
  });

  it("a list of named chat templates (default, tool_use): each is tried", async () => {
    const tool = chatTemplate("CohereForAI-c4ai-command-r-plus-tool_use.jinja");
    const config = { chat_template: [{ name: "default", template: "{{ messages }}" }, { name: "tool_use", template: tool }] };
    const r = await resolveTemplate(config);
    expect([r.name, r.source]).toEqual(["command-r-plus", "fingerprint"]);
    expect(r.reasons.at(-1)).toContain('"tool_use"');
    expect(r.parser!.parseResponse("Hi.", { prefix: "" })).toBeTypeOf("object");
  });

  it("a folder's files: chat_template.jinja alone; config.json's _name_or_path when the chat template is unknown", () => {
    expect(whichTemplate({ files: { "chat_template.jinja": chatTemplate("openai-gpt-oss-120b.jinja") }, name: "/models/my-model" }).name).toBe("gpt-oss");
    const c = whichTemplate({ files: { "config.json": JSON.stringify({ _name_or_path: "Qwen/Qwen3-4B" }) }, name: "/models/x" });
    expect([c.name, c.source]).toEqual(["qwen3-robust", "model-id"]);
    // The folder's own name, including a Hugging Face cache folder's.
    expect(whichTemplate({ files: { "generation_config.json": "{}" }, name: "/cache/models--google--gemma-3-4b-it/snapshots/abc" }).name).toBe("gemma-2");
  });

  it("a chat template that contradicts the id wins: a fine-tune that changed format", () => {
    const c = whichTemplate({ chat_template: chatTemplate("openai-gpt-oss-120b.jinja").replace("{#", "{# edited "), name_or_path: "someone/Llama-3.1-8B-finetune" });
    expect([c.name, c.source]).toEqual(["gpt-oss", "structure"]);
    expect(c.reasons.some((r) => r.includes("does not carry its markers"))).toBe(true);
  });
});

describe("what is not found", () => {
  it("an unknown id: ResolveError saying what was tried and what to do", () => {
    let e: unknown;
    try {
      whichTemplate("nobody/unknown-model-xyz");
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(ResolveError);
    const err = e as ResolveError;
    expect(err.message).toMatch(/^nobody\/unknown-model-xyz: no template found \(tried response_template, fingerprint, model-id, structure\)/);
    expect(err.message).toContain("-t <template>");
    expect(err.message).toContain("rtc infer");
    expect(err.reasons).toHaveLength(4);
  });

  it("neither an id nor a chat template; a chat template no family matches (no infer here)", () => {
    expect(() => whichTemplate("two words")).toThrow(/neither a model id \(org\/name\) nor a chat template/);
    expect(() => whichTemplate("{{ messages[0].content }}")).toThrow(/infer: not available here/);
  });

  it("a corrupt JSON file in a folder's files: one line naming it", () => {
    expect(() => whichTemplate({ files: { "tokenizer_config.json": '{"chat_template": ' }, name: "m" })).toThrow(/^m\/tokenizer_config\.json: not valid JSON \([^\n]+\)$/);
  });
});
