// The template library's build: exactly `rtc build templates/ --out generated/` (run from the repository root),
// the compiled parsers that the response-template package ships as `response-template/models/*`.
//   npx tsx scripts/library-build.ts [--check]      (npm run build:models / npm run build:check)

import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));

export const LIBRARY_BUILD = {
  templates: `${root}templates`,
  out: `${root}generated`,
} as const;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { runBuild } = await import("../compiler/cli/build.ts");
  process.chdir(root);
  process.exitCode = await runBuild(["templates/", "--out", "generated/", ...process.argv.slice(2)]);
}
