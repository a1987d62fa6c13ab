// Closing a region, the corners the ordinary templates do not reach: defaults a block joins onto or is
// appended to (values and classes from transformers 5.18.0; rtc's messages name the field), where a
// content error says it happened, errors that are not content errors, and recover mode when the implicit
// region itself fails, when the implicit field comes first, and when a value JSON cannot carry is found
// while streaming. And the engine's whole-text mode, which builds no events.
import { describe, expect, it } from "vitest";
import { thrown } from "../support/thrown.ts";
import { createResponseParser, loadTemplate, parseResponse } from "../../runtime/interpret/index.ts";
import { ContentError, PatternError } from "../../runtime/core/errors.ts";
import { StreamParser } from "../../runtime/core/engine/stream.ts";

const recover = { prefix: "", onError: "recover" } as const;
const blocks = (defaults: object, field: object) => ({
  start_anchor: "<s>",
  defaults,
  fields: { c: { open: "<c>", close: "</c>", repeats: true, ...field }, content: {} },
});

describe("a repeating field over a default", () => {
  it("a null default is no value: the first block replaces it, later ones join it", () => {
    expect(parseResponse(blocks({ c: null }, { join: "\n" }), "<c>a</c>x<c>b</c>", { prefix: "<s>" })).toEqual({ c: "a\nb", content: "x" });
  });

  it("a default that is not a string cannot be joined onto (the reference's TypeError)", () => {
    const e = thrown(() => parseResponse(blocks({ c: [1] }, { join: "\n" }), "<c>a</c>", { prefix: "<s>" }));
    expect([e.name, e.pyClass, e.message]).toEqual(["ContentError", "TypeError", "fields.c.join: cannot join onto a list default"]);
  });

  it("a default that is not a list has no append (the reference's AttributeError), a null one included", () => {
    for (const [value, type] of [["x", "string"], [null, "None"]] as const) {
      const e = thrown(() => parseResponse(blocks({ c: value }, {}), "<c>a</c>", { prefix: "<s>" }));
      expect([e.name, e.pyClass, e.message]).toEqual(["ContentError", "AttributeError", `fields.c: cannot append a block to a ${type} default`]);
    }
  });
});

describe("into (rtc extension) over a default", () => {
  const t = (defaults: object) => ({
    start_anchor: "<s>",
    defaults,
    fields: { r: { open: "<r>", close: "</r>", into: "items", content: "json" }, content: {} },
  });

  it("adds each block as one item, a list block included (only transform_each spreads a list)", () => {
    expect(parseResponse(t({}), "<r>[1, 2]</r><r>3</r>", { prefix: "<s>" })).toEqual({ items: [[1, 2], 3] });
  });

  it("a default that is not a list cannot take blocks (TypeError, naming the key and the default's type)", () => {
    const e = thrown(() => parseResponse(t({ items: { a: 1 } }), "<r>3</r>", { prefix: "<s>" }));
    expect([e.name, e.pyClass, e.message]).toEqual(["ContentError", "TypeError", "fields.r.into: cannot add a block to items, a dict default"]);
  });

  it("the other defaults a block cannot join or be appended to are named by their Python type", () => {
    const joined = thrown(() => parseResponse(blocks({ c: { a: 1 } }, { join: "," }), "<c>a</c>", { prefix: "<s>" }));
    expect(joined.message).toBe("fields.c.join: cannot join onto a dict default");
    const appended = thrown(() => parseResponse(blocks({ c: { a: 1 } }, {}), "<c>a</c>", { prefix: "<s>" }));
    expect(appended.message).toBe("fields.c: cannot append a block to a dict default");
  });
});

describe("values JSON cannot carry", () => {
  const t = { start_anchor: "<s>", fields: { c: { open: "<c>", close: "</c>", content: "json" }, content: {} } };
  const parse = (json: string) => () => parseResponse(t, `<c>${json}</c>`, { prefix: "<s>" });

  it("ints from -2^63 to 2^64 - 1 are carried; one beyond either end is refused", () => {
    expect(parse("[-9223372036854775808, 18446744073709551615]")()).toEqual({ c: [-(2n ** 63n), 2n ** 64n - 1n] });
    expect(parse("-9223372036854775809")).toThrow(/the parsed value is -9223372036854775809, beyond 64 bits/);
    expect(parse("18446744073709551616")).toThrow(/the parsed value is 18446744073709551616, beyond 64 bits/);
  });

  it("a non-finite float inside a list is found", () => {
    expect(parse("[1, NaN]")).toThrow(/the parsed value\[1\] is NaN, which JSON cannot carry/);
  });
});

describe("where a region error happened", () => {
  const json = { start_anchor: "<s>", fields: { c: { open: "<c>", close: "</c>", content: "json" }, content: {} } };

  it("a content error names the field and the offset of the region's text", () => {
    const e = thrown(() => parseResponse(json, "hi <c>{oops</c>", { prefix: "<s>" })) as ContentError;
    expect(e).toBeInstanceOf(ContentError);
    expect(e.where).toEqual({ field: "c", offset: 6 });
    expect(e.message).toMatch(/^fields\.c \(region text at offsets 6–11 of the stream\): /);
  });

  it("so does a block that cannot be joined", () => {
    const t = { start_anchor: "<s>", fields: { n: { open: "<n>", close: "</n>", content: "int", repeats: true, join: "," }, content: {} } };
    const e = thrown(() => parseResponse(t, "ab<n>1</n>", { prefix: "<s>" })) as ContentError;
    expect(e.where).toEqual({ field: "n", offset: 5 });
  });

  it("an error of the template found only when a region closes (a tag_pattern the interpreter cannot compile) keeps its own text", () => {
    const t = { start_anchor: "<s>", fields: { c: { open: "<c>", close: "</c>", content: "xml-inline", content_args: { tag_pattern: "(" } }, content: {} } };
    const e = thrown(() => parseResponse(t, "<c><a>1</a></c>", { prefix: "<s>" }));
    expect(e).toBeInstanceOf(PatternError);
    expect(e).not.toBeInstanceOf(ContentError);
    expect(e.message).toBe("missing ), unterminated subpattern at column 1: (⟨here⟩");
  });
});

describe("recover mode at the edges", () => {
  it("the implicit region itself fails: it is reported from its own start, and its text is not parsed again", () => {
    const t = { start_anchor: "<s>", fields: { content: { content: "json" }, t: { open: "<t>", close: "</t>" } } };
    const r = parseResponse(t, "not json<t>x</t>", recover);
    expect(r.message).toEqual({ t: "x" });
    expect(r.errors.map(({ kind, field, start, end }) => ({ kind, field, start, end }))).toEqual([{ kind: "region", field: "content", start: 0, end: 8 }]);
  });

  it("an implicit field first among the fields still takes a failed region's raw text", () => {
    const t = { start_anchor: "<s>", fields: { content: {}, c: { open: "<c>", close: "</c>", content: "json" } } };
    const r = parseResponse(t, "a<c>bad</c>b", recover);
    expect(r.message).toEqual({ content: "a<c>bad</c>b" });
    expect(r.errors).toMatchObject([{ kind: "region", field: "c", start: 1, end: 11 }]);
  });

  it("a value JSON cannot carry is a region error, also when the region closes during a feed", () => {
    const t = { start_anchor: "<s>", fields: { c: { open: "<c>", close: "</c>", content: "json" }, content: {} } };
    const text = "x<c>NaN</c>y";
    const p = createResponseParser(t, recover);
    for (const ch of text) p.feed(ch);
    const streamed = p.finalize();
    expect(streamed.message).toEqual({ content: "x<c>NaN</c>y" });
    expect(streamed.errors).toMatchObject([{ kind: "region", field: "c", start: 1, end: 11 }]);
    expect(streamed.errors![0]!.reason).toMatch(/JSON cannot carry/);
    expect(parseResponse(t, text, recover)).toEqual({ message: streamed.message, errors: streamed.errors });
  });
});

describe("recover mode: a recovered block and the value a non-repeating field holds", () => {
  // The implicit field parses JSON, so a failed region's raw text (delimiters included) can parse to a
  // string or a list: only a string block continues a stored string; anything else replaces it, reported
  // (errors come in stream order: the replaced block first).
  const t = (open: string, close: string) => ({ start_anchor: "<s>", fields: { content: { content: "json" }, c: { open, close, content: "int" } } });

  it("a recovered block that is not a string replaces a stored string", () => {
    const r = parseResponse(t("[", "]"), '"hi"["a"]', recover);
    expect(r.message).toEqual({ content: ["a"] });
    expect(r.errors.map((e) => e.kind)).toEqual(["overwritten", "region"]);
  });

  it("a recovered string block replaces a stored value that is not a string", () => {
    const r = parseResponse(t('"', '"'), '5"x"', recover);
    expect(r.message).toEqual({ content: "x" });
    expect(r.errors.map((e) => e.kind)).toEqual(["overwritten", "region"]);
  });
});

describe("recover mode recovers bad input, not bugs", () => {
  it("an error that is not rtc's own (a bug in a content parser) goes through, in recover mode too", () => {
    const t = { start_anchor: "<s>", fields: { c: { open: "<c>", close: "</c>", content: "json" }, content: {} } };
    const plan = loadTemplate(t).newPlan();
    const bug = new TypeError("a bug");
    (plan.fields[0] as { process: unknown }).process = () => {
      throw bug;
    };
    const parser = new StreamParser(plan, recover);
    expect(() => parser.feed("a<c>{}</c>")).toThrow(bug);
  });
});

describe("whole-text mode (no events)", () => {
  it("feed and finalize return no events, in recover mode too (region_error, recovered text, region_close); the message is the same", () => {
    const t = { start_anchor: "<s>", fields: { c: { open: "<c>", close: "</c>", content: "json" }, content: {} } };
    const text = 'a<c>bad</c>b<c>{"k": 1}</c>';
    const parser = new StreamParser(loadTemplate(t).newPlan(), recover, false);
    expect(parser.feed(text.slice(0, 15))).toEqual([]);
    expect(parser.feed(text.slice(15))).toEqual([]);
    const done = parser.finalize();
    expect(done.events).toEqual([]);
    expect(done).toEqual({ ...parseResponse(t, text, recover), events: [] });
    expect(done.message).toEqual({ c: { k: 1 }, content: "a<c>bad</c>b" });
  });
});
