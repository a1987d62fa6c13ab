// A Hugging Face model id read by its name alone (no network): organisation, and the name's family tokens
// with sizes, dates, quantisation/repackaging marks and generic suffixes dropped, so that
// `bartowski/Qwen3-14B-Instruct-GGUF:Q4_K_M` and `Qwen/Qwen3-8B` both read as ["qwen", "3"].

/** A Hugging Face model id read into family tokens (see parseModelId). */
export interface ModelId {
  /** Organisation as written (null for a bare name). */
  org: string | null;
  /** The name without organisation, revision or tag. */
  name: string;
  /** Family tokens, lower case; versions are numbers ("3.5"), "v0.3" reads "0.3". */
  tokens: string[];
  /** Repackaging marks found in the id (gguf, awq, fp8, …) or a known re-packager organisation. */
  repackaged: string[];
}

/** Organisations that republish other models (quantised, converted); their names carry the original's. */
export const REPACKAGERS: ReadonlySet<string> = new Set([
  "lmstudio-community", "lmstudio-ai", "unsloth", "bartowski", "mlx-community", "thebloke", "quantfactory",
  "maziyarpanahi", "redhatai", "neuralmagic", "nm-testing", "intel", "ggml-org", "second-state", "mradermacher",
  "turboderp", "bullerwins", "ubergarm", "devquasar", "lonestriker", "hugging-quants", "casperhansen",
  "solidrust", "legraphista", "tensorblock", "quanttrio", "brittlewis12", "mungert", "gaianet", "nexaai",
  "cyankiwi", "qwen-gguf", "noctrex", "openvino", "onnx-community", "amd", "nvidia-nim", "modelcloud",
  "jartine", "mozilla", "tiiuae-gguf", "stelterlab", "inferless", "cortexso", "ollama", "lmstudio",
]);

/** Tokens that name a packaging, precision or quantisation, never a family. */
const PACKAGING = /^(gguf|ggml|mlx|awq|gptq|exl2|exl3|fp8|fp4|nvfp4|mxfp4|fp16|bf16|f16|f32|int4|int8|w4a16|w8a8|w8a16|w4a8|bnb|\d+bits?|q\d(_[a-z0-9]+)*|iq\d(_[a-z0-9]+)*|ud|imatrix|i1|hqq|quantized|quant|dwq|onnx|ov|openvino|qat|dynamic|marlin|nf4|torchao|mlc|q4f16(_\d)?|safetensors|(i?q\d|q)(_[a-z0-9]+)+)$/;

/** Generic suffixes that do not tell families apart. */
const GENERIC = new Set(["instruct", "chat", "it", "hf", "base", "model", "latest", "official", "preview"]);

/** Sizes (8b, 1.7b, 270m, a3b, e4b, 16e, 8x7b), dates (2507, 0905, 08) and hashes. */
const SIZE = /^(\d+(\.\d+)?[bmkt]|[ae]\d+(\.\d+)?b|\d+e|\d+x\d+(\.\d+)?b|\d+k)$/;
const DATE = /^(\d{4,}|0\d)$/;

const REVISION = /[@:][^/@:]*$/;

/** Null when the text cannot be a model id (spaces, several slashes beyond a hub URL, empty parts). */
export function parseModelId(input: string): ModelId | null {
  let id = input.trim().replace(/^(https?:\/\/)?(www\.)?(huggingface\.co|hf\.co)\//, "");
  id = id.replace(/\/(tree|blob|resolve)\/.*$/, "").replace(/\/+$/, "");
  // HF cache folder names: models--org--name.
  const cache = /^models--([^/]+?)--([^/]+)$/.exec(id);
  if (cache) id = `${cache[1]}/${cache[2]}`;
  id = id.replace(REVISION, "");
  if (!/^[A-Za-z0-9][\w.-]*(\/[\w.-]+)?$/.test(id)) return null;
  const slash = id.indexOf("/");
  const org = slash < 0 ? null : id.slice(0, slash);
  const name = slash < 0 ? id : id.slice(slash + 1);
  const repackaged: string[] = [];
  if (org && REPACKAGERS.has(org.toLowerCase())) repackaged.push(org);
  const tokens: string[] = [];
  const parts = splitName(name);
  parts.forEach((raw, i) => {
    // A month before a year ("12-2024") is part of the date.
    const month = /^\d{1,2}$/.test(raw) && /^(19|20)\d\d$/.test(parts[i + 1] ?? "");
    if (PACKAGING.test(raw)) repackaged.push(raw);
    else if (!SIZE.test(raw) && !DATE.test(raw) && !GENERIC.has(raw) && !month) tokens.push(raw);
  });
  return { org, name, tokens, repackaged };
}

/** "Qwen3.5-4B" → qwen, 3.5, 4b; "internlm2_5" → internlm, 2.5; "v0.3" → 0.3; "K2" → k, 2; "4.0" → 4.
 * Parts that are a size or a quantisation tag as a whole (a3b, e4b, q4_k_m) stay one token. */
function splitName(name: string): string[] {
  const out: string[] = [];
  for (const part of name.toLowerCase().replace(/(\d)_(\d)/g, "$1.$2").split(/[-\s]+/)) {
    if (!part) continue;
    if (PACKAGING.test(part) || SIZE.test(part)) {
      out.push(part);
      continue;
    }
    for (const sub of part.split(/_+|\.(?!\d)|(?<!\d)\./)) {
      // Whole: sizes, quantisation tags, and letter-digit-letters names ("c4ai").
      if (PACKAGING.test(sub) || SIZE.test(sub) || /^[a-z]+\d+[a-z]{2,}$/.test(sub)) {
        out.push(sub);
        continue;
      }
      for (const piece of sub.match(/\d+(\.\d+)*(?:[a-z](?![a-z]))?|[a-z]+/g) ?? []) {
        const version = /^v?(\d+(?:\.\d+)*)$/.exec(piece);
        out.push(version ? version[1]!.replace(/(\.0)+$/, "") : piece);
      }
    }
  }
  // A lone "v" before a number (from "V3.1" split as v, 3.1) is the version's mark.
  return out.filter((t, i) => !(t === "v" && i + 1 < out.length && isVersion(out[i + 1]!)));
}

/** A version token: "3", "3.5", "0.3". */
export const isVersion = (t: string): boolean => /^\d+(\.\d+)*$/.test(t);
