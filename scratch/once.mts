const name = process.argv[2] ?? "gpt-oss";
const WORDS = "The model weighs the question: is 3 < 4? It checks the units (km vs. miles), then writes a few more words about it.\n";
const filler = (n: number) => { let s = ""; while (s.length < n) s += WORDS; return s.slice(0, Math.max(1, n)); };
function compose(size: number, parts: any) { const calls = Math.max(1, Math.floor(size / 2000)); const think = parts.think(filler(size * 0.4)); let body = ""; const seg = Math.max(20, Math.floor((size * 0.6) / calls) - 120); for (let i = 0; i < calls; i++) body += parts.text(filler(seg)) + parts.call(i); return think + body + parts.end; }
const text = compose(Number(process.argv[3] ?? 20000), { think: (t: string) => `<|channel|>analysis<|message|>${t}<|end|>`, text: (t: string) => `<|start|>assistant<|channel|>analysis<|message|>${t}<|end|>`, call: (i: number) => `<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris", "days": ${i % 7}}<|call|>`, end: `<|start|>assistant<|channel|>final<|message|>${filler(200)}<|return|>` });
const gen = await import(`../generated/${name}.ts`);
gen.parseResponse(text, { prefix: "" });
console.log("delegates", (globalThis as any).DEL, "len", text.length);
