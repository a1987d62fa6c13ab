// Tagged arguments: the markers around each key and value (from a one- and a two-argument call), and
// whether tags mark the value type (DSML's string="true" / "false", from a string and a number argument).

import { commonPrefix, commonSuffix } from "./diff.ts";
import { NEEDLE, NUM_ARG, NUM_VALUE } from "./probe.ts";
import type { ArgsTags } from "./types.ts";

const F1 = NEEDLE.fn[0];
const [A1, A2] = NEEDLE.arg;
const [V1, V2] = NEEDLE.value;

/** Key / value markers of tagged arguments, from a one-argument and a two-argument call body. */
export function argTags(one: string, two: string): ArgsTags | null {
  const [k1, v1] = [one.indexOf(A1), one.indexOf(V1)];
  const [tk1, tv1, tk2, tv2] = [two.indexOf(A1), two.indexOf(V1), two.indexOf(A2), two.indexOf(V2)];
  if ([k1, v1, tk1, tv1, tk2, tv2].some((i) => i < 0) || !(k1 < v1 && tv1 < tk2 && tk2 < tv2)) return null;
  const head = one.slice(one.indexOf(F1) >= 0 && one.indexOf(F1) < k1 ? one.indexOf(F1) + F1.length : 0, k1);
  const keyClose = one.slice(k1 + A1.length, v1);
  const afterValue = one.slice(v1 + V1.length);
  const between = two.slice(tv1 + V1.length, tk2);
  const keyOpen = between.slice(between.length - commonSuffix(head, between));
  const rest = between.slice(0, between.length - keyOpen.length);
  const valueClose = rest.slice(0, commonPrefix(rest, afterValue));
  if (!keyOpen.trim() && !keyClose.trim()) return null;
  return { keyOpen, keyClose, valueClose, typed: null };
}

/**
 * Compares the text between key and value for a string and for a number argument. When it differs,
 * the differing middle is the type mark; `marks` is null when the string's mark is part of the
 * number's (no literal tells them apart). Null when the tags do not differ.
 */
export function typedTags(tags: ArgsTags, numberBody: string): { marks: ArgsTags["typed"]; stringMark: string; numberMark: string } | null {
  const k = numberBody.indexOf(NUM_ARG);
  const v = numberBody.indexOf(String(NUM_VALUE), k);
  if (k < 0 || v <= k) return null;
  const numClose = numberBody.slice(k + NUM_ARG.length, v);
  const strClose = tags.keyClose;
  if (numClose === strClose) return null;
  let p = 0;
  while (p < numClose.length && numClose[p] === strClose[p]) p++;
  let s = 0;
  while (s < Math.min(numClose.length, strClose.length) - p && numClose[numClose.length - 1 - s] === strClose[strClose.length - 1 - s]) s++;
  const stringMark = strClose.slice(p, strClose.length - s);
  const numberMark = numClose.slice(p, numClose.length - s);
  const marks = stringMark && !numberMark.includes(stringMark) ? { before: strClose.slice(0, p), after: strClose.slice(strClose.length - s), stringMark } : null;
  return { marks, stringMark, numberMark };
}
