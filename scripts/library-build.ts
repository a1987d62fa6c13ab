// The template library's build: templates/ → packages/response-template/models/, importing the runtime by
// relative path (users' builds import `response-template/runtime`; see `rtc build --help`).
//   npx tsx scripts/library-build.ts [--check]      (npm run build:models / npm run build:check)

import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));

export const LIBRARY_BUILD = {
  templates: `${root}templates`,
  out: `${root}packages/response-template/models`,
  runtime: "../runtime/index.ts",
  importExtension: ".ts",
} as const;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { runBuild } = await import("../packages/response-template-compiler/cli/build.ts");
  const b = LIBRARY_BUILD;
  const args = [b.templates, "--out", b.out, "--runtime", b.runtime, "--import-ext", b.importExtension, ...process.argv.slice(2)];
  process.exitCode = await runBuild(args);
}
