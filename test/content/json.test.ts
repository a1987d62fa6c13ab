// The json parser's dialect arguments and its errors. Values and error classes recorded with transformers
// 5.18.0 (parse_content(text, "json", args)); rtc's messages say the same as Python's in rtc's words and
// quote the same text after the dialect transforms as Python's "Transformed:" line.

import { describe, expect, test } from "vitest";
import type { JsonValue } from "../../runtime/core/types.ts";
import { failure, parsed, UNSET_VALUE } from "./support.ts";

const delims = (...pairs: JsonValue[]) => ({ string_delims: pairs });

describe("json: string_delims", () => {
  test("an open delimiter at the very start of the body", () => {
    expect(parsed("'a'", "json", delims(["'", "'"]))).toBe("a");
  });

  test("an empty open delimiter with a close at the very start", () => {
    // `(.*?)\|` on "|": one match at 0 with an empty body.
    expect(parsed("|", "json", delims(["", "|"]))).toBe("");
  });

  test("empty open and close: every code point is a body, and so is the empty string around each", () => {
    expect(parsed("", "json", delims(["", ""]))).toBe("");
    // Python: Transformed: '"""a""""\\ud83d\\ude00""""\\n"""' (bodies "", "a", "", "😀", "", "\n", "").
    expect(failure("a😀\n", "json", delims(["", ""]))).toBe(
      String.raw`ValueError: json: not valid JSON after dialect transforms (Extra data: line 1 column 3 (char 2)); original: "a😀\n", transformed: "\"\"\"a\"\"\"\"\\ud83d\\ude00\"\"\"\"\\n\"\"\""`,
    );
  });

  test("entries that are not pairs of strings fail as Python's unpacking and re.escape do", () => {
    // Python: TypeError 'int' object is not iterable; ValueError not enough values to unpack (expected 2,
    // got 1); ValueError too many values to unpack (expected 2); re.escape(1): TypeError.
    expect(failure("1", "json", { string_delims: 5 })).toBe("TypeError: json: string_delims: 'int' object is not iterable");
    expect(failure("1", "json", delims(["'"]))).toBe("ValueError: json: string_delims entry: not enough values to unpack (expected 2, got 1)");
    expect(failure("1", "json", delims(["'", "'", "x"]))).toBe("ValueError: json: string_delims entry: too many values to unpack (expected 2)");
    expect(failure("1", "json", delims([1, "'"]))).toBe("TypeError: json: string_delims entries must be strings, got 'int'");
  });

  test("the sentinel characters are refused only when string_delims is set", () => {
    expect(failure("a\x01", "json", delims(["'", "'"]))).toBe(
      "ValueError: json: the body contains the reserved sentinel characters \\x01 / \\x02, which string_delims needs",
    );
    expect(parsed("a\x01", "json", { allow_non_json: true })).toBe("a\x01");
  });
});

describe("json: unquoted_keys and errors", () => {
  test("keys are quoted only when unquoted_keys is set", () => {
    expect(failure("{a:1}", "json", {})).toBe(
      'ValueError: json: the region is not valid JSON (Expecting property name enclosed in double quotes: line 1 column 2 (char 1)); content: "{a:1}"',
    );
    expect(parsed("{a:1}", "json", { unquoted_keys: true })).toEqual({ a: 1 });
  });

  test("after a dialect changed the text, the error quotes both texts", () => {
    expect(failure("{'a': x}", "json", delims(["'", "'"]))).toBe(
      `ValueError: json: not valid JSON after dialect transforms (Expecting value: line 1 column 7 (char 6)); original: "{'a': x}", transformed: "{\\"a\\": x}"`,
    );
  });

  test("a body that is not a string (an unset value group) is a TypeError", () => {
    // Python: TypeError the JSON object must be str, bytes or bytearray, not NoneType
    expect(failure("a=none", "xml-inline", { tag_pattern: UNSET_VALUE, value_parser: { name: "json" } })).toBe(
      "TypeError: json: expected a string body, got 'NoneType'",
    );
  });
});
