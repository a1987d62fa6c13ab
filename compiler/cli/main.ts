#!/usr/bin/env node
// rtc <command>. Each command lives in its own file and is loaded only when used. Failures are reported
// here, one line each (errors.ts).

import { createRequire } from "node:module";
import { exitQuietlyOnEpipe, reportFailure } from "./errors.ts";

type Command = (args: string[]) => Promise<number>;

const commands: Record<string, () => Promise<Command>> = {
  parse: async () => (await import("./parse.ts")).runParse,
  replay: async () => (await import("./replay.ts")).runReplay,
  check: async () => (await import("./check.ts")).runCheck,
  convert: async () => (await import("./convert.ts")).runConvert,
  build: async () => (await import("./build.ts")).runBuild,
  infer: async () => (await import("./infer.ts")).runInfer,
  grammar: async () => (await import("./grammar.ts")).runGrammar,
  which: async () => (await import("./which.ts")).runWhich,
};

const isHelp = (a: string | undefined) => a === "--help" || a === "-h";

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const { USAGE, commandHelp } = await import("./help.ts");
  if (!name || isHelp(name) || name === "help") {
    const topic = name === "help" ? rest[0] : undefined;
    process.stdout.write(topic && commands[topic] ? commandHelp(topic) : USAGE);
    return name ? 0 : 2;
  }
  if (name === "--version" || name === "-V") {
    const pkg = createRequire(import.meta.url)("response-template-compiler/package.json") as { version: string };
    process.stdout.write(`rtc ${pkg.version}\n`);
    return 0;
  }
  const load = commands[name];
  if (!load) {
    process.stderr.write(`rtc: unknown command "${name}"\n\n${USAGE}`);
    return 2;
  }
  // `--help` anywhere before a `--` (option values that happen to read "--help" are not a concern here).
  const end = rest.indexOf("--");
  if ((end < 0 ? rest : rest.slice(0, end)).some(isHelp)) {
    process.stdout.write(commandHelp(name));
    return 0;
  }
  return (await load())(rest);
}

exitQuietlyOnEpipe(process.stdout);
const command = process.argv[2];
// A failure inside a stream callback ends up here rather than as Node's trace.
process.on("uncaughtException", (e) => process.exit(reportFailure(e, command)));
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.exitCode = reportFailure(e, command);
  },
);
