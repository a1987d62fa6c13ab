// The grammar builders one piece at a time, each checked by a real engine: the GBNF dialect the two
// engines share (and where they differ), free text that must not hold a marker, tool schemas, tool
// choice, where the prompt leaves the turn, what the structural tag does not enforce, the CLI, and a
// soundness probe: random strings the grammar itself derives must parse to calls of known tools whose
// arguments fit their schemas.

import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { assembleTurn } from "../../compiler/grammar/assemble.ts";
import { excludeText } from "../../compiler/grammar/exclude.ts";
import { printGrammar } from "../../compiler/grammar/gbnf.ts";
import { grammarFor, GrammarInputError } from "../../compiler/grammar/index.ts";
import { translateDelimiter } from "../../compiler/grammar/delimiter.ts";
import { ANY, lit, Rules } from "../../compiler/grammar/ir.ts";
import { randomString, shortest } from "../../compiler/grammar/sample.ts";
import { normaliseTools, resolveToolChoice } from "../../compiler/grammar/tool-choice.ts";
import { analyzeTurn } from "../../compiler/grammar/turn.ts";
import { loadTemplate, parseResponse } from "../../runtime/interpret/index.ts";
import type { DelimiterSpec } from "../../runtime/core/index.ts";
import { compilePattern } from "../../runtime/translate/index.ts";
import { TOOLS } from "../templates/conversations.ts";
import { templateJson } from "../templates/support.ts";
import { rtc, rtcRun } from "../support/rtc-command.ts";
import { llamaGbnf, xgrammarEbnf, xgrammarStructuralTag } from "./engines.ts";

async function both(grammar: string) {
  const ll = (await llamaGbnf(grammar))!;
  const xg = await xgrammarEbnf(grammar);
  return async (text: string) => [await ll.accepts(text), await xg.accepts(text)];
}

/** Seeded random numbers (mulberry32), so that failures reproduce. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the GBNF dialect llama.cpp and xgrammar share", () => {
  test("what the emitter writes reads the same in both", async () => {
    const accepts = await both(
      ['root ::= "a\\"b\\\\" [\\x00-\\x1f"\\\\]? x{1,2} y "" z', 'x ::= [^\\]\\[\\-^] | "｜▁"', 'y ::= ( [\\x00-\\x7f] | [^\\x00-\\x7f] )', 'z ::= ( "é" | "q" )?'].join("\n"),
    );
    expect(await accepts('a"b\\\n+｜▁🌍é')).toEqual([true, true]);
    expect(await accepts('a"b\\^a')).toEqual([false, false]);
  });

  // Constructs the emitter avoids, measured: each is read differently by the two engines.
  test.each([
    ["`.` (any character)", 'root ::= "a" .', "ab"],
    ["an empty alternative", 'root ::= "a" ( "b" | )', "a"],
    ["`\\[` inside a string", 'root ::= "\\["', "["],
  ])("%s: llama.cpp reads it, xgrammar 0.1.27 refuses the grammar", async (_what, grammar, text) => {
    expect(await (await llamaGbnf(grammar))!.accepts(text)).toBe(true);
    await expect(xgrammarEbnf(grammar)).rejects.toThrow(/could not compile/);
  });

  test("a class with a non-ASCII member: llama.cpp matches it, xgrammar 0.1.27 does not (so the emitter spells such characters as strings)", async () => {
    const accepts = await both('root ::= [éa] "!"');
    expect(await accepts("é!")).toEqual([true, false]);
  });
});

describe("free text that holds none of the markers", () => {
  const markers = ["<tool_call>", "<think>", "<｜tool▁sep｜>", "aab", "\n\n"];
  const rules = new Rules();
  const root = rules.reserve("root");
  rules.define(root, excludeText(rules, "free", markers, { base: ANY }).g);
  const grammar = printGrammar(rules, root);
  test("random texts over the markers' characters: accepted exactly when no marker occurs (both engines)", async () => {
    const accepts = await both(grammar);
    const rand = random(7);
    const pieces = ["<", "tool", "_call", ">", "<think", "a", "b", "\n", "<｜", "tool▁sep", "｜>", "é", "<é", "x"];
    let checked = 0;
    for (let i = 0; i < 150; i++) {
      let s = "";
      for (let k = Math.floor(rand() * 8); k > 0; k--) s += pieces[Math.floor(rand() * pieces.length)];
      const holds = markers.some((m) => s.includes(m));
      const [ll, xg] = await accepts(s);
      // After `<` a non-ASCII character other than `｜` is refused (a documented narrowing).
      const narrowed = /<[^\x00-\x7f｜]/u.test(s);
      if (!holds && narrowed) {
        expect([ll, xg], JSON.stringify(s)).toEqual([false, false]);
        continue;
      }
      expect([ll, xg], JSON.stringify(s)).toEqual([!holds, !holds]);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe("tool schemas", () => {
  const tool = (parameters: unknown) => [{ type: "function", function: { name: "f", parameters } }];
  const call = (args: string) => `<tool_call>\n{"name": "f", "arguments": ${args}}\n</tool_call>`;
  // qwen3: one call syntax, so the report names only the schema keywords (the robust Hermes templates add
  // call syntaxes the grammar leaves out, which it reports too).
  async function check(parameters: unknown, good: string[], bad: string[]) {
    const g = grammarFor(templateJson("qwen3"), { tools: tool(parameters), toolChoice: "required", format: "gbnf" });
    const ll = (await llamaGbnf(g.gbnf!.grammar))!;
    for (const a of good) expect(await ll.accepts(call(a)), a).toBe(true);
    for (const a of bad) expect(await ll.accepts(call(a)), a).toBe(false);
    return g;
  }
  test("types, required and optional properties in schema order, no other keys when additionalProperties is absent", async () => {
    await check(
      { type: "object", properties: { a: { type: "integer" }, b: { type: ["string", "null"] }, c: { type: "array", items: { type: "boolean" } } }, required: ["a"] },
      ['{"a": 1}', '{"a": -2, "b": null, "c": [true, false]}', '{"a": 0, "c": []}'],
      ['{}', '{"a": 1.5}', '{"a": "1"}', '{"b": "x", "a": 1}', '{"a": 1, "d": 2}', '{"a": 1, "c": [1]}'],
    );
  });
  test("additionalProperties true: other keys, but never a second copy of a declared one", async () => {
    await check({ type: "object", properties: { a: { type: "integer" } }, additionalProperties: true }, ['{"a": 1, "x": "y"}', '{"zz": [1, {"q": null}]}'], ['{"a": 1, "a": "s"}']);
  });
  test("enum, const, anyOf, nullable, local $ref", async () => {
    await check(
      {
        type: "object",
        $defs: { unit: { enum: ["c", "f"] } },
        properties: { u: { $ref: "#/$defs/unit" }, k: { const: 3 }, v: { anyOf: [{ type: "integer" }, { type: "string" }] }, n: { type: "number", nullable: true } },
        required: ["u"],
      },
      ['{"u": "c"}', '{"u": "f", "k": 3, "v": "x", "n": null}', '{"u": "c", "v": 4, "n": 1.5e3}'],
      ['{"u": "k"}', '{"u": "c", "k": 4}', '{"u": "c", "v": true}', '{"u": "c", "n": 1e3}'],
    );
  });
  test("keywords not enforced are reported per tool", async () => {
    const g = await check({ type: "object", properties: { s: { type: "string", maxLength: 3, pattern: "^a" } } }, ['{"s": "toolong"}'], []);
    expect(g.unconstrained).toEqual(["f.s: maxLength", "f.s: pattern"]);
  });
  test("a string may not hold the call's close marker (the parser would end the call there)", async () => {
    await check({ type: "object", properties: { s: { type: "string" } } }, ['{"s": "a </tool_cal"}', '{"s": "<\\/tool_call>"}'], ['{"s": "a </tool_call> b"}']);
  });
});

describe("tool_choice", () => {
  test("as OpenAI defines it", () => {
    const tools = normaliseTools(TOOLS);
    expect(resolveToolChoice(tools, "none", true).mode).toBe("none");
    expect(resolveToolChoice(tools, undefined, true).mode).toBe("auto");
    expect(resolveToolChoice([], "auto", true).mode).toBe("none");
    expect(resolveToolChoice(tools, { type: "function", function: { name: "search_docs" } }, false)).toMatchObject({ mode: "required", parallel: false, tools: [{ name: "search_docs" }] });
    expect(() => resolveToolChoice(tools, "get_time", true)).toThrow(/not among the tools \(get_weather, search_docs\)/);
    expect(() => resolveToolChoice([], "required", true)).toThrow(GrammarInputError);
    expect(() => grammarFor(templateJson("gemma-2"), { tools: TOOLS, toolChoice: "required" })).toThrow(/no tool call the grammar can write/);
    expect(() => normaliseTools([{ type: "function", function: {} }])).toThrow(/tools\[0\]/);
  });
});

describe("where the prompt leaves the turn", () => {
  test("a prompt that opened <think>: the turn starts inside the reasoning (and a lazy grammar after it)", async () => {
    const prefix = "<|im_start|>user\nHi<|im_end|>\n<|im_start|>assistant\n<think>\n";
    const whole = grammarFor(templateJson("qwen3_5"), { tools: TOOLS, prefix, lazy: false });
    const ll = (await llamaGbnf(whole.gbnf!.grammar))!;
    expect(await ll.accepts("Thinking.\n</think>\n\nHello!")).toBe(true);
    expect(await ll.accepts("Hello!")).toBe(false);
    const lazy = grammarFor(templateJson("qwen3_5"), { tools: TOOLS, prefix });
    expect(lazy.gbnf!.lazy).toBe(true);
    const fromTrigger = "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>";
    expect(await (await llamaGbnf(lazy.gbnf!.grammar))!.accepts(fromTrigger)).toBe(true);
  });
  test("reasoning whose close is a lookahead for one of several markers (Step 3): a call may end it", async () => {
    const prefix = "<|BOT|>user\nHi<|EOT|><|BOT|>assistant\n<think>\n";
    const g = grammarFor(templateJson("step-3"), { tools: TOOLS, prefix, lazy: false });
    const call = '<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_weather">\n<steptml:parameter name="city">Paris</steptml:parameter>\n</steptml:invoke><｜tool_call_end｜>';
    const accepts = await both(g.gbnf!.grammar);
    for (const text of [`Need it.\n${call}`, `Need it.\n<｜tool_calls_begin｜>\n${call}\n<｜tool_calls_end｜>`]) {
      expect(await accepts(text), text).toEqual([true, true]);
      expect(parseResponse(templateJson("step-3"), text, { prefix, tools: TOOLS as never })).toMatchObject({ thinking: "Need it.", tool_calls: [{ function: { name: "get_weather", arguments: { city: "Paris" } } }] });
    }
    expect(await accepts("Need it.\nIt is sunny.")).toEqual([false, false]);
  });
  test("a prompt that ends inside an open delimiter (functionary's `>>>`): only what completes it may follow", async () => {
    const g = grammarFor(templateJson("functionary-v3-2"), { tools: TOOLS, prefix: "<|start_header_id|>assistant<|end_header_id|>\n\n>>>", stop: ["<|eot_id|>"] });
    const ll = (await llamaGbnf(g.gbnf!.grammar))!;
    expect(await ll.accepts('get_weather\n{"city": "Paris"}')).toBe(true);
    expect(await ll.accepts("all\nHello")).toBe(true);
    expect(await ll.accepts('get_time\n{"city": "Paris"}')).toBe(false);
  });
});

describe("what the structural tag does not enforce (the GBNF grammar does)", () => {
  // Each note the builder prints for qwen3, shown on a turn the structural tag takes and the GBNF refuses.
  const g = grammarFor(templateJson("qwen3"), { tools: TOOLS });
  const whole = grammarFor(templateJson("qwen3"), { tools: TOOLS, lazy: false });
  const call = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
  test.each([
    ["text after a call replaces the content before it", `Hello\n${call}\nBye`, /text after a call is free/],
    ["a second reasoning block replaces the first", `<think>a</think><think>b</think>Hi`, /fields.thinking may be written twice/],
    ["a JSON string may hold the close marker", '<tool_call>\n{"name": "get_weather", "arguments": {"city": "a</tool_call>"}}\n</tool_call>', /json_schema strings/],
  ])("%s", async (_what, text, note) => {
    expect(g.notes.some((n) => note.test(n))).toBe(true);
    expect(await (await xgrammarStructuralTag(g.structuralTag)).accepts(text)).toBe(true);
    expect(await (await llamaGbnf(whole.gbnf!.grammar))!.accepts(text)).toBe(false);
  });

  test("xgrammar's qwen_xml_parameter refuses what Qwen3-Coder's chat template writes (so the tag uses our grammar)", async () => {
    const params = { type: "object", properties: { city: { type: "string" } }, required: ["city"] };
    const native = await xgrammarStructuralTag({ type: "structural_tag", format: { type: "tag", begin: "<function=f>", content: { type: "qwen_xml_parameter", json_schema: params }, end: "</function>" } });
    expect(await native.accepts("<function=f>\n<parameter=city>\nParis\n</parameter>\n</function>")).toBe(false);
    expect(await native.accepts("<function=f><parameter=city>a & b</parameter></function>")).toBe(false);
  });
});

describe("the tool name's group in an open delimiter", () => {
  /** Per branch the grammar keeps: random texts it writes (and what may follow) captured by the real pattern as `name`. */
  function captures(source: string, name: string): { kept: number; unsupported: string[] } {
    const d = translateDelimiter({ kind: "pattern", source } as DelimiterSpec, { name });
    const pattern = compilePattern(source);
    const rand = random(5);
    for (const b of d.branches) {
      const after = b.lookahead ? shortest(b.lookahead.g, new Rules())! : " {";
      if (b.notFollowedBy) expect(b.notFollowedBy.some(([x, y]) => x <= after.codePointAt(0)! && after.codePointAt(0)! <= y)).toBe(false);
      for (let i = 0; i < 30; i++) {
        const text = randomString(b.g, new Rules(), rand, 40, 3)! + after;
        expect(pattern.search(text, 0, false)?.groups.name, JSON.stringify(text)).toBe(name);
      }
    }
    return { kept: d.branches.length, unsupported: d.unsupported };
  }

  // A branch that cannot name the tool at all is left out without a note: the parser could not read the
  // name there either, so nothing is lost.
  test("nested in an alternation (GLM 4.5): each alternative stands alone, the one whose group accepts the name is written", () => {
    const r = captures("\\s*<tool_call>\\s*(?:(?P<name>[^\\s<](?:[^\\S\\n]*[^\\s<])*)\\s*|(?P<name>[^\\S\\n])\\n*)(?=<arg_key>|</tool_call>)", "get_weather");
    expect(r).toEqual({ kept: 1, unsupported: [] });
  });
  test("in an optional part: the branch without it does not name a tool", () => {
    expect(captures("<call>(?:to=(?P<name>\\w+))?>", "get_weather")).toEqual({ kept: 1, unsupported: [] });
  });
  test("a group that could take more than the name: what follows may not start as its continuation", () => {
    // `get.json` would be captured whole: the optional `.json` is never written after the name.
    const r = captures("<f>(?P<name>\\w+(?:\\.\\w+)*)(?:\\.json)?", "get");
    expect(r).toEqual({ kept: 1, unsupported: [] });
    const d = translateDelimiter({ kind: "pattern", source: "<f>(?P<name>\\w+(?:\\.\\w+)*)(?:\\.json)?" } as DelimiterSpec, { name: "get" });
    expect(d.branches[0]!.g).toEqual(lit("<f>get"));
  });
  test("a shorter capture the matcher tries after the whole name is no obstacle", () => {
    // `get` is tried before `ge` (then `t.x` would follow) and `g`.
    expect(captures("<f>(?P<name>[a-z]+(?:\\.[a-z]+)?)(?:[a-z]*\\.x)?>", "get")).toEqual({ kept: 1, unsupported: [] });
  });
  test.each([
    ["a lazy group followed by what can start inside the name", "<(?P<name>[a-z_]+?)[a-z_]*>", "get_weather", 'could capture "g"'],
    ["a group whose alternatives the matcher tries shorter first", "<f>(?P<name>g|get)(?:et)?>", "get", 'could capture "g"'],
    ["a lazy group with nothing after it", "<f (?P<name>\\w+?)", "get_weather", 'could capture "g"'],
  ])("%s: left out", (_what, source, name, reason) => {
    expect(captures(source, name)).toEqual({ kept: 0, unsupported: [expect.stringContaining(reason)] });
  });
});

describe("soundness: strings the grammar derives parse to valid calls", () => {
  const conforms = (v: unknown, s: Record<string, unknown>): boolean => {
    const t = s.type;
    if (t === "string") return typeof v === "string";
    if (t === "integer") return typeof v === "bigint" || (typeof v === "number" && Number.isInteger(v));
    if (t === "number") return typeof v === "number" || typeof v === "bigint" || v instanceof Number;
    if (t === "boolean") return typeof v === "boolean";
    if (t === "array") return Array.isArray(v) && v.every((x) => !s.items || conforms(x, s.items as Record<string, unknown>));
    if (t === "object") return typeof v === "object" && v !== null && !Array.isArray(v);
    return true;
  };
  const templates = ["qwen3", "qwen3-coder", "gpt-oss", "deepseek-v3-2", "lfm2-5", "gemma4", "mistral-small-3-2", "command-r7b", "minimax-m3", "llama-3-1", "glm-4-7", "apertus"];
  test.each(templates)("%s", async (name) => {
    const loaded = loadTemplate(templateJson(name));
    if (loaded.kind !== "template") throw new Error("not a template");
    const tools = normaliseTools(TOOLS);
    const t = assembleTurn(analyzeTurn(loaded.spec), resolveToolChoice(tools, "required", true), { atTurnStart: true, inside: null, used: [], tail: "", opensAfter: () => false });
    const grammar = printGrammar(t.rules, t.root);
    const ll = (await llamaGbnf(grammar))!;
    const rand = random(11);
    let calls = 0;
    for (let i = 0; i < 40; i++) {
      const text = randomString({ t: "ref", name: t.root }, t.rules, rand, 60, 2)!;
      expect(await ll.accepts(text), JSON.stringify(text)).toBe(true);
      const msg = parseResponse(templateJson(name), text, { prefix: "", tools: TOOLS as never });
      const list = (msg.tool_calls ?? []) as { function: { name: string; arguments: Record<string, unknown> } }[];
      expect(list.length, JSON.stringify(text)).toBeGreaterThan(0);
      for (const c of list) {
        const tool = tools.find((x) => x.name === c.function.name);
        expect(tool, JSON.stringify(text)).toBeDefined();
        const props = tool!.parameters.properties as Record<string, Record<string, unknown>>;
        for (const r of (tool!.parameters.required as string[]) ?? []) expect(c.function.arguments, JSON.stringify(text)).toHaveProperty(r);
        for (const [k, v] of Object.entries(c.function.arguments)) {
          expect(props[k], `${k} in ${JSON.stringify(text)}`).toBeDefined();
          expect(conforms(v, props[k]!), `${k} = ${JSON.stringify(v)} in ${JSON.stringify(text)}`).toBe(true);
        }
        calls++;
      }
    }
    expect(calls).toBeGreaterThanOrEqual(40);
  });
});

describe("rtc grammar", () => {
  const dir = mkdtempSync(join(tmpdir(), "rtc-grammar-"));
  const tools = join(dir, "tools.json");
  writeFileSync(tools, JSON.stringify({ tools: TOOLS }));
  test("--help exits 0", () => {
    const r = rtcRun(["grammar", "--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^rtc grammar — /);
  });
  test("errors are one line naming the file or argument (exit 1; usage errors exit 2)", () => {
    for (const [args, status, msg] of [
      [["-t", "no-such"], 1, /^rtc: grammar: no-such: neither a template file nor a known template name .*\n$/],
      [["-t", "qwen3", "--tools", join(dir, "none.json")], 1, /^rtc: grammar: --tools .*none\.json: no such file\n$/],
      [["-t", "qwen3", "--tools", tools, "--tool-choice", "get_time"], 1, /^rtc: grammar: tool_choice names "get_time"/],
      [["-t", "qwen3", "--format", "xml"], 2, /^rtc: grammar: --format takes gbnf, structural-tag or json/],
      [["--tools", tools], 2, /^rtc: grammar: -t <template.json\|name> is required/],
    ] as const) {
      const r = rtcRun(["grammar", ...args]);
      expect(r.status, args.join(" ")).toBe(status);
      expect(r.stderr, args.join(" ")).toMatch(msg);
    }
  });
  test("formats: gbnf with its triggers, the structural tag, everything as JSON to a file", () => {
    const gbnf = rtc(["grammar", "-t", "qwen3", "--tools", tools, "--format", "gbnf"]);
    expect(gbnf).toMatch(/^# grammar_lazy: true\n# grammar_trigger \(word\): "<tool_call>"\n[\s\S]*^root ::= /m);
    const st = JSON.parse(rtc(["grammar", "-t", "qwen3", "--tools", tools, "--format", "structural-tag"]));
    expect(st.type).toBe("structural_tag");
    const out = join(dir, "g.json");
    expect(rtcRun(["grammar", "-t", "templates/qwen3.json", "--tools", tools, "--tool-choice", "required", "--no-parallel", "--out", out]).status).toBe(0);
    const all = JSON.parse(readFileSync(out, "utf8"));
    expect(all.gbnf.llamaCpp.grammar_lazy).toBe(false);
    expect(all.structuralTag.format.type).toBe("sequence");
  });
});
