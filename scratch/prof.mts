import { readFileSync } from "node:fs";
const name = process.argv[2] ?? "qwen3_5";
const size = Number(process.argv[3] ?? 20000);
const engine = process.argv[4] ?? "gen";
const WORDS = "The model weighs the question: is 3 < 4? It checks the units (km vs. miles), then writes a few more words about it.\n";
const filler = (n: number) => { let s = ""; while (s.length < n) s += WORDS; return s.slice(0, Math.max(1, n)); };
const xmlCall = (i: number) => `<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n${i % 7}\n</parameter>\n</function>\n</tool_call>`;
function compose(size: number, parts: any) { const calls = Math.max(1, Math.floor(size / 2000)); const think = parts.think(filler(size * 0.4)); let body = ""; const seg = Math.max(20, Math.floor((size * 0.6) / calls) - 120); for (let i = 0; i < calls; i++) body += parts.text(filler(seg)) + parts.call(i); return think + body + parts.end; }
const outputs: Record<string, (n: number) => string> = {
  qwen3_5: (n) => compose(n, { think: (t: string) => `<think>\n${t}</think>\n\n`, text: (t: string) => t, call: (i: number) => `\n${xmlCall(i)}`, end: "<|im_end|>" }),
  "qwen3-coder": (n) => compose(n, { think: (t: string) => t, text: (t: string) => t, call: (i: number) => `\n${xmlCall(i)}`, end: "<|im_end|>" }),
  "gpt-oss": (n) => compose(n, { think: (t: string) => `<|channel|>analysis<|message|>${t}<|end|>`, text: (t: string) => `<|start|>assistant<|channel|>analysis<|message|>${t}<|end|>`, call: (i: number) => `<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris", "days": ${i % 7}}<|call|>`, end: `<|start|>assistant<|channel|>final<|message|>${filler(200)}<|return|>` }),
};
const text = outputs[name]!(size);
const chunks: string[] = []; for (let i = 0; i < text.length; i += 4) chunks.push(text.slice(i, i + 4));
const gen = await import(`../generated/${name}.ts`);
const rt = await import("response-template");
const tpl = JSON.parse(readFileSync(`templates/${name}.json`, "utf8"));
const make = engine === "gen" ? () => gen.createResponseParser({ prefix: "" }) : () => rt.createResponseParser(tpl, { prefix: "" });
const mode = process.argv[5] ?? "stream";
const once = () => { if (mode === "whole") { return engine === "gen" ? gen.parseResponse(text, { prefix: "" }) : rt.parseResponse(tpl, text, { prefix: "" }); } const p = make(); for (const c of chunks) p.feed(c); return p.finalize(); };
for (let i = 0; i < 20; i++) once();
let best = Infinity; const t0 = performance.now();
while (performance.now() - t0 < 3000) { const s = performance.now(); once(); best = Math.min(best, performance.now() - s); }
console.log(name, engine, mode, mode === "whole" ? (text.length / best / 1000).toFixed(1) + " MB/s" : (best * 1e6 / chunks.length).toFixed(0) + " ns/chunk");
console.log("breaks", (globalThis as any).BR, "delegates", (globalThis as any).DEL);
