// Every rtc subcommand and its documented flags, run from the installed tarballs exactly as a user runs
// them: node_modules/.bin/rtc under plain Node (no loader, no source conditions). Each command has a good
// case checked by its output and a bad input that must give one clear "rtc…" line on stderr and a non-zero
// exit. Afterwards nothing in node_modules has changed and no rtc temporary folder is left behind.
// Inputs come from fixtures/ (copied in by test/package/run.ts). Prints one line per command.

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const RTC = join("node_modules", ".bin", "rtc");
const scratch = mkdtempSync(join(tmpdir(), "rtc-cli-check-"));
const at = (name) => join(scratch, name);

/** path → size and mtime of every file under dir. */
function snapshot(dir, into = new Map()) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) snapshot(p, into);
    else if (e.isFile()) {
      const s = statSync(p);
      into.set(p, `${s.size}:${s.mtimeMs}`);
    }
  }
  return into;
}
const rtcTemp = () => readdirSync(tmpdir()).filter((n) => n.startsWith("rtc-generated-"));

function rtc(args, stdin = "") {
  const r = spawnSync(RTC, args, { input: stdin, encoding: "utf8", maxBuffer: 64 << 20, env: { ...process.env, NODE_OPTIONS: "" } });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const fail = (what, r) => {
  throw new Error(`rtc ${what}\n  exit ${r.status}\n  stdout: ${r.stdout.slice(0, 800)}\n  stderr: ${r.stderr.slice(0, 800)}`);
};

/** A good case: exit 0 and stdout (or a file it wrote) passing `check`. */
function ok(args, check, stdin) {
  const r = rtc(args, stdin);
  if (r.status !== 0) fail(args.join(" "), r);
  const why = check(r.stdout, r.stderr);
  if (why !== true) fail(`${args.join(" ")}: ${why}`, r);
  return r;
}

/** A bad input: a non-zero exit, nothing but one line on stderr, naming `where`, and no stack trace. */
function bad(args, where, stdin) {
  const r = rtc(args, stdin);
  const lines = r.stderr.trimEnd().split("\n");
  if (r.status === 0 || lines.length !== 1 || !/^rtc\b/.test(lines[0]) || !lines[0].includes(where) || /\n\s+at /.test(r.stderr)) {
    fail(`${args.join(" ")}: expected one error line naming ${where}`, r);
  }
  return lines[0];
}

const has = (...parts) => (out) => parts.every((p) => out.includes(p)) || `output lacks one of ${parts.map((p) => JSON.stringify(p)).join(", ")}`;
const jsonLines = (out) => out.trim().split("\n").map((l) => JSON.parse(l));

const nodeModulesBefore = snapshot("node_modules");
const tempBefore = new Set(rtcTemp());
const done = [];
const F = (name) => join("fixtures", name);

// Inputs.
const acme = join("templates", "acme-chat.json");
const output = '<|assistant|><reasoning>plan</reasoning>Sure.<call name="get.weather">{"city": "Paris"}</call><|end|>';
const broken = '<|assistant|>Sure.<call name="f">{"city": </call><|end|>';
const qwen = '<think>\nplan\n</think>\n\nSure.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call><|im_end|>';
writeFileSync(at("bad.json"), '{"fields": {');
writeFileSync(at("not-utf8.txt"), Buffer.from([0x3c, 0x74, 0xff, 0xfe, 0x3e]));
writeFileSync(at("empty.jinja"), "");
writeFileSync(at("prefix.txt"), "<|assistant|>");
writeFileSync(at("tools.json"), JSON.stringify([{ type: "function", function: { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } } }]));
writeFileSync(at("records.jsonl"), [{ id: "a", text: qwen, prefix: "" }, { id: "b", text: "Hi.<|im_end|>" }].map((r) => JSON.stringify(r)).join("\n") + "\n");

// build: TypeScript, --js, --check, --no-format, --runtime, --import-ext, --keep-going.
ok(["build", "templates", "--out", at("ts")], has("1 template(s)"));
ok(["build", "templates", "--js", "--out", at("js")], (out) => readdirSync(at("js")).includes("acme-chat.js") || out);
ok(["build", "templates", "--js", "--out", at("js"), "--check"], has("up to date"));
ok(["build", "templates", "--no-format", "--runtime", "response-template/runtime", "--import-ext", ".ts", "--keep-going", "--out", at("ts2")], () =>
  readFileSync(at("ts2/index.ts"), "utf8").includes('"./acme-chat.ts"') || "registry does not import ./acme-chat.ts",
);
bad(["build", at("bad.json"), "--out", at("never")], "bad.json");
done.push("build");

// explain: a file, and a shipped model by name (no templates/ folder of its own in an installed project).
ok(["build", "--explain", acme], has("<reasoning>"));
ok(["build", "--explain", "qwen3"], has("<tool_call>"));
bad(["build", "--explain", "no-such-model"], "no-such-model");
done.push("explain");

// check: plain, --json, --portable, --strict.
ok(["check", acme], (out, err) => /0 errors/.test(out + err) || "no summary");
ok(["check", acme, "--json", "--portable"], (out) => jsonLines(out).some((d) => d.code === "implicit-overwrite" && d.position.line === 13) || "no warning");
{
  const r = rtc(["check", acme, "--strict"]); // acme-chat's one warning becomes an error
  if (r.status !== 1 || !r.stdout.includes("error fields.content")) fail("check --strict", r);
}
{
  // check's findings are its output: one diagnostic line per problem on stdout, the summary on stderr.
  const r = rtc(["check", at("bad.json")]);
  if (r.status !== 1 || !/^\S*bad\.json: error: not valid JSON/.test(r.stdout) || r.stdout.trim().split("\n").length !== 1) fail("check bad.json", r);
}
done.push("check");

// parse: whole, streamed in chunks, --prefix-file, --tools, --events, --openai, --sse, --model, --on-error.
const msg = (out) => JSON.parse(out);
ok(["parse", "-t", acme, "--prefix", ""], (out) => {
  const m = msg(out);
  return (m.thinking === "plan" && m.content === "Sure." && m.tool_calls[0].function.name === "get.weather") || "wrong message";
}, output);
ok(["parse", "-t", "qwen3", "--prefix", "", "--chunk", "3", "--tools", at("tools.json")], (out) => msg(out).tool_calls?.[0]?.function.arguments.city === "Paris" || "wrong call", qwen);
ok(["parse", "-t", acme, "--prefix-file", at("prefix.txt")], (out) => msg(out).content === "Hi" || "prefix not applied", "Hi<|end|>");
ok(["parse", "-t", acme, "--prefix", "", "--events"], (out) => jsonLines(out).some((e) => e.type === "region_close" && e.field === "tool_calls") || "no tool_calls close", output);
ok(["parse", "-t", "qwen3", "--prefix", "", "--openai", "--model", "m"], (out) => {
  const chunks = jsonLines(out);
  return (chunks[0].model === "m" && chunks.at(-1).choices[0].finish_reason === "tool_calls") || "wrong chunks";
}, qwen);
ok(["parse", "-t", "qwen3", "--prefix", "", "--sse"], (out) => out.trimEnd().endsWith("data: [DONE]") || "no [DONE]", qwen);
ok(["parse", "-t", acme, "--prefix", "", "--on-error", "recover"], (out) => {
  const r = msg(out);
  return (r.errors.length === 1 && r.message.content.includes("Sure.")) || "recover mode lost text";
}, broken);
bad(["parse", "-t", acme, "--prefix", ""], "stdin", broken); // the default: the bad region stops the parse
bad(["parse", "-t", acme, "--prefix", ""], "stdin is empty", "");
bad(["parse", "-t", "qwen3", "--prefix", ""], "byte 2", readFileSync(at("not-utf8.txt")));
bad(["parse", "-t", at("missing.json"), "--prefix", ""], "missing.json", output);
bad(["parse", "-t", at("bad.json"), "--prefix", ""], "bad.json", output);
done.push("parse");

// batch: a file and stdin, --out, --jobs, --default-prefix, --on-error recover.
ok(["parse", "-t", "qwen3", "--batch", at("records.jsonl"), "--default-prefix", "", "--jobs", "1", "--out", at("out.jsonl")], () => {
  const lines = jsonLines(readFileSync(at("out.jsonl"), "utf8"));
  return (lines.length === 2 && lines[0].message.tool_calls.length === 1 && lines[1].message.content === "Hi.") || "wrong results";
});
ok(["parse", "-t", "qwen3", "--batch", "-", "--on-error", "recover"], (out) => jsonLines(out)[0].errors !== undefined || "no errors key", readFileSync(at("records.jsonl"), "utf8"));
bad(["parse", "-t", "qwen3", "--batch", "-"], "stdin", "");
bad(["parse", "-t", "qwen3", "--batch", at("missing.jsonl")], "missing.jsonl");
done.push("batch");

// replay, both engines (the generated one compiles into the OS temp folder, never into node_modules).
for (const engine of ["interpreted", "generated"]) {
  ok(["replay", F("sessions.jsonl"), "--engine", engine, "--verbose"], has(" passed, 0 failed"));
}
bad(["replay", at("missing.jsonl")], "missing.jsonl");
done.push("replay");

// infer: --out, --json, --explain, --portable; an empty and a non-UTF-8 chat template.
ok(["infer", F("chat_template.jinja"), "--out", at("inferred.json")], () => JSON.parse(readFileSync(at("inferred.json"), "utf8")).fields !== undefined || "no template written");
ok(["infer", F("chat_template.jinja"), "--json", "--portable"], (out) => JSON.parse(out).ok === true || "not ok");
ok(["infer", F("chat_template.jinja"), "--explain"], (out, err) => err.includes("round trip") || "no explanation");
bad(["infer", at("empty.jinja")], "empty");
bad(["infer", at("not-utf8.txt")], "byte 2");
done.push("infer");

// grammar: the three formats, --tools, --tool-choice, --no-parallel, --out.
ok(["grammar", "-t", "qwen3", "--tools", at("tools.json"), "--format", "gbnf"], has("root"));
ok(["grammar", "-t", "qwen3", "--tools", at("tools.json"), "--format", "structural-tag", "--tool-choice", "required", "--no-parallel"], (out) => typeof JSON.parse(out) === "object" || "not JSON");
ok(["grammar", "-t", acme, "--tools", at("tools.json"), "--out", at("grammar.json")], () => "gbnf" in JSON.parse(readFileSync(at("grammar.json"), "utf8")) || "no gbnf");
bad(["grammar", "-t", at("bad.json")], "bad.json");
done.push("grammar");

// convert: a legacy response_schema.
ok(["convert", F("response_schema.json"), "--out", at("converted.json")], () => JSON.parse(readFileSync(at("converted.json"), "utf8")).fields !== undefined || "nothing converted");
bad(["convert", at("bad.json")], "bad.json");
done.push("convert");

// which: each source (a model id, a chat template, a folder, a tokenizer config), and -t given a model
// (when the CLI has it).
if (rtc(["--help"]).stdout.includes("rtc which")) {
  const which = (args, name, source) => ok(["which", ...args, "--json"], (out) => {
    const r = JSON.parse(out);
    return (r.name === name && r.source === source) || `got ${r.name} by ${r.source}, not ${name} by ${source}`;
  });
  which(["Qwen/Qwen3-8B"], "qwen3-robust", "model-id");
  which(["Qwen/Qwen3-8B", "--variant", "reference"], "qwen3", "model-id");
  which(["lmstudio-community/gpt-oss-120b-GGUF"], "gpt-oss", "model-id");
  which([F("chat_template.jinja")], "qwen3-robust", "fingerprint");
  mkdirSync(at("Qwen3-8B"));
  writeFileSync(at("Qwen3-8B/chat_template.jinja"), readFileSync(F("chat_template.jinja")));
  which([at("Qwen3-8B")], "qwen3-robust", "fingerprint");
  mkdirSync(at("m"));
  writeFileSync(at("m/config.json"), JSON.stringify({ _name_or_path: "bartowski/Llama-3.2-1B-Instruct-GGUF" }));
  which([at("m")], "llama-3-1", "model-id");
  mkdirSync(at("own"));
  writeFileSync(at("own/tokenizer_config.json"), JSON.stringify({ response_template: { fields: { content: { regex: "(.*)" } } } }));
  which([at("own/tokenizer_config.json")], "response_template", "response_template");
  ok(["which", "Qwen/Qwen3-8B"], has("qwen3-robust", "model-id"));
  bad(["which", "nobody/unknown-model-xyz"], "unknown-model-xyz");
  mkdirSync(at("corrupt"));
  writeFileSync(at("corrupt/tokenizer_config.json"), '{"chat_template": ');
  bad(["which", at("corrupt")], "tokenizer_config.json");
  // -t with a model folder and a model id.
  for (const t of [at("Qwen3-8B"), "Qwen/Qwen3-4B"]) {
    ok(["parse", "-t", t, "--prefix", ""], (out) => JSON.parse(out).thinking === "plan" || "not parsed as Qwen3", qwen);
  }
  done.push("which");
}

rmSync(scratch, { recursive: true, force: true });
const after = snapshot("node_modules");
const changed = [...new Set([...nodeModulesBefore.keys(), ...after.keys()])].filter((p) => nodeModulesBefore.get(p) !== after.get(p));
if (changed.length) throw new Error(`the CLI changed node_modules: ${changed.slice(0, 10).join(", ")}`);
const leftover = rtcTemp().filter((n) => !tempBefore.has(n));
if (leftover.length) throw new Error(`temporary folders left in ${tmpdir()}: ${leftover.join(", ")}`);
console.log(`${done.length} commands, each with good and bad inputs: ${done.join(", ")}`);
