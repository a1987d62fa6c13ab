// Python `regex`'s Unicode `\w` as a JavaScript character class (for the json parser's unquoted-key
// rewrite and transform placeholders), from the regex runtime's tables recorded with Unicode 15.0.
// Use with the `u` flag. Callers build their RegExp on first use: a RegExp made when the module loads
// would keep the \w table in every bundle that imports the module, used or not.

import { WORD } from "../regex/unicode-tables.ts";

export function wordCharClass(): string {
  return `[${WORD}]`;
}
