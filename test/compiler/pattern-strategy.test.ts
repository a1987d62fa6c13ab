// The build-time choice of how a delimiter pattern is searched (compiler/plan/pattern-strategy.ts): which
// patterns get the guarded search, with which heads and leading run, and why the others do not.
import { describe, expect, it } from "vitest";
import { analysePattern } from "../../compiler/plan/pattern-facts.ts";

const strategy = (source: string) => analysePattern(source).strategy;
const guarded = (source: string) => {
  const s = strategy(source);
  if (s.kind !== "guarded") throw new Error(`${source}: ${s.kind} (${s.why})`);
  return { heads: s.heads, lead: s.lead };
};
const SPACE_RANGES = [[9, 13], [32, 32], [133, 133], [160, 160], [5760, 5760], [8192, 8202], [8232, 8233], [8239, 8239], [8287, 8287], [12288, 12288]];

describe("pattern strategies", () => {
  it("a literal run, with or without a leading class run", () => {
    expect(guarded("</function>\\s*</tool_call>")).toEqual({ heads: ["</function>"], lead: null });
    expect(guarded("\\s*<tool_call>\\s*<function=(?P<name>[^>\\n]+)>")).toEqual({ heads: ["<tool_call>"], lead: SPACE_RANGES });
    expect(guarded("\\n*<x>")).toEqual({ heads: ["<x>"], lead: [[10, 10]] });
    expect(guarded("[ \\t]*<x>")).toEqual({ heads: ["<x>"], lead: [[32, 32], [9, 9]] });
  });

  it("alternatives and optional groups that start with literals", () => {
    expect(guarded("\\s*(?:<\\|im_end\\|>|<\\|endoftext\\|>)").heads).toEqual(["<|im_end|>", "<|endoftext|>"]);
    expect(guarded("\\s*(?:<tool_call>\\s*)?<function=(?P<name>[^\\s<>]+)>").heads).toEqual(["<tool_call>", "<function="]);
    expect(guarded("</think(?::opensource)?>").heads).toEqual(["</think"]);
    expect(guarded("\\n?END").heads).toEqual(["\n", "END"]);
  });

  it("a lookahead at the start, and a run only on some paths (gpt-oss's recipient after its channel)", () => {
    const full = (source: string) => {
      const s = strategy(source);
      if (s.kind !== "guarded") throw new Error(`${source}: ${s.kind} (${s.why})`);
      return { heads: s.heads, lead: s.lead, bare: s.bare };
    };
    expect(full("(?=<a>)<a>x")).toEqual({ heads: ["<a>x"], lead: null, bare: [] });
    expect(full("(?:<\\|start\\|>)?(?=[^x])(?:<\\|channel\\|>c)?\\s*to=")).toEqual({
      heads: ["<|start|>", "<|channel|>c", "to="],
      lead: SPACE_RANGES,
      bare: ["<|start|>", "<|channel|>c"],
    });
  });

  it("a lookahead that ends its alternative: an empty match where its body's heads begin", () => {
    expect(guarded("</think>|(?=<tool_call>)")).toEqual({ heads: ["</think>", "<tool_call>"], lead: null });
    expect(guarded("</think>|(?=<tool_call>|<function=[^\\s<>]+>)").heads).toEqual(["</think>", "<tool_call>", "<function="]);
    expect(guarded("\\s*(?:</s>|(?=\\[TOOL_CALLS\\]))")).toEqual({ heads: ["</s>", "[TOOL_CALLS]"], lead: SPACE_RANGES });
  });

  it("alternatives that begin with a nested group, or with runs of one class", () => {
    expect(guarded("\\s*</response>|\\s*<\\|end_of_text\\|>")).toEqual({ heads: ["</response>", "<|end_of_text|>"], lead: SPACE_RANGES });
    expect(guarded("</think>|(?=(?:<a>|<b>)|<c>)").heads).toEqual(["</think>", "<a>", "<b>", "<c>"]);
    expect(guarded("\\s*(?:(?:<a>|<b>)\\s*)?<c>x").heads).toEqual(["<a>", "<b>", "<c>x"]);
  });

  it("keeps the shared matcher alone, saying why, for anything else", () => {
    const why = (s: string) => {
      const st = strategy(s);
      return st.kind === "resumable" ? st.why : st.kind === "start" ? `start ${st.rest.source}` : `guarded ${JSON.stringify(st.heads)}`;
    };
    expect(why("(?:^|<e>)")).toBe("looks behind its start (lookbehind, \\G or \\K)");
    expect(why("<e>|^\\s*(?=</e>)|(?<=x)y")).toBe("looks behind its start (lookbehind, \\G or \\K)");
    expect(why("<e>|^(?P<g>x)")).toBe("looks behind its start (lookbehind, \\G or \\K)"); // a group would go
    expect(why("<e>|^\\s*(?=</e>)")).toBe("start <e>");
    expect(why("</think>|(?=<a>)?")).toBe("can match empty"); // an optional lookahead: empty anywhere
    expect(why("x*")).toBe("can match empty");
    expect(why("(?:(?=\\t*<a>)|(?= *<b>))")).toBe("runs of different classes");
    expect(why("(?i)\\s*<x>")).toBe("case-insensitive");
    expect(why("(x)\\1")).toBe("needs what only its RegExp does");
    expect(why("\\s*\\s<x>")).toBe("no required literal at the start");
    expect(why("(?:<a>)?\\s*(?:<b>)?\\n*<c>")).toBe("no required literal at the start"); // a run, then another
    // The head's first character belongs to the run: the run could cross it.
    expect(why("\\s*(?: x|<y>)")).toBe("a literal begins with a character of the leading run");
    expect(why("[<\\t]*<x>")).toBe("a literal begins with a character of the leading run");
  });

  it("tries every candidate natively in whole texts only when no unbounded repeat reads the heads' first character", () => {
    const stops = (source: string) => {
      const s = strategy(source);
      if (s.kind !== "guarded") throw new Error(`${source}: ${s.kind} (${s.why})`);
      return s.stop !== "" && s.heads.every((h) => h.startsWith(s.stop));
    };
    expect(stops("\\s*<tool_call>")).toBe(true);
    expect(stops("\\s*(?:<tool_call>\\s*)?<function=(?P<name>[^\\s<>]+)>")).toBe(true);
    // A class after a repeat of a small class it does not overlap keeps backtracking linear (gpt-oss's final channel).
    expect(stops("<\\|channel\\|>(?:final[ \\t]*(?:<\\|constrain\\|>)?[^<\\s]*|commentary)<\\|message\\|>")).toBe(true);
    expect(stops("\\s*<tool_call>\\s*<function=(?P<name>[^>\\n]+)>")).toBe(false); // [^>\n] reads "<"
    expect(stops("<a>.*?</a>")).toBe(false);
    expect(stops("(?:<a>|b)x")).toBe(false); // heads with different first characters
    expect(stops("<a>[ x]*[^<]*</a>")).toBe(false); // overlapping repeats: backtracking not linear
    expect(strategy("<a>[^<>]*>").why).toContain("whole texts try every candidate natively");
  });
});
