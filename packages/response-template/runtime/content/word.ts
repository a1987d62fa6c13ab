// Python `regex`'s Unicode `\w` as a JavaScript character class (for the json parser's unquoted-key
// rewrite and transform placeholders), from the regex runtime's tables recorded with Unicode 15.0.
// Use with the `u` flag.

import { WORD } from "../regex/unicode-tables.ts";

export const WORD_CHAR_CLASS = `[${WORD}]`;
