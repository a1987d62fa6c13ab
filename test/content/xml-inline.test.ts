// xml-inline's tag_pattern: checked when a region closes. Values and error classes recorded with
// transformers 5.18.0 (parse_content(text, "xml-inline", args)).

import { describe, expect, test } from "vitest";
import { failure, parsed } from "./support.ts";

describe("xml-inline: tag_pattern", () => {
  test("it is required and must be a string", () => {
    // Python: ValueError xml-inline: 'tag_pattern' content_arg is required; TypeError first argument must be
    // a string or compiled pattern
    expect(failure("x", "xml-inline", {})).toBe("ValueError: xml-inline: the 'tag_pattern' content_arg is required");
    expect(failure("x", "xml-inline", { tag_pattern: 5 })).toBe("TypeError: xml-inline: tag_pattern must be a string, got 'int'");
  });

  test("without a value group every value is the empty string", () => {
    expect(parsed("<a/><b/>", "xml-inline", { tag_pattern: String.raw`<(?P<key>\w+)/>` })).toEqual({ a: "", b: "" });
  });

  test("without a key group it fails, naming the pattern", () => {
    // Python: ValueError xml-inline: tag_pattern must have a named group 'key'. Pattern: <(?P<k>\w+)/>
    expect(failure("<a/>", "xml-inline", { tag_pattern: String.raw`<(?P<k>\w+)/>` })).toBe(
      String.raw`ValueError: xml-inline: tag_pattern needs a named group 'key' that takes part in every match: <(?P<k>\w+)/>`,
    );
  });
});
