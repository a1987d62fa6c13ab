// Tool calls: where the chat template writes the function name and the arguments, which markers wrap
// each call and which wrap all calls of a turn, how arguments are written (a JSON object, JSON calls,
// tags), and where call ids go.

import { commonPrefix, commonSuffix, firstMarker, isMarkerRun } from "./diff.ts";
import { STANDARD_JSON, deepEqual, detectDialect, findPath, jsonSpans, type JsonDialect, type JsonSpan } from "./json-spans.ts";
import { NEEDLE, PH, TOOL_RESULT, VARIANTS } from "./probe.ts";
import { argTags, typedTags } from "./tool-args.ts";
import { DEFAULT_USER, assistantDict, type Turn } from "./render.ts";
import type { Analysis, PromptClass, ReasoningClass, ToolsClass } from "./types.ts";

const [F1, F2] = NEEDLE.fn;
const [A1, A2] = NEEDLE.arg;
const [V1, V2] = NEEDLE.value;
const [ID1, ID2] = NEEDLE.id;


export interface ToolsResult {
  tools: ToolsClass;
  dialect: JsonDialect;
  /** Text at the end of the start anchor that is the first call's opener (moves to what the prompt writes). */
  anchorTrim: string;
}

export const NO_TOOLS: ToolsClass = {
  format: "none",
  section: { open: "", close: "" },
  call: { open: "", unit: "", close: "", separator: "" },
  json: null,
  args: null,
  callId: "none",
  parallel: false,
  turnEnd: null,
};

export function classifyTools(a: Analysis, p: Omit<PromptClass, "turnEnds">, r: ReasoningClass, turnEnd: string | null): ToolsResult {
  const none = { tools: NO_TOOLS, dialect: STANDARD_JSON, anchorTrim: "" };
  let call = a.turn("call");
  const content = a.turn("content");
  if (!call.ok) {
    a.log.gap("tools", `a turn with a tool call does not render: ${call.error}`);
    return none;
  }
  if (!call.output.includes(F1)) {
    a.log.compare("T1", "tool calls: content only vs one tool call", ["content", content.ok ? content.output : ""], ["one call", call.output], "the function name is not rendered: the chat template does not write tool calls");
    a.log.gap("tools", "the chat template does not render the tool calls of an assistant turn");
    return none;
  }
  if (!call.output.includes(V1)) {
    const asString = a.turn("call", { ...a.shape, argsAsString: true });
    if (asString.ok && asString.output.includes(V1)) {
      a.shape.argsAsString = true;
      call = asString;
      a.log.note("T0", "arguments as a JSON string", "the chat template writes `arguments` verbatim: it expects a JSON string");
    } else {
      a.log.gap("tools", "the argument values are not rendered");
      return none;
    }
  }
  // A chat template that prints an arguments object as Python's dict (InternLM2's `{'city': 'Paris'}`), in no
  // JSON-like dialect of its own (Gemma 4's `key:<|"|>value<|"|>` is one), but a JSON string verbatim is meant for a string: rendered so, the arguments read back as JSON.
  if (!a.shape.argsAsString) {
    const jsonArgs = (t: typeof call) => t.ok && jsonSpans(callBody(t, r, turnEnd), STANDARD_JSON).some((s) => deepEqual(s.value, { [A1]: V1 }));
    const asString = a.turn("call", { ...a.shape, argsAsString: true });
    const ownDialect = call.ok && detectDialect(callBody(call, r, turnEnd), A1, V1) !== null;
    if (asString.ok && asString.output !== call.output && !jsonArgs(call) && !ownDialect && jsonArgs(asString)) {
      a.shape.argsAsString = true;
      call = asString;
      a.log.note("T0", "arguments as a JSON string", "an arguments object is not written as JSON, a JSON string is written verbatim: the chat template expects a JSON string");
    }
  }
  const body = callBody(call, r, turnEnd);
  const dialect = detectDialect(body, A1, V1) ?? STANDARD_JSON;
  const spans = jsonSpans(body, dialect);
  const argsSpan = smallest(spans.filter((s) => deepEqual(s.value, { [A1]: V1 })));
  const callSpan = outermost(spans.filter((s) => s.start <= body.indexOf(F1) && body.indexOf(F1) < s.end && findPath(s.value, (x) => deepEqual(x, { [A1]: V1 }))));

  const t: ToolsClass = { ...NO_TOOLS, section: { open: "", close: "" }, call: { open: "", unit: "", close: "", separator: "" } };
  let what: string;
  if (callSpan) {
    const v = callSpan.value;
    const item = Array.isArray(v) ? v[0] : v;
    const keyed = item && typeof item === "object" && !Array.isArray(item) && F1 in item;
    t.format = keyed ? "json-keyed" : Array.isArray(v) ? "json-array" : "json-object";
    if (!keyed) {
      const name = findPath(item, (x) => x === F1);
      const args = findPath(item, (x) => deepEqual(x, { [A1]: V1 }));
      if (!name || !args) {
        a.log.gap("tools", "the function name and arguments are not both in the call's JSON");
        return none;
      }
      t.json = { name: name.map(String), arguments: args.map(String) };
    }
    const idPath = findPath(item, (x) => x === ID1);
    t.callId = idPath ? "in-json" : "none";
    what = `${t.format}: ${keyed ? "JSON objects keyed by the function name" : `name at ${t.json!.name.join(".")}, arguments at ${t.json!.arguments.join(".")}`}${Array.isArray(v) ? ", calls in one JSON array" : ""}`;
  } else if (argsSpan) {
    t.format = "tag-json";
    what = "tag-json: the function name outside, the arguments as a JSON object";
  } else if (new RegExp(`${F1}\\s*\\(\\s*${A1}\\s*=`, "u").test(body)) {
    // Python call syntax: `[name(arg='v')]`; its list, with the markers around it, is the section.
    t.format = "python-calls";
    what = "python-calls: Python function calls with keyword arguments";
  } else if (body.includes(A1)) {
    t.format = "tag-tagged";
    what = "tag-tagged: the function name and each argument in tags";
  } else {
    a.log.gap("tools", "the argument names are not rendered");
    return none;
  }
  if (dialect !== STANDARD_JSON && t.format !== "tag-tagged") what += ` (JSON dialect: ${dialect.unquotedKeys ? "unquoted keys" : "quoted keys"}${dialect.stringDelims ? `, strings in ${dialect.stringDelims.join(" … ")}` : ""})`;
  a.log.compare("T1", "tool calls: content only vs one tool call", ["content", content.ok ? content.output : ""], ["one call", call.output], what);

  // Arguments in tags: the markers around keys and values, from one vs two arguments.
  if (t.format === "tag-tagged") {
    const two = a.turn("callTwoArgs");
    const tags = two.ok ? argTags(body, callBody(two, r, turnEnd)) : null;
    if (!tags) {
      a.log.gap("tools", "the markers around tagged arguments could not be separated (one vs two arguments)");
      return none;
    }
    t.args = tags;
    a.log.compare("T4", "arguments: one vs two", ["one argument", body], ["two arguments", two.ok ? two.output : ""], `key between ${JSON.stringify(tags.keyOpen)} and ${JSON.stringify(tags.keyClose)}, value ends at ${JSON.stringify(tags.valueClose)}`);
    const num = a.turn("callNumber");
    if (num.ok) {
      const nb = callBody(num, r, turnEnd);
      const typed = typedTags(tags, nb);
      if (typed) {
        tags.typed = typed.marks;
        a.log.compare("T4", "argument types: a string vs a number", ["string argument", body], ["number argument", nb], tags.typed ? `the tag marks the value type: ${JSON.stringify(typed.stringMark)} for strings, ${JSON.stringify(typed.numberMark)} otherwise` : "the tags around a number differ in a way that cannot be told apart");
        if (!tags.typed) a.log.gap("tools", "the tags around a number argument differ from a string's in a way that cannot be told apart");
      }
    }
  }

  if (t.format === "python-calls") {
    const two = a.turn("twoCalls");
    const span = pythonCallSpan(body);
    t.section = { open: body.slice(0, span[0]), close: body.slice(span[1]) };
    t.parallel = two.ok && two.output.includes(F2);
    a.log.compare("T2", "one call vs two calls", ["one call", body], ["two calls", two.ok ? two.output : ""], `calls ${JSON.stringify(t.section.open)} … ${JSON.stringify(t.section.close)}${t.parallel ? ", several in one list" : ""}`);
    return { tools: t, dialect, anchorTrim: "" };
  }

  // Per-call vs section markers, from one vs two calls (in the call skeletons).
  const s1 = skeleton(body, t, dialect);
  const twoCalls = a.turn("twoCalls");
  const s2 = twoCalls.ok ? skeleton(callBody(twoCalls, r, turnEnd), t, dialect) : null;
  const unit = unitBounds(s1, t.format === "tag-tagged" ? PH.value : null);
  if (!unit) {
    a.log.gap("tools", "no call could be delimited");
    return none;
  }
  let pre = s1.slice(0, unit[0]);
  const u = s1.slice(unit[0], unit[1]);
  const post = s1.slice(unit[1]);
  let between: string | null = null;
  if (s2 && s2.length >= s1.length + u.length && s2.startsWith(s1.slice(0, unit[1])) && s2.endsWith(u + post)) {
    const mid = s2.slice(unit[1], s2.length - u.length - post.length);
    if (!mid.includes(PH.name) && !mid.includes(PH.args)) between = mid;
  }
  // The first call's opener may be written by the prompt (Functionary's `>>>`): then it ends the
  // prompt's text, and the start anchor must stop before it.
  let anchorTrim = "";
  if (!pre && between) {
    const promptText = p.anchor + (r.openedByPrompt ? "" : p.prewritten);
    const x = promptText.slice(promptText.length - commonSuffix(promptText, between));
    if (x.trim() && x.length < promptText.length) {
      pre = x;
      if (x.length > p.prewritten.length) anchorTrim = x.slice(0, x.length - p.prewritten.length);
    }
  }
  t.parallel = between !== null || t.format === "json-array" || t.format === "json-keyed";
  if (t.format === "json-array" || t.format === "json-keyed") {
    t.section = { open: pre, close: post };
    t.call.unit = u;
  } else if (between !== null) {
    const x = commonSuffix(pre, between);
    const open = pre.slice(pre.length - x);
    const rest = between.slice(0, between.length - x);
    const y = commonPrefix(rest, post);
    t.call = { open, unit: u, close: post.slice(0, y), separator: rest.slice(y) };
    t.section = { open: pre.slice(0, pre.length - x), close: post.slice(y) };
  } else {
    t.call = { open: pre, unit: u, close: post, separator: "" };
  }
  if (t.args) t.call.close = stripPrefix(t.call.close, t.args.valueClose.replaceAll(A1, PH.key));
  // A lone marker after the calls with no section opener ends the turn (`<|eom_id|>`, `<|tool_response>`).
  if (!t.section.open && t.section.close.trim() && isMarkerRun(t.section.close) && firstMarker(t.section.close.trim())?.text === t.section.close.trim()) {
    t.turnEnd = t.section.close.trim();
    t.section.close = "";
  }
  a.log.compare(
    "T2",
    "one call vs two calls",
    ["one call", s1],
    ["two calls", s2 ?? (twoCalls.ok ? "" : `(${twoCalls.error})`)],
    t.parallel
      ? `${t.section.open || t.section.close ? `section ${JSON.stringify(t.section.open)} … ${JSON.stringify(t.section.close)}; ` : ""}each call ${JSON.stringify(t.call.open)} … ${JSON.stringify(t.call.close)}${t.call.separator ? `, separated by ${JSON.stringify(t.call.separator)}` : ""}`
      : `two calls do not render as two: one call per turn, ${JSON.stringify(t.call.open)} … ${JSON.stringify(t.call.close)}`,
  );
  if (t.turnEnd) a.log.note("T2", "end of a tool-call turn", `a turn with tool calls ends with ${JSON.stringify(t.turnEnd)}`);
  else if (!(turnEnd && call.output.includes(turnEnd))) t.turnEnd = toolTurnEnd(a, call, turnEnd);

  // Call ids: where they sit relative to the name and arguments.
  if (t.format === "tag-json" || t.format === "tag-tagged") {
    const callText = t.call.open + u + t.call.close;
    const at = callText.indexOf(PH.id);
    t.callId = at < 0 ? "none" : at < callText.indexOf(PH.name) ? "before-name" : at < callText.indexOf(t.format === "tag-json" ? PH.args : PH.key) ? "between-name-and-args" : "after-args";
    const idVariant = a.turn("callId2");
    if (idVariant.ok) a.log.compare("T7", "call ids: two ids", ["id " + ID1, call.output], ["id " + ID2, idVariant.output], t.callId === "none" ? "call ids are not rendered" : `call id ${t.callId.replace(/-/g, " ")} (matched, not kept: messages carry no call ids)`);
    const fn2 = a.turn("callFn2");
    if (fn2.ok) a.log.compare("T3", "function names: two names", ["name " + F1, call.output], ["name " + F2, fn2.output], `the name sits between ${JSON.stringify(t.call.open + u.slice(0, u.indexOf(PH.name)))} and ${JSON.stringify(u.slice(u.indexOf(PH.name) + PH.name.length, nextPlaceholder(u, u.indexOf(PH.name) + PH.name.length)))}`);
  }
  logArgumentComparisons(a, call.output, t);
  if (anchorTrim) a.log.note("T2", "the prompt writes the first call's opener", `${JSON.stringify(anchorTrim)} ends the generation prompt and opens every call: the start anchor stops before it`);
  return { tools: t, dialect, anchorTrim };
}

/**
 * A final turn with calls that ends with nothing: what follows it in a history where the tool's result
 * comes next (GLM's `<|observation|>`, which the model writes when it stops to wait for the result).
 */
function toolTurnEnd(a: Analysis, call: Turn, textEnd: string | null): string | null {
  const h = a.renderer.render([...DEFAULT_USER, assistantDict(VARIANTS.call, a.shape), { role: "tool", tool_call_id: ID1, name: F1, content: TOOL_RESULT }], false, a.on);
  if (!h.ok || !h.text.includes(TOOL_RESULT)) return null;
  const next = h.text.slice(commonPrefix(call.full, h.text), h.text.indexOf(TOOL_RESULT));
  const end = firstMarker(next);
  const found = end && next.slice(0, end.start).trim() === "" && end.text !== textEnd ? end.text : null;
  a.log.note("T2", "end of a tool-call turn", `the final turn ends after its calls with nothing; in a history the tool result follows after ${JSON.stringify(next)}${found ? `: the turn ends at ${JSON.stringify(found)}` : ""}`);
  return found;
}

/**
 * The remaining comparisons: two argument names and two values change only themselves (else the
 * markers depend on them), no arguments keep the call's markers, and where text goes beside a call.
 */
function logArgumentComparisons(a: Analysis, one: string, t: ToolsClass): void {
  const onlyItself = (variant: "callArg2" | "callValue2", x: string, y: string, what: string) => {
    const v = a.turn(variant);
    if (!v.ok) return;
    const same = one.replaceAll(x, "\u0002") === v.output.replaceAll(y, "\u0002");
    a.log.compare("T5", `${what}: two ${what}s`, [x, one], [y, v.output], same ? `only the ${what} changes` : `the ${what} changes more than itself: markers depend on it`);
    if (!same) a.log.gap("tools", `the chat template writes other markers depending on the ${what}`);
  };
  onlyItself("callArg2", A1, A2, "argument name");
  onlyItself("callValue2", V1, V2, "argument value");
  const none = a.turn("callNoArgs");
  if (none.ok) {
    const open = t.format === "tag-json" || t.format === "tag-tagged" ? (t.call.open + t.call.unit).split(PH.name)[0]!.trim() : (t.section.open || t.call.open).trim();
    a.log.compare("T6", "arguments: none vs one", ["no arguments", none.output], ["one argument", one], open && none.output.includes(open) ? `a call without arguments keeps its markers${t.format === "tag-json" && none.output.includes("{}") ? " and writes {}" : ""}` : "a call without arguments is written differently");
  }
  const withText = a.turn("contentCall");
  if (withText.ok) {
    const o = withText.output;
    const text = o.indexOf(NEEDLE.content[0]);
    const name = o.indexOf(F1);
    a.log.compare("T8", "tool call vs text + tool call", ["call", one], ["text + call", o], text < 0 ? "the text of a turn with tool calls is not rendered" : name < 0 ? "the tool call of a turn with text is not rendered" : text < name ? "the text comes before the calls" : "the text comes after the calls");
  }
}

/** [start, end) of the Python call list in a body: from the first call (or its `[`) past its last `)` (or `]`). */
function pythonCallSpan(body: string): [number, number] {
  let start = body.indexOf(F1);
  const open = body.lastIndexOf("[", start);
  if (open >= 0 && body.slice(open + 1, start).trim() === "") start = open;
  let end = body.lastIndexOf(")") + 1;
  const close = body.indexOf("]", end);
  if (close >= 0 && body.slice(end, close).trim() === "" && body[start] === "[") end = close + 1;
  return [start, end];
}

/** The calls part of a call turn's output: after any reasoning block, up to the turn's end. */
function callBody(turn: Turn, r: ReasoningClass, turnEnd: string | null): string {
  let out = turn.output;
  const first = Math.min(...[F1, A1, V1].map((n) => out.indexOf(n)).filter((i) => i >= 0));
  if (r.close) {
    const c = out.lastIndexOf(r.close, first);
    if (c >= 0) out = out.slice(c + r.close.length);
  }
  const lastNeedle = Math.max(...[F1, F2, V1, V2, A1, A2].map((n) => out.lastIndexOf(n)));
  if (turnEnd) {
    const e = out.indexOf(turnEnd, lastNeedle);
    if (e >= 0) out = out.slice(0, e);
  }
  return out.replace(/^\s+/u, "").replace(/\s+$/u, "");
}

/** The call text with needles replaced by placeholders, so that two calls compare equal. */
function skeleton(body: string, t: ToolsClass, d: JsonDialect): string {
  let s = body;
  if (t.format !== "tag-tagged") {
    // JSON parts become one placeholder each: the call objects (json-*) or the argument objects.
    const want = (v: unknown) =>
      t.format === "tag-json" ? deepEqual(v, { [A1]: V1 }) || deepEqual(v, { [A1]: V2 }) : !!findPath(v, (x) => x === F1 || x === F2) && !Array.isArray(v);
    const spans = jsonSpans(s, d).filter((x) => want(x.value));
    const top = t.format === "json-array" || t.format === "json-keyed" ? outermostAll(jsonSpans(s, d).filter((x) => Array.isArray(x.value) || findPath(x.value, (y) => y === F1 || (y !== null && typeof y === "object" && F1 in (y as object))))) : outermostAll(spans);
    for (const sp of [...top].sort((a, b) => b.start - a.start)) s = s.slice(0, sp.start) + PH.args + s.slice(sp.end);
  }
  s = s.replaceAll(F1, PH.name).replaceAll(F2, PH.name).replaceAll(ID1, PH.id).replaceAll(ID2, PH.id);
  s = s.replaceAll(A1, PH.key).replaceAll(A2, PH.key).replaceAll(V1, PH.value).replaceAll(V2, PH.value);
  // Indices written by the template (`functions.name:0`, `:1`) outside markers.
  return s.replace(/(?<![<[][^<>[\]\n]*)\d+(?![^<>[\]\n]*[>\]])/gu, PH.index);
}

/** Start of the first and end of the last placeholder (or of the last `last`) of a one-call skeleton. */
function unitBounds(s: string, last: string | null): [number, number] | null {
  const first = s.indexOf("\u0001");
  const end = last ? s.lastIndexOf(last) + last.length : s.lastIndexOf("\u0001") + 1;
  return first < 0 ? null : [first, end];
}

function nextPlaceholder(s: string, from: number): number {
  const i = s.indexOf("\u0001", from);
  return i < 0 ? s.length : i;
}

function stripPrefix(s: string, p: string): string {
  return p && s.startsWith(p) ? s.slice(p.length) : s;
}

function smallest(spans: JsonSpan[]): JsonSpan | undefined {
  return spans.sort((a, b) => a.end - a.start - (b.end - b.start))[0];
}

function outermost(spans: JsonSpan[]): JsonSpan | undefined {
  return spans.sort((a, b) => b.end - b.start - (a.end - a.start))[0];
}

/** The spans not inside another span. */
function outermostAll(spans: JsonSpan[]): JsonSpan[] {
  return spans.filter((s) => !spans.some((o) => o !== s && o.start <= s.start && s.end <= o.end));
}
