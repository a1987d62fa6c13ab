"""Records partial-search behaviour of Python's `regex` module for test/regex/oracle-sample.jsonl.

The conformance fixtures (shared/conformance/hf/regex-*.jsonl) stay the ground truth; this sample
adds random haystacks for the fixture patterns and a grid of lazy-repeat patterns, where the
module's partial matching follows engine shortcuts (see compiler/regex/partial.ts). Rows where a
partial match starts at the end of the text are left out (the fixtures leave them out too, and
some module versions report garbage spans there).

Usage: python3 scripts/record-regex-oracle.py ../shared/conformance/hf > test/regex/oracle-sample.jsonl
"""
import itertools, json, random, sys

import regex

random.seed(20261121)
hf = sys.argv[1]
patterns = []
for name in ["regex-0.jsonl", "regex-1.jsonl", "regex-2.jsonl"]:
    for line in open(f"{hf}/{name}", encoding="utf-8"):
        row = json.loads(line)
        if row["python"] == "ok" and row["pattern"] not in patterns:
            patterns.append(row["pattern"])
prefixes = ["", "x", "-", "(x)"]
lazies = [".*?", "[^>]*?", r"\s*?", r"\w*?", "[a-c]*?", "a*?", r"\w+?", "[^a]+?", ".??", "[^a]*?", "-*?",
          "[^a-b_]*?", "[^a-b]*?", r"\w??", r"[\w-]{0,2}?"]
tails = ["a", "<", r"\b", r"\bn", r"\b<a", "$", "a$", "ab", r"\B", "", "-", "(?:a)", "[^a]"]
patterns += [p + l + t for p, l, t in itertools.product(prefixes, lazies, tails)]
header = {"regex": regex.__version__, "python": sys.version.split()[0]}
print(json.dumps(header))
out = 0
for pattern in patterns:
    if pattern in {".+(?:^é+[_a-z.-]a).a*"}:  # backtracks catastrophically on random text
        continue
    compiled = regex.compile(pattern, regex.DOTALL)
    alphabet = sorted(set(ch for ch in pattern if ch not in "\\()[]{}?*+|^$.") | set("x a\n-_<>é💡"))
    for _ in range(2):
        hay = "".join(random.choice(alphabet) for _ in range(random.randint(1, 6)))
        pos = random.randint(0, len(hay) - 1)
        try:
            m = compiled.search(hay, pos, partial=True, timeout=0.05)
        except Exception:
            continue
        if m is not None and (m.start() >= len(hay) or m.end() > len(hay)):
            continue
        span = None if m is None else f"{m.start()}:{m.end()}{'+' if m.partial else ''}"
        print(json.dumps({"pattern": pattern, "hay": hay, "pos": pos, "partial": span}, ensure_ascii=False))
        out += 1
print(out, file=sys.stderr)
