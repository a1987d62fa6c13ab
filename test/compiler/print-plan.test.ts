// rtc build --explain (plan/print-plan.ts): the plan as the user reads it, exact, for three templates that
// between them reach every branch of the printer — literals (one character, self-overlapping, lists with
// and without a prefix of another), patterns (resumable or not, first characters as ranges or any, empty
// matches, groups, one pattern shared by two delimiters), every field flag, each way a value is built
// (direct with each kind of transform, the runtime's transform, processField), the four scan strategies
// and the content patterns (compiled, invalid, nested in a value_parser or a list). The CLI prints
// printPlan(planSource(...)) (cli/build.ts); it is called in-process here.

import { describe, expect, it } from "vitest";
import { planSource } from "../../compiler/build/compile.ts";
import { printPlan } from "../../compiler/plan/print-plan.ts";
import type { JsonValue } from "../../runtime/core/types.ts";

const explain = (name: string, template: JsonValue) => printPlan(planSource({ name, file: `lib/${name}.json`, at: "", template }));

/** The expected text: the block between the backquotes, without its first newline, ending in one. */
const text = (s: string) => s.slice(1);

/** Literals only: a literal-list anchor, a dispatch outside, one-character and self-overlapping literals, plain transforms. */
const A: JsonValue = {
  start_anchor: ["<|s|>", "<|s|>x"],
  fields: {
    tool_calls: { open: "<tool_call>", close: ["</tool_call>", "</tc>"], content: "json", repeats: true, optional: false, transform: { type: "function", function: "{content}", index: 2, extra: [true, null], k1: 1.5, "1k": false } },
    thinking: { open: "<think>", close: "</think>" },
    z: { open: "@", close: "\n", repeats: true, join: "+" },
    content: { close: "aa" },
  },
};

/** Patterns: a pattern anchor, the implicit field first, one pattern as an open and a close, a RegExp-only close, captures. */
const B: JsonValue = {
  start_anchor_pattern: "[1-3x]\\|s\\|>\\n?",
  fields: {
    content: { close_pattern: "\\n*<(?P<name>[a-c]+)(?P<id>\\d)>", transform: "{content}" },
    call: { open_pattern: "\\n*<(?P<name>[a-c]+)(?P<id>\\d)>", close_pattern: "(x)\\1", transform: { name: "{name}", body: "{content}" } },
    list: { open: "[", close: "]", content: "json", transform: ["{content}", "{content}"] },
    e: { open: "{", close_pattern: "\\s*" },
  },
};

/** No implicit field, a field with no close, values built by the runtime, extensions, content patterns. */
const C: JsonValue = {
  start_anchor: "a",
  fields: {
    calls: { open: "<c>", close: "</c>", content: "json", transform: { name: "{content.name}" }, into: "calls_out", argument_types: "json" },
    tool_calls: { open: "<t>", content: "xml-inline", content_args: { tag_pattern: "<(?P<key>\\w+)>(?P<value>[^<]*)", value_parser: { name: "xml-inline", args: { tag_pattern: "(" } }, alternatives: [{ tag_pattern: "<(?P<key>k)>" }] }, repeats: true, transform: "{content}", transform_each: true },
    odd: { open: "<o>", close: "</o>", content_args: ["x"] },
  },
};

describe("rtc build --explain", () => {
  it("literals, dispatch and plain transforms", () => {
    expect(explain("literals", A)).toBe(
      text(String.raw`
template "literals" from lib/literals.json
anchor (prefix truncation):
  literals (longest first; one extends another: held at the edge)
    "<|s|>x"  border [0,0,0,0,0,0,0]  hold-back by last char: "<"→1 "|"→4,2 "s"→3 ">"→5
    "<|s|>"  border [0,0,0,0,0,0]  hold-back by last char: "<"→1 "|"→4,2 "s"→3
fields:
  [0] tool_calls: dirty, repeats, required; json(body, args) → {"type": "function", "function": content, "index": 2, "extra": [true, null], "k1": 1.5, "1k": false}
  [1] thinking: clean; text(body, args)
  [2] z: clean, repeats, join "+"; text(body, args)
  [3] content (implicit): clean; text(body, args)
state outside — outside (implicit field content): first-character dispatch on "<" "@" "a"; commit at once unless within 11 chars of the end
  [0] open thinking
      literal
        "<think>"  border [0,0,0,0,0,0,0,0]  hold-back by last char: "<"→1 "t"→2 "h"→3 "i"→4 "n"→5 "k"→6
  [1] open tool_calls
      literal
        "<tool_call>"  border [0,0,0,0,0,0,0,0,0,0,0,0]  hold-back by last char: "<"→1 "t"→2 "o"→4,3 "l"→10,9,5 "_"→6 "c"→7 "a"→8
  [2] open z
      literal
        "@"  border [0,0]  hold-back by last char: none (one character)
  [3] close content
      literal
        "aa"  border [0,0,1]  hold-back by last char: "a"→1  (self-overlapping)
  on "<": "<tool_call>"→[1], "<think>"→[0]
  on "@": "@"→[2]
  on "a": "aa"→[3]
state 0 — inside tool_calls: one delimiter
  [0] close tool_calls
      literals (longest first)
        "</tool_call>"  border [0,0,0,0,0,0,0,0,0,0,0,0,0]  hold-back by last char: "<"→1 "/"→2 "t"→3 "o"→5,4 "l"→11,10,6 "_"→7 "c"→8 "a"→9
        "</tc>"  border [0,0,0,0,0,0]  hold-back by last char: "<"→1 "/"→2 "t"→3 "c"→4
state 1 — inside thinking: one delimiter
  [0] close thinking
      literal
        "</think>"  border [0,0,0,0,0,0,0,0,0]  hold-back by last char: "<"→1 "/"→2 "t"→3 "h"→4 "i"→5 "n"→6 "k"→7
state 2 — inside z: one delimiter
  [0] close z
      literal
        "\n"  border [0,0]  hold-back by last char: none (one character)
`),
    );
  });

  it("patterns, captures and the resumable scan", () => {
    expect(explain("patterns", B)).toBe(
      text(String.raw`
template "patterns" from lib/patterns.json
anchor (prefix truncation):
  pattern P3 "[1-3x]\\|s\\|>\\n?"
    resumable matcher; first chars "1-3x"; cannot match empty
fields:
  [0] content (implicit): clean; text(body, args) → content
  [1] call: clean; text(body, args) → {"name": captures.name, "body": content}
  [2] list: dirty; json(body, args) → [content, content]
  [3] e: clean; text(body, args)
state outside — outside (implicit field content): the runtime's scan with each parser's resumable searches
  [0] open call
      pattern P0 "\\n*<(?P<name>[a-c]+)(?P<id>\\d)>"
        resumable matcher; first chars "\n<"; cannot match empty; groups name, id
        search: guarded (indexOf, then the shared matcher from a candidate) — every match begins with a run of one class, then "<": indexOf for it, a backward loop over the run, the shared matcher from there
  [1] open e
      literal
        "{"  border [0,0]  hold-back by last char: none (one character)
  [2] open list
      literal
        "["  border [0,0]  hold-back by last char: none (one character)
  [3] close content
      pattern P0 "\\n*<(?P<name>[a-c]+)(?P<id>\\d)>"
        resumable matcher; first chars "\n<"; cannot match empty; groups name, id
        search: guarded (indexOf, then the shared matcher from a candidate) — every match begins with a run of one class, then "<": indexOf for it, a backward loop over the run, the shared matcher from there
state 1 — inside call: the runtime's scan with each parser's resumable searches
  [0] close call
      pattern P1 "(x)\\1"
        RegExp only (re-reads a pending match on every search); first chars "x"; cannot match empty
        search: the shared resumable matcher alone — needs what only its RegExp does
state 2 — inside list: one delimiter
  [0] close list
      literal
        "]"  border [0,0]  hold-back by last char: none (one character)
state 3 — inside e: the runtime's scan with each parser's resumable searches
  [0] close e
      pattern P2 "\\s*"
        resumable matcher; first chars any; can match empty
        search: the shared resumable matcher alone — can match empty
`),
    );
  });

  it("the runtime's transform, processField, extensions and content patterns", () => {
    expect(explain("runtime", C)).toBe(
      text(String.raw`
template "runtime" from lib/runtime.json
anchor (prefix truncation):
  literal
    "a"  border [0,0]  hold-back by last char: none (one character)
fields:
  [0] calls: dirty, into "calls_out", argument_types json; json(body, args) → transform (runtime)
  [1] tool_calls: dirty, repeats; xml-inline(body, args) → transform (runtime)
  [2] odd: clean; processField (runtime: content_args is not a dict)
state outside — outside (no implicit field): first-character dispatch on "<"; commit at once unless within 3 chars of the end
  [0] open calls
      literal
        "<c>"  border [0,0,0,0]  hold-back by last char: "<"→1 "c"→2
  [1] open odd
      literal
        "<o>"  border [0,0,0,0]  hold-back by last char: "<"→1 "o"→2
  [2] open tool_calls
      literal
        "<t>"  border [0,0,0,0]  hold-back by last char: "<"→1 "t"→2
  on "<": "<c>"→[0], "<o>"→[1], "<t>"→[2]
state 0 — inside calls: one delimiter
  [0] close calls
      literal
        "</c>"  border [0,0,0,0,0]  hold-back by last char: "<"→1 "/"→2 "c"→3
state 1 — inside tool_calls: nothing to search (runs to end of stream)
state 2 — inside odd: one delimiter
  [0] close odd
      literal
        "</o>"  border [0,0,0,0,0]  hold-back by last char: "<"→1 "/"→2 "o"→3
content patterns:
  "<(?P<key>\\w+)>(?P<value>[^<]*)": P0
  "(": invalid (missing ), unterminated subpattern)
  "<(?P<key>k)>": P1
`),
    );
  });
});
