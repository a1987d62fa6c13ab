// kv-lines' separators fail as Python's str.split and `in` do. Error classes and details recorded with
// transformers 5.18.0 (parse_content("a:1", "kv-lines", args)).

import { describe, expect, test } from "vitest";
import { failure } from "./support.ts";

describe("kv-lines: separators", () => {
  test("an empty separator is a ValueError", () => {
    // Python: ValueError empty separator (both: "a:1".split(""), and "a:1".split("", 1) after `"" in line`)
    expect(failure("a:1", "kv-lines", { line_sep: "" })).toBe("ValueError: kv-lines: line_sep: empty separator");
    expect(failure("a:1", "kv-lines", { kv_sep: "" })).toBe("ValueError: kv-lines: kv_sep: empty separator");
  });

  test("a separator that is not a string is a TypeError", () => {
    // Python: TypeError must be str or None, not int; TypeError 'in <string>' requires string as left operand, not int
    expect(failure("a:1", "kv-lines", { line_sep: 5 })).toBe("TypeError: kv-lines: line_sep must be str or None, not int");
    expect(failure("a:1", "kv-lines", { kv_sep: 5 })).toBe("TypeError: kv-lines: 'in <string>' requires string as left operand, not int");
  });
});
