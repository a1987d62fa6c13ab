// Python `regex`'s Unicode `\w` as a JavaScript character class, for the json parser's unquoted-key
// rewrite. The `regex` module defines \w as Alphabetic + Mark + Decimal_Number + Connector_Punctuation +
// Join_Control; JavaScript's Unicode property escapes give the same set (up to the Unicode version of
// the host's ICU, 15.x on Node 20; the fixtures were recorded with Unicode 15.0).

export const WORD_CHAR_CLASS = "[\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}]";
