// The projects in examples/, each run as a user would run it, from the packed tarballs: copied to a temporary
// folder, `npm install` of the tarballs it depends on plus its other dependencies (at the versions the
// repository's lockfile installed, so the npm cache serves them), then `npm test`. Called by run.ts.
// Also checks what keeps the examples honest: each has a README.md and a test script, its version ranges
// accept what it is tested with, and docs/examples.md lists it.

import { cpSync, existsSync, readFileSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";

const ROOT = join(import.meta.dirname, "..", "..");
const EXAMPLES = join(ROOT, "examples");

interface Harness {
  /** The packed packages (`<name>-<version>.tgz`). */
  tarballs: string[];
  /** A temporary folder the caller removes. */
  work: string;
  run: (cmd: string, args: string[], cwd: string) => string;
  step: (name: string, fn: () => string | void) => Promise<void>;
}

interface Manifest {
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, "utf8")) as T;

/** Whether `version` satisfies a caret range `^a.b.c` (on 0.x the minor is fixed too, as npm reads it). */
export function caretAccepts(range: string, version: string): boolean {
  const want = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range)?.slice(1).map(Number);
  const have = /^(\d+)\.(\d+)\.(\d+)/.exec(version)?.slice(1).map(Number);
  if (!want || !have) return false;
  const [a, b, c] = want as [number, number, number];
  const [x, y, z] = have as [number, number, number];
  if (x !== a) return false;
  if (a === 0) return y === b && z >= c;
  return y > b || (y === b && z >= c);
}

/** What to install for one dependency: its tarball, or the version the repository has installed. */
function installSpec(name: string, range: string, tarballs: Map<string, string>, example: string): string {
  const tarball = tarballs.get(name);
  const version = tarball
    ? /-(\d+\.\d+\.\d+[^/]*)\.tgz$/.exec(tarball)![1]!
    : (readJson<{ version: string }>(join(ROOT, "node_modules", name, "package.json")).version);
  if (!caretAccepts(range, version)) throw new Error(`examples/${example}/package.json: ${name} "${range}" does not accept ${version}, the version it is tested with (use "^x.y.z")`);
  return tarball ?? `${name}@${version}`;
}

export async function checkExamples({ tarballs, work, run, step }: Harness): Promise<void> {
  const byName = new Map(tarballs.map((t) => [basename(t).replace(/-\d+\.\d+\.\d+[^/]*\.tgz$/, ""), t]));
  const names = readdirSync(EXAMPLES, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  const docs = readFileSync(join(ROOT, "docs", "examples.md"), "utf8");
  const unlisted = names.filter((n) => !docs.includes(`examples/${n}`));
  if (unlisted.length) throw new Error(`docs/examples.md does not list examples/${unlisted.join(", examples/")}`);

  for (const name of names) {
    await step(`examples/${name}: npm install from the tarballs, npm test`, () => {
      const source = join(EXAMPLES, name);
      const manifest = readJson<Manifest>(join(source, "package.json"));
      if (!manifest.scripts?.test) throw new Error(`examples/${name}/package.json has no test script`);
      if (!existsSync(join(source, "README.md"))) throw new Error(`examples/${name} has no README.md`);
      const deps = { ...manifest.dependencies, ...manifest.devDependencies };
      const specs = Object.entries(deps).map(([dep, range]) => installSpec(dep, range, byName, name));

      // Only the example's own files: not a node_modules or dist/ left by someone running it in place.
      const dir = join(work, "examples", name);
      cpSync(source, dir, { recursive: true, filter: (p) => !/[/\\](node_modules|dist)$/.test(p) });
      run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", ...specs], dir);
      const out = run("npm", ["test", "--silent"], dir).trim().split("\n");
      // The example's last lines, shortened: its measurements (the bundle size) and its "ok".
      return out.slice(-2).map((line) => (line.length > 150 ? `${line.slice(0, 149)}…` : line)).join("\n");
    });
  }
}
