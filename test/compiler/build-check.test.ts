// `rtc build --check` on the repository itself: generated/ must be exactly what templates/ compiles to
// (run `npm run build` after changing a template or the compiler). Also: a second build is byte-identical.

import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { buildOutputs, staleFiles } from "../../compiler/build/compile.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));
const templates = `${root}templates`;
const generated = `${root}generated`;

describe("rtc build --check", () => {
  it("every template compiles", async () => {
    const { errors } = await buildOutputs([templates], generated, { format: false });
    expect(errors).toEqual([]);
  });

  it("generated/ is up to date with templates/", async () => {
    const { files } = await buildOutputs([templates], generated, { format: true });
    expect(staleFiles(generated, files)).toEqual([]);
  });

  it("builds are deterministic", async () => {
    const a = await buildOutputs([templates], generated, { format: true });
    const b = await buildOutputs([templates], generated, { format: true });
    expect([...b.files]).toEqual([...a.files]);
  });
});
