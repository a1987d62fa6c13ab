// Conversations rendered through real chat templates by the round-trip harness (roundtrip.test.ts).
// Each conversation is a user turn followed by one assistant turn; the assistant turn is the message a
// response template must recover from the rendered text.

export interface ToolCallIn {
  name: string;
  arguments: Record<string, unknown>;
  id?: string;
}

export interface AssistantTurn {
  thinking?: string;
  content?: string;
  tool_calls?: ToolCallIn[];
}

export interface Conversation {
  name: string;
  /** Earlier turns rendered before the user turn (the start anchor must cut them off). */
  history?: { role: string; content: string }[];
  user: string;
  assistant: AssistantTurn;
}

/** Tool definitions (OpenAI shape) used for rendering and passed as `tools` when parsing. */
export const TOOLS = [
  {
    type: "function",
    function: {
      name: "get_weather",
      description: "Get the weather forecast for a city",
      parameters: {
        type: "object",
        properties: {
          city: { type: "string", description: "City name" },
          days: { type: "integer", description: "Number of days" },
        },
        required: ["city"],
      },
    },
  },
  {
    type: "function",
    function: {
      name: "search_docs",
      description: "Search the documentation",
      parameters: {
        type: "object",
        properties: {
          query: { type: "string" },
          limit: { type: "number" },
          exact: { type: "boolean" },
          filters: { type: "object" },
          tags: { type: "array", items: { type: "string" } },
        },
        required: ["query"],
      },
    },
  },
];

const WEATHER: ToolCallIn = {
  name: "get_weather",
  arguments: { city: 'Paris "Île-de-France"\nFR ✓', days: 3 },
};

const SEARCH: ToolCallIn = {
  name: "search_docs",
  arguments: {
    query: "streaming parser <tag> & 'quotes'",
    limit: 2.5,
    exact: true,
    filters: { lang: "en", nested: { depth: 2, ok: false, none: null } },
    tags: ["alpha", "βeta", "x y"],
  },
};

export const THINKING = "The user wants a greeting.\nI should answer \"briefly\" — and politely ✓.";
export const CONTENT = "Hello! Here is a \"quoted\" word,\na second line, and ünïcödé 🌍.";

export const CONVERSATIONS: Conversation[] = [
  { name: "content", user: "Say hello.", assistant: { content: CONTENT } },
  { name: "reasoning+content", user: "Say hello.", assistant: { thinking: THINKING, content: CONTENT } },
  { name: "one-call", user: "Weather in Paris?", assistant: { tool_calls: [WEATHER] } },
  { name: "two-calls", user: "Weather and docs?", assistant: { tool_calls: [WEATHER, SEARCH] } },
  {
    name: "reasoning+calls",
    user: "Weather and docs?",
    assistant: { thinking: "I need two tools.", tool_calls: [WEATHER, SEARCH] },
  },
  {
    name: "multi-turn-text",
    history: [
      { role: "user", content: "Hi there." },
      { role: "assistant", content: "An earlier answer that must not leak." },
    ],
    user: "Say hello.",
    assistant: { content: CONTENT },
  },
  {
    name: "multi-turn",
    history: [
      { role: "user", content: "Hi there." },
      { role: "assistant", content: "An earlier answer that must not leak." },
    ],
    user: "Weather and docs?",
    assistant: { content: "Let me check.", tool_calls: [WEATHER] },
  },
  {
    name: "content+call",
    user: "Weather in Paris?",
    assistant: { content: "Let me check.", tool_calls: [WEATHER] },
  },
];

/** TOOLS as the parser's option type (`tools` for argument coercion). */
export const PARSE_TOOLS = TOOLS as unknown as import("../../runtime/core/types.ts").ToolDefinition[];
