// Strings a grammar accepts: the shortest one (for checks made while building) and random ones (for
// the tests' soundness probes: every string the grammar accepts must parse).

import type { G, Rules } from "./ir.ts";

/** The shortest string `g` accepts (rule references resolved), or null when it accepts none. */
export function shortest(g: G, rules: Rules): string | null {
  const memo = new Map<string, string | null>();
  // Fixpoint over rules: start from "unknown" (null) and relax until nothing changes.
  let changed = true;
  const visit = (x: G): string | null => {
    switch (x.t) {
      case "lit":
        return x.s;
      case "cls":
        return String.fromCodePoint(pick(x.ranges));
      case "ref":
        return memo.get(x.name) ?? null;
      case "seq": {
        let out = "";
        for (const i of x.items) {
          const s = visit(i);
          if (s === null) return null;
          out += s;
        }
        return out;
      }
      case "alt": {
        let best: string | null = null;
        for (const a of x.alts) {
          const s = visit(a);
          if (s !== null && (best === null || s.length < best.length)) best = s;
        }
        return best;
      }
      case "rep": {
        if (x.min === 0) return "";
        const s = visit(x.body);
        return s === null ? null : s.repeat(x.min);
      }
    }
  };
  while (changed) {
    changed = false;
    for (const [name, body] of rules.rules) {
      const s = visit(body);
      const old = memo.get(name) ?? null;
      if (s !== null && (old === null || s.length < old.length)) {
        memo.set(name, s);
        changed = true;
      }
    }
  }
  return visit(g);
}

/** A printable character of a class, preferring ASCII letters. */
function pick(ranges: [number, number][]): number {
  for (const want of [0x61, 0x41, 0x30, 0x20]) for (const [a, b] of ranges) if (want >= a && want <= b) return want;
  for (const [a, b] of ranges) for (let c = a; c <= b && c < a + 256; c++) if (c >= 0x20 && c !== 0x7f) return c;
  return ranges[0]![0];
}

/** A random string of `g`: bounded recursion depth, repeats of at most `maxRepeat`. */
export function randomString(g: G, rules: Rules, rand: () => number, maxDepth = 40, maxRepeat = 3): string | null {
  const min = new Map<string, string | null>();
  const short = (x: G): string | null => {
    if (x.t === "ref") {
      if (!min.has(x.name)) min.set(x.name, shortest(x, rules));
      return min.get(x.name)!;
    }
    return shortest(x, rules);
  };
  const chars = (all: [number, number][]): number => {
    // Text is UTF-8: no surrogate code points.
    const ranges = all.flatMap(([a, b]): [number, number][] => (b < 0xd800 || a > 0xdfff ? [[a, b]] : [...(a < 0xd800 ? [[a, 0xd7ff] as [number, number]] : []), ...(b > 0xdfff ? [[0xe000, b] as [number, number]] : [])]));
    const total = ranges.reduce((n, [a, b]) => n + Math.min(b - a + 1, 300), 0);
    let k = Math.floor(rand() * total);
    for (const [a, b] of ranges) {
      const n = Math.min(b - a + 1, 300);
      if (k < n) return a + k;
      k -= n;
    }
    return ranges[0]![0];
  };
  const gen = (x: G, depth: number): string | null => {
    if (depth > maxDepth) return short(x);
    switch (x.t) {
      case "lit":
        return x.s;
      case "cls":
        return String.fromCodePoint(chars(x.ranges));
      case "ref": {
        const body = rules.rules.get(x.name);
        return body ? gen(body, depth + 1) : null;
      }
      case "seq": {
        let out = "";
        for (const i of x.items) {
          const s = gen(i, depth + 1);
          if (s === null) return null;
          out += s;
        }
        return out;
      }
      case "alt": {
        const start = Math.floor(rand() * x.alts.length);
        for (let k = 0; k < x.alts.length; k++) {
          const s = gen(x.alts[(start + k) % x.alts.length]!, depth + 1);
          if (s !== null) return s;
        }
        return null;
      }
      case "rep": {
        const hi = Math.min(x.max, x.min + maxRepeat);
        const n = x.min + Math.floor(rand() * (hi - x.min + 1));
        let out = "";
        for (let k = 0; k < n; k++) {
          const s = gen(x.body, depth + 1);
          if (s === null) return null;
          out += s;
        }
        return out;
      }
    }
  };
  return gen(g, 0);
}
