// `rtc build --js` (emit/javascript.ts): each generated module as JavaScript ESM plus its `.d.ts`, transpiled
// on its own. The JavaScript runs as the TypeScript module does; imports stay as written (a value import is
// never dropped as type-only); a module TypeScript cannot transpile alone is refused, naming the file and
// every problem.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { parseResponse } from "../../runtime/interpret/index.ts";
import type { JsonValue } from "../../runtime/core/index.ts";
import { compileSource } from "../../compiler/build/compile.ts";
import { CACHE_DIR, type GeneratedModule } from "../../compiler/build/temp-build.ts";
import { toJavaScript } from "../../compiler/emit/javascript.ts";

describe("rtc build --js", () => {
  it("writes a generated module as JavaScript that parses as the interpreter does, and its declarations", async () => {
    const template: JsonValue = {
      start_anchor: "<a>",
      defaults: { role: "assistant" },
      fields: {
        thinking: { open: "<think>", close: "</think>" },
        tool_calls: { open: "<call>", close: "</call>", content: "json", repeats: true },
        content: {},
      },
    };
    const ts = await compileSource({ name: "t", file: "t.json", at: "", template }, { format: false, runtime: "response-template/runtime" });
    const { js, dts } = toJavaScript("t.ts", ts);

    const dir = join(CACHE_DIR, "emit-javascript");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "t.js"), js);
    const m = (await import(pathToFileURL(join(dir, "t.js")).href)) as GeneratedModule;
    const text = '<think>plan</think>ok<call>{"name": "f", "arguments": {"x": 1}}</call>';
    expect(m.parseResponse(text, { prefix: "" })).toEqual(parseResponse(template, text, { prefix: "" }));
    expect(m.template).toEqual(template);

    expect(dts).toMatch(/^import type \{ [^}]+ \} from "response-template\/runtime";\n/);
    expect(dts).toContain("\nexport type Message = {\n");
    expect(dts).toContain("\nexport declare const template: JsonValue;\n");
    expect(dts).toContain("\nexport declare function createResponseParser(options: ParseOptions): ResponseParser<Message>;\n");
  });

  it("keeps imports as written and strips only types", () => {
    const source = [
      'import { A } from "./a.js";',
      'import type { B } from "./b.js";',
      "export const v: A | B = null as never;",
      "export class C { #n = 1; get n(): number { return this.#n ?? 0; } }",
      "",
    ].join("\n");
    expect(toJavaScript("m.ts", source)).toEqual({
      js: 'import { A } from "./a.js";\nexport const v = null;\nexport class C {\n    #n = 1;\n    get n() { return this.#n ?? 0; }\n}\n',
      dts: 'import { A } from "./a.js";\nimport type { B } from "./b.js";\nexport declare const v: A | B;\nexport declare class C {\n    #private;\n    get n(): number;\n}\n',
    });
  });

  it("refuses a module it cannot transpile alone, naming the file, line and column of each problem once", () => {
    // A syntax error (found by both the JavaScript and the declaration pass, listed once) and exports whose types
    // would need inference from elsewhere (isolatedDeclarations).
    expect(() => toJavaScript("bad.ts", "export function f() { return 1; }\nexport const g = (x) => x;\nexport const a: number = (1;\n")).toThrow(
      new Error(
        [
          "cannot write JavaScript for a generated module:",
          "bad.ts:3:28: ')' expected.",
          "bad.ts:2:18: Function must have an explicit return type annotation with --isolatedDeclarations.",
          "bad.ts:2:19: Parameter must have an explicit type annotation with --isolatedDeclarations.",
        ].join("\n"),
      ),
    );
  });
});
