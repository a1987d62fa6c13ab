// `rtc build --check` on the repository itself: generated must be exactly what
// templates/ compiles to (run `npm run build` after changing a template or the compiler). Also: a second
// build is byte-identical.

import { beforeAll, describe, expect, it } from "vitest";
import { buildOutputs, type BuildResult } from "../../compiler/build/compile.ts";
import { staleFiles } from "../../compiler/build/write.ts";
import { LIBRARY_BUILD } from "../../scripts/library-build.ts";

const { templates, out: generated } = LIBRARY_BUILD;

let build: BuildResult;
beforeAll(async () => {
  build = await buildOutputs([templates], { ...LIBRARY_BUILD, format: true });
}, 300_000);

describe("rtc build --check", () => {
  it("every template compiles", () => {
    expect(build.errors).toEqual([]);
  });

  it("the library's models are up to date with templates/", () => {
    expect(staleFiles(generated, build.files)).toEqual([]);
  });

  it("builds are deterministic", async () => {
    const again = await buildOutputs([templates], { ...LIBRARY_BUILD, format: true });
    expect([...again.files]).toEqual([...build.files]);
  });
});
