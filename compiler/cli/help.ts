// `rtc --help` and `rtc <command> --help`. A command without a detailed entry here gets its lines of USAGE.

export const USAGE = `rtc — response template compiler

  rtc parse -t <template.json|name> (--prefix S | --prefix-file F) [--events | --openai [--sse]] [--chunk N]
      parse model output streaming in on stdin: the message at EOF, or events / OpenAI chunks as they happen
  rtc parse -t <template.json|name> --batch <in.jsonl|-> [--out out.jsonl] [--jobs N] [--default-prefix S]
      parse a JSONL dataset of {text, prefix, id?, tools?, response_format?, ...} records into {id, message|error, record?} lines
  rtc check <template.json|dir ...> [--portable] [--json] [--strict]
      validate templates: errors with file:line:col, JSON path and pattern column; warnings for traps
  rtc convert <response_schema.json> [--out template.json]
      convert a legacy response_schema (x-regex) into a response template, or say why it cannot
  rtc replay <sessions.jsonl ...> [--engine interpreted|generated] [--verbose]
      replay recorded sessions (FORMAT.md) and compare with the recording
  rtc build [templates/ ...] [--out dir/] [--js] [--runtime SPEC] [--import-ext .js|.ts] [--check] [--no-format] [--keep-going]
      compile response templates into TypeScript parser modules (--js: JavaScript + .d.ts; --check: exit 1 naming stale files)
  rtc build --explain <template.json | name>
      print a template's compiled plan: scanner states, delimiters, dispatch and hold-back tables
  rtc infer <chat_template.jinja | tokenizer_config.json | model folder> [--out template.json] [--explain] [--report] [--json]
      derive a response template from a model's Jinja chat template, verified by round trip
  rtc which <model id | model folder | tokenizer_config.json | chat template> [--json] [--variant reference]
      which template reads this model's output, and why (no network: an id is read by its name);
      every -t also takes a model folder or an org/name model id, resolved the same way
  rtc grammar -t <template.json|name> [--tools tools.json] [--tool-choice auto|none|required|NAME]
              [--no-parallel] [--prefix S] [--format gbnf|structural-tag|json] [--out F]
      constrained-decoding grammars for the turn: GBNF with lazy triggers (llama.cpp), an xgrammar
      structural tag (vLLM, SGLang)

  rtc --version        rtc <command> --help
  Failures are one line "rtc: …" (exit 1; usage errors exit 2); RTC_DEBUG=1 adds the stack trace.
`;

const PARSE = `rtc parse — model output on stdin → a message, events, or OpenAI chunks

  rtc parse -t <template.json|name> (--prefix S | --prefix-file F) [options] < output.txt

  -t, --template T     a template file (or tokenizer_config.json, or legacy response_schema), a library
                       name such as qwen3 (its compiled parser from response-template/models), or a
                       model: a folder, a .jinja chat template or an org/name id, as \`rtc which\` resolves it
  --prefix S           the prompt the output continues; required (chat templates often open <think> in the
                       prompt); --prefix "" opts out
  --prefix-file F      the prefix read from a file
  --tools F            a JSON file with the request's tool definitions (a list)
  --response-format json
                       the request asked for JSON (response_format json_object / json_schema): an answer that
                       is one \`\`\`json fence around one JSON document becomes that document (an rtc extension)
  --chunk N            feed the input N code points at a time (default: as it arrives on stdin)
  --on-error MODE      throw (default: a region that fails to parse stops with an error, as the reference) or
                       recover (it becomes content; the output is {message, errors}, --events ends with an
                       errors line, --openai/--sse report errors on stderr; works with --batch too)

  Output (stdin is read as it streams in, in bounded memory apart from the message itself):
  (default)            the final message as one JSON line at EOF
  --events             region events as JSON lines, written as soon as each piece of text is parsed
                       (region_close carries the finished region's value); a coloured view on a terminal
  --openai             OpenAI chat.completion.chunk objects as JSON lines, as text arrives: the role chunk
                       first, one chunk per delta, a finish chunk (finish_reason stop | tool_calls) last
  --sse                the same chunks as server-sent events: "data: {…}" lines, then "data: [DONE]"
  --model M            the chunks' model field (default: the template's name)

  rtc parse -t <template.json|name> --batch <in.jsonl|-> [--out out.jsonl] [--jobs N] [--default-prefix S]

  --batch IN           a JSONL file of {text, prefix, id?, tools?, response_format?, ...} records ("-" reads stdin)
  --out OUT            where result lines go (default stdout); never the input file
  --jobs N             worker threads (default and maximum: the machine's available parallelism)
  --default-prefix S   the prefix of records that have none (without it such records are errors)
  Each output line is {"id", "message"} or {"id", "error"}, then "record": the record's other keys;
  with --on-error recover {"id", "message", "errors"} (a line that is not a record is still an error).

  Invalid UTF-8 is an error naming its byte offset.
`;

const CHECK = `rtc check — validate response templates

  rtc check <template.json|dir ...> [--portable] [--json] [--strict]

  Errors name file:line:col, the JSON path and, for patterns, the column inside the pattern. Warnings
  flag traps: lazy hold-back, unused captures, literal prefixes, implicit overwrites, delimiters that
  never match, and patterns with super-linear backtracking (redos, polynomial-backtracking).
  --portable           also note rtc extensions the Python reference does not have
  --json               diagnostics as JSON lines
  --strict             warnings are errors (exit 1)
`;

const INFER = `rtc infer — derive a response template from a model's Jinja chat template

  rtc infer <chat_template.jinja | tokenizer_config.json | model folder> [options]

  Renders the chat template under controlled variations, reads the markers off their differences, emits
  a response template, and verifies it by round trip: standard conversations rendered through the chat
  template are parsed back with it. Exit 1 when an applicable conversation fails (the template is then
  not written) or nothing could be inferred.

  --out FILE          write the template there (default: print it on stdout)
  --explain           print every comparison: the two variants, their difference, the conclusion
  --report            print the pipeline's passes (prompt, reasoning, content, tool calls, emit, verify),
                      what each concluded, and one line per failed conversation (expected vs parsed)
  --json              print the whole result (template, classification, verdicts, gaps) as JSON
  --var NAME=JSON     a variable the chat template reads (repeatable), e.g. --var 'functions="[]"'
  --bos S, --eos S    bos_token / eos_token (default: from tokenizer_config.json, else <s> / </s>); a
                      given or read eos also ends the model's turn (models write it after the answer)
  --template-name N   which of several named chat templates in tokenizer_config.json (default: default)
  --portable          emit the form the Python reference loads: rtc extensions replaced by its nearest
                      means (argument_types → value_parser json) or left out, with what that gives up;
                      it is verified like the full form
  --force             write the template even when verification fails (the exit status stays 1)
`;

const GRAMMAR = `rtc grammar — constrained-decoding grammars for the assistant turn a response template describes

  rtc grammar -t <template.json|name> [options]

  -t, --template F|NAME   a template file, a library template name (such as qwen3), or a model folder,
                          chat template file or org/name model id (as \`rtc which\` resolves it)
  --tools F               OpenAI tool definitions (a JSON list, or {"tools": [...]})
  --tool-choice C         auto (default) | none | required | a tool name
  --no-parallel           at most one call
  --prefix S | --prefix-file F
                          the prompt the turn continues (where a prefilled <think> leaves it);
                          default: the turn starts right after the start anchor
  --stop TOKEN            an end-of-turn token the server stops on (repeatable; the template's
                          end markers count already): a region it closes may end the turn
  --no-lazy               a whole-turn GBNF even for tool_choice auto
  --format gbnf|structural-tag|json
                          gbnf: the grammar text, then triggers as comments;
                          structural-tag: vLLM / SGLang's response_format;
                          json (default): {gbnf, llamaCpp, structuralTag, unconstrained, notes}
  --out F                 write to F instead of stdout
`;

const WHICH = `rtc which — which template reads a model's output, and why

  rtc which <model id | model folder | tokenizer_config.json | chat_template.jinja> [options]

  Steps, in order; the first that decides wins and every step tried is printed:
    response_template   a response_template (or response_schema) key in the tokenizer config
    fingerprint         the chat template is (up to whitespace) one a shipped template is proven on
    model-id            the id's family (sizes, GGUF/MLX/AWQ/FP8/bnb repacks, quantisers' orgs ignored)
    structure           the chat template carries a family's special tokens (lower confidence)
    infer               a template inferred from the chat template that passes its round-trip check
  No network: a model id is read by its name alone. Exit 1 with one line when nothing fits.

  --json                  the choice as JSON: input, name, variant, source, confidence, alternatives,
                          reasons (and the template itself when it is not a shipped one)
  --variant reference     the reference-exact template where a -robust variant is the default
  --no-infer              skip the infer step
`;

const DETAILED: Record<string, string> = { parse: PARSE, check: CHECK, infer: INFER, grammar: GRAMMAR, which: WHICH };

/** The help of one command: its detailed text, else its lines of USAGE. */
export function commandHelp(name: string): string {
  const detailed = DETAILED[name];
  if (detailed) return detailed;
  const lines = USAGE.split("\n");
  const out: string[] = [];
  lines.forEach((l, i) => {
    if (l.startsWith(`  rtc ${name} `) || l === `  rtc ${name}`) out.push(l, lines[i + 1] ?? "");
  });
  return out.length ? out.join("\n") + "\n" : USAGE;
}
