// `rtc build --check` on the repository itself: generated/ must be exactly what templates/ compiles to
// (run `npm run build` after changing a template or the compiler). Also: a second build is byte-identical.

import { beforeAll, describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { buildOutputs, type BuildResult } from "../../compiler/build/compile.ts";
import { staleFiles } from "../../compiler/build/write.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const templates = `${root}templates`;
const generated = `${root}generated`;

let build: BuildResult;
beforeAll(async () => {
  build = await buildOutputs([templates], generated, { format: true });
}, 300_000);

describe("rtc build --check", () => {
  it("every template compiles", () => {
    expect(build.errors).toEqual([]);
  });

  it("generated/ is up to date with templates/", () => {
    expect(staleFiles(generated, build.files)).toEqual([]);
  });

  it("builds are deterministic", async () => {
    const again = await buildOutputs([templates], generated, { format: true });
    expect([...again.files]).toEqual([...build.files]);
  });
});
