import { Template } from "@huggingface/jinja";
import { readFileSync } from "node:fs";
const f = process.argv[2]!;
const src = readFileSync("/work/shared/chat-templates/" + f, "utf8");
const t = new Template(src);
for (const tools of [undefined, [], [{type:"function",function:{name:"a",description:"d",parameters:{type:"object",properties:{x:{type:"string",description:"x"}},required:["x"]}}}]]) {
  try { const r = t.render({messages:[{role:"user",content:"hi"}], tools, add_generation_prompt:true, bos_token:"<s>", eos_token:"</s>"}); console.log("OK", JSON.stringify(r.slice(-200))); } catch (e) { console.log("ERR", (e as Error).message); }
}
