// Group numbers are only known once a whole JS source is assembled (the prefix closure builds
// pieces and drops some), so emitters write placeholders and `numberGroups` resolves them.
//   \u0001id\u0001  opens JS group `id`        (removed; the group is numbered by its position)
//   \u0002id\u0002  backreference to group `id` (an atomic group's `(?=(X))\N`)
//   \u0000k\u0000   backreference to Python group k (every JS group capturing k, or a failure)

export const openGroup = (id: number): string => `(\u0001${id}\u0001`;
export const sameAsGroup = (id: number): string => `\u0002${id}\u0002`;
export const pythonBackref = (k: number): string => `\u0000${k}\u0000`;

/** A capture that the runtime checks to be a proper prefix of Python group `ref` (see prefix-closure.ts). */
export interface PendingCheck {
  capture: number;
  ref: number;
}

export interface Numbered {
  js: string;
  /** Capture `capture` must be a proper prefix of one of the JS groups `refs`. */
  checks: { capture: number; refs: number[] }[];
  /** Python group number → the JS groups capturing it. */
  slots: Map<number, number[]>;
  keep: number | null;
}

/**
 * Numbers the captures in the order they appear in `js` (emission order may differ), then resolves
 * group references. `slots` maps Python groups to emitted ids, `keep` is the `\K` id.
 */
export function numberGroups(js: string, ids: { slots: Map<number, number[]>; keep: number | null; checks: PendingCheck[] }): Numbered {
  const number = new Map<number, number>();
  let out = js.replace(/\u0001(\d+)\u0001/g, (_, id: string) => {
    number.set(Number(id), number.size + 1);
    return "";
  });
  const numbers = (list: number[]) => list.map((id) => number.get(id)).filter((k): k is number => k !== undefined);
  const slots = new Map([...ids.slots].map(([py, list]) => [py, numbers(list)]));
  out = out.replace(/\u0000(\d+)\u0000/g, (_, py: string) => {
    const refs = slots.get(Number(py)) ?? [];
    return refs.length ? `(?:${refs.map((k) => `\\${k}`).join("")})` : "(?!)";
  });
  out = out.replace(/\u0002(\d+)\u0002/g, (_, id: string) => `(?:\\${number.get(Number(id))})`);
  const checks = ids.checks.filter((c) => number.has(c.capture)).map((c) => ({ capture: number.get(c.capture)!, refs: slots.get(c.ref) ?? [] }));
  return { js: out, checks, slots, keep: ids.keep === null ? null : (number.get(ids.keep) ?? null) };
}
