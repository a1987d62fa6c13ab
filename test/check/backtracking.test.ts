// rtc check's super-linear backtracking warnings: the classic catastrophic patterns are flagged with the
// column of their repeat in the Python pattern; linear ones are not; the template library's findings are
// pinned (each one a real polynomial blow-up, measured in the comment) so that a new one cannot slip in.

import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { rtcRun } from "../support/rtc-command.ts";
import { describe, expect, it } from "vitest";
import { checkFile, checkTemplate, looksLikeTemplate } from "../../compiler/check/index.ts";
import { patternHazards, unboundedRepeatColumns } from "../../compiler/check/backtracking.ts";
import type { JsonValue } from "../../runtime/core/types.ts";

const withClose = (close_pattern: string) => ({ start_anchor: "<s>", fields: { x: { open: "<x>", close_pattern }, content: { repeats: true, join: "" } } });

describe("rtc check: super-linear backtracking", () => {
  it("flags (a+)+$, (\\s*)*x and (a|aa)+b as redos with the pattern column and JSON path", () => {
    const cases: [string, number, RegExp][] = [
      ["(a+)+$", 2, /quantifier at column 2 repeats inside the group the quantifier at column 4 repeats, and both match runs of "a"/],
      ["(\\s*)*x", 3, /quantifier at column 3 repeats inside the group the quantifier at column 5 repeats, and both match runs of " "/],
      ["(a|aa)+b", 6, /quantifier at column 6 repeats alternatives that match "aa" in more than one way/],
      ["x(?:\\w|\\d)+$", 10, /alternatives that match "0"/],
    ];
    for (const [pattern, column, message] of cases) {
      const ds = checkTemplate(withClose(pattern) as JsonValue).filter((d) => d.code === "redos");
      expect(ds, pattern).toHaveLength(1);
      expect(ds[0]).toMatchObject({ severity: "warning", path: "fields.x.close_pattern", patternColumn: column });
      expect(ds[0]!.message).toMatch(message);
      expect(ds[0]!.message).toMatch(/exponential/);
    }
  });

  it("flags polynomial trades (a+a+b, \\d*\\w+) and leaves linear patterns alone", () => {
    expect(patternHazards("x\\d*\\w+!")).toEqual([{ exponential: false, columns: [3, 6], attack: "0", kind: "trade" }]);
    expect(checkTemplate(withClose("a+a+b") as JsonValue).map((d) => `${d.code}@${d.patternColumn}`)).toEqual(["polynomial-backtracking@1"]);
    for (const linear of ["\\s*</think>\\s*", "<tool_call>\\s*", "(?:a|b)+c", "[^<]+(?:<(?!/x)[^<]*)*</x>", "(?P<n>\\w+)=(?P<v>[^\\n]*)\\n", "x{2,}y*"]) {
      expect(patternHazards(linear), linear).toEqual([]);
    }
  });

  it("finds the column of each unbounded Python repeat past escapes, classes and group openers", () => {
    expect(unboundedRepeatColumns("(?P<a>\\*[*+]x+?)*\\{y{2,}z{3}w{,4}(?#c*)q*+")).toEqual([13, 16, 20, 40]);
  });

  it("checks content_args tag_pattern too, and --strict turns the warnings into errors", () => {
    const t = { start_anchor: "<s>", fields: { tool_calls: { open: "<t>", close: "</t>", content: "xml-inline", content_args: { tag_pattern: "<(?P<key>\\w+)>(?P<value>(a|aa)+)</(?P=key)>" } }, content: {} } };
    expect(checkTemplate(t as JsonValue).filter((d) => d.code === "redos").map((d) => [d.path, d.patternColumn])).toEqual([["fields.tool_calls.content_args.tag_pattern", 30]]);
    const f = join(mkdtempSync(join(tmpdir(), "rtc-redos-")), "t.json");
    writeFileSync(f, JSON.stringify(withClose("(a+)+$"), null, 1));
    const plain = rtcRun(["check", f]);
    expect(plain.status).toBe(0);
    expect(plain.stdout).toMatch(/t\.json:\d+:\d+: warning fields\.x\.close_pattern \(pattern column 2\): exponential backtracking/);
    const strict = rtcRun(["check", "--strict", f]);
    expect(strict.status).toBe(1);
    expect(strict.stdout).toMatch(/: error fields\.x\.close_pattern \(pattern column 2\)/);
    rmSync(dirname(f), { recursive: true });
  }, 30_000);

  // The rtc-authored templates match each character one way only; what remains is the reference's own
  // template, kept byte for byte (its catalog entry points to qwen3_5-robust). Measured on the interpreter's
  // regex (compilePattern(...).search): qwen3_5's tag_pattern on "<parameter=a>" + 1,000 / 2,000 spaces +
  // "x" took 0.5 / 4.9 s.
  const lib = join(import.meta.dirname, "../../templates");
  const files = readdirSync(lib).filter((f) => f.endsWith(".json") && looksLikeTemplate(join(lib, f)));
  it(`the template library (${files.length} files): no exponential patterns; the polynomial ones are listed`, () => {
    const found = files.flatMap((f) => checkFile(join(lib, f)).filter((d) => d.code === "redos" || d.code === "polynomial-backtracking").map((d) => `${f} ${d.path} ${d.code}@${d.patternColumn}`));
    expect(found).toEqual([
      "qwen3_5.json fields.tool_calls.content_args.tag_pattern polynomial-backtracking@30",
    ]);
    // Each one is a verbatim reference template whose catalog entry names the hazard and the way out.
    const catalog = JSON.parse(readFileSync(join(lib, "catalog.json"), "utf8")) as { templates: { name: string; source: string; limitations: string[] }[] };
    for (const name of new Set(found.map((line) => line.split(".json")[0]!))) {
      const entry = catalog.templates.find((t) => t.name === name)!;
      expect(entry.source, name).toMatch(/^conformance /);
      expect(entry.limitations.join(" "), name).toMatch(/backtracks polynomially[^]*Use \S+-robust/);
    }
  });
});
