// `bool`: true exactly when the (optionally stripped) body is `true` in any letter case, or `1`.

import { requireStrReceiver } from "./args.ts";
import { textValue } from "./text.ts";
import type { ContentParser } from "./types.ts";

/** Content parser `bool`: true exactly for `true` (any letter case) or `1` after the optional strip; anything else is false. */
export const parseBool: ContentParser = (text, args) => {
  const s = requireStrReceiver(textValue(text, args, "bool"), "lower", "bool");
  // Only ASCII can lower-case to "true" / "1", so JavaScript's lower-casing is exact here.
  const lower = s.toLowerCase();
  return lower === "true" || lower === "1";
};
