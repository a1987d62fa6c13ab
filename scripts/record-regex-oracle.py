"""Records search behaviour of Python's `regex` module for test/regex/oracle-sample.jsonl.

The conformance fixtures (shared/conformance/hf/regex-*.jsonl) stay the ground truth; this sample
adds random haystacks for the fixture patterns, a grid of lazy-repeat patterns (where the module's
partial matching follows engine shortcuts, see compiler/regex/search-loop.ts) and random patterns
built from the constructs templates use. Each row has the full search (span and groupdict) and the
partial search. Partial matches starting at the end of the text are recorded as null (the fixtures
leave them out too, and some module versions report garbage spans there).

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

# Random patterns from the constructs templates use.
atoms = ["ab", "xa", "(?i:ab)", "(?-s:.)", "[^\\s]", "a", "b", "x", "-", " ", "\\n", "é", "💡", ".", "\\w",
         "\\W", "\\s", "\\S", "\\d", "[ab]", "[^a]", "[a-c]", "[^a-b_]", "\\.", "[\\w-]", "(?i:[a-c])"]
asserts = ["^", "$", "\\b", "\\B", "\\A", "\\Z", "(?=a)", "(?!b)", "(?<=a)", "(?<!x)", "(?m:^)", "(?m:$)"]


def gen(depth):
    r = random.random()
    if depth > 2 or r < 0.35:
        return random.choice(atoms)
    if r < 0.45:
        return random.choice(asserts)
    if r < 0.65:
        q = random.choice(["*", "+", "?", "*?", "+?", "??", "{1,2}", "{0,2}?", "{2}", "*+", "++"])
        return "(?:%s)%s" % (gen(depth + 1), q)
    if r < 0.8:
        return "(?:%s|%s)" % (gen(depth + 1), gen(depth + 1))
    if r < 0.9:
        return "(?P<g%d>%s)" % (random.randint(0, 99), gen(depth + 1))
    return "(?>%s)" % gen(depth + 1)


randoms = set()
while len(randoms) < 300:
    p = "".join(gen(0) for _ in range(random.randint(1, 4)))
    try:
        regex.compile(p, regex.DOTALL)
        randoms.add(p)
    except Exception:
        pass
patterns += sorted(randoms)

# Optional groups before repeats of backreferences (the module's repeat guard).
backrefs = [a + b + c + d + e for a, b, c, d, e in itertools.product(
    [".*", "\\w*", "[^<]*", ".*?", "", "x?", ".?"], ["(?P<k>x)?", "(?P<k>x|)", "(?:(?P<k>x)|b)", "(?P<k>x*)"],
    ["y", ""], ["(?:\\1)?", "\\1?", "(?:w|\\1)?", "(?:\\1){0,2}", "(?:\\1)*", "\\1", "(?>\\1)?"], ["z", "z$"])]
patterns += random.sample(backrefs, 250)
header = {"regex": regex.__version__, "python": sys.version.split()[0]}
print(json.dumps(header))
out = 0
for pattern in patterns:
    if pattern in {".+(?:^é+[_a-z.-]a).a*"}:  # backtracks catastrophically on random text
        continue
    compiled = regex.compile(pattern, regex.DOTALL)
    alphabet = sorted(set(ch for ch in pattern if ch not in "\\()[]{}?*+|^$.") | set("x a\n-_<>é💡yz"))
    for _ in range(2):
        hay = "".join(random.choice(alphabet) for _ in range(random.randint(1, 6)))
        pos = random.randint(0, len(hay) - 1)
        try:
            f = compiled.search(hay, pos, timeout=0.05)
            m = compiled.search(hay, pos, partial=True, timeout=0.05)
        except Exception:
            continue
        if m is not None and m.end() > len(hay):
            continue
        full = None if f is None else [f"{f.start()}:{f.end()}", f.groupdict()]
        span = None if m is None or m.start() >= len(hay) else f"{m.start()}:{m.end()}{'+' if m.partial else ''}"
        row = {"pattern": pattern, "hay": hay, "pos": pos, "full": full, "partial": span}
        print(json.dumps(row, ensure_ascii=False))
        out += 1
print(out, file=sys.stderr)
