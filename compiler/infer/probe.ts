// The probe: needle values that cannot occur in a chat template's own text, the tool definitions they
// are called through, and the assistant messages whose renderings are compared. Every variation of the
// differential analysis is one of these messages.

export const NEEDLE = {
  content: ["RTC_CONTENT_ALPHA", "RTC_CONTENT_BETA"],
  reasoning: "RTC_REASONING_ALPHA",
  fn: ["rtc_fn_alpha", "rtc_fn_beta"],
  arg: ["rtc_arg_one", "rtc_arg_two"],
  value: ["RTC_VALUE_ONE", "RTC_VALUE_TWO"],
  /** Nine alphanumeric characters: Mistral templates reject any other id. */
  id: ["call00001", "call99999"],
} as const;

export const USER_TEXT = "RTC_USER_MESSAGE";
export const TOOL_RESULT = "RTC_TOOL_RESULT";

/** Placeholders in call skeletons (tools.ts): a function name, call id, index, arguments, argument key / value. */
export const PH = { name: "\u0001N\u0001", id: "\u0001I\u0001", index: "\u0001D\u0001", args: "\u0001A\u0001", key: "\u0001K\u0001", value: "\u0001V\u0001" } as const;
const PH_NAMES: Record<string, string> = { N: "name", I: "id", D: "index", A: "args", K: "key", V: "value" };

/** Text with skeleton placeholders shown as ⟨name⟩, ⟨args⟩, … */
export function showPlaceholders(s: string): string {
  return s.replace(/\u0001([A-Z])\u0001/gu, (_, k: string) => `⟨${PH_NAMES[k]}⟩`);
}

const PARAMS = {
  type: "object",
  properties: {
    rtc_arg_one: { type: "string", description: "First argument" },
    rtc_arg_two: { type: "string", description: "Second argument" },
    rtc_arg_num: { type: "integer", description: "A number" },
    rtc_arg_obj: { type: "object", description: "An object" },
    rtc_arg_opt: { type: "string", nullable: true, description: "An optional string" },
    rtc_arg_flag: { type: "boolean", description: "A flag" },
  },
  required: ["rtc_arg_one"],
};

/** Tool definitions (OpenAI shape) for the probe functions, rendered into every prompt. */
export const PROBE_TOOLS = NEEDLE.fn.map((name) => ({
  type: "function",
  function: { name, description: `Probe function ${name}`, parameters: PARAMS },
}));

export interface ProbeCall {
  name: string;
  arguments: Record<string, unknown>;
  id?: string;
}

export interface ProbeMessage {
  reasoning?: string;
  content?: string;
  tool_calls?: ProbeCall[];
}

const [C1, C2] = NEEDLE.content;
const [F1, F2] = NEEDLE.fn;
const [A1, A2] = NEEDLE.arg;
const [V1, V2] = NEEDLE.value;
const [ID1, ID2] = NEEDLE.id;

/** A non-string argument: templates that mark value types in tags (DSML `string="false"`) show it. */
export const NUM_ARG = "rtc_arg_num";
export const NUM_VALUE = 42;
/** A boolean argument: written as JSON `true`, as Python `True`, or as a string? */
export const BOOL_ARG = "rtc_arg_flag";
/** A string that spells a number: is it written quoted (strings are JSON) or raw like the number? */
export const NUMERIC_STRING = "42";
/** A nullable argument set to null: is null written readably? */
export const NULL_ARG = "rtc_arg_opt";
/** An object argument: is it written as JSON? */
export const OBJ_ARG = "rtc_arg_obj";
export const OBJ_VALUE = { rtc_key: "RTC_NESTED" };
/** Strings with quotes and with markup characters: are they escaped where they must be? */
export const QUOTES_VALUE = `RTC_Q'UOTE"D`;
export const MARKUP_VALUE = "RTC<b>&MARKUP";

const call = (name: string, args: Record<string, unknown>, id: string = ID1): ProbeCall => ({ name, arguments: args, id });
const CALL = call(F1, { [A1]: V1 });

/** The variations, by name. Each comparison in the analysis names two of them. */
export const VARIANTS = {
  content: { content: C1 },
  content2: { content: C2 },
  reasoning: { reasoning: NEEDLE.reasoning, content: C1 },
  reasoningCalls: { reasoning: NEEDLE.reasoning, tool_calls: [CALL] },
  call: { tool_calls: [CALL] },
  callFn2: { tool_calls: [call(F2, { [A1]: V1 })] },
  callArg2: { tool_calls: [call(F1, { [A2]: V1 })] },
  callValue2: { tool_calls: [call(F1, { [A1]: V2 })] },
  callTwoArgs: { tool_calls: [call(F1, { [A1]: V1, [A2]: V2 })] },
  callNoArgs: { tool_calls: [call(F1, {})] },
  callNumber: { tool_calls: [call(F1, { [NUM_ARG]: NUM_VALUE })] },
  callBoolean: { tool_calls: [call(F1, { [BOOL_ARG]: true })] },
  callNumericString: { tool_calls: [call(F1, { [A2]: NUMERIC_STRING })] },
  callNull: { tool_calls: [call(F1, { [NULL_ARG]: null })] },
  callObject: { tool_calls: [call(F1, { [OBJ_ARG]: OBJ_VALUE })] },
  callQuotes: { tool_calls: [call(F1, { [A2]: QUOTES_VALUE })] },
  callMarkup: { tool_calls: [call(F1, { [A2]: MARKUP_VALUE })] },
  callId2: { tool_calls: [call(F1, { [A1]: V1 }, ID2)] },
  twoCalls: { tool_calls: [CALL, call(F2, { [A1]: V2 }, ID2)] },
  contentCall: { content: C1, tool_calls: [CALL] },
} satisfies Record<string, ProbeMessage>;

export type VariantName = keyof typeof VARIANTS;
