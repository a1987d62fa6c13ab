// The `rtc` command as the tests run it: the CLI's TypeScript source under tsx, with the packages resolved
// to their sources (the published bin is the compiled dist/cli/main.js; test/package checks that one).

import { execFileSync, spawnSync, type SpawnSyncReturns } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

export const REPO = join(import.meta.dirname, "../..");
const MAIN = join(REPO, "compiler/cli/main.ts");
/** tsx's loader by absolute URL, so that rtc also runs with another working directory. */
const TSX = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve("tsx/package.json")), "dist/loader.mjs")).href;

/** node and the arguments that run `rtc <args>` from source. */
export function rtcArgv(args: readonly string[]): [string, string[]] {
  return [process.execPath, ["--conditions=rtc-source", "--import", TSX, MAIN, ...args]];
}

/** Runs `rtc <args>`; throws (with its stderr) when it exits non-zero. Returns stdout. */
export function rtc(args: readonly string[], options: { input?: string; cwd?: string } = {}): string {
  const [cmd, argv] = rtcArgv(args);
  return execFileSync(cmd, argv, { cwd: options.cwd ?? REPO, encoding: "utf8", input: options.input, stdio: ["pipe", "pipe", "pipe"] });
}

/** Runs `rtc <args>` and returns its exit status, stdout and stderr, whatever the status. */
export function rtcRun(args: readonly string[], options: { input?: string | Buffer; cwd?: string } = {}): SpawnSyncReturns<string> {
  const [cmd, argv] = rtcArgv(args);
  return spawnSync(cmd, argv, { cwd: options.cwd ?? REPO, encoding: "utf8", input: options.input });
}
