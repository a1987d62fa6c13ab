import { fileURLToPath } from "node:url";
import { join } from "node:path";

/** The recorded reference behaviour (test/fixtures/conformance/hf; see test/fixtures/README.md). */
export const HF = fileURLToPath(new URL("../fixtures/conformance/hf/", import.meta.url));
export const hf = (name: string) => join(HF, name);
