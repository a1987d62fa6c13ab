// The playground in a real browser: builds playground/dist, serves it from a loopback node:http server, drives
// Debian's chromium with playwright-core, and checks each panel against the runtime run here in Node.
// Also opens dist/index.html from file:// and writes the screenshot docs/img/playground.png.
//   npm run test:browser          (needs /usr/bin/chromium, or CHROMIUM=/path/to/chromium)
// Page-side code is passed as strings: this file is typechecked without the DOM library.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Page } from "playwright-core";
import { parseResponse, type JsonValue } from "response-template";
import { pyDumps } from "response-template/runtime";
import { parseView } from "../../playground/src/analyse.ts";
import { buildPlayground } from "../../scripts/build-playground.ts";

const ROOT = join(import.meta.dirname, "../..");
const SCREENSHOT = join(ROOT, "docs/img/playground.png");
const template = (name: string): JsonValue => JSON.parse(readFileSync(join(ROOT, "templates", `${name}.json`), "utf8")) as JsonValue;

const QWEN3_OUTPUT =
  '<think>\nThe user wants the weather in Paris.\n</think>\n\nLet me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}\n</tool_call><|im_end|>';
const GPT_OSS_OUTPUT =
  "<|channel|>analysis<|message|>Need the weather.<|end|><|start|>assistant<|channel|>commentary " +
  'to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris"}<|call|>';
const BROKEN_CALL = 'Checking.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}\n</tool_call>\nDone.<|im_end|>';

interface PageSpan {
  kind: string;
  label: string;
  start: number;
  end: number;
  text: string;
}

function serve(dir: string): Promise<Server> {
  const types: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json" };
  const server = createServer((req, res) => {
    const asked = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    const path = asked.endsWith("/") ? `${asked}index.html` : asked;
    try {
      const body = readFileSync(join(dir, path));
      res.writeHead(200, { "content-type": types[extname(path)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

async function runs(page: Page): Promise<number> {
  return Number(await page.evaluate<string>("document.body.dataset.runs ?? '0'"));
}

/** Sets the inputs, then waits for the page's update (debounced) to have run and settled. */
async function setInputs(page: Page, inputs: { template?: string; prefix?: string; output?: string; recover?: boolean; templateText?: string }): Promise<void> {
  const before = await runs(page);
  if (inputs.template !== undefined) await page.selectOption("#template", inputs.template);
  if (inputs.templateText !== undefined) await page.fill("#template-text", inputs.templateText);
  if (inputs.recover !== undefined) await page.setChecked("#recover", inputs.recover);
  if (inputs.prefix !== undefined) await page.fill("#prefix", inputs.prefix);
  if (inputs.output !== undefined) await page.fill("#output", inputs.output);
  await page.waitForFunction(`Number(document.body.dataset.runs) > ${before}`, undefined, { timeout: 60_000 });
  // Later keystrokes' update runs 150 ms after the last one.
  let last = await runs(page);
  for (;;) {
    await page.waitForTimeout(300);
    const now = await runs(page);
    if (now === last) return;
    last = now;
  }
}

async function spans(page: Page): Promise<PageSpan[]> {
  const json = await page.evaluate<string>(
    "JSON.stringify([...document.querySelectorAll('#regions .region')].map((e) => ({ kind: e.dataset.kind, label: e.dataset.label, start: Number(e.dataset.start), end: Number(e.dataset.end), text: e.textContent })))",
  );
  return JSON.parse(json) as PageSpan[];
}

const text = async (page: Page, selector: string): Promise<string> => (await page.textContent(selector)) ?? "";
const items = async (page: Page, selector: string): Promise<string[]> => page.locator(selector).allTextContents();
const errorLine = async (page: Page): Promise<string | null> => ((await page.isVisible("#error")) ? text(page, "#error") : null);

/** The page's spans are exactly those computed in Node, and they cover the output. */
function assertSpans(got: PageSpan[], name: string, output: string, prefix = ""): void {
  const want = parseView(template(name), output, { prefix, recover: true }).spans;
  assert.deepEqual(
    got.map((s) => [s.kind, s.start, s.end, s.label]),
    want.map((s) => [s.kind, s.start, s.end, s.label]),
  );
  assert.equal(got.map((s) => s.text).join(""), output);
}

const cases: [string, (page: Page) => Promise<void>][] = [
  [
    "qwen3: region spans, message JSON, events, deltas, grammar",
    async (page) => {
      await setInputs(page, { template: "qwen3", prefix: "", output: QWEN3_OUTPUT, recover: true });
      assert.equal(await errorLine(page), null);
      const got = await spans(page);
      assertSpans(got, "qwen3", QWEN3_OUTPUT);
      const kinds = new Set(got.map((s) => s.kind));
      for (const k of ["reasoning", "content", "call", "argument-key", "argument-value", "delimiter"]) assert.ok(kinds.has(k), `a ${k} span`);
      assert.equal(got.find((s) => s.kind === "reasoning")!.text, "\nThe user wants the weather in Paris.\n");
      assert.equal(got.find((s) => s.kind === "call")!.label, "tool call 0: get_weather");
      assert.equal(await page.locator("#regions .kind-call.call-0").count() > 0, true);
      const expected = parseResponse(template("qwen3"), QWEN3_OUTPUT, { prefix: "", onError: "recover" }).message;
      assert.deepEqual(JSON.parse(await text(page, "#message")), JSON.parse(pyDumps(expected)));
      const events = await items(page, "#events li");
      assert.ok(events.some((e) => e.startsWith("region_open")) && events.some((e) => e.startsWith("region_close")));
      const deltas = await items(page, "#deltas li");
      assert.ok(deltas.length > 0, "deltas listed");
      assert.ok(deltas.some((d) => d.includes('"name":"get_weather"')), "a delta with the call's name");
      assert.match(await text(page, "#grammar"), /^root ::=/m);
      const before = await runs(page);
      await page.selectOption("#grammar-format", "structural-tag");
      await page.waitForFunction(`Number(document.body.dataset.runs) > ${before}`);
      assert.equal((JSON.parse(await text(page, "#grammar")) as { type: string }).type, "structural_tag");
      await page.selectOption("#grammar-format", "gbnf");
    },
  ],
  [
    "chunk size: the deltas at 1 and 64 characters add up to the same call",
    async (page) => {
      const args = async (): Promise<string> =>
        (await items(page, "#deltas li"))
          .map((d) => JSON.parse(d.slice(d.indexOf(" ") + 1)) as { tool_calls?: { function: { arguments?: string } }[] })
          .map((d) => d.tool_calls?.[0]?.function.arguments ?? "")
          .join("");
      await page.fill("#chunk-size", "1");
      await setInputs(page, {});
      const small = await items(page, "#deltas li");
      const smallArgs = await args();
      await page.fill("#chunk-size", "64");
      await setInputs(page, {});
      assert.ok(small.length > (await items(page, "#deltas li")).length, "more deltas for smaller chunks");
      assert.equal(await args(), smallArgs);
      assert.equal(smallArgs, '{"city": "Paris", "days": 3}');
    },
  ],
  [
    "screenshot",
    async (page) => {
      await page.fill("#chunk-size", "8");
      await setInputs(page, { output: QWEN3_OUTPUT });
      await page.click("#regions .kind-argument-value");
      await page.screenshot({ path: SCREENSHOT, type: "png" });
    },
  ],
  [
    "gpt-oss: reasoning and a call named in the header",
    async (page) => {
      await setInputs(page, { template: "gpt-oss", prefix: "", output: GPT_OSS_OUTPUT });
      assert.equal(await errorLine(page), null);
      const got = await spans(page);
      assertSpans(got, "gpt-oss", GPT_OSS_OUTPUT);
      assert.equal(got.find((s) => s.kind === "reasoning")!.text, "Need the weather.");
      assert.equal(got.find((s) => s.kind === "call")!.label, "tool call 0: get_weather");
      const expected = parseResponse(template("gpt-oss"), GPT_OSS_OUTPUT, { prefix: "", onError: "recover" }).message;
      assert.deepEqual(JSON.parse(await text(page, "#message")), JSON.parse(pyDumps(expected)));
      assert.ok((await items(page, "#deltas li")).some((d) => d.includes('"name":"get_weather"')));
    },
  ],
  [
    "recover mode: a broken call is an error span; throw mode says ContentError in one line",
    async (page) => {
      await setInputs(page, { template: "qwen3", prefix: "", output: BROKEN_CALL, recover: true });
      const got = await spans(page);
      assertSpans(got, "qwen3", BROKEN_CALL);
      const error = got.find((s) => s.kind === "error");
      assert.ok(error, "an error span");
      assert.ok(error.text.includes("<tool_call>") && error.text.endsWith("</tool_call>"));
      assert.match(error.label, /not valid JSON/);
      assert.ok((await items(page, "#events li")).some((e) => e.startsWith("region_error")));
      await setInputs(page, { recover: false });
      assert.match((await errorLine(page)) ?? "", /^ContentError: .*not valid JSON/);
      assert.ok(await page.isVisible("h1"), "the page is not blank");
      await setInputs(page, { recover: true });
    },
  ],
  [
    "pasted template JSON: bad JSON is one line, good JSON parses",
    async (page) => {
      await setInputs(page, { template: "custom:json" });
      await setInputs(page, { templateText: "{ not json" });
      assert.match((await errorLine(page)) ?? "", /^template JSON: SyntaxError/);
      await setInputs(page, { templateText: JSON.stringify(template("qwen3")), output: QWEN3_OUTPUT });
      assert.equal(await errorLine(page), null);
      assertSpans(await spans(page), "qwen3", QWEN3_OUTPUT);
    },
  ],
  [
    "Jinja chat template: a template inferred and used",
    async (page) => {
      const jinja = readFileSync(join(ROOT, "test/fixtures/chat-templates/Qwen-Qwen3-0.6B.jinja"), "utf8");
      await setInputs(page, { template: "custom:jinja" });
      await setInputs(page, { templateText: jinja, output: QWEN3_OUTPUT });
      assert.equal(await errorLine(page), null);
      assert.match(await text(page, "#template-notes"), /^inferred \(verified\)/);
      const got = await spans(page);
      assert.ok(["reasoning", "content", "call"].every((k) => got.some((s) => s.kind === k)), JSON.stringify(got.map((s) => s.kind)));
    },
  ],
];

async function main(): Promise<number> {
  const dist = await buildPlayground();
  const server = await serve(dist);
  const browser = await chromium.launch({
    executablePath: process.env["CHROMIUM"] ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  let failed = 0;
  const report = (name: string, error?: unknown): void => {
    if (error === undefined) console.log(`ok   ${name}`);
    else {
      failed++;
      console.log(`FAIL ${name}\n     ${error instanceof Error ? error.message.replace(/\n/g, "\n     ") : String(error)}`);
    }
  };
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    const pageErrors: string[] = [];
    page.on("pageerror", (e) => pageErrors.push(e.message));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    await page.goto(url);
    await page.waitForSelector("body[data-ready=true]");
    for (const [name, run] of cases) {
      try {
        await run(page);
        report(name);
      } catch (e) {
        report(name, e);
      }
    }
    report("no uncaught page errors", pageErrors.length ? new Error(pageErrors.join("; ")) : undefined);

    const file = await browser.newPage();
    try {
      await file.goto(pathToFileURL(join(dist, "index.html")).href);
      await file.waitForSelector("body[data-ready=true]");
      assert.equal(await errorLine(file), null);
      assertSpans(await spans(file), "qwen3", QWEN3_OUTPUT);
      assert.ok((await items(file, "#deltas li")).length > 0);
      report("file:// dist/index.html works offline");
    } catch (e) {
      report("file:// dist/index.html works offline", e);
    }
  } finally {
    await browser.close();
    server.close();
  }
  const total = cases.length + 2;
  console.log(`\nbrowser: ${total - failed} passed, ${failed} failed (screenshot: ${SCREENSHOT})`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
