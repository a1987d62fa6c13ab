// Tool definitions and `tool_choice` as OpenAI defines them, normalised for the grammar builders:
// "none" forbids calls, "auto" allows any number (or at most one without parallel calls), "required"
// needs at least one, and a named function (`{"type": "function", "function": {"name": …}}` or just the
// name) needs at least one call and only of that tool.

export interface Tool {
  name: string;
  /** The parameters JSON Schema (`{type: "object", properties: {}}` when the tool declares none). */
  parameters: Record<string, unknown>;
}

/** OpenAI's `tool_choice`: `auto` (default), `none` (no calls), `required` (at least one), or a tool name / `{type: "function", function: {name}}` (at least one call, only of that tool). */
export type ToolChoice = "auto" | "none" | "required" | string | { type: "function"; function: { name: string } };

export interface Calls {
  mode: "none" | "auto" | "required";
  /** The tools a call may name. */
  tools: Tool[];
  parallel: boolean;
}

/** Tools or tool_choice that no grammar can honour (a tool without a name, a duplicate name, `required` without tools…); `rtc grammar` prints the message. */
export class GrammarInputError extends Error {}

export const isObj = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

export function normaliseTools(tools: unknown): Tool[] {
  if (tools === undefined || tools === null) return [];
  if (!Array.isArray(tools)) throw new GrammarInputError("tools must be a list of tool definitions");
  const out: Tool[] = [];
  tools.forEach((t, i) => {
    const fn = isObj(t) && isObj(t.function) ? t.function : t;
    if (!isObj(fn) || typeof fn.name !== "string" || fn.name === "") {
      throw new GrammarInputError(`tools[${i}]: a tool needs a function name ({"type": "function", "function": {"name": …}})`);
    }
    const parameters = fn.parameters === undefined ? { type: "object", properties: {} } : fn.parameters;
    if (!isObj(parameters)) throw new GrammarInputError(`tools[${i}] (${fn.name}): parameters must be a JSON Schema object`);
    if (out.some((o) => o.name === fn.name)) throw new GrammarInputError(`tools[${i}]: the name "${fn.name}" is used twice`);
    out.push({ name: fn.name, parameters });
  });
  return out;
}

export function resolveToolChoice(tools: Tool[], choice: ToolChoice | undefined, parallel: boolean): Calls {
  const c = choice ?? "auto";
  if (c === "none") return { mode: "none", tools: [], parallel };
  if (c === "auto") return tools.length ? { mode: "auto", tools, parallel } : { mode: "none", tools: [], parallel };
  if (c === "required") {
    if (!tools.length) throw new GrammarInputError('tool_choice "required" needs at least one tool');
    return { mode: "required", tools, parallel };
  }
  const name = typeof c === "string" ? c : isObj(c) && isObj(c.function) && typeof c.function.name === "string" ? c.function.name : null;
  if (name === null) throw new GrammarInputError(`tool_choice must be auto, none, required, a tool name or {"type": "function", "function": {"name": …}}`);
  const tool = tools.find((t) => t.name === name);
  if (!tool) throw new GrammarInputError(`tool_choice names "${name}", which is not among the tools (${tools.map((t) => t.name).join(", ") || "none given"})`);
  return { mode: "required", tools: [tool], parallel };
}
