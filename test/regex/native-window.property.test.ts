// The native fast path of PatternStream (nativeSearch): a library pattern's RegExp over a bounded window
// after the read position answers only what a search over the whole text answers. Texts are made long
// enough for the window (256 characters after the bound) to end inside them; a spy shows that
// windows, not only the runs, answered.
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { compilePattern } from "../../runtime/translate/index.ts";
import { PatternStream } from "../../runtime/core/regex/pattern-stream.ts";
import { PatternMatcher, type CompiledPattern } from "../../runtime/core/regex/pattern.ts";
import { checkProperty, propertyRuns } from "../support/property.ts";
import type { PatternMatch } from "../../runtime/core/regex/api.ts";
import { libraryPatterns } from "../templates/support.ts";

const RUNS = 300;

const cases: { pattern: CompiledPattern; source: string; pieces: string[] }[] = [];
let library = 0;
for (const source of libraryPatterns()) {
  let compiled: CompiledPattern;
  try {
    compiled = compilePattern(source) as CompiledPattern;
  } catch {
    continue;
  }
  library++;
  if (!compiled.windowable()) continue;
  const literals = source.replace(/\\[sdwSDWbBZAG]|\(\?P?<\w+>|\(\?[:=!<]+|[()[\]{}*+?|^$\\]/g, " ").split(/\s+/).filter(Boolean);
  const pieces = [...literals, ...literals.map((l) => l.slice(0, Math.max(1, l.length - 2))), " ", "\n", "a", "x", "<", ">", "|", "💡", '"', "{", "}"];
  cases.push({ pattern: compiled, source, pieces: [...pieces, "a".repeat(40), " ".repeat(40), "x".repeat(100)] });
}

describe("native window search", () => {
  it(`applies to most library patterns (${cases.length} of ${library})`, () => {
    expect(cases.length).toBeGreaterThan(library / 2);
  });

  it("a RegExp that backtracks more than linearly from a start is never run over a window", () => {
    for (const p of ["(a+)+$", "(?:a|ab)*c", "\\s*\\s*x", "a*a*b", "(?:ab)*c", ".*?x"]) {
      expect((compilePattern(p) as CompiledPattern).windowable(), p).toBe(false);
    }
    for (const p of ["\\s*<tool_call>", "<tool_call>\\s*<function=(?P<name>[^>\\n]+)>"]) {
      expect((compilePattern(p) as CompiledPattern).windowable(), p).toBe(true);
    }
  });

  it("answers what the RegExp answers over the whole text", () => {
    // cutStart runs only when a window search (not the text's whole rest) is about to answer.
    const windows = vi.spyOn(PatternMatcher.prototype, "cutStart");
    checkProperty(
      fc.property(
        fc.nat(cases.length - 1),
        fc.array(fc.nat(64), { minLength: 20, maxLength: 60 }),
        fc.nat(300),
        fc.nat(300),
        fc.boolean(),
        (which, picks, at, bound, partial) => {
          const c = cases[which]!;
          const text = picks.map((k) => c.pieces[k % c.pieces.length]).join("");
          let pos = Math.min(at, text.length);
          if (pos > 0 && isTrail(text.charCodeAt(pos))) pos--;
          const upTo = pos + bound;
          const expected = c.pattern.search(text, pos, partial);
          const actual = new PatternStream(c.pattern).search(text, 0, pos, partial, undefined, upTo);
          const show = (m: PatternMatch | null) =>
            m && `${m.start}-${m.end}${m.partial ? " partial" : ""} ${partial && !m.partial && m.end === text.length ? "(pending)" : JSON.stringify(m.groups)}`;
          const beyond = (m: PatternMatch | null) => m === null || m.start > upTo;
          if (!(beyond(expected) && beyond(actual))) expect(show(actual), `${JSON.stringify(c.source)} on ${JSON.stringify(text)} from ${pos}`).toBe(show(expected));
        },
      ),
      RUNS,
    );
    expect(windows.mock.calls.length).toBeGreaterThan(propertyRuns(RUNS) / 10);
    windows.mockRestore();
  });
});

function isTrail(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}
