// The delimiter vocabulary of the random-template properties (test/compiler/equivalence.property.test.ts,
// test/engine/holdback.property.test.ts): literals that overlap each other, and patterns with texts they match.

/** Literal delimiters: overlapping, self-overlapping, prefixes of each other, one-character ones. */
export const LITERALS = ["<a>", "</a>", "<b>", "</b>", "<|x|>", "[[", "]]", "<", "ab", "aab", "abab", "\n\n", "::", "<a", "a"];
/** Patterns with a text that matches them; some capture `name`, some can match empty, some are lazy. */
export const PATTERNS: [string, string[]][] = [
  ["<t\\d>", ["<t1>", "<t9>"]],
  ["\\s*<c>", [" <c>", "<c>", "\n\n<c>"]],
  ["\\s*(?:<c>|<cd>)x?", [" <c>", "<cd>x", "\n<c>x"]],
  ["<f=(?P<name>\\w+)>", ["<f=get>", "<f=x1>"]],
  ["x+", ["x", "xxx"]],
  ["(?:ab|a)c", ["abc", "ac"]],
  ["\\n?END", ["END", "\nEND"]],
  ["<o>\\s*", ["<o>", "<o>  "]],
  ["<m.*?>", ["<m>", "<mab>"]],
  ["\\bq\\b", ["q", " q "]],
  ["$", [""]],
  ["(?=<)", [""]],
  ["<(?P<name>[a-z])(?P<extra>\\d)?/>", ["<g/>", "<h2/>"]],
  ["<e>|^\\s*(?=</e>)", ["<e>", "</e>", "  </e>"]],
  ["\\s*(?:<a>\\s*)?<b>", ["<a> <b>", " <b>", "<a><b>"]],
  ["(?=(?:<p>)?\\s*q=)(?:<p>)?\\s*q=\\w+", ["<p> q=1", "q=ab", "<p>q=x"]],
  ["(?:^|>>)k\\n", [">>k\n", "k\n"]],
  ["\\s*(?:(?=>>)|<z>)", [">>", " <z>", "\n>>"]],
  ["\\n?</r>", ["\n</r>", "</r>"]],
  // Guarded (indexOf for the heads, then the matcher): a class run, optional head, a name to a terminator.
  ["\\s*(?:<x>\\s*)?<y=(?P<name>[^>\\n]+)>", ["<x> <y=a>", "\n<y=bc>", "<y=a b>"]],
  ["[ \\t]*(?:<\\|e\\|>|</s>)", [" <|e|>", "</s>", "\t\t</s>"]],
  // Guarded with a run on one path only (gpt-oss's recipient): a lookahead, optional heads, a run, a head.
  ["(?:<s>)?(?=(?:<h>)?\\s*t=)(?:<h>)?\\s*t=\\w+", ["<s><h> t=a", " t=b", "<h>t=c", "<s>t=x"]],
];
