import { fileURLToPath } from "node:url";
import { join } from "node:path";

/** ../shared/conformance/hf, beside the repository. */
export const HF = fileURLToPath(new URL("../../../shared/conformance/hf/", import.meta.url));
export const hf = (name: string) => join(HF, name);
