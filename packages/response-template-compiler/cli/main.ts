#!/usr/bin/env node
// rtc <command>. Each command lives in its own file and is loaded only when used.

type Command = (args: string[]) => Promise<number>;

const commands: Record<string, () => Promise<Command>> = {
  parse: async () => (await import("./parse.ts")).runParse,
  replay: async () => (await import("./replay.ts")).runReplay,
  check: async () => (await import("./check.ts")).runCheck,
  convert: async () => (await import("./convert.ts")).runConvert,
  build: async () => (await import("./build.ts")).runBuild,
};

const USAGE = `rtc — response template compiler

  rtc parse -t <template.json> [--prefix S | --prefix-file F] [--events] [--chunk N]
      parse model output from stdin; print the message (or, with --events, the event stream)
  rtc parse -t <template.json|name> --batch <in.jsonl|-> [--out out.jsonl] [--jobs N]
      parse a JSONL dataset of {text, prefix?, id?, ...} records into {id, ..., message|error} lines
  rtc check <template.json|dir ...> [--portable] [--json] [--strict]
      validate templates: errors with file:line:col, JSON path and pattern column; warnings for traps
  rtc convert <response_schema.json> [--out template.json]
      convert a legacy response_schema (x-regex) into a response template, or say why it cannot
  rtc replay <sessions.jsonl ...> [--engine interpreted|generated] [--verbose]
      replay recorded sessions (FORMAT.md) and compare with the recording
  rtc build [templates/ ...] [--out dir/] [--runtime SPEC] [--import-ext .js|.ts] [--check] [--no-format] [--keep-going]
      compile response templates into TypeScript parser modules (--check: exit 1 naming stale files)
  rtc build --explain <template.json | name>
      print a template's compiled plan: scanner states, delimiters, dispatch and hold-back tables
`;

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(USAGE);
    return name ? 0 : 2;
  }
  const load = commands[name];
  if (!load) {
    process.stderr.write(`rtc: unknown command "${name}"\n\n${USAGE}`);
    return 2;
  }
  return (await load())(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`rtc: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  },
);
