// The Jinja compatibility layer renders as Python's Jinja does (outputs recorded with jinja2 3.1); the
// engine alone fails or differs on every case below (strftime_now: rtc's fixed clock). One case per
// documented feature.

import { Template } from "@huggingface/jinja";
import { describe, expect, test } from "vitest";
import { COMPAT_FEATURES, ChatTemplate } from "../../compiler/infer/jinja-compat.ts";

const CASES: { feature: string; src: string; python: string }[] = [
  { feature: "str.format", src: "{{ '<x{}>'.format(a) }}|{{ '{0}-{1}'.format(1, 'b') }}|{{ '{n}!'.format(n=3) }}|{{ '{{}}'.format() }}", python: "<xA>|1-b|3!|{}" },
  { feature: "str.join / find / count", src: "{{ ', '.join(['a', 'b']) }}|{{ 'abcb'.find('b') }}|{{ 'abcb'.count('b') }}", python: "a, b|1|2" },
  {
    feature: "list.append / extend / insert / pop",
    src: "{% set xs = [] %}{% set _ = xs.append(1) %}{% set _ = xs.extend([2, 3]) %}{% set _ = xs.insert(0, 0) %}{{ xs.pop() }}{{ xs }}",
    python: "3[0, 1, 2]",
  },
  {
    feature: "dict.items / keys / values / get / update / copy",
    src: "{% set d = {'items': [1], 'b': 2} %}{% for k, v in d.items() %}{{ k }}={{ v }};{% endfor %}{{ d.keys()|list }}{{ d.get('z', 'dflt') }}",
    python: "items=[1];b=2;['items', 'b']dflt",
  },
  { feature: "string", src: "{{ {'a': 1, 'b': [True, None, 'x']}|string }}|{{ none|string }}|{{ [1.0, \"it's\"]|string }}", python: "{'a': 1, 'b': [True, None, 'x']}|None|[1.0, \"it's\"]" },
  { feature: "min / max / sum", src: "{{ [3, 1, 2]|min }}{{ [3, 1, 2]|max }}{{ [1, 2]|sum }}", python: "133" },
  { feature: "non-string dict keys", src: "{% set d = {0: 'a', 16: 'b'} %}{{ d[16] }}{% for k, v in d|dictsort %}{{ k + 1 }}{{ v }}{% endfor %}", python: "b1a17b" },
  { feature: "missing subscript", src: "{% set d = {'a': 1} %}{{ d[undefined_var] is defined }}{{ d['zz'] is defined }}", python: "FalseFalse" },
  { feature: "tuple unpacking", src: "{% for a, b in [(1, 2), ('x', 'y')] %}{{ a }}{{ b }}{% endfor %}", python: "12xy" },
  { feature: "printing", src: "{{ [1, 'a'] }}|{{ {'a': 1} }}|{{ true }}|{{ none }}", python: "[1, 'a']|{'a': 1}|True|None" },
  { feature: "Undefined", src: "{{ u|trim }}|{{ u|length }}|{% for x in u %}x{% else %}empty{% endfor %}|{% for c in 'ab' %}{{ c }}.{% endfor %}|{{ ['s', 'n']|upper }}", python: "|0|empty|a.b.|['S', 'N']" },
  { feature: "membership", src: "{{ ['a'] in [['a'], ['b']] }}{{ {'k': 1} in [{'k': 2}] }}", python: "TrueFalse" },
  { feature: "range / dict / raise_exception / namespace", src: "{{ range(3)|list }}{{ range(1, 7, 2)|list }}{{ dict(a=1, b='x') }}", python: "[0, 1, 2][1, 3, 5]{'a': 1, 'b': 'x'}" },
  { feature: "strftime_now", src: "{{ strftime_now('%d %b %Y, %A %H:%M') }}", python: "01 Jan 2026, Thursday 00:00" },
];

describe("Jinja compatibility layer", () => {
  for (const c of CASES) {
    test(`${c.feature}: renders as Python Jinja`, () => {
      expect(new ChatTemplate(c.src).render({ a: "A" })).toBe(c.python);
    });
    test(`${c.feature}: @huggingface/jinja alone does not`, () => {
      let plain: string;
      try {
        plain = new Template(c.src).render({ a: "A" });
      } catch {
        plain = "(raises)";
      }
      // strftime_now reads the real clock in the engine; everything else fails or prints differently.
      if (c.feature !== "strftime_now") expect(plain).not.toBe(c.python);
    });
  }

  test("every documented feature has a case", () => {
    expect(COMPAT_FEATURES.map((f) => f.name).sort()).toEqual(CASES.map((c) => c.feature).sort());
  });

  test("raise_exception raises with the template's message", () => {
    expect(() => new ChatTemplate("{{ raise_exception('bad roles') }}").render({})).toThrow("bad roles");
  });

  test("a method on a value that has none stays an error", () => {
    expect(() => new ChatTemplate("{{ 'x'.nope() }}").render({})).toThrow();
  });

  test("the clock can be set", () => {
    expect(new ChatTemplate("{{ strftime_now('%Y-%m-%d') }}").render({}, { now: new Date(Date.UTC(2025, 6, 4)) })).toBe("2025-07-04");
  });
});
